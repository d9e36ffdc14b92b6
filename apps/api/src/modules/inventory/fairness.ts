import { createHash } from 'node:crypto';

import { type SQL, sql } from 'drizzle-orm';

import { DomainError } from '../../shared/errors.js';

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
export const clientKeyOf = (address: string) =>
  createHash('sha256').update(`admitone-client:${address}`).digest('base64url').slice(0, 22);

export const capsApply = (caps: ClientCaps) => caps.holdLimit !== null || caps.reservationLimit !== null;

/**
 * The client's reservations for one event queue on this transaction-scoped advisory lock, taken before
 * any stock lock (and before the statement that counts them), so two at once cannot both pass the caps.
 */
export const clientLock = (eventId: number, client: ClientId): SQL =>
  sql`pg_advisory_xact_lock(hashtextextended(${`reserve:${eventId}:${client.key}`}, 0))`;

/**
 * The fairness check as SQL for the reservation statement: a CTE `f`, the condition that it passes, and what to report.
 */
export interface CapsCheck {
  cte: SQL;
  passes: SQL;
  report: SQL;
}

/**
 * Keeps one client from holding an event's stock: at most `holdLimit` units in its unfinished checkouts
 * (its own earlier hold in this checkout not counted, since it is being replaced), at most
 * `reservationLimit` reservations a minute (by address, or by checkout). Runs inside the reservation
 * statement, after `clientLock` in an earlier statement of the same transaction, so the counts include
 * every reservation of this client that was committed before. Reads only the client's own orders.
 */
export function capsCheck(eventId: number, client: ClientId, caps: ClientCaps, units: number, now: SQL): CapsCheck {
  const token = client.tokenHash ?? '';
  const live = sql`o.status = 'RESERVED' and o.hold_released_at is null and o.reserved_until > ${now}`;
  const cte = sql`f as (
      select
        count(*) filter (where o.created_at > ${now} - interval '1 minute')::int as recent,
        coalesce(sum((select count(*) from attendees a where a.order_id = o.id and a.status = 'RESERVED')) filter (where ${live} and o.checkout_token_hash <> ${token}), 0)::int as held,
        ceil(extract(epoch from (min(o.created_at) filter (where o.created_at > ${now} - interval '1 minute')) + interval '1 minute' - ${now}))::int as retry_minute,
        ceil(extract(epoch from min(o.reserved_until) filter (where ${live}) - ${now}))::int as retry_hold
      from orders o
      where o.event_id = ${eventId} and (o.client_key = ${client.key} ${client.tokenHash ? sql`or o.checkout_token_hash = ${client.tokenHash}` : sql``})
        and (o.created_at > ${now} - interval '1 minute' or (o.status = 'RESERVED' and o.hold_released_at is null)))`;
  const passes = sql`(${caps.reservationLimit}::int is null or (select recent from f) < ${caps.reservationLimit}::int)
      and (${caps.holdLimit}::int is null or (select held from f) + ${units}::int <= ${caps.holdLimit}::int)`;
  return { cte, passes, report: sql`(select row_to_json(f) from f)` };
}

/**
 * The refusal when a reservation did not pass the caps (the report of `capsCheck`): which cap, and when to try again.
 */
export function capsRefusal(
  report: { recent: number; held: number; retry_minute: number | null; retry_hold: number | null },
  caps: ClientCaps,
  units: number,
): DomainError | null {
  const limit = caps.reservationLimit;
  if (limit !== null && Number(report.recent) >= limit) {
    return new DomainError('CLIENT_RESERVATION_LIMIT', {
      values: { limit },
      retryAfter: Math.max(1, Number(report.retry_minute ?? 60)),
    });
  }
  if (caps.holdLimit !== null && Number(report.held) + units > caps.holdLimit) {
    return new DomainError('CLIENT_HOLD_LIMIT', {
      values: { limit: caps.holdLimit, held: Number(report.held) },
      retryAfter: Math.max(1, Number(report.retry_hold ?? 60)),
    });
  }
  return null;
}
