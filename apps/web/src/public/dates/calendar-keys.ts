import { daysBetween } from './date-format';

/** The keys that move focus between the calendar's days. */
export const CALENDAR_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'] as const;
export type CalendarKey = (typeof CALENDAR_KEYS)[number];
export const isCalendarKey = (key: string): key is CalendarKey => (CALENDAR_KEYS as readonly string[]).includes(key);

/**
 * Where a key moves focus among the month's days that can be chosen (`days`, ascending "2027-03-05"):
 * left/right the previous/next of them; up/down the same weekday a week before/after when it has dates,
 * else the nearest to it on that side; Home/End the first/last. Null: nowhere to go.
 */
export function nextCalendarDay(days: readonly string[], from: string, key: CalendarKey): string | null {
  const i = days.indexOf(from);
  switch (key) {
    case 'ArrowRight':
      return days[i + 1] ?? null;
    case 'ArrowLeft':
      return i > 0 ? days[i - 1]! : null;
    case 'Home':
      return days[0] ?? null;
    case 'End':
      return days[days.length - 1] ?? null;
    default: {
      const step = key === 'ArrowDown' ? 7 : -7;
      const ahead = days.filter((d) => Math.sign(daysBetween(from, d)) === Math.sign(step));
      let best: string | null = null;
      let bestDistance = Infinity;
      for (const day of ahead) {
        const distance = Math.abs(daysBetween(from, day) - step);
        // On a tie, the day nearer to where focus is.
        if (distance < bestDistance || (distance === bestDistance && Math.abs(daysBetween(from, day)) < 7)) {
          best = day;
          bestDistance = distance;
        }
      }
      return best;
    }
  }
}
