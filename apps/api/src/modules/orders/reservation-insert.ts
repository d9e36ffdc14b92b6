import { sql } from 'drizzle-orm';
import type { Locale } from '@admitone/shared';
import type { Tx } from '../../db/client.js';
import { sqlNow } from '../../db/sql-now.js';
import type { Clock } from '../../shared/clock.js';
import type { CounterChange, StockLayout } from '../inventory/changes.js';
import { counterChain, explainStop, rowsOf, type StockGuard } from '../inventory/counters.js';
import type { EventRow } from './catalogue.js';
import { newAttendeeShortId, newOrderNumber, newOrderShortId } from './ids.js';
import type { OrderLine } from './order-lines.js';
import type { totalsOf } from './order-lines.js';

/** What a reservation writes besides its lines. */
export interface NewOrder {
  event: EventRow;
  lines: OrderLine[];
  totals: ReturnType<typeof totalsOf>;
  promo: { id: number; code: string } | null;
  affiliateId: number | null;
  tokenHash: string;
  clientKey: string | null;
  locale: Locale;
}

/** The rows a reservation wrote, as the buyer's answer needs them. */
export interface WrittenOrder {
  id: number;
  shortId: string;
  orderNumber: string;
  reservedUntil: Date;
  createdAt: Date;
  items: Array<{ id: number; ticket_id: number; tier_id: number | null; ticket_name: string; tier_label: string | null; quantity: number; unit: OrderLine['unit']; total: number }>;
  attendees: Array<{ id: number; short_id: string; ticket_id: number; tier_id: number | null; order_item_id: number; position: number }>;
}

const list = <T>(values: T[], each: (v: T) => ReturnType<typeof sql>) => sql.join(values.map(each), sql`, `);

/**
 * The reservation in one statement: the chain of guarded counter updates first (inventory/counters.ts),
 * then, only when every counter took its units, the order, its lines, one attendee row per unit and the
 * history entry. One round trip holds the hot rows' locks from the first update to the commit that
 * follows. Throws StockShortage or StaleStockLayout when a counter refused (nothing was inserted; the
 * caller rolls back the counters that did change).
 */
export async function insertReservation(tx: Tx, clock: Clock, guard: StockGuard, changes: CounterChange[], layout: StockLayout, o: NewOrder): Promise<WrittenOrder> {
  const chain = counterChain(changes, layout, guard);
  const now = sqlNow(clock);
  const shortId = newOrderShortId();
  const orderNumber = newOrderNumber();
  const units = o.lines.reduce((s, l) => s + l.quantity, 0);
  const shortIds = Array.from({ length: units }, newAttendeeShortId);
  const { event, totals } = o;
  const values = list(o.lines, (l) => sql`(${l.ticket.ticket.id}::int, ${l.tier?.id ?? null}::int, ${l.ticket.ticket.name}::text, ${l.tier?.label ?? null}::text, ${l.quantity}::int, ${JSON.stringify(l.unit)}::jsonb, ${l.unit.total * l.quantity}::int)`);
  const [row] = await rowsOf<{ outcome: number[]; order_id: number | null; reserved_until: Date | string | null; created_at: Date | string | null; items: WrittenOrder['items'] | null; people: WrittenOrder['attendees'] | null }>(
    tx,
    sql`with ${chain.ctes},
      o as (
        insert into orders (account_id, event_id, short_id, order_number, checkout_token_hash, status, payment_status, currency, subtotal, discount_total,
                            fee_total, tax_total, total, promo_code_id, promo_code, affiliate_id, locale, client_key, reserved_until, created_at, updated_at)
        select ${event.account_id}, ${event.id}, ${shortId}, ${orderNumber}, ${o.tokenHash}, 'RESERVED', ${totals.total === 0 ? 'NO_PAYMENT_REQUIRED' : 'AWAITING_PAYMENT'},
               ${event.currency}, ${totals.subtotal}, ${totals.discount_total}, ${totals.fee_total}, ${totals.tax_total}, ${totals.total},
               ${o.promo?.id ?? null}::int, ${o.promo?.code ?? null}::text, ${o.affiliateId}::int, ${o.locale}, ${o.clientKey}::text,
               ${now} + make_interval(mins => ${event.order_timeout_minutes}::int), ${now}, ${now}
        where ${chain.complete}
        returning id, reserved_until, created_at),
      i as (
        insert into order_items (order_id, ticket_id, tier_id, ticket_name, tier_label, quantity, unit, total)
        select o.id, v.ticket_id, v.tier_id, v.ticket_name, v.tier_label, v.quantity, v.unit, v.total
        from o cross join (values ${values}) as v(ticket_id, tier_id, ticket_name, tier_label, quantity, unit, total)
        returning id, ticket_id, tier_id, ticket_name, tier_label, quantity, unit, total),
      a as (
        insert into attendees (account_id, event_id, order_id, order_item_id, ticket_id, tier_id, short_id, status, locale, position, created_at, updated_at)
        select ${event.account_id}, ${event.id}, o.id, u.id, u.ticket_id, u.tier_id, (array[${list(shortIds, (s) => sql`${s}`)}]::text[])[u.n], 'RESERVED', ${o.locale}, u.n - 1, ${now}, ${now}
        from o cross join (select i.id, i.ticket_id, i.tier_id, row_number() over (order by i.id, g)::int as n from i cross join generate_series(1, i.quantity) g) u
        returning id, short_id, ticket_id, tier_id, order_item_id, position),
      h as (
        insert into order_events (order_id, kind, data, created_at)
        select o.id, 'RESERVED', ${JSON.stringify({ total: totals.total })}::jsonb, ${now} from o)
      select ${chain.outcome} as outcome, (select id from o) as order_id, (select reserved_until from o) as reserved_until, (select created_at from o) as created_at,
        (select json_agg(i order by i.id) from i) as items, (select json_agg(a order by a.position) from a) as people`,
  );
  if (row!.order_id === null) throw await explainStop(tx, changes, row!.outcome.map(Number), layout);
  return {
    id: Number(row!.order_id),
    shortId,
    orderNumber,
    reservedUntil: new Date(row!.reserved_until!),
    createdAt: new Date(row!.created_at!),
    items: (row!.items ?? []).map((i) => ({ ...i, id: Number(i.id), ticket_id: Number(i.ticket_id), tier_id: i.tier_id === null ? null : Number(i.tier_id) })),
    attendees: (row!.people ?? []).map((a) => ({ ...a, id: Number(a.id), ticket_id: Number(a.ticket_id), tier_id: a.tier_id === null ? null : Number(a.tier_id), order_item_id: Number(a.order_item_id), position: Number(a.position) })),
  };
}
