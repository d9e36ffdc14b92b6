import type { CheckoutRecoveryDto } from '@admitone/shared';
import { useEffect, useState } from 'react';

import { isApiError } from '../../lib/api-error';
import { publicFetch } from '../lib/public-api';
import { recoveredBuyers } from '../lib/recovered-buyer';

/** The token of the mail that brings back a buyer who left the checkout (`?recover=`), or null. */
export function recoverTokenOf(search: string): string | null {
  return new URLSearchParams(search).get('recover')?.trim() || null;
}

export type RecoveryState =
  | { status: 'none' }
  | { status: 'ready'; recovery: CheckoutRecoveryDto }
  /** An unknown or used link (the server answered 404). */
  | { status: 'expired' };

/**
 * The choices of the checkout a `?recover=` link brings back (`GET /events/{id}/recoveries/{token}`), fetched in the
 * browser only: the server renders the page as without one. The buyer's name and e-mail are kept for the details step
 * (recoveredBuyers). A token gone from the address later (another date, a promo code) keeps what was loaded.
 */
export function useCheckoutRecovery(eventId: number, token: string | null): RecoveryState {
  const [state, setState] = useState<RecoveryState>({ status: 'none' });
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    publicFetch<{ data: CheckoutRecoveryDto }>(`/events/${eventId}/recoveries/${encodeURIComponent(token)}`, {
      signal: controller.signal,
    })
      .then(({ data }) => {
        recoveredBuyers.set(eventId, data.buyer);
        setState({ status: 'ready', recovery: data });
      })
      .catch((e: unknown) => {
        // A link that cannot be read (malformed, unknown, used) has expired; a failed network leaves the page as it is.
        if (!controller.signal.aborted && isApiError(e) && e.status >= 400 && e.status < 500)
          setState({ status: 'expired' });
      });
    return () => controller.abort();
  }, [eventId, token]);
  return state;
}
