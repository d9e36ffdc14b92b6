import { sql } from 'drizzle-orm';

import type { Tx } from '../../db/client.js';
import { DomainError } from '../../shared/errors.js';
import { rowsOf } from '../inventory/counters.js';

/**
 * Before an event's seating changes (its plan, its version, what its categories sell as): locks every ticket sold by a
 * seat category before or after (ids ascending, after the event's row) and moves their stock versions, so sales under
 * way finish first and a checkout planned with the old seating plans again.
 */
export async function lockSeatedTickets(tx: Tx, eventId: number, ticketIds: readonly number[]): Promise<void> {
  const ids = [...new Set(ticketIds)];
  if (!ids.length) return;
  await tx.execute(
    sql`update tickets set stock_version = stock_version + 1
        where id in (select id from tickets where event_id = ${eventId} and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id for update)`,
  );
}

interface SoldPlace {
  guid: string;
  zone: string;
  row_label: string;
  seat_number: string;
  category: string;
  /** The same place in the version the event moves to, as it is there (null: not there). */
  to_id: number | null;
  to_zone: string | null;
  to_row: string | null;
  to_number: string | null;
  to_category: string | null;
}

const counted = sql.raw(`('RESERVED', 'AWAITING_PAYMENT', 'ACTIVE')`);

/**
 * Moves an event's sold and held places to another version (`toVersionId`; null: the event stops being seated),
 * under the locks of `lockSeatedTickets`. Refused, naming the first, when a place that is sold, in a checkout or kept
 * off sale would be dropped, renamed or put in another category; otherwise every attendee and hold on a place moves to
 * the same place of the new version and the event's place counters are made again from them. Leaving the plan
 * (null) is refused while anyone sits anywhere; its holds go with it.
 */
export async function repinPlaces(tx: Tx, eventId: number, toVersionId: number | null): Promise<void> {
  // An event leaving its plan lets its holds go (the places they kept are no longer sold at all).
  if (toVersionId === null) await tx.execute(sql`delete from seat_holds where event_id = ${eventId}`);
  const sold = await rowsOf<SoldPlace>(
    tx,
    sql`select distinct s.guid, s.zone, s.row_label, s.seat_number, s.category,
          n.id as to_id, n.zone as to_zone, n.row_label as to_row, n.seat_number as to_number, n.category as to_category
        from seating_seats s
        left join seating_seats n on n.version_id = ${toVersionId ?? -1}::int and n.guid = s.guid
        where s.id in (select seat_id from attendees where event_id = ${eventId} and status in ${counted} and seat_id is not null
                       union select seat_id from seat_hold_places where event_id = ${eventId})`,
  );
  const label = (p: SoldPlace) => [p.zone, p.row_label, p.seat_number].filter(Boolean).join(' ');
  if (toVersionId === null && sold.length)
    throw new DomainError('SEATING_SEATS_SOLD', { values: { seat: label(sold[0]!), count: sold.length } });
  const changed = sold.filter(
    (p) =>
      p.to_id === null ||
      p.to_zone !== p.zone ||
      p.to_row !== p.row_label ||
      p.to_number !== p.seat_number ||
      p.to_category !== p.category,
  );
  if (changed.length)
    throw new DomainError('VALIDATION_FAILED', {
      fields: {
        version: [{ key: 'seating_sold_seat_changed', values: { seat: label(changed[0]!), count: changed.length } }],
      },
    });
  const dates = sql`(select id from event_dates where event_id = ${eventId})`;
  await tx.execute(sql`delete from seat_dates where event_date_id in ${dates}`);
  if (toVersionId === null) return;
  await tx.execute(
    sql`update attendees a set seat_id = n.id
        from seating_seats s, seating_seats n
        where a.event_id = ${eventId} and a.seat_id = s.id and n.version_id = ${toVersionId} and n.guid = s.guid
          and s.version_id <> ${toVersionId}`,
  );
  await tx.execute(
    sql`update seat_hold_places hp set seat_id = n.id
        from seating_seats s, seating_seats n
        where hp.event_id = ${eventId} and hp.seat_id = s.id and n.version_id = ${toVersionId} and n.guid = s.guid
          and s.version_id <> ${toVersionId}`,
  );
  await tx.execute(
    sql`insert into seat_dates (seat_id, event_date_id, taken)
        select seat_id, event_date_id, count(*) from attendees
        where event_id = ${eventId} and seat_id is not null and status in ${counted}
        group by seat_id, event_date_id`,
  );
}
