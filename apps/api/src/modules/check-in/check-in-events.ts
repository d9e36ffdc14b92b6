import type { AttendeeDto, CheckInEventDto, CheckInOutcomeDto } from '@admitone/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import { type AuthContext, worksEvent } from '../../plugins/auth.js';
import { DomainError } from '../../shared/errors.js';

/** The most events the check-in picker lists (the next ones first). */
const PICKER_MAX = 200;

const columns = {
  id: events.id,
  title: events.title,
  status: events.status,
  start_date: events.start_date,
  end_date: events.end_date,
  timezone: events.timezone,
  // Qualified by hand: a select from one table writes its columns without the table's name.
  date_count: sql<number>`(select count(*)::int from event_dates d where d.event_id = "events"."id")`.mapWith(Number),
};

type Row = {
  id: number;
  title: string;
  status: CheckInEventDto['status'];
  start_date: Date;
  end_date: Date | null;
  timezone: string;
  date_count: number;
};
const toDto = (r: Row): CheckInEventDto => ({
  ...r,
  start_date: r.start_date.toISOString(),
  end_date: r.end_date?.toISOString() ?? null,
});

/**
 * One event of the caller's account that the caller works; another account's event, or one a door-staff
 * member was not given, is not found alike (404, never 403: the id tells nothing).
 */
export async function requireCheckInEvent(db: Executor, auth: AuthContext, eventId: number): Promise<CheckInEventDto> {
  const found = await findCheckInEvent(db, auth.accountId, eventId);
  if (!found || !worksEvent(auth, eventId)) throw new DomainError('NOT_FOUND');
  return found;
}

/** One event of the account as the check-in screen shows it (a staff link's list's event). */
export async function findCheckInEvent(
  db: Executor,
  accountId: number,
  eventId: number,
): Promise<CheckInEventDto | null> {
  const [row] = await db
    .select(columns)
    .from(events)
    .where(and(eq(events.account_id, accountId), eq(events.id, eventId)))
    .limit(1);
  return row ? toDto(row) : null;
}

/**
 * The events the caller can check people in at, by start: door staff their own, the others every event not archived.
 */
export async function checkInEventsOf(db: Executor, auth: AuthContext): Promise<CheckInEventDto[]> {
  if (auth.eventIds !== null && !auth.eventIds.length) return [];
  const rows = await db
    .select(columns)
    .from(events)
    .where(
      and(
        eq(events.account_id, auth.accountId),
        auth.eventIds === null ? ne(events.status, 'ARCHIVED') : inArray(events.id, [...auth.eventIds]),
      ),
    )
    .orderBy(asc(events.start_date), asc(events.id))
    .limit(PICKER_MAX);
  return rows.map(toDto);
}

/** Who may see attendees' e-mail addresses and other events' tickets: those who manage events, not door staff. */
export const seesEverything = (auth: AuthContext) => auth.permissions.includes('events.manage');

/** An attendee as the caller may see it at the door: door staff get names and tickets, no e-mail. */
export const attendeeForCaller = (a: AttendeeDto, auth: AuthContext): AttendeeDto =>
  seesEverything(auth) ? a : { ...a, email: null };

/** A scan's outcome for the caller: door staff see no attendee of another event (only that it is one). */
export function outcomeForCaller(o: CheckInOutcomeDto, auth: AuthContext): CheckInOutcomeDto {
  return seesEverything(auth) ? o : outcomeForDoor(o);
}

/** A scan's outcome as door staff and staff links see it: no e-mail, nothing of another event's attendee. */
export function outcomeForDoor(o: CheckInOutcomeDto): CheckInOutcomeDto {
  if (!o.attendee) return o;
  if (o.result === 'WRONG_EVENT')
    return { ...o, attendee: null, checked_in_at: null, checked_in_by: null, checked_in_by_link: false };
  return { ...o, attendee: { ...o.attendee, email: null } };
}
