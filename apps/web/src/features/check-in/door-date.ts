import { type CheckInDateDto, intlLocale, memoByKey, toZonedPickerValue } from '@admitone/shared';

/**
 * The date a check-in screen checks in (an event with several dates): chosen at the door, kept per event for the
 * browser tab so a reload keeps it, else the date running today, else the next one ahead, else the last.
 */

const keyOf = (eventId: number) => `admitone.checkin-date.${eventId}`;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export const doorDateStore = {
  get: (eventId: number): number | null => {
    const id = Number(storage()?.getItem(keyOf(eventId)) ?? '');
    return Number.isInteger(id) && id > 0 ? id : null;
  },
  set: (eventId: number, dateId: number): void => {
    try {
      storage()?.setItem(keyOf(eventId), String(dateId));
    } catch {
      // A full or refused storage: the choice lasts while the screen is open.
    }
  },
};

/** The calendar day of an instant on the event's wall clock ("2027-06-08"). */
const dayOf = (instant: string | Date, timeZone: string) => toZonedPickerValue(instant, timeZone).slice(0, 10);

/**
 * The date a screen opens on: of the dates not cancelled (all of them when every one is), one running today in the
 * event's time zone (its start's day to its end's, as the door admits) whose start is nearest to now (the matinee in
 * the afternoon, the evening show towards its doors), else the next one ahead, else the last. `dates` by start.
 */
export function defaultDoorDate(dates: readonly CheckInDateDto[], now: Date, timeZone: string): number | null {
  const open = dates.filter((d) => d.status !== 'CANCELLED');
  const pool = open.length ? open : dates;
  if (!pool.length) return null;
  const today = dayOf(now, timeZone);
  const distance = (d: CheckInDateDto) => Math.abs(Date.parse(d.start_date) - now.getTime());
  const running = pool
    .filter((d) => dayOf(d.start_date, timeZone) <= today && today <= dayOf(d.end_date ?? d.start_date, timeZone))
    .sort((a, b) => distance(a) - distance(b));
  if (running[0]) return running[0].id;
  return (pool.find((d) => Date.parse(d.start_date) > now.getTime()) ?? pool.at(-1)!).id;
}

/** The date the screen checks in: the one kept for the event when it still is one of its dates, else the default. */
export function chosenDoorDate(
  eventId: number,
  dates: readonly CheckInDateDto[],
  now: Date,
  timeZone: string,
): number | null {
  const kept = doorDateStore.get(eventId);
  return kept !== null && dates.some((d) => d.id === kept) ? kept : defaultDoorDate(dates, now, timeZone);
}

const startFormat = memoByKey((key) => {
  const [locale, timeZone] = key.split('|') as [string, string];
  return new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });
});

/** A date as the door chooses it, in the event's time zone: its start with the weekday, then its label. */
export function formatDoorDate(date: CheckInDateDto, timeZone: string, locale: string): string {
  const when = startFormat(`${locale}|${timeZone}`).format(new Date(date.start_date));
  return date.label ? `${when} · ${date.label}` : when;
}
