import { type SQL, sql } from 'drizzle-orm';

/**
 * An entry's state is stored as WAITING, OFFERED, LEFT or REMOVED; an offer's outcome is read from the
 * orders made with its checkout token (the token in the offer mail): one that reached any of these
 * states is the entry's purchase (PURCHASED), else an offer past its time is EXPIRED. Reading it keeps
 * the order paths (details, payments, refunds) free of waitlist bookkeeping, and a buyer who chose again
 * in the offer's checkout still counts as having bought.
 */
export const PURCHASE_STATUSES = [
  'COMPLETED',
  'AWAITING_PAYMENT',
  'CANCELLED',
  'REFUND_PENDING',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'REFUND_FAILED',
] as const;
const purchased = sql.raw(`(${PURCHASE_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/** The order bought with entry `w`'s offer (the newest), as a lateral subquery aliased `p`. */
export const purchaseJoin = sql`left join lateral (
    select p.id, p.order_number from orders p
    where p.event_id = w.event_id and p.checkout_token_hash = w.offer_token_hash and p.status in ${purchased}
    order by p.id desc limit 1) p on true`;

/** The state of entry `w` (with `purchaseJoin`) at `now`. */
export const stateSql = (now: SQL) =>
  sql`case when w.status <> 'OFFERED' then w.status when p.id is not null then 'PURCHASED' when w.offer_expires_at <= ${now} then 'EXPIRED' else 'OFFERED' end`;

/** Place in line of a WAITING entry `w` among those of its ticket on its date (1 = next); null otherwise. */
export const positionSql = sql`case when w.status = 'WAITING' then (select count(*) from waitlist_entries x where x.ticket_id = w.ticket_id and x.event_date_id = w.event_date_id and x.status = 'WAITING' and x.id <= w.id)::int end`;

/**
 * One offer maker per event at a time (before any row lock: step 1 of docs/LOCKING.md); cancelling a date takes
 * it too, before the date's row, since it closes the entries waiting for that date.
 */
export const offerLock = (eventId: number) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`waitlist:${eventId}`}, 0))`;
