import type { PaymentProvider } from '@admitone/shared';
import type Stripe from 'stripe';

import { DomainError } from '../../shared/errors.js';
import { fromMollieAmount, type MollieFor, toMollieAmount } from './mollie-client.js';

/** The providers that take payments online; an order paid through one is refunded through it. */
export const ONLINE_PROVIDERS = ['STRIPE', 'MOLLIE'] as const;
export type OnlineProvider = (typeof ONLINE_PROVIDERS)[number];
export const isOnlineProvider = (p: PaymentProvider | null | undefined): p is OnlineProvider =>
  p === 'STRIPE' || p === 'MOLLIE';

/** The providers this process can refund through (configured), for the order screen's "Refund". */
export const refundProviders = (config: { stripe: unknown; mollie: unknown }): OnlineProvider[] => [
  ...(config.stripe ? (['STRIPE'] as const) : []),
  ...(config.mollie ? (['MOLLIE'] as const) : []),
];

/** One refund asked of a provider. `key`: the idempotency key (a repeat with it is answered once). */
export interface RefundAsk {
  paymentId: string;
  /** Minor units; null: all that remains of the payment. */
  amount: number | null;
  currency: string;
  key: string;
  metadata: Record<string, string>;
}

/**
 * What the refund paths need of a payment provider (docs/ARCHITECTURE.md "Payment providers"). Starting a payment and
 * reading its state are each provider's own (Stripe's Payment Element stays in the page, Mollie's page is elsewhere);
 * both answer a `PaymentState` (payment-outcome.ts), which is all the order code reads.
 */
export interface PaymentGateway {
  provider: OnlineProvider;
  /** Asks for a refund; answers the amount accepted, or null when the provider refused it or could not be reached. */
  refund(ask: RefundAsk): Promise<number | null>;
  /** What the provider has refunded (or is refunding) of a payment, not counting a date exchange's difference. */
  refundedSoFar(paymentId: string): Promise<number>;
}

/** The providers configured for the process: the Stripe SDK and how to reach an account's Mollie organization. */
export interface Gateways {
  stripe: Stripe | null;
  mollieFor?: MollieFor | null;
}

function stripeGateway(stripe: Stripe): PaymentGateway {
  return {
    provider: 'STRIPE',
    async refund(ask) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: ask.paymentId,
            ...(ask.amount !== null ? { amount: ask.amount } : {}),
            metadata: ask.metadata,
          },
          { idempotencyKey: ask.key },
        );
        return refund.status === 'succeeded' || refund.status === 'pending' ? refund.amount : null;
      } catch {
        return null;
      }
    },
    async refundedSoFar(paymentId) {
      const list = await stripe.refunds.list({ payment_intent: paymentId, limit: 100 });
      return (
        list.data
          // A date exchange's difference going back (self-service/exchange-payments.ts) is not a refund of the order.
          .filter((r) => (r.status === 'succeeded' || r.status === 'pending') && !r.metadata?.exchange_id)
          .reduce((sum, r) => sum + r.amount, 0)
      );
    },
  };
}

const MOLLIE_REFUND_GONE = new Set(['failed', 'canceled']);

function mollieGateway(mollieFor: MollieFor, accountId: number): PaymentGateway {
  return {
    provider: 'MOLLIE',
    async refund(ask) {
      try {
        const mollie = await mollieFor(accountId);
        const amount =
          ask.amount ?? fromMollieAmount((await mollie.payments.get(ask.paymentId)).amountRemaining ?? null);
        const refund = await mollie.paymentRefunds.create({
          paymentId: ask.paymentId,
          amount: toMollieAmount(amount, ask.currency),
          metadata: ask.metadata,
          idempotencyKey: ask.key,
        });
        return MOLLIE_REFUND_GONE.has(refund.status) ? null : fromMollieAmount(refund.amount);
      } catch {
        return null;
      }
    },
    async refundedSoFar(paymentId) {
      const mollie = await mollieFor(accountId);
      const refunds = await mollie.paymentRefunds.page({ paymentId, limit: 250 });
      return refunds
        .filter((r) => !MOLLIE_REFUND_GONE.has(r.status))
        .reduce((sum, r) => sum + fromMollieAmount(r.amount), 0);
    },
  };
}

/** The gateway an order's payment goes back through; REFUND_NOT_POSSIBLE when its provider is not set up here. */
export function gatewayOf(
  g: Gateways,
  order: { payment_provider: PaymentProvider | null; account_id: number },
): PaymentGateway {
  if (order.payment_provider === 'STRIPE' && g.stripe) return stripeGateway(g.stripe);
  if (order.payment_provider === 'MOLLIE' && g.mollieFor) return mollieGateway(g.mollieFor, order.account_id);
  throw new DomainError('REFUND_NOT_POSSIBLE');
}
