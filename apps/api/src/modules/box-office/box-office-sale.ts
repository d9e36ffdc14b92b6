import {
  type AnswerValue,
  type BoxOfficeSaleBody,
  type boxOfficeSaleBody,
  type BoxOfficeSaleDto,
  isLocale,
  LIMITS,
  type Locale,
  type PublicQuestionDto,
  type UnitPrice,
} from '@admitone/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Executor, Tx } from '../../db/client.js';
import { attendees, orderItems, orders, questionAnswers } from '../../db/schema/index.js';
import { DomainError, type FieldIssues } from '../../shared/errors.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import { attendeeQuestionsFor, checkAnswers, orderQuestions } from '../checkout/answers.js';
import { catalogueOnDate, dateOfOrder } from '../checkout/catalogue-dates.js';
import { type OrderLine, priceRequest, totalsOf } from '../checkout/order-lines.js';
import { passDatesTaken } from '../checkout/passes.js';
import { lostPlaces, placesOfLines } from '../checkout/reserve-order.js';
import type { UnitRow } from '../inventory/changes.js';
import { StaleStockLayout, StockShortage } from '../inventory/counters.js';
import { takeNewUnit } from '../inventory/order-units.js';
import { newAttendeeShortId, newOrderNumber, newOrderShortId } from '../orders/ids.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { enqueueOrderMails } from '../orders/order-mails.js';
import { cancelOrder, lockOrder, type OrderContext } from '../orders/order-status.js';
import { questionsIn } from '../orders/order-view.js';
import { checkSeatPicks, seatsTaken } from '../seating/seat-picks.js';
import { placeMapOf } from '../seating/seats.js';
import { endClaims, lockClaimedUnits } from './allocations.js';
import { doorQuestions, loadBoxOfficeCatalogue } from './box-office-catalogue.js';
import { lockOpenShift, shiftView } from './shifts.js';

/** A sale as the screen sends it; `offline`: made on a device without a network, sent later (its id, its units). */
export type SaleInput = Omit<z.output<typeof boxOfficeSaleBody>, 'payment'> & {
  /** CARD_STRIPE: held until Stripe says the card paid (`card-sale.ts`). */
  payment: z.output<typeof boxOfficeSaleBody>['payment'] | { method: 'CARD_STRIPE' };
  offline?: { client_id: string; unit_ids: number[]; sold_at: Date };
};

/** How long a card sale holds its units while the buyer pays on the staff device. */
export const CARD_SALE_HOLD_MS = 15 * 60_000;
export type { BoxOfficeSaleBody };

/** A complimentary unit: its price given up in full, with no taxes or fees. */
const free = (u: UnitPrice): UnitPrice => ({
  base: u.base,
  discount: u.base,
  price: 0,
  fees: [],
  taxes: [],
  fee_total: 0,
  tax_total: 0,
  total: 0,
});

/** One attendee row to write: its unit, its line, (a pass) its group's first code, and the kept unit it sells. */
interface Unit extends UnitRow {
  line: number;
  group: number;
  kept?: number;
}

/**
 * Sells at the box office in the caller's open shift: the lines priced by the one pricing rule on the box-office
 * catalogue (its channel and prices), checked against the total the screen showed, then taken through the stock module
 * like any buyer's (a waitlist is served first; a seat must be free) and written as one completed order of the
 * BOX_OFFICE channel in the same step, paid as given: cash (at least the total; the change is returned), a card on
 * the organizer's own terminal (its reference), or complimentary (free, with a reason). Returns the order and the
 * outbox ids to deliver after commit (the ticket mails, when asked for and an address is given).
 */
export async function sellAtBoxOffice(
  db: Db,
  ctx: OrderContext & { userId: number },
  eventId: number,
  input: SaleInput,
  fallbackLocale: Locale,
): Promise<{ sale: Omit<BoxOfficeSaleDto, 'tickets' | 'shift'>; orderId: number; shiftId: number; mails: number[] }> {
  const catalogue = await loadBoxOfficeCatalogue(db, eventId);
  if (!catalogue) throw new DomainError('EVENT_UNAVAILABLE');
  const { event } = catalogue;
  const now = ctx.now;
  const date = dateOfOrder(catalogue, input.event_date_id, now);
  const reserve = { ...input, promo_code: null, affiliate_code: null, locale: undefined };
  const priced = priceRequest(catalogueOnDate(catalogue, date), reserve, null, now);
  const shown = totalsOf(priced);
  // A sale made offline happened already: it is written at today's prices (a change shows in the shift's count).
  if (shown.total !== input.expected_total && !input.offline) throw new DomainError('PRICE_CHANGED');
  const { payment } = input;
  const lines: OrderLine[] =
    payment.method === 'COMPLIMENTARY' ? priced.map((l) => ({ ...l, unit: free(l.unit) })) : priced;
  const totals = totalsOf(lines);
  if (totals.total > LIMITS.ORDER_TOTAL_MAX)
    throw new DomainError('VALIDATION_FAILED', { fields: { items: [{ key: 'order_total_too_large' }] } });
  if (payment.method === 'CASH' && payment.given < totals.total && !input.offline)
    throw new DomainError('VALIDATION_FAILED', { fields: { 'payment.given': [{ key: 'cash_short' }] } });

  // The questions asked at the door: an offline sale keeps the answers that are valid (it happened already).
  const asked = questionsIn(await doorQuestions(db, eventId), null);
  const soldTickets = new Set(lines.map((l) => l.ticket.ticket.id));
  const issues: FieldIssues = {};
  const given = input.answers ?? {};
  const orderAnswers = checkAnswers(orderQuestions(asked), given, 'answers.', issues);
  const perTicket = asked.filter(
    (q) => q.applies_to === 'ATTENDEE' && (!q.ticket_ids.length || q.ticket_ids.some((id) => soldTickets.has(id))),
  );
  const attendeeAnswers = checkAnswers(perTicket, given, 'answers.', issues);
  if (Object.keys(issues).length && !input.offline) throw new DomainError('VALIDATION_FAILED', { fields: issues });

  const places = catalogue.seating ? await placeMapOf(db, catalogue.seating.versionId) : null;
  const picks = checkSeatPicks(catalogue.seating, places, input.items);
  const seatsOfLines = placesOfLines(lines, picks);
  const units: Unit[] = [];
  lines.forEach((l, n) => {
    const t = l.ticket.ticket;
    const dates = t.is_pass ? passDatesTaken(catalogue, t, now).map((d) => d.id) : [date.id];
    for (let q = 0; q < l.quantity; q++) {
      const group = units.length;
      for (const dateId of dates)
        units.push({
          line: n,
          group,
          ticket_id: t.id,
          tier_id: l.tier?.id ?? null,
          event_date_id: dateId,
          is_admission: t.product_type === 'TICKET',
          seat_id: seatsOfLines[n]![q] ?? null,
        });
    }
  });
  if (!units.length) throw new DomainError('VALIDATION_FAILED', { fields: { items: [{ key: 'not_on_sale' }] } });
  const locale = isLocale(input.locale) ? input.locale : fallbackLocale;

  try {
    return await db.transaction(async (tx) => {
      const shift = await lockOpenShift(tx, eventId, ctx.userId);
      if (input.offline) {
        const [synced] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.event_id, eventId), eq(orders.box_office_client_id, input.offline.client_id)));
        if (synced) return { orderId: synced.id, shiftId: shift.id, mails: [], sale: await storedSale(tx, synced.id) };
      }
      // Units kept for the door on the shift's device are sold first (the ones an offline sale names, first); a card
      // sale held until it is paid takes new ones (a hold that runs out gives them back to the stock).
      const claimed =
        payment.method === 'CARD_STRIPE'
          ? []
          : await lockClaimedUnits(tx, shift.id, date.id, input.offline?.unit_ids ?? []);
      for (const u of units) {
        if (u.seat_id !== null || lines[u.line]!.ticket.ticket.is_pass) continue;
        const at = claimed.findIndex((c) => c.ticket_id === u.ticket_id && c.tier_id === u.tier_id);
        if (at >= 0) u.kept = claimed.splice(at, 1)[0]!.id;
      }
      const fresh = units.filter((u) => u.kept === undefined);
      const write = (sp: Tx) => writeSale(sp, ctx, shift.id, event, lines, units, input, locale);
      const written = fresh.length
        ? await takeNewUnit(tx, ctx.stock, eventId, fresh, write, { buyer: true })
        : await write(tx);
      await saveDoorAnswers(tx, written.id, orderAnswers, attendeeAnswers, perTicket);
      await endClaims(
        tx,
        units.flatMap((u) => (u.kept === undefined ? [] : [u.kept])),
      );
      const mails = input.send_tickets && input.email ? await enqueueOrderMails(tx, ctx, written.id, 'completed') : [];
      const given = payment.method === 'CASH' ? payment.given : null;
      return {
        orderId: written.id,
        shiftId: shift.id,
        mails,
        sale: {
          order_id: written.id,
          short_id: written.short_id,
          order_number: written.order_number,
          total: totals.total,
          tax_total: totals.tax_total,
          fee_total: totals.fee_total,
          currency: event.currency,
          method: payment.method,
          given,
          change: given === null ? null : given - totals.total,
          lines: lines.map((l, n) => ({
            name: l.tier ? `${l.ticket.ticket.name} – ${l.tier.label}` : l.ticket.ticket.name,
            quantity: l.quantity,
            unit_price: l.unit.total,
            total: l.unit.total * l.quantity,
            taxes: l.unit.taxes.map((x) => ({ name: x.name, amount: x.amount * l.quantity })),
            fees: l.unit.fees.map((x) => ({ name: x.name, amount: x.amount * l.quantity })),
            seats: (seatsOfLines[n] ?? []).map((id) => {
              const place = places!.byId.get(id)!;
              return { section: place.zone, row: place.row_label, seat: place.seat_number };
            }),
          })),
          mailed: mails.length > 0,
        },
      };
    });
  } catch (err) {
    // A seat taken meanwhile is named on its field, as online; anything else full is "no tickets left".
    if (err instanceof StockShortage && err.change.kind === 'seat')
      throw seatsTaken(picks, await lostPlaces(db, picks, date.id));
    if (err instanceof StockShortage || err instanceof StaleStockLayout) throw new DomainError('NO_TICKETS_AVAILABLE');
    throw err;
  }
}

async function writeSale(
  tx: Tx,
  ctx: OrderContext & { userId: number },
  shiftId: number,
  event: { id: number; account_id: number; currency: string },
  lines: OrderLine[],
  units: Unit[],
  input: SaleInput,
  locale: Locale,
) {
  const totals = totalsOf(lines);
  const { payment } = input;
  const card = payment.method === 'CARD_STRIPE';
  const [order] = await tx
    .insert(orders)
    .values({
      account_id: event.account_id,
      event_id: event.id,
      short_id: newOrderShortId(),
      order_number: newOrderNumber(),
      checkout_token_hash: hashToken(newToken()),
      status: card ? 'RESERVED' : 'COMPLETED',
      payment_status: card ? 'AWAITING_PAYMENT' : totals.total > 0 ? 'PAYMENT_RECEIVED' : 'NO_PAYMENT_REQUIRED',
      payment_provider: card ? 'STRIPE' : 'BOX_OFFICE',
      reserved_until: card ? new Date(ctx.now.getTime() + CARD_SALE_HOLD_MS) : null,
      channel: 'BOX_OFFICE',
      box_office_shift_id: shiftId,
      box_office_client_id: input.offline?.client_id ?? null,
      box_office_payment:
        payment.method === 'CASH'
          ? { method: 'CASH', given: payment.given }
          : payment.method === 'CARD_TERMINAL'
            ? { method: 'CARD_TERMINAL', reference: payment.reference }
            : payment.method === 'COMPLIMENTARY'
              ? { method: 'COMPLIMENTARY', reason: payment.reason }
              : { method: 'CARD_STRIPE' },
      currency: event.currency,
      ...totals,
      first_name: input.first_name || null,
      last_name: input.last_name || null,
      email: input.email || null,
      locale,
      completed_at: card ? null : soldAt(input, ctx.now),
      created_at: soldAt(input, ctx.now),
      updated_at: ctx.now,
    })
    .returning({ id: orders.id, short_id: orders.short_id, order_number: orders.order_number });
  const items = await tx
    .insert(orderItems)
    .values(
      lines.map((l, n) => ({
        order_id: order!.id,
        ticket_id: l.ticket.ticket.id,
        tier_id: l.tier?.id ?? null,
        event_date_id: units.find((u) => u.line === n)!.event_date_id,
        ticket_name: l.ticket.ticket.name,
        tier_label: l.tier?.label ?? null,
        quantity: l.quantity,
        unit: l.unit,
        total: l.unit.total * l.quantity,
      })),
    )
    .returning({ id: orderItems.id });
  const codes = units.map(() => newAttendeeShortId());
  const firstOfGroup = new Map<number, string>();
  units.forEach((u, i) => {
    if (!firstOfGroup.has(u.group)) firstOfGroup.set(u.group, codes[i]!);
  });
  const person = {
    first_name: input.first_name || null,
    last_name: input.last_name || null,
    email: input.email || null,
    locale,
  };
  // A kept unit keeps its row and ticket code (its device may have printed it): it moves to this order.
  for (const [i, u] of units.entries())
    if (u.kept !== undefined)
      await tx
        .update(attendees)
        .set({
          ...person,
          order_id: order!.id,
          order_item_id: items[u.line]!.id,
          status: 'ACTIVE',
          position: i,
          updated_at: ctx.now,
        })
        .where(and(eq(attendees.id, u.kept), eq(attendees.status, 'RESERVED')));
  const fresh = units.flatMap((u, i) => (u.kept === undefined ? [{ u, i }] : []));
  if (fresh.length)
    await tx.insert(attendees).values(
      fresh.map(({ u, i }) => ({
        account_id: event.account_id,
        event_id: event.id,
        order_id: order!.id,
        order_item_id: items[u.line]!.id,
        ticket_id: u.ticket_id,
        tier_id: u.tier_id,
        event_date_id: u.event_date_id,
        is_admission: u.is_admission,
        seat_id: u.seat_id,
        short_id: codes[i]!,
        pass_group: lines[u.line]!.ticket.ticket.is_pass ? firstOfGroup.get(u.group)! : null,
        status: card ? ('RESERVED' as const) : ('ACTIVE' as const),
        first_name: input.first_name || null,
        last_name: input.last_name || null,
        email: input.email || null,
        locale,
        position: i,
        created_at: ctx.now,
        updated_at: ctx.now,
      })),
    );
  // A card sale is recorded when it is paid (as any card payment).
  if (card) return order!;
  await recordOrderEvent(tx, order!.id, {
    kind: 'BOX_OFFICE_SALE',
    userId: ctx.userId,
    data: {
      method: payment.method,
      total: totals.total,
      shift_id: shiftId,
      ...(input.offline ? { offline: true, device_total: input.expected_total } : {}),
    },
    at: ctx.now,
  });
  return order!;
}

/**
 * Voids the last sale of the caller's open shift (the sale did not happen: the units go back through the stock module,
 * the cash is handed back, the order is cancelled and kept in the shift as voided). Any other order: NOT_LAST_SALE.
 * A card paid through Stripe is left to the refund path (`refundCard`: the route refunds it in full and cancels).
 */
export async function voidLastSale(
  db: Db,
  ctx: OrderContext & { userId: number },
  eventId: number,
  orderId: number,
): Promise<{ mails: number[]; shiftId: number; refundCard: boolean }> {
  return db.transaction(async (tx) => {
    const shift = await lockOpenShift(tx, eventId, ctx.userId);
    const { last_sale: last } = await shiftView(tx, shift);
    if (!last || last.order_id !== orderId) throw new DomainError('NOT_LAST_SALE');
    const order = await lockOrder(tx, eventId, { id: orderId });
    if (order.box_office_shift_id !== shift.id) throw new DomainError('NOT_LAST_SALE');
    // Paid through Stripe: the card is refunded and the order cancelled by the one refund path (after this).
    if (last.method === 'CARD_STRIPE') return { mails: [], shiftId: shift.id, refundCard: true };
    const mails = await cancelOrder(tx, ctx, order, null, { voided_at_box_office: true, shift_id: shift.id });
    return { mails, shiftId: shift.id, refundCard: false };
  });
}

/** Each sold unit's ticket code with whether it was admitted, for the receipt and the printed tickets. */
export async function saleTickets(db: Db, orderId: number) {
  const rows = await db
    .select({
      id: attendees.id,
      short_id: attendees.short_id,
      ticket: orderItems.ticket_name,
      tier: orderItems.tier_label,
      admits: attendees.is_admission,
      checked_in: sql<boolean>`${attendees.checked_in_at} is not null`,
    })
    .from(attendees)
    .innerJoin(orderItems, eq(orderItems.id, attendees.order_item_id))
    .where(eq(attendees.order_id, orderId))
    .orderBy(attendees.position);
  return rows.map((r) => ({ ...r, name: r.tier ? `${r.ticket} – ${r.tier}` : r.ticket }));
}

/** When a sale happened: now, or for one made offline the device's time (never ahead of now, at most a week back). */
function soldAt(input: SaleInput, now: Date): Date {
  if (!input.offline) return now;
  const week = 7 * 24 * 3600 * 1000;
  return new Date(Math.min(now.getTime(), Math.max(now.getTime() - week, input.offline.sold_at.getTime())));
}

/** A sale already written, as its receipt shows it (an offline sale sent twice gets the first answer again). */
export async function storedSale(tx: Executor, orderId: number): Promise<Omit<BoxOfficeSaleDto, 'tickets' | 'shift'>> {
  const [o] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const items = await tx.select().from(orderItems).where(eq(orderItems.order_id, orderId)).orderBy(orderItems.id);
  const payment = o!.box_office_payment!;
  const given = payment.method === 'CASH' ? (payment.given ?? o!.total) : null;
  return {
    order_id: o!.id,
    short_id: o!.short_id,
    order_number: o!.order_number,
    total: o!.total,
    tax_total: o!.tax_total,
    fee_total: o!.fee_total,
    currency: o!.currency,
    method: payment.method,
    given,
    change: given === null ? null : given - o!.total,
    lines: items.map((l) => ({
      name: l.tier_label ? `${l.ticket_name} – ${l.tier_label}` : l.ticket_name,
      quantity: l.quantity,
      unit_price: l.unit.total,
      total: l.total,
      taxes: l.unit.taxes.map((x) => ({ name: x.name, amount: x.amount * l.quantity })),
      fees: l.unit.fees.map((x) => ({ name: x.name, amount: x.amount * l.quantity })),
      seats: [],
    })),
    mailed: false,
  };
}

/** The door's answers: an order question's on the order, an attendee question's on each ticket it is asked for. */
async function saveDoorAnswers(
  tx: Tx,
  orderId: number,
  forOrder: Array<{ question_id: number; answer: AnswerValue }>,
  forAttendees: Array<{ question_id: number; answer: AnswerValue }>,
  perTicket: PublicQuestionDto[],
) {
  const rows: Array<typeof questionAnswers.$inferInsert> = forOrder.map((a) => ({ order_id: orderId, ...a }));
  if (forAttendees.length) {
    const sold = await tx
      .select({ id: attendees.id, ticket_id: attendees.ticket_id })
      .from(attendees)
      .where(and(eq(attendees.order_id, orderId), eq(attendees.is_admission, true)));
    for (const a of sold) {
      const asks = new Set(attendeeQuestionsFor(perTicket, a.ticket_id).map((q) => q.id));
      for (const answer of forAttendees)
        if (asks.has(answer.question_id)) rows.push({ order_id: orderId, attendee_id: a.id, ...answer });
    }
  }
  if (rows.length) await tx.insert(questionAnswers).values(rows);
}
