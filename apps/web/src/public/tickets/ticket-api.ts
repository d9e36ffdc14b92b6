import type { PublicOrderDto, PublicTicketPageDto } from '@admitone/shared';
import { useCallback, useEffect, useState } from 'react';

import { publicFetch } from '../lib/public-api';

/** One ticket by its link: only that attendee (never the rest of the order). */
export const fetchTicket = (eventId: number, attendeeShortId: string, signal?: AbortSignal) =>
  publicFetch<{ data: PublicTicketPageDto }>(`/events/${eventId}/attendees/${encodeURIComponent(attendeeShortId)}`, {
    signal,
  }).then((r) => r.data);

/** The whole order for the print page: needs the order's secret, like the summary. */
export const fetchOrderForPrint = (eventId: number, orderShortId: string, signal?: AbortSignal) =>
  publicFetch<{ data: PublicOrderDto }>(`/events/${eventId}/order/${encodeURIComponent(orderShortId)}`, {
    eventId,
    orderShortId,
    signal,
  }).then((r) => r.data);

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Loads one thing for a page (again on `reload`). */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    load(controller.signal)
      .then((d) => {
        setData(d);
        setError(null);
        setLoading(false);
      })
      .catch((e: unknown) => {
        if ((e as Error)?.name === 'AbortError') return;
        setError(e);
        setLoading(false);
      });
    return () => controller.abort();
    // `key` names what `load` fetches; the function itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, error, loading, reload };
}
