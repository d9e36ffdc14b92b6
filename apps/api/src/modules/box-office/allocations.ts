import type { AllocationBody, AllocationDto, OfflineUnitsDto, UnitPrice } from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Db, Executor, Tx } from '../../db/client.js';
import { attendees, boxOfficeAllocations, orderItems, orders } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import { type Catalogue, type EventRow, loadCatalogue } from '../checkout/catalogue.js';
import { rowsOf, StaleStockLayout, StockShortage } from '../inventory/counters.js';
import { belowTaken } from '../inventory/limits.js';
import { releaseAttendeeUnit, type StockDeps, takeNewUnit } from '../inventory/order-units.js';
import { newAttendeeShortId, newOrderNumber, newOrderShortId } from '../orders/ids.js';
import { signedTicketCode } from '../orders/ticket-signature.js';
import { lockOpenShift } from './shifts.js';

/**
 * A date's box-office allocation (issue #41): units kept for the door. Taking them is a take of the stock module like
 * any other: each unit is an attendee row of the date's hidden holding order (status RESERVED, with no end to the
 * hold), so the counters and the reconciliation see it as held. A shift claims a block of them for its device
 * (`box_office_claims`); a box-office sale moves a claimed row to its own order (RESERVED to ACTIVE: counted before and
 * after, so no counter changes and no unit is taken twice). Lowering the allocation gives unclaimed rows back through
 * the stock module.
 *
 * Locks, after the shift (sales and claims): the holding order, then its attendee rows, then the stock counters.
 */

/** Units a shift tops its claim up to, per ticket (and tier), each time its device asks while online. */
export const CLAIM_BLOCK = 10;

export const keptKey = (ticketId: number, tierId: number | null) => `${ticketId}:${tierId ?? ''}`;

/** A zero price for the holding order's lines: they carry no money, only the units kept. */
const NO_PRICE: UnitPrice = {
  base: 0,
  discount: 0,
  price: 0,
  fees: [],
  taxes: [],
  fee_total: 0,
  tax_total: 0,
  total: 0,
};

interface KeptRow {
  id: number;
  ticket_id: number;
  tier_id: number | null;
  position: number;
  short_id: string;
  shift_id: number | null;
}

/** The holding order of a date's allocation, if any. */
async function holdingOrderOf(db: Executor, dateId: number): Promise<number | null> {
  const [row] = await rowsOf<{ order_id: number }>(
    db,
    sql`select order_id from box_office_allocations where event_date_id = ${dateId}`,
  );
  return row?.order_id ?? null;
}

/** The units still kept in a holding order, with the shift each is claimed by; locked when `lock`. */
async function keptUnits(db: Executor, orderId: number, lock: boolean): Promise<KeptRow[]> {
  return rowsOf<KeptRow>(
    db,
    sql`select a.id, a.ticket_id, a.tier_id, a.position, a.short_id, c.shift_id
      from attendees a left join box_office_claims c on c.attendee_id = a.id
      where a.order_id = ${orderId} and a.status = 'RESERVED' order by a.id${lock ? sql` for update of a` : sql``}`,
  );
}

/** What can be kept for the door: what the box office sells, without a seat; not a pass (it spans dates). */
function keepable(c: Catalogue) {
  const seated = c.seating?.seatedTickets ?? new Set<number>();
  return c.tickets.filter((t) => t.ticket.sold_at_box_office && !t.ticket.is_pass && !seated.has(t.ticket.id));
}

/** The date of the event an allocation is for: not cancelled. */
function allocationDate(c: Catalogue, dateId: number) {
  const date = c.dates.dates.find((d) => d.id === dateId);
  if (!date) throw new DomainError('NOT_FOUND');
  return date;
}

/** A date's allocation as the organizer sees it: per ticket (and tier), kept, on devices, sold at the box office. */
export async function allocationView(db: Db, event: EventRow, dateId: number): Promise<AllocationDto> {
  const catalogue = await loadCatalogue(db, event);
  allocationDate(catalogue, dateId);
  const orderId = await holdingOrderOf(db, dateId);
  const kept = orderId ? await keptUnits(db, orderId, false) : [];
  const sold = await rowsOf<{ ticket_id: number; tier_id: number | null; n: number }>(
    db,
    sql`select a.ticket_id, a.tier_id, count(*)::int as n from attendees a join orders o on o.id = a.order_id
      where a.event_date_id = ${dateId} and a.status = 'ACTIVE' and o.channel = 'BOX_OFFICE'
      group by a.ticket_id, a.tier_id`,
  );
  const soldOf = new Map(sold.map((r) => [keptKey(r.ticket_id, r.tier_id), r.n]));
  const items: AllocationDto['items'] = [];
  for (const t of keepable(catalogue)) {
    const parts = t.ticket.type === 'TIERED' ? t.tiers.map((x) => ({ id: x.id, label: x.label })) : [null];
    for (const tier of parts) {
      const k = keptKey(t.ticket.id, tier?.id ?? null);
      const mine = kept.filter((u) => keptKey(u.ticket_id, u.tier_id) === k);
      items.push({
        ticket_id: t.ticket.id,
        tier_id: tier?.id ?? null,
        name: tier ? `${t.ticket.name} – ${tier.label}` : t.ticket.name,
        kept: mine.length,
        claimed: mine.filter((u) => u.shift_id !== null).length,
        sold: soldOf.get(k) ?? 0,
      });
    }
  }
  return { date_id: dateId, items };
}

/** The date's holding order, made (with its allocation row) when the first units are kept; locked. */
async function lockHoldingOrder(tx: Tx, event: EventRow, dateId: number, now: Date): Promise<number> {
  const existing = await holdingOrderOf(tx, dateId);
  if (existing === null) {
    const [order] = await tx
      .insert(orders)
      .values({
        account_id: event.account_id,
        event_id: event.id,
        short_id: newOrderShortId(),
        order_number: newOrderNumber(),
        checkout_token_hash: hashToken(newToken()),
        status: 'RESERVED',
        payment_status: 'NO_PAYMENT_REQUIRED',
        reserved_until: null,
        channel: 'BOX_OFFICE',
        currency: event.currency,
        total: 0,
        subtotal: 0,
        tax_total: 0,
        fee_total: 0,
        discount_total: 0,
        locale: 'en',
        created_at: now,
        updated_at: now,
      })
      .returning({ id: orders.id });
    const made = await tx
      .insert(boxOfficeAllocations)
      .values({ account_id: event.account_id, event_id: event.id, event_date_id: dateId, order_id: order!.id })
      .onConflictDoNothing()
      .returning({ id: boxOfficeAllocations.id });
    // Another edit made it first: this order is not needed.
    if (!made.length) await tx.delete(orders).where(sql`id = ${order!.id}`);
  }
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`select o.id from orders o join box_office_allocations b on b.order_id = o.id
      where b.event_date_id = ${dateId} for update of o`,
  );
  return row!.id;
}

/**
 * Sets how many units of each ticket (and tier) the date keeps for the door: more are taken through the stock module
 * (refused on the line's field when the stock has no room), fewer given back from those not on a device (refused
 * below what devices hold).
 */
export async function setAllocation(
  db: Db,
  stock: StockDeps,
  event: EventRow,
  dateId: number,
  input: AllocationBody,
  now: Date,
): Promise<void> {
  const catalogue = await loadCatalogue(db, event);
  const date = allocationDate(catalogue, dateId);
  if (date.status === 'CANCELLED')
    throw new DomainError('VALIDATION_FAILED', { fields: { items: [{ key: 'date_cancelled' }] } });
  const allowed = new Map<string, { admits: boolean; name: string }>();
  for (const t of keepable(catalogue)) {
    const admits = t.ticket.product_type === 'TICKET';
    if (t.ticket.type === 'TIERED')
      for (const x of t.tiers)
        allowed.set(keptKey(t.ticket.id, x.id), { admits, name: `${t.ticket.name} – ${x.label}` });
    else allowed.set(keptKey(t.ticket.id, null), { admits, name: t.ticket.name });
  }
  input.items.forEach((item, n) => {
    if (!allowed.has(keptKey(item.ticket_id, item.tier_id ?? null)))
      throw new DomainError('VALIDATION_FAILED', {
        fields: { [`items.${n}.ticket_id`]: [{ key: 'not_for_allocation' }] },
      });
  });

  await db.transaction(async (tx) => {
    const orderId = await lockHoldingOrder(tx, event, dateId, now);
    const kept = await keptUnits(tx, orderId, true);
    let next = kept.reduce((m, u) => Math.max(m, u.position), 0) + 1;
    for (const [n, item] of input.items.entries()) {
      const tierId = item.tier_id ?? null;
      const mine = kept.filter((u) => keptKey(u.ticket_id, u.tier_id) === keptKey(item.ticket_id, tierId));
      const diff = item.quantity - mine.length;
      const field = `items.${n}.quantity`;
      if (diff < 0) {
        const free = mine.filter((u) => u.shift_id === null);
        const claimed = mine.length - free.length;
        if (item.quantity < claimed) throw belowTaken(field, claimed, 'below_claimed');
        for (const u of free.slice(0, -diff)) await releaseAttendeeUnit(tx, stock, event.id, u.id, now);
        continue;
      }
      if (diff === 0) continue;
      const line = {
        ticketId: item.ticket_id,
        tierId,
        dateId,
        name: allowed.get(keptKey(item.ticket_id, tierId))!.name,
      };
      const itemId = await holdingLine(tx, orderId, line);
      const admits = allowed.get(keptKey(item.ticket_id, tierId))!.admits;
      const units = Array.from({ length: diff }, () => ({
        ticket_id: item.ticket_id,
        tier_id: tierId,
        event_date_id: dateId,
        is_admission: admits,
        seat_id: null,
      }));
      const first = next;
      next += diff;
      try {
        await takeNewUnit(tx, stock, event.id, units, async (sp) => {
          const rows = units.map((u, i) => ({
            ...u,
            account_id: event.account_id,
            event_id: event.id,
            order_id: orderId,
            order_item_id: itemId,
            short_id: newAttendeeShortId(),
            status: 'RESERVED' as const,
            locale: 'en' as const,
            position: first + i,
            created_at: now,
            updated_at: now,
          }));
          // In slices: one statement carries at most 65,535 values.
          for (let at = 0; at < rows.length; at += 1000) await sp.insert(attendees).values(rows.slice(at, at + 1000));
        });
      } catch (err) {
        if (err instanceof StockShortage || err instanceof StaleStockLayout)
          throw new DomainError('VALIDATION_FAILED', { fields: { [field]: [{ key: 'allocation_no_room' }] } });
        throw err;
      }
    }
  });
}

/** The holding order's line for a ticket (and tier), made at its first units. */
async function holdingLine(
  tx: Tx,
  orderId: number,
  { ticketId, tierId, dateId, name }: { ticketId: number; tierId: number | null; dateId: number; name: string },
) {
  const [found] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from order_items where order_id = ${orderId} and ticket_id = ${ticketId}
      and tier_id is not distinct from ${tierId} limit 1`,
  );
  if (found) return found.id;
  const [made] = await tx
    .insert(orderItems)
    .values({
      order_id: orderId,
      ticket_id: ticketId,
      tier_id: tierId,
      event_date_id: dateId,
      ticket_name: name,
      tier_label: null,
      quantity: 0,
      unit: NO_PRICE,
      total: 0,
    })
    .returning({ id: orderItems.id });
  return made!.id;
}

/**
 * Tops the caller's shift up to `CLAIM_BLOCK` unclaimed units of each ticket kept on the date, and returns every unit
 * the shift holds there, numbered, with its signed ticket code: what the device may sell with the network gone.
 */
export async function claimUnits(
  db: Db,
  eventId: number,
  userId: number,
  dateId: number,
  now: Date,
): Promise<OfflineUnitsDto> {
  const units = await db.transaction(async (tx) => {
    const shift = await lockOpenShift(tx, eventId, userId);
    const [alloc] = await rowsOf<{ order_id: number }>(
      tx,
      sql`select b.order_id from box_office_allocations b where b.event_date_id = ${dateId} and b.event_id = ${eventId}`,
    );
    if (!alloc) return [];
    await tx.execute(sql`select id from orders where id = ${alloc.order_id} for update`);
    const kept = await keptUnits(tx, alloc.order_id, true);
    const held = new Map<string, number>();
    for (const u of kept)
      if (u.shift_id === shift.id)
        held.set(keptKey(u.ticket_id, u.tier_id), (held.get(keptKey(u.ticket_id, u.tier_id)) ?? 0) + 1);
    const take: number[] = [];
    for (const u of kept) {
      if (u.shift_id !== null) continue;
      const k = keptKey(u.ticket_id, u.tier_id);
      if ((held.get(k) ?? 0) >= CLAIM_BLOCK) continue;
      held.set(k, (held.get(k) ?? 0) + 1);
      take.push(u.id);
    }
    if (take.length)
      await tx.execute(
        sql`insert into box_office_claims (attendee_id, shift_id, claimed_at)
          select unnest(${sql.raw(`array[${take.join(',')}]`)}::int[]), ${shift.id}, ${now}`,
      );
    const chosen = new Set(take);
    return kept.filter((u) => u.shift_id === shift.id || chosen.has(u.id));
  });
  const out: OfflineUnitsDto['units'] = [];
  for (const u of units)
    out.push({
      attendee_id: u.id,
      unit: u.position,
      short_id: u.short_id,
      ticket_id: u.ticket_id,
      tier_id: u.tier_id,
      qr_code: await signedTicketCode(db, eventId, u.short_id),
    });
  return { date_id: dateId, units: out };
}

/** A unit the shift may sell from its claim: its row, locked. */
export interface ClaimedUnit {
  id: number;
  ticket_id: number;
  tier_id: number | null;
}

/**
 * The units a sale on a date may take from the shift's claim, locked, the ones the device named first (an offline
 * sale's), then the lowest numbers.
 */
export async function lockClaimedUnits(
  tx: Tx,
  shiftId: number,
  dateId: number,
  named: readonly number[],
): Promise<ClaimedUnit[]> {
  const ids = sql.raw(`array[${named.map(Number).join(',')}]::int[]`);
  return rowsOf<ClaimedUnit>(
    tx,
    sql`select a.id, a.ticket_id, a.tier_id from box_office_claims c join attendees a on a.id = c.attendee_id
      where c.shift_id = ${shiftId} and a.event_date_id = ${dateId} and a.status = 'RESERVED'
      order by (a.id = any(${ids})) desc, a.position, a.id for update of a`,
  );
}

/** Ends the claims of units a sale moved to its order. */
export async function endClaims(tx: Tx, attendeeIds: readonly number[]) {
  if (attendeeIds.length)
    await tx.execute(
      sql`delete from box_office_claims where attendee_id = any(${sql.raw(`array[${attendeeIds.map(Number).join(',')}]::int[]`)})`,
    );
}

/** Units kept for the door on a date and not sold yet, per ticket (and tier), keyed `ticketId:tierId`. */
export async function keptOnDate(db: Executor, dateId: number): Promise<Map<string, number>> {
  const rows = await rowsOf<{ ticket_id: number; tier_id: number | null; n: number }>(
    db,
    sql`select a.ticket_id, a.tier_id, count(*)::int as n from box_office_allocations b
      join attendees a on a.order_id = b.order_id and a.status = 'RESERVED'
      where b.event_date_id = ${dateId} group by a.ticket_id, a.tier_id`,
  );
  return new Map(rows.map((r) => [keptKey(r.ticket_id, r.tier_id), r.n]));
}
