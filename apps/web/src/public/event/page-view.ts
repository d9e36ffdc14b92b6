import { publicFetch } from '../lib/public-api';

const VISITOR_KEY = 'admitone.visitor';

/** A random id for this browser, kept in localStorage, so repeated visits count once per visitor. */
export function visitorId(): string {
  let id: string | null = null;
  try {
    id = localStorage.getItem(VISITOR_KEY);
    if (!id || id.length < 8) {
      id =
        typeof crypto !== 'undefined' && 'randomUUID' in crypto
          ? crypto.randomUUID()
          : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
      localStorage.setItem(VISITOR_KEY, id);
    }
  } catch {
    id ??= `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
  }
  return id;
}

/** The page-view beacon (`POST /events/{id}/views`); failures are ignored. */
export function sendPageView(eventId: number): void {
  publicFetch(`/events/${eventId}/views`, { method: 'POST', body: { visitor_id: visitorId() } }).catch(() => undefined);
}
