import type { PublicEventDto } from '@admitone/shared';
import { useLingui } from '@lingui/react';
import { createContext, useContext, useEffect, useRef, useState } from 'react';

import { ApiError, hasStatus } from '../../lib/api-error';
import { publicFetch } from '../lib/public-api';

export type PublicEventState =
  | { status: 'loading' }
  | { status: 'ready'; event: PublicEventDto; preview?: { live: boolean } }
  | { status: 'not-found' }
  | { status: 'error' };

/** The event the server rendered the page with (null: it answered 404), so hydration needs no fetch. */
export const InitialEventContext = createContext<{ event: PublicEventDto | null } | null>(null);

/** `GET /api/public/events/{id}?promo_code=` */
export async function fetchPublicEvent(
  eventId: number,
  promoCode: string | null,
  locale?: string,
  signal?: AbortSignal,
): Promise<PublicEventDto> {
  const query = promoCode ? `?promo_code=${encodeURIComponent(promoCode)}` : '';
  const res = await publicFetch<{ data: PublicEventDto }>(`/events/${eventId}${query}`, { locale, signal });
  return res.data;
}

const stateOf = (event: PublicEventDto | null): PublicEventState =>
  event ? { status: 'ready', event } : { status: 'not-found' };

/**
 * The organizer app's session (localStorage, same origin; lib/api-client.ts TOKEN_KEY, written out to keep that module
 * out of the buyer bundle).
 */
const sessionToken = () => {
  try {
    return localStorage.getItem('admitone.token');
  } catch {
    return null;
  }
};

/**
 * `GET /api/events/{id}/preview` as the signed-in organizer: a draft as visitors would see it. Without a
 * session of the event's account it is not found, as the public page is.
 */
async function fetchPreviewEvent(
  eventId: number,
  promoCode: string | null,
  locale: string,
  signal: AbortSignal,
): Promise<{ event: PublicEventDto; live: boolean }> {
  const token = sessionToken();
  if (!token) throw new ApiError(404, 'NOT_FOUND', '');
  const query = promoCode ? `?promo_code=${encodeURIComponent(promoCode)}` : '';
  const res = await fetch(`/api/events/${eventId}/preview${query}`, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}`, 'accept-language': locale },
    signal,
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw ApiError.fromBody(res.status === 401 || res.status === 403 ? 404 : res.status, body);
  const answer = body as { data: PublicEventDto; meta: { status: string } };
  return { event: answer.data, live: answer.meta.status === 'LIVE' };
}

/**
 * The public event with the promo code applied. Starts from the server's data when it is for this
 * event (no refetch, no loading flash); a changed promo code or `reload()` fetches it again while the
 * current event stays on screen.
 */
export function usePublicEvent(eventId: number, promoCode: string | null, preview = false) {
  const { i18n } = useLingui();
  const initial = useContext(InitialEventContext);
  const seeded = initial && (initial.event === null || initial.event.id === eventId) ? initial : null;
  const [state, setState] = useState<PublicEventState>(() => (seeded ? stateOf(seeded.event) : { status: 'loading' }));
  const [version, setVersion] = useState(0);
  // A preview is fetched with the organizer's session even when the server rendered the page (as not found).
  const skipFirst = useRef(Boolean(seeded) && !preview);
  const locale = i18n.locale;

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    const controller = new AbortController();
    const load = preview
      ? fetchPreviewEvent(eventId, promoCode, locale, controller.signal).then(({ event, live }): PublicEventState => ({
          status: 'ready',
          event,
          preview: { live },
        }))
      : fetchPublicEvent(eventId, promoCode, locale, controller.signal).then((event): PublicEventState => ({
          status: 'ready',
          event,
        }));
    load.then(setState, (err: unknown) => {
      if ((err as Error).name === 'AbortError') return;
      setState(hasStatus(err, 404) ? { status: 'not-found' } : { status: 'error' });
    });
    return () => controller.abort();
    // Another language fetches again: the organizer's texts may be translated.
  }, [eventId, promoCode, version, preview, locale]);

  return { state, reload: () => setVersion((v) => v + 1) };
}
