import { type Locale, type MolliePaymentDto, percentOf } from '@admitone/shared';
import type { MollieClient, Payment } from '@mollie/api-client';
import { desc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';

import type { MollieConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { providerPayments } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { assertDateStands } from '../event-dates/order-dates.js';
import { assertOpenCheckout } from '../orders/order-status.js';
import type { OrderRow } from '../orders/order-view.js';
import { fromMollieAmount, type MollieFor, toMollieAmount } from './mollie-client.js';
import type { PaymentState } from './payment-outcome.js';

export interface MolliePaymentDeps {
  db: Db;
  config: MollieConfig;
  mollieFor: MollieFor;
  appUrl: string;
  now: Date;
  log: Logger;
}

/** Mollie's locales for ours (Mollie has no Chinese page: it then follows the buyer's browser). */
const MOLLIE_LOCALES: Partial<Record<Locale, string>> = {
  en: 'en_US',
  de: 'de_DE',
  fr: 'fr_FR',
  es: 'es_ES',
  pt: 'pt_PT',
  'pt-BR': 'pt_PT',
};
export const mollieLocale = (locale: Locale) => MOLLIE_LOCALES[locale];

/** Mollie's payment states as ours: paid is paid; pending is under way; failed, canceled and expired end it. */
export function mollieState(payment: {
  id: string;
  status: string;
  amount: { currency: string; value: string };
  method?: string | null;
}): PaymentState {
  const status =
    payment.status === 'paid'
      ? 'succeeded'
      : payment.status === 'pending' || payment.status === 'authorized'
        ? 'processing'
        : payment.status === 'open'
          ? 'open'
          : 'failed';
  return {
    provider: 'MOLLIE',
    id: payment.id,
    status,
    amount: fromMollieAmount(payment.amount),
    method: payment.method ?? null,
  };
}

/** Mollie refuses a webhook address it cannot reach; a local app (APP_URL on this machine) then goes without. */
function webhookUrl(config: MollieConfig, appUrl: string): string | undefined {
  const local = /^(localhost|127\.|\[::1\])/.test(new URL(appUrl).hostname);
  const realMollie = new URL(config.apiUrl).hostname.endsWith('mollie.com');
  return local && realMollie ? undefined : `${appUrl}/api/public/webhooks/mollie`;
}

/**
 * Starts a payment at Mollie for the buyer's choice of method and answers the address of Mollie's page. A buyer who
 * comes back and chooses the same method again goes back to that payment's page while it is open; another method is a
 * new payment (an order may have several: the first paid completes it, a later one is refunded). Only the order's own
 * browser, while its hold lasts, on a date that stands, with details in and something to pay.
 */
export async function startMolliePayment(
  deps: MolliePaymentDeps,
  order: OrderRow,
  token: string | null | undefined,
  method: string,
): Promise<MolliePaymentDto> {
  assertOpenCheckout(order, token, deps.now);
  await assertDateStands(deps.db, order.id);
  if (!order.email) throw new DomainError('DETAILS_REQUIRED');
  if (order.total === 0) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE');
  const earlier = await deps.db
    .select()
    .from(providerPayments)
    .where(eq(providerPayments.order_id, order.id))
    .orderBy(desc(providerPayments.seq));
  const mollie = await deps.mollieFor(order.account_id);
  const same = earlier.find((p) => p.method === method && p.status === 'open' && p.checkout_url);
  if (same) {
    const now = await readPayment(mollie, same.id);
    if (now.status === 'open' && now.getCheckoutUrl()) return { checkout_url: now.getCheckoutUrl()! };
  }
  const redirectUrl = `${deps.appUrl}/checkout/${order.event_id}/${encodeURIComponent(order.short_id)}/payment_return?provider=mollie`;
  const fee = deps.config.mode === 'CONNECT' ? percentOf(order.total, deps.config.platformFeePercent) : 0;
  const hook = webhookUrl(deps.config, deps.appUrl);
  const locale = mollieLocale(order.locale);
  let payment: Payment;
  try {
    payment = await mollie.payments.create({
      amount: toMollieAmount(order.total, order.currency),
      description: `Order ${order.order_number}`,
      redirectUrl,
      ...(hook ? { webhookUrl: hook } : {}),
      method: method as never,
      ...(locale ? { locale: locale as never } : {}),
      metadata: {
        order_id: String(order.id),
        order_short_id: order.short_id,
        event_id: String(order.event_id),
        account_id: String(order.account_id),
      },
      ...(fee > 0 ? { applicationFee: { amount: toMollieAmount(fee, order.currency), description: 'AdmitOne' } } : {}),
      // Two clicks at once make one payment; a new choice after that is a new payment.
      idempotencyKey: `order-${order.id}-mollie-${earlier.length}-${method}`,
    });
  } catch (err) {
    deps.log.warn({ err, orderId: order.id }, 'Mollie did not make the payment');
    throw new DomainError('PAYMENT_PROVIDER_ERROR');
  }
  const checkout = payment.getCheckoutUrl();
  if (!checkout) throw new DomainError('PAYMENT_PROVIDER_ERROR');
  await deps.db
    .insert(providerPayments)
    .values({
      id: payment.id,
      provider: 'MOLLIE',
      order_id: order.id,
      amount: order.total,
      method,
      status: payment.status,
      checkout_url: checkout,
      created_at: deps.now,
    })
    .onConflictDoNothing();
  return { checkout_url: checkout };
}

/** A payment as Mollie reports it now; PAYMENT_PROVIDER_ERROR when Mollie cannot be asked. */
export async function readPayment(mollie: MollieClient, paymentId: string) {
  try {
    return await mollie.payments.get(paymentId);
  } catch {
    throw new DomainError('PAYMENT_PROVIDER_ERROR');
  }
}
