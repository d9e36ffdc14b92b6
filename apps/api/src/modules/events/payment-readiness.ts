import type { PaymentReadinessDto } from '@admitone/shared';
import { and, eq, gt, or, sql } from 'drizzle-orm';

import type { MollieConfig, StripeConfig } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { tickets, ticketTiers } from '../../db/schema/index.js';
import { cardDestination } from '../payments/payment-connection.js';
import { mollieReady } from '../payments/payment-options.js';

/**
 * Whether buyers can pay for an event: its tickets that cost money (a price above zero, a tier with
 * one, or a donation with a minimum: a free donation ticket can always be had for nothing) against the
 * ways to pay (card through Stripe for the account, offline payments of the event). Paid tickets with
 * neither is an event nobody can buy from: going live is refused (event-status.ts) and the ticket list
 * says so.
 */
export async function paymentReadiness(
  db: Executor,
  stripe: StripeConfig | null,
  event: { id: number; account_id: number; offline_payments_enabled: boolean },
  mollie: MollieConfig | null = null,
): Promise<PaymentReadinessDto> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(
      and(
        eq(tickets.event_id, event.id),
        or(
          and(eq(tickets.type, 'PAID'), gt(tickets.price, 0)),
          and(eq(tickets.type, 'DONATION'), gt(tickets.min_price, 0)),
          and(
            eq(tickets.type, 'TIERED'),
            sql`exists (select 1 from ${ticketTiers} where ${ticketTiers.ticket_id} = ${tickets.id} and ${ticketTiers.price} > 0)`,
          ),
        ),
      ),
    );
  const paid = counted?.n ?? 0;
  // Online: a card through Stripe, or Mollie's methods (iDEAL, Bancontact, cards...).
  const card =
    !!(await cardDestination(db, stripe, event.account_id)) || (await mollieReady(db, mollie, event.account_id));
  const offline = event.offline_payments_enabled;
  return { card, offline, paid_tickets: paid, blocked: paid > 0 && !card && !offline };
}
