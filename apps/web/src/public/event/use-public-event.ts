import type { PublicEventDto } from '@admitone/shared';
import { useLingui } from '@lingui/react';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { hasStatus } from '../../lib/api-error';
import { publicFetch } from '../lib/public-api';

export type PublicEventState =
  | { status: 'loading' }
  | { status: 'ready'; event: PublicEventDto }
  | { status: 'not-found' }
  | { status: 'error' };

/** The event the server rendered the page with (null: it answered 404), so hydration needs no fetch. */
export const InitialEventContext = createContext<{ event: PublicEventDto | null } | null>(null);

/** `GET /api/public/events/{id}?promo_code=` */
export async function fetchPublicEvent(eventId: number, promoCode: string | null, locale?: string, signal?: AbortSignal): Promise<PublicEventDto> {
  const query = promoCode ? `?promo_code=${encodeURIComponent(promoCode)}` : '';
  const res = await publicFetch<{ data: PublicEventDto }>(`/events/${eventId}${query}`, { locale, signal });
  return res.data;
}

const stateOf = (event: PublicEventDto | null): PublicEventState => (event ? { status: 'ready', event } : { status: 'not-found' });

/**
 * The public event with the promo code applied. Starts from the server's data when it is for this
 * event (no refetch, no loading flash); a changed promo code or `reload()` fetches it again while the
 * current event stays on screen.
 */
export function usePublicEvent(eventId: number, promoCode: string | null) {
  const { i18n } = useLingui();
  const initial = useContext(InitialEventContext);
  const seeded = initial && (initial.event === null || initial.event.id === eventId) ? initial : null;
  const [state, setState] = useState<PublicEventState>(() => (seeded ? stateOf(seeded.event) : { status: 'loading' }));
  const [version, setVersion] = useState(0);
  const skipFirst = useRef(Boolean(seeded));
  const locale = i18n.locale;

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    const controller = new AbortController();
    fetchPublicEvent(eventId, promoCode, locale, controller.signal).then(
      (event) => setState({ status: 'ready', event }),
      (err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        setState(hasStatus(err, 404) ? { status: 'not-found' } : { status: 'error' });
      },
    );
    return () => controller.abort();
    // The language is read for error messages only; switching it needs no refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventId, promoCode, version]);

  return { state, reload: () => setVersion((v) => v + 1) };
}
