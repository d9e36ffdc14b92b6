import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';

import { formatAddress, ticketLabel } from './format.js';
import type { TicketDocumentData } from './ticket-document-data.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const DEFAULT_DURATION_MS = 2 * 60 * 60_000;

/**
 * The VTIMEZONE component of an IANA zone (null for unknown zones: the event is then written in UTC),
 * kept once made: a sell-out writes thousands of calendar files in the same zone.
 */
function vtimezone(tz: string): string | null {
  let component = zoneComponents.get(tz);
  if (component === undefined) {
    const block = tzlib_get_ical_block(tz);
    component = Array.isArray(block) && block[0] ? block[0] : null;
    if (zoneComponents.size >= 500) zoneComponents.clear();
    zoneComponents.set(tz, component);
  }
  return component;
}
const zoneComponents = new Map<string, string | null>();

/**
 * A calendar file with the event, in the event's own time zone (DTSTART;TZID=... and its VTIMEZONE), so
 * calendar apps show the right wall-clock time whatever the reader's zone. One per attendee (stable UID); a moved
 * date's file has a higher SEQUENCE, so it replaces the entry made from an earlier one.
 */
export function ticketIcs(d: TicketDocumentData, now: Date = new Date()): string {
  const tz = d.event.timezone;
  const known = vtimezone(tz) !== null;
  const start = dayjs(d.event.start_date);
  const end = d.event.end_date ? dayjs(d.event.end_date) : start.add(DEFAULT_DURATION_MS, 'millisecond');
  const calendar = ical({
    prodId: { company: 'AdmitOne', product: 'Tickets', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone (DTSTAMP stays UTC); the generator adds the VTIMEZONE of the event's zone.
    timezone: { name: null, generator: vtimezone },
  });
  const description = [ticketLabel(d.attendee), d.ticket_url].join('\n');
  calendar.createEvent({
    id: `${d.attendee.short_id}@admitone`,
    // Native Dates would be written in the server's zone; dayjs objects are converted to `tz` by ical-generator.
    start,
    end,
    timezone: known ? tz : null,
    stamp: dayjs(now),
    // Raised each time the date moves: a calendar app that has the entry (same UID) takes the new times.
    sequence: d.event.calendar_sequence ?? 0,
    // The date's label ("Premiere") tells two dates of the same event apart in a calendar.
    summary: d.event.date_label ? `${d.event.title} – ${d.event.date_label}` : d.event.title,
    location: d.event.is_online ? 'Online' : formatAddress(d.event.location),
    description,
    url: d.event.url,
    organizer: d.event.support_email ? { name: d.event.organizer_name, email: d.event.support_email } : null,
  });
  return calendar.toString();
}
