import type { PaymentProvider } from '@admitone/shared';
import { type SQL, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { localDayText } from '../../db/sql-local-time.js';
import { rowsOf } from '../inventory/counters.js';
import { forPeriodDate, inPeriod, type ReportPeriod } from './report-period.js';

/** One refund as the order's history recorded it; a negative amount takes back one the provider reported failed. */
export interface RefundRecord {
  event_id: number;
  order_id: number;
  order_number: string;
  first_name: string | null;
  last_name: string | null;
  promo_code_id: number | null;
  promo_code: string | null;
  affiliate_id: number | null;
  /** How the order was paid (the payments report's row). */
  payment_provider: PaymentProvider | null;
  payment_method: string | null;
  at: Date;
  /** The calendar day of `at` in the event's time zone. */
  day: string;
  amount: number;
}

/**
 * The refunds of a period, on the day they were made (in each event's time zone): the REFUNDED
 * entries of the orders' history, less accepted refunds the provider later reported failed
 * (REFUND_FAILED with `reversed`). Only orders that completed count, as on the dashboard, whose
 * "refunded" is their `refunded_total`: the history adds up to it (payments/refund-order.ts records
 * every change of it).
 */
export async function refundRecords(
  db: Executor,
  scope: { eventId: number } | { accountId: number },
  period: ReportPeriod,
): Promise<RefundRecord[]> {
  const where: SQL = 'eventId' in scope ? sql`o.event_id = ${scope.eventId}` : sql`o.account_id = ${scope.accountId}`;
  const rows = await rowsOf<Omit<RefundRecord, 'amount' | 'at'> & { amount: number | string; at: Date | string }>(
    db,
    sql`
    select o.event_id, o.id as order_id, o.order_number, o.first_name, o.last_name, o.promo_code_id, o.promo_code, o.affiliate_id,
      o.payment_provider, o.payment_method,
      h.created_at as at, ${localDayText(sql.raw('h.created_at'), sql.raw('ev.timezone'))} as day,
      case when h.kind = 'REFUNDED' then coalesce((h.data->>'amount')::int, 0) else -coalesce((h.data->>'reversed')::int, 0) end as amount
    from order_events h
    join orders o on o.id = h.order_id
    join events ev on ev.id = o.event_id
    where ${where} and o.completed_at is not null
      and (h.kind = 'REFUNDED' or (h.kind = 'REFUND_FAILED' and h.data->>'reversed' is not null))
      and ${inPeriod(sql.raw('h.created_at'), sql.raw('ev.timezone'), period)} and ${forPeriodDate(period)}
    order by h.created_at, h.id`,
  );
  return rows.map((r) => ({
    ...r,
    event_id: Number(r.event_id),
    order_id: Number(r.order_id),
    at: new Date(r.at),
    amount: Number(r.amount),
  }));
}

/** Sums `amount` by a key. */
export function sumBy<T>(items: T[], key: (item: T) => string, amount: (item: T) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + amount(item));
  return out;
}
