import type { MollieConnectionDto, PaymentConnectionDto } from '@admitone/shared';

/** What the Payments page shows of a provider (Stripe, Mollie): one screen per connection state, single mode apart. */
export type PaymentState = 'not-configured' | 'single' | 'not-connected' | 'incomplete' | 'connected';

export function paymentState(
  connection: Pick<PaymentConnectionDto | MollieConnectionDto, 'status' | 'mode'>,
): PaymentState {
  if (connection.status === 'NOT_CONFIGURED') return 'not-configured';
  if (connection.mode === 'SINGLE') return 'single';
  if (connection.status === 'NOT_CONNECTED') return 'not-connected';
  if (connection.status === 'SETUP_INCOMPLETE') return 'incomplete';
  return 'connected';
}

/** Where Stripe sends the admin back: `?stripe=return` (read the state) or `?stripe=refresh` (the link expired). */
export function stripeReturn(search: URLSearchParams): 'return' | 'refresh' | null {
  const value = search.get('stripe');
  return value === 'return' || value === 'refresh' ? value : null;
}

/** The webhook address the operator registers at Stripe. */
export const stripeWebhookUrl = (origin: string) => `${origin.replace(/\/+$/, '')}/api/public/webhooks/stripe`;
