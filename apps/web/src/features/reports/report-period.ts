import { addDays, daysBetween, isCalendarDay, REPORT_MAX_DAYS } from '@admitone/shared';

import type { ReportPeriod } from './api/reports';

/** The quick choices of the period chooser: everything, or the last N days up to today. */
export const PERIOD_PRESETS = ['all', 'last-7', 'last-30', 'last-90'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

const LENGTH: Record<Exclude<PeriodPreset, 'all'>, number> = { 'last-7': 7, 'last-30': 30, 'last-90': 90 };

/** The period of a quick choice, ending today (a calendar day in the time zone the report reads days in). */
export function presetPeriod(preset: PeriodPreset, today: string): ReportPeriod {
  return preset === 'all' ? { from: null, to: null } : { from: addDays(today, 1 - LENGTH[preset]), to: today };
}

/** The quick choice a period is, or null for any other period. */
export function presetOf(period: ReportPeriod, today: string): PeriodPreset | null {
  return (
    PERIOD_PRESETS.find((p) => {
      const q = presetPeriod(p, today);
      return q.from === period.from && q.to === period.to;
    }) ?? null
  );
}

/** A day from the address bar, or null when absent or not a real day. */
export const dayParam = (value: string | null): string | null => (value && isCalendarDay(value) ? value : null);

/** What is wrong with a period before asking the server: the end before the start, or too many days. */
export function periodProblem(period: ReportPeriod): 'order' | 'length' | null {
  if (!period.from || !period.to) return null;
  const span = daysBetween(period.from, period.to);
  if (span < 0) return 'order';
  return span + 1 > REPORT_MAX_DAYS ? 'length' : null;
}
