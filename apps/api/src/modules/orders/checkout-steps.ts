import { eq } from 'drizzle-orm';
import type { Locale } from '@admitone/shared';
import type { z } from 'zod';
import type { orderDetailsBody } from '@admitone/shared';
import type { Tx } from '../../db/client.js';
import { attendees, events, orders, promoCodes, questionAnswers } from '../../db/schema/index.js';
import { DomainError, type FieldIssues } from '../../shared/errors.js';
import { unfulfillable } from '../tickets/availability.js';
import { attendeeQuestionsFor, checkAnswers, orderQuestions } from './answers.js';
import { loadCatalogue, stockOf } from './catalogue.js';
import { assertOpenCheckout, awaitOfflinePayment, completeOrder, type OrderContext } from './order-status.js';
import { checkoutQuestions, ownsOrder, type OrderRow } from './order-view.js';
import { countStock, promoUses, type StockLockStrategy } from './stock.js';

export type DetailsInput = z.output<typeof orderDetailsBody>;

/**
 * Saves the buyer's details, the attendees' names and every answer (checked against the questions
 * that apply), then completes the order at once when it costs nothing. Paid orders stay RESERVED
 * for the payment step. Returns outbox ids to deliver after commit.
 */
export async function saveOrderDetails(tx: Tx, ctx: OrderContext, order: OrderRow, token: string | null | undefined, input: DetailsInput, locale: Locale): Promise<number[]> {
  assertOpenCheckout(order, token, ctx.now);
  const people = await tx.select().from(attendees).where(eq(attendees.order_id, order.id));
  const questions = await checkoutQuestions(tx, order.event_id);
  const issues: FieldIssues = {};
  const given = new Map(input.attendees.map((a, i) => [a.short_id, { a, i }]));
  if (given.size !== people.length || people.some((p) => !given.has(p.short_id))) issues.attendees = [{ key: 'invalid' }];

  const answerRows: Array<{ attendee_id: number | null; question_id: number; answer: string | string[] }> = [];
  for (const p of people) {
    const entry = given.get(p.short_id);
    if (!entry) continue;
    for (const a of checkAnswers(attendeeQuestionsFor(questions, p.ticket_id), entry.a.answers, `attendees.${entry.i}.answers.`, issues)) answerRows.push({ attendee_id: p.id, ...a });
  }
  for (const a of checkAnswers(orderQuestions(questions), input.answers, 'answers.', issues)) answerRows.push({ attendee_id: null, ...a });
  if (Object.keys(issues).length) throw new DomainError('VALIDATION_FAILED', { fields: issues });

  await tx
    .update(orders)
    .set({ first_name: input.first_name, last_name: input.last_name, email: input.email, locale, updated_at: ctx.now })
    .where(eq(orders.id, order.id));
  for (const p of people) {
    const { a } = given.get(p.short_id)!;
    await tx.update(attendees).set({ first_name: a.first_name, last_name: a.last_name, email: a.email, locale, updated_at: ctx.now }).where(eq(attendees.id, p.id));
  }
  await tx.delete(questionAnswers).where(eq(questionAnswers.order_id, order.id));
  if (answerRows.length) await tx.insert(questionAnswers).values(answerRows.map((r) => ({ order_id: order.id, ...r })));

  if (order.total === 0) return completeOrder(tx, ctx, { ...order, locale }, false);
  return [];
}

/**
 * Extends a hold once by the event's order timeout. Before the hold runs out its stock is still the
 * buyer's; just after, it is granted only if the stock is still free, re-checked under the same
 * locks as a reservation.
 */
export async function extendHold(tx: Tx, ctx: OrderContext & { locks: StockLockStrategy }, order: OrderRow, token: string | null | undefined): Promise<void> {
  if (order.status === 'RESERVED' && order.hold_extended && ownsOrder(order, token)) throw new DomainError('HOLD_ALREADY_EXTENDED');
  // Expiry is judged below: a hold that just ran out may still be extended if its stock is free.
  assertOpenCheckout(order, token, new Date(0));
  const [event] = await tx.select().from(events).where(eq(events.id, order.event_id));
  const expired = !order.reserved_until || order.reserved_until <= ctx.now;
  if (expired && !(await stockStillFree(tx, ctx.locks, order, ctx.now))) throw new DomainError('NO_TICKETS_AVAILABLE');
  await tx
    .update(orders)
    .set({ reserved_until: new Date(ctx.now.getTime() + event!.order_timeout_minutes * 60_000), hold_extended: true, updated_at: ctx.now })
    .where(eq(orders.id, order.id));
}

/**
 * Whether an order whose hold ran out could still have its units: locks its tickets, capacities and
 * promo code like a reservation, and counts everything else (never the order's own units).
 */
export async function stockStillFree(tx: Tx, locks: StockLockStrategy, order: OrderRow, now: Date): Promise<boolean> {
  const [event] = await tx.select().from(events).where(eq(events.id, order.event_id));
  const catalogue = await loadCatalogue(tx, event!);
  const people = await tx.select().from(attendees).where(eq(attendees.order_id, order.id));
  const requests = people.map((p) => ({ ticket_id: p.ticket_id, tier_id: p.tier_id, quantity: 1 }));
  const ticketIds = [...new Set(requests.map((r) => r.ticket_id))];
  const capacityIds = catalogue.capacities.filter((c) => c.enabled && c.capacity !== null && (c.applies_to === 'ALL' || c.applies_to.some((id) => ticketIds.includes(id)))).map((c) => c.id);
  await locks.lock(tx, { ticketIds, capacityIds, promoCodeId: order.promo_code_id });
  const counts = await countStock(tx, order.event_id, now, order.id);
  if (unfulfillable(stockOf(catalogue, counts), catalogue.capacities, requests).length) return false;
  if (order.promo_code_id !== null) {
    const [promo] = await tx.select({ max_uses: promoCodes.max_uses }).from(promoCodes).where(eq(promoCodes.id, order.promo_code_id));
    const used = (await promoUses(tx, [order.promo_code_id], now, order.id)).get(order.promo_code_id) ?? 0;
    if (promo?.max_uses != null && used >= promo.max_uses) return false;
  }
  return true;
}

/** The buyer pays offline: the event must offer it and the details must be in. */
export async function chooseOfflinePayment(tx: Tx, ctx: OrderContext, order: OrderRow, token: string | null | undefined): Promise<number[]> {
  assertOpenCheckout(order, token, ctx.now);
  const [event] = await tx.select({ enabled: events.offline_payments_enabled }).from(events).where(eq(events.id, order.event_id));
  if (!event?.enabled || order.total === 0) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE');
  if (!order.email) throw new DomainError('DETAILS_REQUIRED');
  return awaitOfflinePayment(tx, ctx, order);
}
