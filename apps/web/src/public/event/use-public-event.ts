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

/** `?date=…&promo_code=…` (empty without either). */
function eventQuery(promoCode: string | null, dateId: number | null): string {
  const params = new URLSearchParams();
  if (dateId !== null) params.set('date', String(dateId));
  if (promoCode) params.set('promo_code', promoCode);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** `GET /api/public/events/{id}?date=&promo_code=` (no date: the event's only one, or none chosen). */
export async function fetchPublicEvent(
  eventId: number,
  promoCode: string | null,
  locale?: string,
  signal?: AbortSignal,
  dateId: number | null = null,
): Promise<PublicEventDto> {
  const query = eventQuery(promoCode, dateId);
  const res = await publicFetch<{ data: PublicEventDto }>(`/events/${eventId}${query}`, { locale, signal });
  return res.data;
}

const stateOf = (event: PublicEventDto | null): PublicEventState =>
  event ? { status: 'ready', event } : { status: 'not-found' };

/**
 * Whether the server's event answers the date in the address: the one asked for (or one that cannot be
 * shown), or, without one, no date chosen or the event's only one. Coming back to the page after choosing
 * another date on it fetches that date's tickets instead of showing the first page's.
 */
function answersDate(event: PublicEventDto | null, dateId: number | null): boolean {
  if (!event?.dates) return true;
  const { chosen, count, date_unavailable } = event.dates;
  if (dateId === null) return !date_unavailable && (chosen === null || count <= 1);
  return chosen?.id === dateId || (date_unavailable && chosen === null);
}

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
 * `GET /api/events/{id}/preview?date=&promo_code=` as the signed-in organizer: a draft as visitors would see
 * it. Without a session of the event's account it is not found, as the public page is.
 */
async function fetchPreviewEvent(
  eventId: number,
  promoCode: string | null,
  dateId: number | null,
  locale: string,
  signal: AbortSignal,
): Promise<{ event: PublicEventDto; live: boolean }> {
  const token = sessionToken();
  if (!token) throw new ApiError(404, 'NOT_FOUND', '');
  const query = eventQuery(promoCode, dateId);
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
 * The public event for a date (`?date=`, null: none chosen) with the promo code applied. Starts from the
 * server's data when it is for this event and date (no refetch, no loading flash); another date, another
 * promo code or `reload()` fetches it again while the current event stays on screen (`refreshing` meanwhile).
 */
export function usePublicEvent(eventId: number, promoCode: string | null, dateId: number | null, preview = false) {
  const { i18n } = useLingui();
  const initial = useContext(InitialEventContext);
  const seeded =
    initial && (initial.event === null || (initial.event.id === eventId && answersDate(initial.event, dateId)))
      ? initial
      : null;
  const [version, setVersion] = useState(0);
  const locale = i18n.locale;
  // What the shown state was fetched for: while it differs from what is asked, the answer is on its way.
  const key = `${eventId}|${promoCode ?? ''}|${dateId ?? ''}|${version}|${preview}|${locale}`;
  const [loaded, setLoaded] = useState<{ key: string; state: PublicEventState }>(() => ({
    key,
    state: seeded ? stateOf(seeded.event) : { status: 'loading' },
  }));
  // A preview is fetched with the organizer's session even when the server rendered the page (as not found).
  const skipFirst = useRef(Boolean(seeded) && !preview);

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    const controller = new AbortController();
    const load = preview
      ? fetchPreviewEvent(eventId, promoCode, dateId, locale, controller.signal).then(
          ({ event, live }): PublicEventState => ({ status: 'ready', event, preview: { live } }),
        )
      : fetchPublicEvent(eventId, promoCode, locale, controller.signal, dateId).then((event): PublicEventState => ({
          status: 'ready',
          event,
        }));
    load.then(
      (state) => setLoaded({ key, state }),
      (err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        setLoaded({ key, state: hasStatus(err, 404) ? { status: 'not-found' } : { status: 'error' } });
      },
    );
    return () => controller.abort();
    // Another language fetches again: the organizer's texts may be translated. `key` names the rest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const refreshing = loaded.key !== key && loaded.state.status === 'ready';
  return { state: loaded.state, refreshing, reload: () => setVersion((v) => v + 1) };
}
