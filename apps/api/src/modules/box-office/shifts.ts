import type { BoxOfficeMethod, BoxOfficeShiftDto, CloseShiftBody } from '@admitone/shared';
import { BOX_OFFICE_METHODS } from '@admitone/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';

import type { Db, Executor, Tx } from '../../db/client.js';
import { boxOfficeShifts, orders, users } from '../../db/schema/index.js';
import { DomainError, isUniqueViolation } from '../../shared/errors.js';

type ShiftRow = typeof boxOfficeShifts.$inferSelect;

const UNPAID = new Set(['RESERVED', 'PROCESSING', 'ABANDONED', 'REFUND_PENDING']);

/** A shift's sales that stand, by method, the voided ones, and the last that stands. */
async function salesOf(db: Executor, shiftId: number) {
  const rows = await db
    .select({
      id: orders.id,
      order_number: orders.order_number,
      total: orders.total,
      status: orders.status,
      cancelled: orders.cancelled_at,
      payment: orders.box_office_payment,
    })
    .from(orders)
    .where(eq(orders.box_office_shift_id, shiftId))
    .orderBy(desc(orders.id));
  const sales = Object.fromEntries(BOX_OFFICE_METHODS.map((m) => [m, { count: 0, total: 0 }])) as Record<
    BoxOfficeMethod,
    { count: number; total: number }
  >;
  let voided = 0;
  let last: BoxOfficeShiftDto['last_sale'] = null;
  for (const r of rows) {
    // Cancelled (a card sale voided is refunded and cancelled).
    if (r.status === 'CANCELLED' || (r.status === 'REFUNDED' && r.cancelled)) {
      voided++;
      continue;
    }
    // A card sale not paid (yet), or whose payment is going back: no sale.
    if (UNPAID.has(r.status)) continue;
    const method = r.payment?.method ?? 'CASH';
    sales[method].count++;
    sales[method].total += r.total;
    last ??= { order_id: r.id, order_number: r.order_number, total: r.total, method };
  }
  return { sales, voided, last };
}

/** A shift as the screen and the report show it; the expected cash is the float and the cash sales that stand. */
export async function shiftView(db: Executor, shift: ShiftRow): Promise<BoxOfficeShiftDto> {
  const [staff] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, shift.user_id));
  const { sales, voided, last } = await salesOf(db, shift.id);
  const expected = shift.closed_at ? shift.expected_cash! : shift.float + sales.CASH.total;
  return {
    id: shift.id,
    event_id: shift.event_id,
    staff: { id: staff?.id ?? shift.user_id, name: staff?.name ?? '' },
    opened_at: shift.opened_at.toISOString(),
    closed_at: shift.closed_at?.toISOString() ?? null,
    float: shift.float,
    sales,
    voided,
    expected_cash: expected,
    counted: shift.counted ?? null,
    counted_total: shift.counted_total ?? null,
    difference: shift.counted_total === null ? null : shift.counted_total - expected,
    note: shift.note ?? null,
    last_sale: shift.closed_at ? null : last,
  };
}

/** A person's open shift at an event (at most one: a partial unique index). */
const openShiftOf = (eventId: number, userId: number) =>
  and(eq(boxOfficeShifts.event_id, eventId), eq(boxOfficeShifts.user_id, userId), isNull(boxOfficeShifts.closed_at));

/** The caller's open shift at the event, for a change (locked), or SHIFT_NOT_OPEN. */
export async function lockOpenShift(tx: Tx, eventId: number, userId: number): Promise<ShiftRow> {
  const [row] = await tx.select().from(boxOfficeShifts).where(openShiftOf(eventId, userId)).for('update');
  if (!row) throw new DomainError('SHIFT_NOT_OPEN');
  return row;
}

/** The caller's open shift at the event as the screen shows it, or null. */
export async function openShiftView(db: Executor, eventId: number, userId: number): Promise<BoxOfficeShiftDto | null> {
  const [row] = await db.select().from(boxOfficeShifts).where(openShiftOf(eventId, userId));
  return row ? shiftView(db, row) : null;
}

/** Opens the caller's shift with its float; one open shift per person and event (SHIFT_ALREADY_OPEN). */
export async function openShift(
  db: Executor,
  where: { accountId: number; eventId: number; userId: number },
  float: number,
  now: Date,
): Promise<BoxOfficeShiftDto> {
  try {
    const [row] = await db
      .insert(boxOfficeShifts)
      .values({
        account_id: where.accountId,
        event_id: where.eventId,
        user_id: where.userId,
        float,
        opened_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning();
    return shiftView(db, row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError('SHIFT_ALREADY_OPEN');
    throw err;
  }
}

/**
 * Closes the caller's open shift: the cash counted per denomination, its sum and the expected cash (the float and the
 * cash sales that stand) are kept as they are now; the shift never changes again.
 */
export async function closeShift(
  db: Db,
  where: { eventId: number; userId: number; shiftId: number },
  input: CloseShiftBody,
  now: Date,
): Promise<BoxOfficeShiftDto> {
  return db.transaction((tx) => closeInTx(tx, where, input, now));
}

async function closeInTx(
  tx: Tx,
  where: { eventId: number; userId: number; shiftId: number },
  input: CloseShiftBody,
  now: Date,
): Promise<BoxOfficeShiftDto> {
  const shift = await lockOpenShift(tx, where.eventId, where.userId);
  if (shift.id !== where.shiftId) throw new DomainError('SHIFT_NOT_OPEN');
  const { sales } = await salesOf(tx, shift.id);
  // Units kept for the door that its device did not sell go back to the allocation for other devices.
  await tx.execute(sql`delete from box_office_claims where shift_id = ${shift.id}`);
  const counted = input.counted.filter((c) => c.count > 0).sort((a, b) => b.value - a.value);
  const [closed] = await tx
    .update(boxOfficeShifts)
    .set({
      closed_at: now,
      counted,
      counted_total: counted.reduce((s, c) => s + c.value * c.count, 0),
      expected_cash: shift.float + sales.CASH.total,
      note: input.note ?? null,
      updated_at: now,
    })
    .where(eq(boxOfficeShifts.id, shift.id))
    .returning();
  return shiftView(tx, closed!);
}

/** The event's shifts, newest first: every one for those who manage the event, else the caller's own. */
export async function listShifts(db: Executor, eventId: number, userId: number | null): Promise<BoxOfficeShiftDto[]> {
  const rows = await db
    .select()
    .from(boxOfficeShifts)
    .where(
      and(eq(boxOfficeShifts.event_id, eventId), userId === null ? sql`true` : eq(boxOfficeShifts.user_id, userId)),
    )
    .orderBy(desc(boxOfficeShifts.opened_at), desc(boxOfficeShifts.id))
    .limit(500);
  const out: BoxOfficeShiftDto[] = [];
  for (const r of rows) out.push(await shiftView(db, r));
  return out;
}
