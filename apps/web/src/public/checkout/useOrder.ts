import type { PublicOrderDto } from '@admitone/shared';
import { useCallback, useEffect, useState } from 'react';

import { fetchOrder } from './order-api';

export interface OrderLoad {
  order: PublicOrderDto | null;
  error: unknown;
  loading: boolean;
  /** Replaces the order with a fresher copy (an action's answer). */
  setOrder: (order: PublicOrderDto) => void;
  reload: () => void;
}

/** Loads the buyer's order once (and again on `reload`); a small loader, no query cache needed. */
export function useOrder(eventId: number, shortId: string): OrderLoad {
  const [order, setOrder] = useState<PublicOrderDto | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    fetchOrder(eventId, shortId, controller.signal)
      .then((data) => {
        setOrder(data);
        setError(null);
        setLoading(false);
      })
      .catch((e: unknown) => {
        if ((e as Error)?.name === 'AbortError') return;
        setError(e);
        setLoading(false);
      });
    return () => controller.abort();
  }, [eventId, shortId, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { order, error, loading, setOrder, reload };
}
