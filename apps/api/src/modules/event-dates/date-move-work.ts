import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client.js';
import { dateMoveMails, dateMoves, outbox } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import type { FileStorage } from '../../storage/storage.js';
import { typedMailCount } from '../attendees/typed-addresses.js';
import { rowsOf } from '../inventory/counters.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { enqueueOrderMails } from '../orders/order-mails.js';
import { lockOrder } from '../orders/order-status.js';
import { slotTime } from './date-cancellation-mail.js';
import { standingOrdersOf } from './date-cancellation-orders.js';

/** Orders read per query; each is then told in its own transaction. */
const BATCH = 50;

export interface DateMoveDeps {
  appUrl: string;
  storage: Pick<FileStorage, 'url'>;
  clock: Clock;
}

type Move = typeof dateMoves.$inferSelect;

/** The next orders of the date the move has not told yet, after `afterId`, by id. */
const untoldOrders = (db: Db, m: Move, afterId: number, limit: number) =>
  rowsOf<{ id: number }>(
    db,
    sql`select o.id from orders o where ${standingOrdersOf(m.event_date_id)} and o.id > ${afterId}
      and not exists (select 1 from date_move_mails t where t.move_id = ${m.id} and t.order_id = o.id)
      order by o.id limit ${limit}`,
  );

/**
 * Holds back an order's mails that count against the budget until their place in the move's shares (as a paced
 * message's): the counter on the move's row is taken under the order's lock, one place per such mail.
 */
async function paceMoveMails(tx: Tx, m: Move, orderId: number, ids: number[], now: Date): Promise<void> {
  const counted = await typedMailCount(tx, orderId, ids, 'counted');
  if (!counted) return;
  const [row] = await tx
    .update(dateMoves)
    .set({ typed_mails_written: sql`${dateMoves.typed_mails_written} + ${counted}` })
    .where(eq(dateMoves.id, m.id))
    .returning({ written: dateMoves.typed_mails_written, slots: dateMoves.mail_slots });
  const at = row ? slotTime(row.slots, row.written - 1) : null;
  if (!at || at.getTime() <= now.getTime()) return;
  await tx.update(outbox).set({ available_at: at, created_at: at }).where(inArray(outbox.id, ids));
}

/**
 * Tells one order of a moved date, in one transaction on the locked order: re-checked under the lock (cancelled
 * meanwhile: nothing), then marked told by this move (never twice, whichever worker gets there), its mails
 * written and the history entry recorded. A move a later one took over (finished) tells nobody more: its row
 * is read under a share lock, which the taking over waits for. Returns outbox ids to deliver, or null.
 */
async function tellOrder(db: Db, deps: DateMoveDeps, m: Move, orderId: number): Promise<number[] | null> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, m.event_id, { id: orderId });
    if (order.cancelled_at) return null;
    const [open] = await tx
      .select({ finished: dateMoves.finished_at })
      .from(dateMoves)
      .where(eq(dateMoves.id, m.id))
      .for('share');
    if (!open || open.finished) return null;
    const [marked] = await tx
      .insert(dateMoveMails)
      .values({ move_id: m.id, order_id: orderId })
      .onConflictDoNothing()
      .returning({ order_id: dateMoveMails.order_id });
    if (!marked) return null;
    const now = deps.clock.now();
    const ids = await enqueueOrderMails(tx, { now, appUrl: deps.appUrl, storage: deps.storage }, orderId, {
      dateMoved: { previous_start: m.previous_start, previous_end: m.previous_end, note: m.message },
    });
    const [date] = await rowsOf<{ start_date: Date; end_date: Date | null }>(
      tx,
      sql`select start_date, end_date from event_dates where id = ${m.event_date_id}`,
    );
    await recordOrderEvent(tx, orderId, {
      kind: 'DATE_MOVED',
      userId: m.user_id,
      data: {
        previous_start: m.previous_start.toISOString(),
        start_date: new Date(date!.start_date).toISOString(),
        mails: ids.length,
      },
      at: now,
    });
    await paceMoveMails(tx, m, orderId, ids, now);
    return ids;
  });
}

/**
 * Works through the orders of moved dates (the worker's sweep, and at once after a date moves): for each open
 * move, the date's standing orders it has not told yet, by id, each in a transaction of its own. Exactly once:
 * an order is marked told with its mails (`date_move_mails`), so a crash mid-way or a second worker tells no
 * one twice; the next pass takes up where it stopped. A move with nobody left to tell is marked finished.
 * `limit`: orders at most this run (tests stop a run mid-way with it).
 */
export async function settleDateMoves(
  db: Db,
  deps: DateMoveDeps,
  opts: { limit?: number } = {},
): Promise<{ told: number; mails: number[] }> {
  const open = await db.select().from(dateMoves).where(isNull(dateMoves.finished_at)).orderBy(asc(dateMoves.id));
  const mails: number[] = [];
  let told = 0;
  let left = opts.limit ?? Infinity;
  for (const m of open) {
    let after = 0;
    for (;;) {
      const batch = await untoldOrders(db, m, after, Math.min(BATCH, left));
      for (const { id } of batch) {
        after = id;
        left--;
        const ids = await tellOrder(db, deps, m, id);
        if (ids === null) continue;
        mails.push(...ids);
        told++;
      }
      if (batch.length < BATCH || left <= 0) break;
    }
    if (left <= 0) break;
    if (!(await untoldOrders(db, m, 0, 1)).length)
      await db
        .update(dateMoves)
        .set({ finished_at: deps.clock.now() })
        .where(and(eq(dateMoves.id, m.id), isNull(dateMoves.finished_at)));
  }
  return { told, mails };
}
