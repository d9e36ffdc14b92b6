import type { AttendeeStatus } from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Tx } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import { changesOf, normalise, UNIT_COLUMNS, type UnitRow, unitsOfRows } from './changes.js';
import { applyChanges, type ChainOptions, rowsOf, type StockGuard } from './counters.js';
import { withCurrentLayout } from './layout.js';

/** What every stock change needs: the clock (hold deadlines) and the guard (the control run swaps it). */
export interface StockDeps {
  clock: Clock;
  guard: StockGuard;
}

/** Attendee states whose unit counts as taken (sold or held). */
export const COUNTED: readonly AttendeeStatus[] = ['RESERVED', 'AWAITING_PAYMENT', 'ACTIVE'];
const counted = sql.raw(`('RESERVED', 'AWAITING_PAYMENT', 'ACTIVE')`);

/** The order fields that say whether its promo code use still counts. */
export interface OrderStockState {
  id: number;
  event_id: number;
  status: string;
  promo_code_id: number | null;
  hold_released_at: Date | null;
  cancelled_at: Date | null;
}

/**
 * An order uses up its promo code from reservation until it is replaced (ABANDONED), cancelled, or its
 * hold runs out and gives its units back. The reconciliation check counts the same way.
 */
export const promoCounted = (o: OrderStockState) =>
  o.promo_code_id !== null &&
  o.hold_released_at === null &&
  o.cancelled_at === null &&
  o.status !== 'ABANDONED' &&
  o.status !== 'CANCELLED';

/**
 * Gives back every counted unit of a (locked) order: its attendees move to `to` in one conditional update,
 * which returns exactly the units that still counted, and those (with the promo use, if it counted) come
 * off the counters in the same transaction. Calling it again gives back nothing.
 */
export async function releaseOrderUnits(
  tx: Tx,
  deps: StockDeps,
  order: OrderStockState,
  to: 'CANCELLED' | 'ABANDONED',
  at: Date,
): Promise<number> {
  return withCurrentLayout(tx, order.event_id, async (sp, layout) => {
    const rows = await rowsOf<UnitRow>(
      sp,
      sql`update attendees set status = ${to}, updated_at = ${at} where order_id = ${order.id} and status in ${counted} returning ${sql.raw(UNIT_COLUMNS)}`,
    );
    const promo = promoCounted(order) ? order.promo_code_id : null;
    await applyChanges(sp, normalise(changesOf(layout, unitsOfRows(rows), promo, -1)), layout, deps.guard);
    return rows.length;
  });
}

/**
 * Takes the units of an order whose hold ran out and gave them back (its attendees ABANDONED) again,
 * through the guarded counters: StockShortage when they are gone (nothing changes then). The order
 * counts again afterwards (`hold_released_at` cleared).
 */
export async function retakeReleasedUnits(tx: Tx, deps: StockDeps, order: OrderStockState, at: Date): Promise<void> {
  await withCurrentLayout(tx, order.event_id, async (sp, layout) => {
    const rows = await rowsOf<UnitRow>(
      sp,
      sql`update attendees set status = 'RESERVED', updated_at = ${at} where order_id = ${order.id} and status = 'ABANDONED' returning ${sql.raw(UNIT_COLUMNS)}`,
    );
    const promo = order.promo_code_id !== null && order.cancelled_at === null ? order.promo_code_id : null;
    await applyChanges(sp, normalise(changesOf(layout, unitsOfRows(rows), promo, 1)), layout, deps.guard);
    await sp.execute(sql`update orders set hold_released_at = null, updated_at = ${at} where id = ${order.id}`);
  });
}

/** One attendee's unit: gives it back when the attendee stops counting (cancelled); returns whether it counted. */
export async function releaseAttendeeUnit(
  tx: Tx,
  deps: StockDeps,
  eventId: number,
  attendeeId: number,
  at: Date,
): Promise<boolean> {
  return withCurrentLayout(tx, eventId, async (sp, layout) => {
    const rows = await rowsOf<UnitRow>(
      sp,
      sql`update attendees set status = 'CANCELLED', updated_at = ${at} where id = ${attendeeId} and status in ${counted} returning ${sql.raw(UNIT_COLUMNS)}`,
    );
    await applyChanges(sp, normalise(changesOf(layout, unitsOfRows(rows), null, -1)), layout, deps.guard);
    return rows.length > 0;
  });
}

/** A cancelled attendee counts again (`to`) if its ticket's stock allows: StockShortage otherwise. */
export async function retakeAttendeeUnit(
  tx: Tx,
  deps: StockDeps,
  eventId: number,
  attendeeId: number,
  to: 'ACTIVE' | 'AWAITING_PAYMENT',
  at: Date,
): Promise<void> {
  await withCurrentLayout(tx, eventId, async (sp, layout) => {
    const rows = await rowsOf<UnitRow>(
      sp,
      sql`update attendees set status = ${to}, updated_at = ${at} where id = ${attendeeId} and status = 'CANCELLED' returning ${sql.raw(UNIT_COLUMNS)}`,
    );
    await applyChanges(sp, normalise(changesOf(layout, unitsOfRows(rows), null, 1)), layout, deps.guard);
  });
}

/**
 * Moves a counted unit from one ticket (or tier) to another: the new one is taken through its guard and
 * the old one given back, in one ordered change (a capacity covering both does not move).
 */
export async function moveUnit(tx: Tx, deps: StockDeps, eventId: number, from: UnitRow, to: UnitRow): Promise<void> {
  await moveUnits(tx, deps, eventId, [from], [to]);
}

/**
 * Moves counted units at once (an order's to another date): `to` taken through their guards, `from` given back,
 * in one ordered change, so a counter both sides share (a ticket's own quantity, a capacity over every date) does
 * not move. StockShortage when `to` does not fit; nothing changes then.
 */
export async function moveUnits(
  tx: Tx,
  deps: StockDeps,
  eventId: number,
  from: readonly UnitRow[],
  to: readonly UnitRow[],
): Promise<void> {
  await withCurrentLayout(tx, eventId, async (sp, layout) => {
    const changes = [...changesOf(layout, unitsOfRows(from), null, -1), ...changesOf(layout, unitsOfRows(to), null, 1)];
    await applyChanges(sp, normalise(changes), layout, deps.guard);
  });
}

/**
 * Takes one new unit (an organizer's manual attendee; `buyer`: a pass's holder picking a date, as a buyer takes),
 * then runs `insert` (which writes the rows the unit is counted by) in the same savepoint: StockShortage when it
 * does not fit.
 */
export async function takeNewUnit<T>(
  tx: Tx,
  deps: StockDeps,
  eventId: number,
  unit: UnitRow | readonly UnitRow[],
  insert: (sp: Tx) => Promise<T>,
  options: ChainOptions = {},
): Promise<T> {
  // Several at once (a pass added by hand: one on each of its dates), all or nothing.
  const units = Array.isArray(unit) ? unit : [unit as UnitRow];
  return withCurrentLayout(tx, eventId, async (sp, layout) => {
    await applyChanges(sp, normalise(changesOf(layout, unitsOfRows(units), null, 1)), layout, deps.guard, options);
    return insert(sp);
  });
}
