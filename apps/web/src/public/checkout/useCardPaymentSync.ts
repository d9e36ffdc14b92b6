import type { PublicOrderDto } from '@admitone/shared';
import { useCallback, useEffect, useState } from 'react';

import { PROCESSING_POLL_MAX, PROCESSING_POLL_MS, type ReturnOutcome, returnOutcome } from './card-payment';
import { syncCardPayment } from './order-api';

export interface CardPaymentSync {
  order: PublicOrderDto | null;
  outcome: ReturnOutcome | null;
  error: unknown;
  /** Stopped re-checking a payment that is still processing (about a minute). */
  gaveUp: boolean;
  /** Checks again (and restarts the re-checks). */
  recheck: () => void;
}

/**
 * The return page's view of the payment: asks the server to check with Stripe on load, and again every
 * few seconds while the payment is processing, for about a minute.
 */
export function useCardPaymentSync(eventId: number, shortId: string, redirectStatus: string | null): CardPaymentSync {
  const [order, setOrder] = useState<PublicOrderDto | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [checks, setChecks] = useState(0);
  const [round, setRound] = useState(0);
  const outcome = order ? returnOutcome(order, redirectStatus) : null;
  const gaveUp = outcome === 'processing' && checks >= PROCESSING_POLL_MAX;

  useEffect(() => {
    let live = true;
    syncCardPayment(eventId, shortId)
      .then((data) => {
        if (!live) return;
        setOrder(data);
        setError(null);
      })
      .catch((e: unknown) => {
        if (live) setError(e);
      });
    return () => {
      live = false;
    };
  }, [eventId, shortId, checks, round]);

  // Still processing: another check in a few seconds, up to the limit.
  useEffect(() => {
    if (outcome !== 'processing' || gaveUp) return;
    const timer = setTimeout(() => setChecks((n) => n + 1), PROCESSING_POLL_MS);
    return () => clearTimeout(timer);
  }, [outcome, gaveUp, order]);

  const recheck = useCallback(() => {
    setError(null);
    setChecks(0);
    setRound((n) => n + 1);
  }, []);

  return { order, outcome, error, gaveUp, recheck };
}
