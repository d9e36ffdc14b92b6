import type { updateEventBody } from '@admitone/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db } from '../../db/client.js';
import { events, taxesAndFees, tickets, ticketTaxes } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { utcToZoned, zonedToUtc } from '../../shared/dates.js';
import { DomainError } from '../../shared/errors.js';
import { sanitizeRichText } from '../../shared/html.js';
import { slugify } from '../../shared/slug.js';
import { countEventDates, followEventTimes } from '../event-dates/event-dates.repository.js';
import { eventHasOrders } from '../orders/event-orders.js';
import { findOrganizer } from '../organizers/organizers.repository.js';
import { eventPassesChanged } from '../wallet/wallet-passes.js';
import { findEvent } from './events.repository.js';

export type UpdateEventInput = z.output<typeof updateEventBody>;

/**
 * Applies changes to an event. Times are wall-clock in the event's (possibly new) time zone; when
 * only the zone changes, the wall-clock times stay. The end must stay after the start. An event with one
 * date moves it along; with several, the start and end follow the dates (kept on their wall clock when the
 * zone changes), and a different start or end is refused: the dates are changed instead.
 */
export async function updateEvent(
  deps: { db: Db; clock: Clock },
  accountId: number,
  id: number,
  input: UpdateEventInput,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const found = await findEvent(tx, accountId, id);
    if (!found) throw new DomainError('NOT_FOUND');
    const e = found.event;
    if (input.organizer_id !== undefined && !(await findOrganizer(tx, accountId, input.organizer_id))) {
      throw new DomainError('VALIDATION_FAILED', { fields: { organizer_id: [{ key: 'not_found_choice' }] } });
    }
    const tz = input.timezone ?? e.timezone;
    const startLocal = input.start_date ?? utcToZoned(e.start_date, e.timezone);
    const endLocal =
      input.end_date !== undefined ? input.end_date : e.end_date ? utcToZoned(e.end_date, e.timezone) : null;
    const start = zonedToUtc(startLocal, tz);
    const end = endLocal ? zonedToUtc(endLocal, tz) : null;
    if (end && end <= start)
      throw new DomainError('VALIDATION_FAILED', { fields: { end_date: [{ key: 'end_before_start' }] } });
    if (input.currency !== undefined && input.currency !== e.currency && (await eventHasOrders(tx, e.id, now))) {
      throw new DomainError('VALIDATION_FAILED', { fields: { currency: [{ key: 'currency_locked' }] } });
    }
    if (input.currency !== undefined && input.currency !== e.currency) {
      // A fixed fee on a ticket is an amount in its own currency: it would stop applying, never be converted.
      const [fixed] = await tx
        .select({ currency: taxesAndFees.currency })
        .from(ticketTaxes)
        .innerJoin(tickets, eq(tickets.id, ticketTaxes.ticket_id))
        .innerJoin(taxesAndFees, eq(taxesAndFees.id, ticketTaxes.tax_and_fee_id))
        .where(
          and(
            eq(tickets.event_id, e.id),
            eq(taxesAndFees.calculation_type, 'FIXED'),
            ne(taxesAndFees.currency, input.currency),
          ),
        )
        .limit(1);
      if (fixed)
        throw new DomainError('VALIDATION_FAILED', {
          fields: { currency: [{ key: 'currency_has_fixed_fees', values: { fee_currency: fixed.currency ?? '' } }] },
        });
    }
    // With several dates, the event's start and end are their span: times are set on the dates.
    const several = (await countEventDates(tx, e.id)) > 1;
    await tx
      .update(events)
      .set({
        ...(input.title !== undefined ? { title: input.title, slug: slugify(input.title) } : {}),
        ...(input.organizer_id !== undefined ? { organizer_id: input.organizer_id } : {}),
        ...(input.currency !== undefined ? { currency: input.currency } : {}),
        ...(input.description !== undefined ? { description: sanitizeRichText(input.description) } : {}),
        ...(input.is_online !== undefined ? { is_online: input.is_online } : {}),
        ...(input.online_details !== undefined ? { online_details: sanitizeRichText(input.online_details) } : {}),
        ...(input.location ? { location: { ...e.location, ...input.location } } : {}),
        timezone: tz,
        ...(several ? {} : { start_date: start, end_date: end }),
        updated_at: now,
      })
      .where(eq(events.id, id));
    await followEventTimes(tx, { id, fromZone: e.timezone, toZone: tz, start, end, several }, now);
    // Its name, venue or times are on its tickets' wallet passes.
    await eventPassesChanged(tx, id, now);
    if (several) {
      // A start or end asked for must be the one the dates give (as a read sent back unchanged is).
      const [after] = await tx
        .select({ start_date: events.start_date, end_date: events.end_date })
        .from(events)
        .where(eq(events.id, id));
      const same = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);
      const fields = {
        ...(input.start_date !== undefined && !same(after!.start_date, start)
          ? { start_date: [{ key: 'set_on_dates' as const }] }
          : {}),
        ...(input.end_date !== undefined && !same(after!.end_date, end)
          ? { end_date: [{ key: 'set_on_dates' as const }] }
          : {}),
      };
      if (Object.keys(fields).length) throw new DomainError('VALIDATION_FAILED', { fields });
    }
  });
}
