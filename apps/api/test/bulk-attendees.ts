import { type AnswerValue, type AttendeeStatus, type BuyerOrderStatus, priceUnit } from '@admitone/shared';
import { asc, eq } from 'drizzle-orm';

import type { Db, Executor } from '../src/db/client.js';
import { attendees, eventDates, orderItems, orders, questionAnswers } from '../src/db/schema/index.js';
import { repairDrift } from '../src/modules/inventory/reconcile.js';

/**
 * Many orders and attendees written straight into the tables (for export tests and the bench), in a
 * fixed pattern the tests can recompute: attendee `i` belongs to order `floor(i / perOrder)`.
 */
export interface BulkSpec {
  accountId: number;
  eventId: number;
  currency: string;
  tickets: Array<{ id: number; name: string }>;
  /** Attendee questions: attendee `i` answers question `k` with `attendeeAnswer(k, i)`. */
  attendeeQuestionIds?: number[];
  /** Order questions: order `o` answers question `k` with `orderAnswer(k, o)`. */
  orderQuestionIds?: number[];
  attendees: number;
  perOrder?: number;
  /** Creation instant of order 0; each next order one minute later. */
  start?: Date;
}

export const BULK_UNIT = priceUnit('PAID', 1000, [
  { id: 1, name: 'Service', type: 'FEE', calculation_type: 'FIXED', rate: 100 },
  { id: 2, name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 10 },
]);

/** Order `o`: every 50th cancelled, the next awaiting payment, the others completed. */
export const bulkOrderStatus = (o: number): BuyerOrderStatus =>
  o % 50 === 0 ? 'CANCELLED' : o % 50 === 1 ? 'AWAITING_PAYMENT' : 'COMPLETED';
const attendeeStatusOf = (s: BuyerOrderStatus): AttendeeStatus =>
  s === 'CANCELLED' ? 'CANCELLED' : s === 'AWAITING_PAYMENT' ? 'AWAITING_PAYMENT' : 'ACTIVE';
/** Every fourth active attendee is checked in. */
export const bulkCheckedIn = (i: number, perOrder = 2) =>
  i % 4 === 0 && bulkOrderStatus(Math.floor(i / perOrder)) === 'COMPLETED';
export const bulkAttendeeAnswer = (k: number, i: number): AnswerValue | null =>
  k === 0 ? `Answer ${i}` : i % 3 === 0 ? ['Vegan', 'Gluten-free'] : null;
export const bulkOrderAnswer = (k: number, o: number): AnswerValue | null => (k === 0 ? `Company ${o}` : null);
export const bulkFirstName = (i: number) => `Guest${i}`;
export const bulkLastName = (i: number) => `Person${i % 100}`;

const CHUNK = 1000;

export async function seedBulkAttendees(db: Executor, spec: BulkSpec): Promise<{ orders: number }> {
  const perOrder = spec.perOrder ?? 2;
  const orderCount = Math.ceil(spec.attendees / perOrder);
  const start = spec.start ?? new Date('2026-06-01T10:00:00Z');
  const tag = `${spec.eventId}x${Date.now().toString(36)}`;
  const unit = BULK_UNIT;
  // The event's first date (an event made through the API has one).
  const [date] = await db
    .select({ id: eventDates.id })
    .from(eventDates)
    .where(eq(eventDates.event_id, spec.eventId))
    .orderBy(asc(eventDates.start_date), asc(eventDates.id))
    .limit(1);
  const eventDateId = date!.id;
  for (let from = 0; from < orderCount; from += CHUNK) {
    const ids = Array.from({ length: Math.min(CHUNK, orderCount - from) }, (_, j) => from + j);
    const sizes = ids.map((o) => Math.min(perOrder, spec.attendees - o * perOrder));
    const inserted = await db
      .insert(orders)
      .values(
        ids.map((o, j) => {
          const status = bulkOrderStatus(o);
          const n = sizes[j]!;
          const at = new Date(start.getTime() + o * 60_000);
          return {
            account_id: spec.accountId,
            event_id: spec.eventId,
            short_id: `bo${tag}y${o}`,
            order_number: `B-${tag}-${o}`,
            checkout_token_hash: 'bulk',
            status,
            payment_status:
              status === 'AWAITING_PAYMENT' ? ('AWAITING_PAYMENT' as const) : ('PAYMENT_RECEIVED' as const),
            payment_provider: 'OFFLINE' as const,
            currency: spec.currency,
            subtotal: unit.base * n,
            fee_total: unit.fee_total * n,
            tax_total: unit.tax_total * n,
            total: unit.total * n,
            first_name: `Buyer${o}`,
            last_name: bulkLastName(o),
            email: `buyer${o}@example.test`,
            locale: 'en' as const,
            completed_at: status === 'COMPLETED' ? at : null,
            cancelled_at: status === 'CANCELLED' ? at : null,
            created_at: at,
            updated_at: at,
          };
        }),
      )
      .returning({ id: orders.id, order_number: orders.order_number });
    const orderIdOf = new Map(inserted.map((r) => [Number(r.order_number.split('-').at(-1)), r.id]));
    const items = await db
      .insert(orderItems)
      .values(
        ids.map((o, j) => {
          const ticket = spec.tickets[o % spec.tickets.length]!;
          return {
            order_id: orderIdOf.get(o)!,
            ticket_id: ticket.id,
            event_date_id: eventDateId,
            ticket_name: ticket.name,
            quantity: sizes[j]!,
            unit,
            total: unit.total * sizes[j]!,
          };
        }),
      )
      .returning({ id: orderItems.id, order_id: orderItems.order_id });
    const itemOf = new Map(items.map((r) => [r.order_id, r.id]));
    const people = ids.flatMap((o, j) =>
      Array.from({ length: sizes[j]! }, (_, p) => {
        const i = o * perOrder + p;
        const orderId = orderIdOf.get(o)!;
        const at = new Date(start.getTime() + o * 60_000);
        return {
          account_id: spec.accountId,
          event_id: spec.eventId,
          order_id: orderId,
          order_item_id: itemOf.get(orderId)!,
          ticket_id: spec.tickets[o % spec.tickets.length]!.id,
          event_date_id: eventDateId,
          short_id: `ba${tag}y${i}`,
          status: attendeeStatusOf(bulkOrderStatus(o)),
          first_name: bulkFirstName(i),
          last_name: bulkLastName(i),
          email: `guest${i}@example.test`,
          locale: 'en' as const,
          position: p,
          checked_in_at: bulkCheckedIn(i, perOrder) ? new Date(at.getTime() + 86_400_000) : null,
          created_at: at,
          updated_at: at,
        };
      }),
    );
    const answers: Array<typeof questionAnswers.$inferInsert> = [];
    for (let c = 0; c < people.length; c += CHUNK) {
      const rows = await db
        .insert(attendees)
        .values(people.slice(c, c + CHUNK))
        .returning({ id: attendees.id, order_id: attendees.order_id, short_id: attendees.short_id });
      for (const r of rows) {
        const i = Number(r.short_id.split('y').at(-1));
        (spec.attendeeQuestionIds ?? []).forEach((question_id, k) => {
          const answer = bulkAttendeeAnswer(k, i);
          if (answer !== null) answers.push({ order_id: r.order_id, attendee_id: r.id, question_id, answer });
        });
      }
    }
    for (const o of ids) {
      (spec.orderQuestionIds ?? []).forEach((question_id, k) => {
        const answer = bulkOrderAnswer(k, o);
        if (answer !== null) answers.push({ order_id: orderIdOf.get(o)!, attendee_id: null, question_id, answer });
      });
    }
    for (let c = 0; c < answers.length; c += CHUNK)
      await db.insert(questionAnswers).values(answers.slice(c, c + CHUNK));
  }
  // Written straight into the tables: the stock counters follow from the rows, as the stock module keeps them.
  await repairDrift(db as Db, spec.eventId);
  return { orders: orderCount };
}
