import type { PublicOrderDto } from '@admitone/shared';

import { useLoaded } from '../lib/use-loaded';
import { fetchOrder } from './order-api';

export interface OrderLoad {
  order: PublicOrderDto | null;
  error: unknown;
  loading: boolean;
  /** Replaces the order with a fresher copy (an action's answer). */
  setOrder: (order: PublicOrderDto) => void;
  reload: () => void;
}

/** Loads the buyer's order once (and again on `reload`). */
export function useOrder(eventId: number, shortId: string): OrderLoad {
  const { data, error, loading, setData, reload } = useLoaded(
    (signal) => fetchOrder(eventId, shortId, signal),
    `${eventId}/${shortId}`,
  );
  return { order: data, error, loading, setOrder: setData, reload };
}
