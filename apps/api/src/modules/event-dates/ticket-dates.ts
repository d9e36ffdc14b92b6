import type { TicketDateBody, TicketDateDto } from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { DomainError, notFound } from '../../shared/errors.js';
import { rowsOf } from '../inventory/counters.js';
import { belowTaken } from '../inventory/limits.js';

interface Row {
  ticket_id: number;
  event_date_id: number;
  enabled: boolean;
  quantity: number | null;
  price: number | null;
  ticket_quantity: number | null;
  taken: number;
}

const toDto = (r: Row): TicketDateDto => ({
  ticket_id: Number(r.ticket_id),
  event_date_id: Number(r.event_date_id),
  enabled: r.enabled,
  quantity: r.quantity === null ? null : Number(r.quantity),
  price: r.price === null ? null : Number(r.price),
  limit: r.quantity !== null ? Number(r.quantity) : r.ticket_quantity === null ? null : Number(r.ticket_quantity),
  taken: Number(r.taken),
});

const select = sql`select td.ticket_id, td.event_date_id, td.enabled, td.quantity, td.price, t.quantity as ticket_quantity, td.taken
  from ticket_dates td join tickets t on t.id = td.ticket_id join event_dates d on d.id = td.event_date_id join events e on e.id = d.event_id`;

/** Every ticket of the event on one date of it (in the tickets' order); not found outside the account. */
export async function listTicketDates(
  db: Executor,
  accountId: number,
  eventId: number,
  dateId: number,
): Promise<TicketDateDto[]> {
  const rows = await rowsOf<Row>(
    db,
    sql`${select} where e.account_id = ${accountId} and e.id = ${eventId} and d.id = ${dateId} order by t.sort_order, t.id`,
  );
  if (!rows.length) {
    const [date] = await rowsOf<{ id: number }>(
      db,
      sql`select d.id from event_dates d join events e on e.id = d.event_id where e.account_id = ${accountId} and e.id = ${eventId} and d.id = ${dateId}`,
    );
    if (!date) throw notFound();
  }
  return rows.map(toDto);
}

/**
 * Changes how a ticket sells on one date. Its quantity there is checked against what it took there
 * under the ticket's lock, then the row's (the stock module's order: every change to the row's counter
 * holds the ticket's lock first, docs/LOCKING.md), so it is never set below what is sold and held. A
 * price there is only for a ticket with one fixed price.
 */
export async function saveTicketDate(
  db: Db,
  accountId: number,
  ids: { eventId: number; dateId: number; ticketId: number },
  body: TicketDateBody,
): Promise<TicketDateDto> {
  return db.transaction(async (tx) => {
    const [ticket] = await rowsOf<{ id: number; type: string }>(
      tx,
      sql`select t.id, t.type from tickets t join events e on e.id = t.event_id
          where e.account_id = ${accountId} and e.id = ${ids.eventId} and t.id = ${ids.ticketId} for update of t`,
    );
    if (!ticket) throw notFound();
    const [row] = await rowsOf<{ taken: number }>(
      tx,
      sql`select td.taken from ticket_dates td join event_dates d on d.id = td.event_date_id
          where td.ticket_id = ${ids.ticketId} and td.event_date_id = ${ids.dateId} and d.event_id = ${ids.eventId} for update of td`,
    );
    if (!row) throw notFound();
    if (body.quantity !== undefined && body.quantity !== null && body.quantity < Number(row.taken))
      throw belowTaken('quantity', Number(row.taken));
    if (body.price !== undefined && body.price !== null && ticket.type !== 'PAID')
      throw new DomainError('VALIDATION_FAILED', { fields: { price: [{ key: 'invalid_value' }] } });
    const sets = [
      body.enabled === undefined ? null : sql`enabled = ${body.enabled}`,
      body.quantity === undefined ? null : sql`quantity = ${body.quantity}::int`,
      body.price === undefined ? null : sql`price = ${body.price}::int`,
    ].filter((s) => s !== null);
    if (sets.length)
      await tx.execute(
        sql`update ticket_dates set ${sql.join(sets, sql`, `)} where ticket_id = ${ids.ticketId} and event_date_id = ${ids.dateId}`,
      );
    const [saved] = await rowsOf<Row>(
      tx,
      sql`${select} where td.ticket_id = ${ids.ticketId} and td.event_date_id = ${ids.dateId}`,
    );
    return toDto(saved!);
  });
}
