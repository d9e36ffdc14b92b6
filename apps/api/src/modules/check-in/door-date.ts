import type { CheckInDateDto } from '@admitone/shared';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { attendees, eventDates, events } from '../../db/schema/index.js';
import { utcToZoned } from '../../shared/dates.js';

/** A ticket's date as the door judges it. */
export interface TicketDate {
  id: number;
  start_date: Date;
  end_date: Date | null;
  timezone: string;
  /** How many dates the event has. */
  dates: number;
}

/** The calendar day of an instant on the event's wall clock ("2027-06-08"). */
const dayOf = (at: Date, timeZone: string) => utcToZoned(at, timeZone).slice(0, 10);

/**
 * Whether a check-in at `at` admits a ticket for `date` (docs/DOMAIN.md, "Dates"):
 * - the scan names the date being checked in (`chosen`): only tickets for that date;
 * - an event with one date: always (as before events had dates);
 * - otherwise the days the ticket's date runs, in the event's time zone: from its start's day to its end's
 *   (its start's when it has no end), so a show is admitted all that day, also before its doors open and
 *   after midnight when it ends then.
 */
export function admitsOn(date: TicketDate, chosen: number | undefined, at: Date): boolean {
  if (chosen !== undefined) return date.id === chosen;
  if (date.dates <= 1) return true;
  const today = dayOf(at, date.timezone);
  return (
    dayOf(date.start_date, date.timezone) <= today && today <= dayOf(date.end_date ?? date.start_date, date.timezone)
  );
}

/** Attendees with their ticket's date as the door judges it (`TicketDate`'s columns, and the attendee's id). */
const ticketDates = (db: Executor) =>
  db
    .select({
      attendee: attendees.id,
      id: eventDates.id,
      start_date: eventDates.start_date,
      end_date: eventDates.end_date,
      timezone: events.timezone,
      dates: sql<number>`(select count(*)::int from event_dates n where n.event_id = "events"."id")`.mapWith(Number),
    })
    .from(attendees)
    .innerJoin(eventDates, eq(eventDates.id, attendees.event_date_id))
    .innerJoin(events, eq(events.id, attendees.event_id));

/** The date an attendee's ticket is for, with the event's time zone and how many dates it has. */
export async function ticketDateOf(db: Executor, attendeeId: number): Promise<TicketDate | null> {
  const [row] = await ticketDates(db).where(eq(attendees.id, attendeeId));
  return row ?? null;
}

/**
 * A pass's code admits on each of its dates (docs/DOMAIN.md, "Passes"): scanned on a day the pass has a row for, the
 * scan is that row's (the date the door names, else the one running on the scan's day). Without one there, the row
 * scanned stands, and the door says which date it is for.
 */
export async function passRowOnDoorDate<T extends { id: number; pass_group: string | null }>(
  db: Executor,
  scanned: T,
  chosen: number | undefined,
  at: Date,
): Promise<number> {
  if (!scanned.pass_group) return scanned.id;
  const rows = await ticketDates(db)
    .where(and(eq(attendees.pass_group, scanned.pass_group), notInArray(attendees.status, ['RESERVED', 'ABANDONED'])))
    .orderBy(asc(eventDates.start_date), asc(attendees.id));
  if (rows.some((r) => r.attendee === scanned.id && admitsOn(r, chosen, at))) return scanned.id;
  return rows.find((r) => admitsOn(r, chosen, at))?.attendee ?? scanned.id;
}

/** The event's dates the door chooses from: all of them by start (then id), cancelled and hidden ones marked so. */
export async function doorDates(db: Executor, eventId: number): Promise<CheckInDateDto[]> {
  const rows = await db
    .select({
      id: eventDates.id,
      start_date: eventDates.start_date,
      end_date: eventDates.end_date,
      label: eventDates.label,
      status: eventDates.status,
    })
    .from(eventDates)
    .where(eq(eventDates.event_id, eventId))
    .orderBy(asc(eventDates.start_date), asc(eventDates.id));
  return rows.map((r) => ({
    ...r,
    start_date: r.start_date.toISOString(),
    end_date: r.end_date?.toISOString() ?? null,
  }));
}
