import { hasOffset } from '@admitone/shared';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Reads a wall-clock time (`2026-12-31T19:30`) in an IANA time zone and returns the instant; a time that
 * carries its offset (`2026-12-31T18:30:00.000Z`, as reads answer) is that instant, whatever the zone.
 */
export function zonedToUtc(local: string, tz: string): Date {
  if (hasOffset(local)) return new Date(local);
  return dayjs.tz(local.replace(' ', 'T'), tz).toDate();
}

/** Formats an instant as the wall-clock time of a time zone (`2026-12-31T19:30`). */
export function utcToZoned(instant: Date, tz: string): string {
  return dayjs(instant).tz(tz).format('YYYY-MM-DDTHH:mm');
}
