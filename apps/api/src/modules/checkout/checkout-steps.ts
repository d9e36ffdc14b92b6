import type { AnswerValue, orderDetailsBody } from '@admitone/shared';
import { HOLD_EXTENSION_MAX_MINUTES, type Locale, MAX_HOLD_EXTENSIONS } from '@admitone/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { Tx } from '../../db/client.js';
import { attendees, events, orders, questionAnswers } from '../../db/schema/index.js';
import { sqlNow } from '../../db/sql-now.js';
import { DomainError, type FieldIssues } from '../../shared/errors.js';
import { assertDateStands } from '../event-dates/order-dates.js';
import { StockShortage } from '../inventory/counters.js';
import { ensureHeld } from '../inventory/holds.js';
import { applyReverseCharge, checkoutInvoiceDetails } from '../invoices/checkout-invoice.js';
import { assertOpenCheckout, awaitOfflinePayment, completeOrder, type OrderContext } from '../orders/order-status.js';
import { checkoutQuestions, type OrderRow, ownsOrder, passLeadOf } from '../orders/order-view.js';
import { offlinePaymentOpen } from '../orders/payment-terms.js';
import { answerFilesOf } from './answer-files.js';
import { dropUnusedAnswerFiles, orderFileRows } from './answer-files.repository.js';
import { attendeeQuestionsFor, checkAnswers, orderQuestions } from './answers.js';

/** A step that takes the units of a hold that ran out again, told clearly when they are gone. */
async function orGone<T>(run: () => Promise<T>, code: 'ORDER_EXPIRED' | 'NO_TICKETS_AVAILABLE'): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof StockShortage) throw new DomainError(code);
    throw err;
  }
}

export type DetailsInput = z.output<typeof orderDetailsBody>;

/**
 * Saves the buyer's details, the attendees' names and every answer (checked against the questions
 * that apply), then completes the order at once when it costs nothing. Paid orders stay RESERVED
 * for the payment step (and need their hold). A free order whose hold ran out still completes if its
 * units can be taken again. Returns outbox ids to deliver after commit.
 */
export async function saveOrderDetails(
  tx: Tx,
  ctx: OrderContext,
  order: OrderRow,
  token: string | null | undefined,
  input: DetailsInput,
  locale: Locale,
): Promise<number[]> {
  assertOpenCheckout(order, token, ctx.now, order.total === 0);
  // Named per admission: general products have no attendee details.
  const people = await tx
    .select()
    .from(attendees)
    .where(and(eq(attendees.order_id, order.id), eq(attendees.is_admission, true)));
  const questions = await checkoutQuestions(tx, order.event_id);
  const issues: FieldIssues = {};
  const given = new Map(input.attendees.map((a, i) => [a.short_id, { a, i }]));
  // A pass's holder is named once, on its first ticket; its other tickets take the same details.
  const named = people.filter((p) => !passLeadOf(p));
  if (given.size !== named.length || named.some((p) => !given.has(p.short_id))) issues.attendees = [{ key: 'invalid' }];
  const entryOf = (p: (typeof people)[number]) => given.get(passLeadOf(p) ?? p.short_id);

  // FILE answers name files uploaded for this order (answer-files.ts); the buyer can upload, so required ones count.
  const files = await orderFileRows(tx, order.id);
  const answerRows: Array<{ attendee_id: number | null; question_id: number; answer: AnswerValue }> = [];
  for (const p of people) {
    const entry = entryOf(p);
    if (!entry) continue;
    for (const a of checkAnswers(
      attendeeQuestionsFor(questions, p.ticket_id),
      entry.a.answers,
      `attendees.${entry.i}.answers.`,
      issues,
      // A pass's other tickets answer with the files uploaded for its first.
      answerFilesOf(files, people.find((x) => x.short_id === (passLeadOf(p) ?? p.short_id))!.id, true),
    ))
      answerRows.push({ attendee_id: p.id, ...a });
  }
  for (const a of checkAnswers(
    orderQuestions(questions),
    input.answers,
    'answers.',
    issues,
    answerFilesOf(files, null, true),
  ))
    answerRows.push({ attendee_id: null, ...a });
  const invoice = await checkoutInvoiceDetails(tx, order, input.invoice, issues);
  if (!Object.keys(issues).length) await applyReverseCharge(tx, order, invoice?.reverse_charge ?? false, issues);
  if (Object.keys(issues).length) throw new DomainError('VALIDATION_FAILED', { fields: issues });

  await tx
    .update(orders)
    .set({
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      locale,
      recovery_consent: input.recovery_consent,
      invoice_details: invoice,
      updated_at: ctx.now,
    })
    .where(eq(orders.id, order.id));
  for (const p of people) {
    const { a } = entryOf(p)!;
    await tx
      .update(attendees)
      .set({ first_name: a.first_name, last_name: a.last_name, email: a.email, locale, updated_at: ctx.now })
      .where(eq(attendees.id, p.id));
  }
  await tx.delete(questionAnswers).where(eq(questionAnswers.order_id, order.id));
  if (answerRows.length) await tx.insert(questionAnswers).values(answerRows.map((r) => ({ order_id: order.id, ...r })));
  // Files replaced, removed or uploaded and not used go (their bytes with the stored-file sweep).
  await dropUnusedAnswerFiles(tx, order.id);

  if (order.total === 0) return orGone(() => completeOrder(tx, ctx, { ...order, locale }, false), 'ORDER_EXPIRED');
  return [];
}

/**
 * Extends a hold, up to MAX_HOLD_EXTENSIONS times (WCAG 2.2.1), each time to the event's order timeout
 * from now (the database's clock), at most HOLD_EXTENSION_MAX_MINUTES. A hold that ran out is extended
 * only if its units can be taken again through the guarded counters; never on a cancelled date.
 */
export async function extendHold(
  tx: Tx,
  ctx: OrderContext,
  order: OrderRow,
  token: string | null | undefined,
): Promise<void> {
  if (order.status === 'RESERVED' && order.hold_extensions >= MAX_HOLD_EXTENSIONS && ownsOrder(order, token))
    throw new DomainError('HOLD_ALREADY_EXTENDED');
  assertOpenCheckout(order, token, ctx.now, true);
  await assertDateStands(tx, order.id);
  const [event] = await tx
    .select({ timeout: events.order_timeout_minutes })
    .from(events)
    .where(eq(events.id, order.event_id));
  await orGone(() => ensureHeld(tx, ctx.stock, order, ctx.now), 'NO_TICKETS_AVAILABLE');
  const now = sqlNow(ctx.stock.clock);
  const minutes = Math.min(event!.timeout, HOLD_EXTENSION_MAX_MINUTES);
  await tx.execute(
    sql`update orders set reserved_until = ${now} + make_interval(mins => ${minutes}::int), hold_extensions = hold_extensions + 1, updated_at = ${ctx.now} where id = ${order.id}`,
  );
}

/** The buyer pays offline: the event must offer it and the details must be in. */
export async function chooseOfflinePayment(
  tx: Tx,
  ctx: OrderContext,
  order: OrderRow,
  token: string | null | undefined,
): Promise<number[]> {
  assertOpenCheckout(order, token, ctx.now, true);
  const [event] = await tx
    .select({
      offline_payments_enabled: events.offline_payments_enabled,
      offline_payment_days: events.offline_payment_days,
      offline_payment_deadline: events.offline_payment_deadline,
    })
    .from(events)
    .where(eq(events.id, order.event_id));
  // Past the event's payment date nobody may start paying offline.
  if (!event || !offlinePaymentOpen(event, ctx.now) || order.total === 0)
    throw new DomainError('PAYMENT_METHOD_UNAVAILABLE');
  if (!order.email) throw new DomainError('DETAILS_REQUIRED');
  // Choosing to pay completes the checkout: a hold that ran out takes its units again, or the order has expired.
  return orGone(() => awaitOfflinePayment(tx, ctx, order), 'ORDER_EXPIRED');
}
