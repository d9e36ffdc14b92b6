import type { Locale, PaymentOptionDto } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';

import type { AppConfig } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import { type MollieFor, toMollieAmount } from './mollie-client.js';
import { findMollieConnection } from './mollie-connection.js';
import { mollieLocale } from './mollie-payment.js';
import { cardDestination } from './payment-connection.js';

export interface PaymentOptionDeps {
  db: Executor;
  config: Pick<AppConfig, 'stripe' | 'mollie'>;
  mollieFor: MollieFor | null;
  log: Logger;
  now: () => Date;
}

/** Mollie's methods for an account, currency, amount and language, kept a few minutes (its list rarely changes). */
const KEEP_MS = 5 * 60_000;
const kept = new Map<string, { until: number; methods: PaymentOptionDto[] }>();

/** Whether the account's Mollie organization can take payments (or the platform's does, in single mode). */
export async function mollieReady(db: Executor, config: AppConfig['mollie'], accountId: number): Promise<boolean> {
  if (!config) return false;
  if (config.mode === 'SINGLE') return true;
  const row = await findMollieConnection(db, accountId);
  return !!(row?.access_token && row.can_receive_payments);
}

async function mollieOptions(
  deps: PaymentOptionDeps,
  accountId: number,
  p: { currency: string; amount: number; locale: Locale },
): Promise<PaymentOptionDto[]> {
  if (!deps.mollieFor || !(await mollieReady(deps.db, deps.config.mollie, accountId))) return [];
  const key = `${accountId}:${p.currency}:${p.amount}:${p.locale}`;
  const hit = kept.get(key);
  if (hit && hit.until > deps.now().getTime()) return hit.methods;
  try {
    const mollie = await deps.mollieFor(accountId);
    const locale = mollieLocale(p.locale);
    const list = await mollie.methods.list({
      // Without an amount Mollie lists methods for any; with one, only those that take it (limits per method).
      ...(p.amount > 0 ? { amount: toMollieAmount(p.amount, p.currency) } : {}),
      ...(locale ? { locale: locale as never } : {}),
    });
    const methods = list.map((m): PaymentOptionDto => ({
      id: `mollie.${m.id}`,
      provider: 'MOLLIE',
      method: m.id,
      label: m.description,
      image: m.image?.svg ?? null,
    }));
    kept.set(key, { until: deps.now().getTime() + KEEP_MS, methods });
    return methods;
  } catch (err) {
    deps.log.warn({ err, accountId }, "Mollie's methods could not be read: Mollie is not offered meanwhile");
    return [];
  }
}

/**
 * The ways a buyer can pay online for an amount: Stripe's card form (when the account can take cards) and the methods
 * the account's Mollie organization offers for the currency; `chosen` (the event's choice; null: all) keeps some.
 */
export async function paymentOptionsFor(
  deps: PaymentOptionDeps,
  p: { accountId: number; currency: string; amount: number; locale: Locale; chosen: string[] | null },
): Promise<PaymentOptionDto[]> {
  const options: PaymentOptionDto[] = [];
  if (await cardDestination(deps.db, deps.config.stripe, p.accountId))
    options.push({ id: 'stripe', provider: 'STRIPE', method: null, label: 'Card', image: null });
  options.push(...(await mollieOptions(deps, p.accountId, p)));
  return p.chosen ? options.filter((o) => p.chosen!.includes(o.id)) : options;
}

/** What a buyer may choose for an order: its account's options for its amount, as its event allows. */
export async function paymentOptionsForOrder(
  deps: PaymentOptionDeps,
  order: { account_id: number; event_id: number; currency: string; total: number; locale: Locale },
): Promise<PaymentOptionDto[]> {
  const [event] = await deps.db
    .select({ chosen: events.payment_options })
    .from(events)
    .where(eq(events.id, order.event_id));
  return paymentOptionsFor(deps, {
    accountId: order.account_id,
    currency: order.currency,
    amount: order.total,
    locale: order.locale,
    chosen: event?.chosen ?? null,
  });
}

/** Forgets the methods kept for an account (its Mollie connection changed). */
export function forgetPaymentOptions(accountId: number): void {
  for (const key of kept.keys()) if (key.startsWith(`${accountId}:`)) kept.delete(key);
}
