import { inLanguage, type Locale } from '@admitone/shared';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

import type { Tx } from '../../db/client.js';
import { sqlNow } from '../../db/sql-now.js';
import type { Clock } from '../../shared/clock.js';
import type { CounterChange, StockLayout } from '../inventory/changes.js';
import { counterChain, type StockGuard } from '../inventory/counters.js';
import type { CapsCheck } from '../inventory/fairness.js';
import { newAttendeeShortId, newOrderNumber } from '../orders/ids.js';
import type { EventRow } from './catalogue.js';
import type { OrderLine } from './order-lines.js';
import type { totalsOf } from './order-lines.js';

/** What a reservation writes besides its lines. */
export interface NewOrder {
  event: EventRow;
  /** The date every unit is for, but a pass's. */
  dateId: number;
  /**
   * Passes: the dates each pass ticket admits on (one attendee row per pass and date; none for a pass whose dates
   * are picked later, whose line is on the order's date; see checkout/passes.ts).
   */
  passDates?: ReadonlyMap<number, readonly number[]>;
  lines: OrderLine[];
  /** A seated event: each line's places, one per unit in order (empty for a line sold without seats). */
  seats?: ReadonlyArray<readonly number[]>;
  totals: ReturnType<typeof totalsOf>;
  promo: { id: number; code: string } | null;
  affiliateId: number | null;
  tokenHash: string;
  clientKey: string | null;
  locale: Locale;
  shortId: string;
  /** The order's secret (the buyer's links need it). */
  secret: string;
  /** How long the hold lasts (default: the event's order timeout; a waitlist offer: its own time). */
  holdMinutes?: number;
  /**
   * Earlier holds of the same checkout this one replaces (locked by `lockEarlierHold`): ABANDONED when it goes through.
   */
  replaces?: number[];
}

/** What rides along in the reservation statement: the fairness caps, and the idempotency key's answer. */
export interface Riders {
  caps: CapsCheck | null;
  storeAnswer: ReturnType<typeof sql> | null;
  /**
   * PostgreSQL: send COMMIT in the same round trip as the statement, so the hot rows' locks are released
   * as soon as the statement is done, not after this process gets round to reading its answer.
   */
  commitWith: boolean;
  /**
   * A buyer's reservation: tickets people are waiting for (an open waitlist) are not taken, and only a date
   * on sale sells.
   */
  buyer: boolean;
  /** Gives back what the transaction claimed before the statement (the idempotency key) when it took nothing. */
  onStop?: ReturnType<typeof sql> | null;
}

/**
 * The reservation statement took nothing (the caps or a counter said no): what it changed was rolled
 * back inside the database (attempt_reservation, migration 0047) and nothing else was written. The
 * caller finds out why by reading.
 */
export class ReservationStopped extends Error {
  constructor() {
    super('reservation stopped');
  }
}

const dialect = new PgDialect();

/** The rows a reservation wrote, as the buyer's answer needs them. */
export interface WrittenOrder {
  id: number;
  shortId: string;
  orderNumber: string;
  reservedUntil: Date;
  createdAt: Date;
  items: Array<{
    id: number;
    ticket_id: number;
    tier_id: number | null;
    ticket_name: string;
    tier_label: string | null;
    quantity: number;
    unit: OrderLine['unit'];
    total: number;
  }>;
  attendees: Array<{
    id: number;
    short_id: string;
    ticket_id: number;
    tier_id: number | null;
    order_item_id: number;
    position: number;
    is_admission: boolean;
    pass_group: string | null;
    seat_id: number | null;
  }>;
}

const list = <T>(values: T[], each: (v: T) => ReturnType<typeof sql>) => sql.join(values.map(each), sql`, `);

/** The earlier holds of the checkout, ABANDONED with their RESERVED attendees only when the chain took everything. */
const replaced = (ids: number[], complete: ReturnType<typeof sql>, now: ReturnType<typeof sql>) => {
  if (!ids.length) return sql``;
  const idList = list(ids, (id) => sql`${id}::int`);
  return sql`ro as (update orders set status = 'ABANDONED', reserved_until = null, updated_at = ${now} where id in (${idList}) and ${complete}),
      ra as (update attendees set status = 'ABANDONED', updated_at = ${now} where order_id in (${idList}) and status = 'RESERVED' and ${complete}),`;
};

/**
 * The reservation in one statement: the client's fairness caps (counted after its lock, taken earlier
 * in the transaction), then the chain of guarded counter updates (inventory/counters.ts), then, only
 * when every counter took its units, the order, its lines, one attendee row per unit, the history entry
 * and the idempotency key's answer. The hot rows' locks are held from the first update to the commit
 * (sent in the same round trip on PostgreSQL). When anything said no, the statement raises (a division
 * by the number of orders inserted, zero), so no COMMIT can keep a counter the chain changed before it
 * stopped. It runs inside `attempt_reservation` (migration 0047), which catches exactly that raise in a
 * subtransaction, runs `onStop` and answers null: a refusal is an answer, not a failed statement, and
 * leaves nothing in the database's log (issue #37). Everything the transaction wrote before the
 * statement is undone by `onStop`, so the COMMIT sent with it keeps nothing: ReservationStopped.
 */
export async function insertReservation(
  tx: Tx,
  clock: Clock,
  guard: StockGuard,
  changes: CounterChange[],
  layout: StockLayout,
  o: NewOrder,
  riders: Riders,
): Promise<WrittenOrder> {
  const now = sqlNow(clock);
  const chain = counterChain(changes, layout, guard, riders.caps?.passes ?? null, { buyer: riders.buyer });
  const shortId = o.shortId;
  const orderNumber = newOrderNumber();
  const passDates = o.passDates ?? new Map<number, readonly number[]>();
  const datesOf = (ticketId: number) => passDates.get(ticketId) ?? [o.dateId];
  const rows = o.lines.reduce((s, l) => s + l.quantity * datesOf(l.ticket.ticket.id).length, 0);
  const shortIds = Array.from({ length: rows }, newAttendeeShortId);
  const { event, totals } = o;
  // The line keeps the ticket's name in the buyer's language (the organizer's translation, else as written).
  const nameOf = (t: (typeof o.lines)[number]['ticket']['ticket']) =>
    inLanguage(t, t.translations, o.locale, ['name']).name;
  // Units of general products are kept as rows (stock counts them) but admit nobody.
  const general = [
    ...new Set(o.lines.filter((l) => l.ticket.ticket.product_type === 'GENERAL').map((l) => l.ticket.ticket.id)),
  ];
  const admits = general.length ? sql`u.ticket_id not in (${list(general, (id) => sql`${id}::int`)})` : sql`true`;
  const values = list(
    o.lines,
    (l) =>
      sql`(${l.ticket.ticket.id}::int, ${l.tier?.id ?? null}::int, ${datesOf(l.ticket.ticket.id)[0] ?? o.dateId}::int, ${nameOf(l.ticket.ticket)}::text, ${l.tier?.label ?? null}::text, ${l.quantity}::int, ${JSON.stringify(l.unit)}::jsonb, ${l.unit.total * l.quantity}::int)`,
  );
  // Each line's places (its n-th unit on the n-th), found again by the line's ticket, tier and unit price.
  const seatValues = o.lines.flatMap((l, n) => {
    const seats = o.seats?.[n] ?? [];
    return seats.length
      ? [
          sql`(${l.ticket.ticket.id}::int, ${l.tier?.id ?? null}::int, ${JSON.stringify(l.unit)}::jsonb, array[${list([...seats], (id) => sql`${id}::int`)}]::int[])`,
        ]
      : [];
  });
  const seatTable = seatValues.length
    ? sql`(values ${sql.join(seatValues, sql`, `)}) as sv(ticket_id, tier_id, unit, seats)`
    : sql`(select null::int as ticket_id, null::int as tier_id, null::jsonb as unit, null::int[] as seats where false) as sv`;
  // Each pass ticket's dates; a unit of any other line is one row on the order's date.
  const passValues = [...passDates].map(
    ([id, ds]) => sql`(${id}::int, array[${list([...ds], (d) => sql`${d}::int`)}]::int[])`,
  );
  const passTable = passValues.length
    ? sql`(values ${sql.join(passValues, sql`, `)}) as pd(ticket_id, dates)`
    : sql`(select null::int as ticket_id, null::int[] as dates where false) as pd`;
  const statement = sql`with ${riders.caps ? sql`${riders.caps.cte}, ` : sql``}${chain.ctes},
      o as (
        insert into orders (account_id, event_id, short_id, order_number, checkout_token_hash, secret, status, payment_status, currency, subtotal, discount_total,
                            fee_total, tax_total, total, promo_code_id, promo_code, affiliate_id, locale, client_key, reserved_until, created_at, updated_at)
        select ${event.account_id}, ${event.id}, ${shortId}, ${orderNumber}, ${o.tokenHash}, ${o.secret}, 'RESERVED', ${totals.total === 0 ? 'NO_PAYMENT_REQUIRED' : 'AWAITING_PAYMENT'},
               ${event.currency}, ${totals.subtotal}, ${totals.discount_total}, ${totals.fee_total}, ${totals.tax_total}, ${totals.total},
               ${o.promo?.id ?? null}::int, ${o.promo?.code ?? null}::text, ${o.affiliateId}::int, ${o.locale}, ${o.clientKey}::text,
               ${now} + make_interval(mins => ${o.holdMinutes ?? event.order_timeout_minutes}::int), ${now}, ${now}
        where ${chain.complete}
        returning id, reserved_until, created_at),
      i as (
        insert into order_items (order_id, ticket_id, tier_id, event_date_id, ticket_name, tier_label, quantity, unit, total)
        select o.id, v.ticket_id, v.tier_id, v.event_date_id, v.ticket_name, v.tier_label, v.quantity, v.unit, v.total
        from o cross join (values ${values}) as v(ticket_id, tier_id, event_date_id, ticket_name, tier_label, quantity, unit, total)
        returning id, ticket_id, tier_id, ticket_name, tier_label, quantity, unit, total),
      a as (
        insert into attendees (account_id, event_id, order_id, order_item_id, ticket_id, tier_id, event_date_id, short_id, pass_group, status, locale, position, is_admission, seat_id, created_at, updated_at)
        select ${event.account_id}, ${event.id}, o.id, u.id, u.ticket_id, u.tier_id, u.date_id, ids.a[u.n], case when u.pass then ids.a[u.n - u.k + 1] end,
               'RESERVED', ${o.locale}, u.n - 1, ${admits}, u.seat_id, ${now}, ${now}
        from o cross join (select array[${list(shortIds, (s) => sql`${s}`)}]::text[] as a) ids
        cross join (
          select i.id, i.ticket_id, i.tier_id, d.date_id, d.k::int, pd.ticket_id is not null as pass, sv.seats[g] as seat_id,
                 row_number() over (order by i.id, g, d.k)::int as n
          from i cross join generate_series(1, i.quantity) g
          left join ${passTable} on pd.ticket_id = i.ticket_id
          left join ${seatTable} on sv.ticket_id = i.ticket_id and sv.tier_id is not distinct from i.tier_id and sv.unit = i.unit
          cross join lateral unnest(coalesce(pd.dates, array[${o.dateId}::int])) with ordinality as d(date_id, k)) u
        returning id, short_id, ticket_id, tier_id, order_item_id, position, is_admission, pass_group, seat_id),
      ${replaced(o.replaces ?? [], chain.complete, now)}
      h as (
        insert into order_events (order_id, kind, data, created_at)
        select o.id, 'RESERVED', ${JSON.stringify({ total: totals.total })}::jsonb, ${now} from o)
      ${riders.storeAnswer ? sql`, k as (${riders.storeAnswer} and exists (select 1 from o))` : sql``}
      select 1 / (select count(*) from o)::int as stop, (select id from o) as order_id, (select reserved_until from o) as reserved_until, (select created_at from o) as created_at,
        (select json_agg(i order by i.id) from i) as items, (select json_agg(a order by a.position) from a) as people`;
  type Row = {
    order_id: number;
    reserved_until: Date | string;
    created_at: Date | string;
    items: WrittenOrder['items'] | null;
    people: WrittenOrder['attendees'] | null;
  };
  // The statement travels as text (its values inlined as literals: standard_conforming_strings is on
  // for every connection), so the function can run it in its own subtransaction.
  const text = (q: ReturnType<typeof sql>) => dialect.sqlToQuery(q.inlineParams()).sql;
  const attempt = sql`select attempt_reservation(${text(statement)}, ${riders.onStop ? text(riders.onStop) : null}::text) as answer`;
  // With the COMMIT in the same round trip, a new transaction is opened after it for the one the
  // caller's transaction block ends (so no COMMIT or ROLLBACK finds none in progress).
  const result = (await tx.execute(
    riders.commitWith ? sql`${attempt.inlineParams()}; commit; begin` : attempt,
  )) as unknown as { rows: Array<{ answer: Row | null }> } | Array<{ rows: Array<{ answer: Row | null }> }>;
  const answer = (Array.isArray(result) ? result[0]! : result).rows[0]!.answer;
  if (!answer) throw new ReservationStopped();
  const row: Row = answer;
  return {
    id: Number(row.order_id),
    shortId,
    orderNumber,
    reservedUntil: new Date(row.reserved_until!),
    createdAt: new Date(row.created_at!),
    items: (row.items ?? []).map((i) => ({
      ...i,
      id: Number(i.id),
      ticket_id: Number(i.ticket_id),
      tier_id: i.tier_id === null ? null : Number(i.tier_id),
    })),
    attendees: (row.people ?? []).map((a) => ({
      ...a,
      id: Number(a.id),
      ticket_id: Number(a.ticket_id),
      tier_id: a.tier_id === null ? null : Number(a.tier_id),
      order_item_id: Number(a.order_item_id),
      position: Number(a.position),
    })),
  };
}
