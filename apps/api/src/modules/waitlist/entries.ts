import {
  type PublicWaitlistEntryDto,
  WAITLIST_STATES,
  type WaitlistDemandDto,
  type WaitlistEntryDto,
  type WaitlistState,
} from '@admitone/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';

import type { Db, Executor, Tx } from '../../db/client.js';
import { orders, waitlistEntries } from '../../db/schema/index.js';
import { DomainError, notFound } from '../../shared/errors.js';
import { hashToken } from '../../shared/tokens.js';
import { checkDateFilter } from '../event-dates/order-dates.js';
import { rowsOf } from '../inventory/counters.js';
import { releaseOrderUnits, type StockDeps } from '../inventory/order-units.js';
import { positionSql, purchaseJoin, stateSql } from './waitlist-state.js';

/** An entry as read: the organizer's DTO with the event, the offer's token hash and raw instants. */
type EntryRow = Omit<WaitlistEntryDto, 'created_at' | 'offered_at' | 'offer_expires_at' | 'date_start'> & {
  event_id: number;
  offer_token_hash: string | null;
  date_start: Date | string;
  created_at: Date | string;
  offered_at: Date | string | null;
  offer_expires_at: Date | string | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Entries of an event (one, or those matching a token), with their state and place read as of `now`. */
async function readEntries(db: Executor, now: Date, where: ReturnType<typeof sql>): Promise<EntryRow[]> {
  const rows = await rowsOf<EntryRow>(
    db,
    sql`select w.id, w.event_id, w.ticket_id, t.name as ticket_name, w.tier_id, x.label as tier_label,
               w.event_date_id, d.start_date as date_start, d.label as date_label, w.first_name, w.last_name, w.email, w.quantity, w.locale,
               ${stateSql(sql`${now}`)} as state, ${positionSql} as position, w.created_at, w.offered_at, w.offer_expires_at,
               p.id as order_id, p.order_number, w.offer_token_hash
        from waitlist_entries w
        join tickets t on t.id = w.ticket_id
        join event_dates d on d.id = w.event_date_id
        left join ticket_tiers x on x.id = w.tier_id
        ${purchaseJoin}
        where ${where}
        order by w.id`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    event_id: Number(r.event_id),
    ticket_id: Number(r.ticket_id),
    tier_id: r.tier_id === null ? null : Number(r.tier_id),
    event_date_id: Number(r.event_date_id),
    quantity: Number(r.quantity),
    position: r.position === null ? null : Number(r.position),
    order_id: r.order_id === null ? null : Number(r.order_id),
  }));
}

const toDto = ({ event_id: _event, offer_token_hash: _token, ...r }: EntryRow): WaitlistEntryDto => ({
  ...r,
  date_start: iso(r.date_start)!,
  created_at: iso(r.created_at)!,
  offered_at: iso(r.offered_at),
  offer_expires_at: iso(r.offer_expires_at),
});

/**
 * The organizer's waitlist of an event: entries (filtered by state and ticket), counts per state and demand per
 * ticket; with a date, all three are that date's.
 */
export async function eventWaitlist(
  db: Executor,
  eventId: number,
  now: Date,
  filter: { state?: WaitlistState; ticket_id?: number; event_date_id?: number } = {},
) {
  await checkDateFilter(db, eventId, filter.event_date_id, 'event_date_id');
  const onDate = filter.event_date_id === undefined ? sql`` : sql` and w.event_date_id = ${filter.event_date_id}`;
  const all = await readEntries(db, now, sql`w.event_id = ${eventId}${onDate}`);
  const counts = Object.fromEntries(WAITLIST_STATES.map((s) => [s, 0])) as Record<WaitlistState, number>;
  for (const r of all) counts[r.state]++;
  const entries = all
    .filter(
      (r) => (!filter.state || r.state === filter.state) && (!filter.ticket_id || r.ticket_id === filter.ticket_id),
    )
    .map(toDto);
  return { entries, counts, demand: demandOf(all) };
}

/** People and tickets waiting per ticket (and tickets held in open offers), most wanted first. */
function demandOf(rows: EntryRow[]): WaitlistDemandDto[] {
  const byTicket = new Map<number, WaitlistDemandDto>();
  for (const r of rows) {
    if (r.state !== 'WAITING' && r.state !== 'OFFERED') continue;
    const d = byTicket.get(r.ticket_id) ?? {
      ticket_id: r.ticket_id,
      ticket_name: r.ticket_name,
      waiting_people: 0,
      waiting_units: 0,
      offered_units: 0,
    };
    if (r.state === 'WAITING') {
      d.waiting_people++;
      d.waiting_units += r.quantity;
    } else d.offered_units += r.quantity;
    byTicket.set(r.ticket_id, d);
  }
  return [...byTicket.values()].sort((a, b) => b.waiting_units - a.waiting_units || a.ticket_id - b.ticket_id);
}

/** Demand for the dashboard: only WAITING and OFFERED entries are read. */
export async function waitlistDemand(db: Executor, eventId: number, now: Date): Promise<WaitlistDemandDto[]> {
  return demandOf(await readEntries(db, now, sql`w.event_id = ${eventId} and w.status in ('WAITING', 'OFFERED')`));
}

/** One entry of the organizer's event, or 404. */
export async function organizerEntry(
  db: Executor,
  eventId: number,
  entryId: number,
  now: Date,
): Promise<WaitlistEntryDto> {
  const [row] = await readEntries(db, now, sql`w.event_id = ${eventId} and w.id = ${entryId}`);
  if (!row) throw notFound();
  return toDto(row);
}

/** The entry a link opens: the leave token of the joined mail, or the token of the offer mail. */
async function entryByToken(db: Executor, eventId: number, token: string, now: Date): Promise<EntryRow | null> {
  const hash = hashToken(token);
  const [row] = await readEntries(
    db,
    now,
    sql`w.event_id = ${eventId} and (w.leave_token_hash = ${hash} or w.offer_token_hash = ${hash})`,
  );
  return row ?? null;
}

/** What the person on the list sees on their entry's page. */
export async function publicEntry(
  db: Executor,
  eventId: number,
  token: string,
  now: Date,
): Promise<PublicWaitlistEntryDto> {
  const row = await entryByToken(db, eventId, token, now);
  if (!row) throw notFound();
  const [e] = await rowsOf<{ title: string; timezone: string }>(
    db,
    sql`select title, timezone from events where id = ${eventId}`,
  );
  // The offer's checkout: the link in the offer mail (only its own token opens it).
  const offerToken = row.state === 'OFFERED' && row.offer_token_hash === hashToken(token) ? token : null;
  const [order] = offerToken
    ? await rowsOf<{ short_id: string; secret: string }>(
        db,
        sql`select short_id, secret from orders where event_id = ${eventId} and checkout_token_hash = ${row.offer_token_hash} and status = 'RESERVED' order by id desc limit 1`,
      )
    : [];
  return {
    event_id: eventId,
    event_title: e!.title,
    event_start_date: iso(row.date_start)!,
    event_timezone: e!.timezone,
    date_label: row.date_label,
    ticket_name: row.ticket_name,
    tier_label: row.tier_label,
    quantity: row.quantity,
    state: row.state,
    position: row.position,
    offer_expires_at: row.state === 'OFFERED' ? iso(row.offer_expires_at) : null,
    checkout_path:
      order && offerToken
        ? `/checkout/${eventId}/${encodeURIComponent(order.short_id)}/details#token=${offerToken}&secret=${order.secret}`
        : null,
  };
}

/**
 * An entry leaves the list: by its holder (LEFT) or the organizer (REMOVED). A WAITING entry just
 * changes state. An open offer is withdrawn: the orders held with its checkout token (the offer's, or
 * one the buyer chose again in that checkout) are locked in id order and their units given back through
 * the stock module, then the entry changes, in that order (orders, counters, entry: docs/LOCKING.md).
 * An entry whose offer was bought or ran out keeps that state for its holder (nothing to give back);
 * the organizer cannot remove a purchase (WAITLIST_ENTRY_CHANGED). Returns whether units came back.
 */
export async function withdrawEntry(
  db: Db,
  stock: StockDeps,
  eventId: number,
  by: { id: number; accountId: number } | { token: string },
  to: 'LEFT' | 'REMOVED',
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const now = stock.clock.now();
    const found =
      'token' in by
        ? await entryByToken(db, eventId, by.token, now)
        : (
            await readEntries(
              db,
              now,
              sql`w.event_id = ${eventId} and w.id = ${by.id} and w.account_id = ${by.accountId}`,
            )
          )[0];
    if (!found) throw notFound();
    if (found.state === 'LEFT' || found.state === 'REMOVED') return false;
    if (found.state === 'PURCHASED' || (found.state === 'EXPIRED' && to === 'LEFT')) {
      if (to === 'REMOVED' && found.state === 'PURCHASED') throw new DomainError('WAITLIST_ENTRY_CHANGED');
      return false;
    }
    const stored = found.state === 'WAITING' ? 'WAITING' : 'OFFERED';
    const done = await db
      .transaction(async (tx) => {
        let released = false;
        if (stored === 'OFFERED') released = await releaseOffer(tx, stock, eventId, found.offer_token_hash!, now);
        const changed = await tx
          .update(waitlistEntries)
          .set({ status: to, left_at: now, updated_at: now })
          .where(and(eq(waitlistEntries.id, found.id), eq(waitlistEntries.status, stored)))
          .returning({ id: waitlistEntries.id });
        // Offered (or left) meanwhile: undo and read it again.
        if (!changed.length) throw new EntryMoved();
        return released;
      })
      .catch((err: unknown) => {
        if (err instanceof EntryMoved && attempt < 3) return null;
        if (err instanceof EntryMoved) throw new DomainError('WAITLIST_ENTRY_CHANGED');
        throw err;
      });
    if (done !== null) return done;
  }
}

class EntryMoved extends Error {}

/** Gives back the units of an offer's open checkout (its RESERVED orders, locked in id order). */
async function releaseOffer(tx: Tx, stock: StockDeps, eventId: number, tokenHash: string, now: Date): Promise<boolean> {
  const held = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.event_id, eventId),
        eq(orders.checkout_token_hash, tokenHash),
        inArray(orders.status, ['RESERVED', 'PROCESSING']),
      ),
    )
    .orderBy(orders.id)
    .for('update');
  // A card payment under way: the buyer is paying; leaving now would race it.
  if (held.some((o) => o.status === 'PROCESSING')) throw new DomainError('WAITLIST_ENTRY_CHANGED');
  let released = false;
  for (const o of held) {
    released = (await releaseOrderUnits(tx, stock, o, 'ABANDONED', now)) > 0 || released;
    await tx
      .update(orders)
      .set({ status: 'ABANDONED', reserved_until: null, updated_at: now })
      .where(eq(orders.id, o.id));
  }
  return released;
}
