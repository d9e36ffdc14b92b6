import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { sqlNow } from '../../db/sql-now.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { rowsOf } from './counters.js';

/** Per-event caps for one client (address, and checkout where there is one); null: no cap. */
export interface ClientCaps {
  /** Ticket units one client may hold at once in unfinished checkouts. */
  holdLimit: number | null;
  /** Reservations one client may make per minute. */
  reservationLimit: number | null;
}

/** Who is reserving: a pseudonymous key of the client address, and the checkout token's hash if sent. */
export interface ClientId {
  key: string;
  tokenHash: string | null;
}

/** A stable pseudonym of a client address (the address itself is not stored with the order). */
export const clientKeyOf = (address: string) => createHash('sha256').update(`admitone-client:${address}`).digest('base64url').slice(0, 22);

/**
 * Keeps one client from holding an event's stock: at most `holdLimit` units in its unfinished checkouts
 * (its own earlier hold in this checkout not counted, since it is being replaced), at most
 * `reservationLimit` reservations a minute. The client's reservations for the event queue on one
 * transaction-scoped advisory lock, taken before any stock lock, so two of them at once cannot both pass.
 * Refusals say which cap and when to try again.
 */
export async function checkClientCaps(tx: Tx, clock: Clock, eventId: number, client: ClientId, caps: ClientCaps, units: number): Promise<void> {
  if (caps.holdLimit === null && caps.reservationLimit === null) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reserve:${eventId}:${client.key}`}, 0))`);
  const now = sqlNow(clock);
  const token = client.tokenHash;
  const [row] = await rowsOf<{ recent: number; held: number; retry_minute: number | null; retry_hold: number | null }>(
    tx,
    sql`select
          count(*) filter (where o.created_at > ${now} - interval '1 minute')::int as recent,
          coalesce(sum(u.units) filter (where o.status = 'RESERVED' and o.hold_released_at is null and o.reserved_until > ${now} and o.checkout_token_hash <> ${token ?? ''}), 0)::int as held,
          ceil(extract(epoch from (min(o.created_at) filter (where o.created_at > ${now} - interval '1 minute')) + interval '1 minute' - ${now}))::int as retry_minute,
          ceil(extract(epoch from min(o.reserved_until) filter (where o.status = 'RESERVED' and o.hold_released_at is null and o.reserved_until > ${now}) - ${now}))::int as retry_hold
        from orders o
        left join lateral (select count(*) as units from attendees a where a.order_id = o.id and a.status = 'RESERVED') u on o.status = 'RESERVED'
        where o.event_id = ${eventId} and (o.client_key = ${client.key} ${token ? sql`or o.checkout_token_hash = ${token}` : sql``})
          and (o.created_at > ${now} - interval '1 minute' or (o.status = 'RESERVED' and o.hold_released_at is null))`,
  );
  const r = row!;
  const limit = caps.reservationLimit;
  if (limit !== null && Number(r.recent) >= limit) {
    throw new DomainError('CLIENT_RESERVATION_LIMIT', { values: { limit }, retryAfter: Math.max(1, Number(r.retry_minute ?? 60)) });
  }
  if (caps.holdLimit !== null && Number(r.held) + units > caps.holdLimit) {
    throw new DomainError('CLIENT_HOLD_LIMIT', { values: { limit: caps.holdLimit, held: Number(r.held) }, retryAfter: Math.max(1, Number(r.retry_hold ?? 60)) });
  }
}
