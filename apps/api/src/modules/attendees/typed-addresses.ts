import { eq, inArray, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { attendees, orderEvents, orders, outbox } from '../../db/schema/index.js';
import { requireConfirmedSender, spendMailBudget } from '../../mail/team-mail.js';

/**
 * Addresses the team typed in, as opposed to addresses buyers gave at checkout: every address of an
 * order made by hand (a manual attendee), and any address an organizer corrected (the order history
 * records which fields an edit changed). Mail to them follows the team-mail rules (mail/team-mail.ts).
 */

/**
 * An organizer changed this address. Needs `orders` in the query; `attendeeId` narrows an attendee edit to one
 * attendee.
 */
export const editedByTeam = (kind: 'ATTENDEE_EDITED' | 'BUYER_EDITED', attendeeId?: typeof attendees.id) =>
  sql<boolean>`exists (select 1 from ${orderEvents} where ${orderEvents.order_id} = ${orders.id} and ${orderEvents.kind} = ${kind}
    and ${orderEvents.data} -> 'fields' @> '["email"]'::jsonb${attendeeId ? sql` and ${orderEvents.data} -> 'attendee_id' = to_jsonb(${attendeeId})` : sql``})`;

/** The buyer's address of this order row was typed in by the team. */
export const buyerTyped = sql<boolean>`(${orders.is_manually_created} or ${editedByTeam('BUYER_EDITED')})`;
/** This attendee's address was typed in by the team (with `orders` joined). */
export const attendeeTyped = sql<boolean>`(${orders.is_manually_created} or ${editedByTeam('ATTENDEE_EDITED', attendees.id)})`;

/**
 * The order moved real money through the payment provider: paid by card (Stripe said so; the order
 * still holds the payment). Only such a buyer is vouched for by someone other than the account: a free
 * order, or an offline one (paid or not: "marked as paid" is the account's own word), can be placed
 * through the event's public checkout by anyone, the account itself included, with any address.
 */
export const cardPaid = sql<boolean>`(${orders.payment_provider} in ('STRIPE', 'MOLLIE') and ${orders.payment_status} = 'PAYMENT_RECEIVED' and ${orders.total} > 0)`;

/**
 * A message to this buyer's address counts against the account's mail budget (issue #37, hole 12): the
 * team typed it in, or it came through an order no payment vouches for (`cardPaid`), which is as good as
 * typed in. Otherwise a spammer fills its own free checkout with strangers' addresses and messages
 * "all attendees" for the price of one.
 */
export const buyerCounted = sql<boolean>`(${buyerTyped} or not ${cardPaid})`;
/** The same for an attendee's address (with `orders` joined). */
export const attendeeCounted = sql<boolean>`(${attendeeTyped} or not ${cardPaid})`;

/**
 * How many of these outbox mails about one order go to an address of it the team typed in (`counted`: or that
 * counts against the budget as a message's does, `buyerCounted`).
 */
export async function typedMailCount(
  tx: Executor,
  orderId: number,
  outboxIds: number[],
  rule: 'typed' | 'counted' = 'typed',
): Promise<number> {
  if (!outboxIds.length) return 0;
  const typed = new Set<string>();
  const [order] = await tx
    .select({ email: orders.email, typed: rule === 'typed' ? buyerTyped : buyerCounted })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order?.typed && order.email) typed.add(order.email.toLowerCase());
  const people = await tx
    .select({ email: attendees.email, typed: rule === 'typed' ? attendeeTyped : attendeeCounted })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.order_id))
    .where(eq(attendees.order_id, orderId));
  for (const p of people) if (p.typed && p.email) typed.add(p.email.toLowerCase());
  if (!typed.size) return 0;
  const mails = await tx.select({ payload: outbox.payload }).from(outbox).where(inArray(outbox.id, outboxIds));
  return mails.filter((m) => typed.has(String(m.payload.to ?? '').toLowerCase())).length;
}

/**
 * The team-mail rules for the mails an organizer's action on an order wrote (cancel, mark as paid,
 * resend the confirmation): those to addresses the team typed in (or, for a resend from the admin,
 * all of them) need the organizer's address confirmed and count against the account's hourly mail
 * budget. In the action's transaction, after its mails are written: a refusal rolls the action back.
 */
export async function orderMailRules(
  tx: Executor,
  by: { accountId: number; userId: number; mailBudgetPerHour: number; now: Date },
  orderId: number,
  outboxIds: number[],
  opts: { resend: boolean },
): Promise<void> {
  const mails = opts.resend ? outboxIds.length : await typedMailCount(tx, orderId, outboxIds);
  if (!mails) return;
  await requireConfirmedSender(tx, by.userId);
  await spendMailBudget(
    tx,
    by.mailBudgetPerHour,
    { accountId: by.accountId, userId: by.userId, kind: 'ORDER', mails },
    by.now,
  );
}

/**
 * The same rules for the one mail to an order's buyer that an organizer's action writes only later (a
 * refund's, once Stripe has answered): checked and counted now, before anything irreversible happens,
 * when the team typed the buyer's address in.
 */
export async function buyerMailRules(
  tx: Executor,
  by: { accountId: number; userId: number; mailBudgetPerHour: number; now: Date },
  orderId: number,
): Promise<void> {
  const [order] = await tx
    .select({ email: orders.email, typed: buyerTyped })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order?.email || !order.typed) return;
  await requireConfirmedSender(tx, by.userId);
  await spendMailBudget(
    tx,
    by.mailBudgetPerHour,
    { accountId: by.accountId, userId: by.userId, kind: 'ORDER', mails: 1 },
    by.now,
  );
}
