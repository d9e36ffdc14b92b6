import { type DateRule, EVENT_DATES_MAX, ruleStarts } from '@admitone/shared';
// rrule ships CommonJS to Node: its named exports are reached through the default one.
import rrule from 'rrule';

import { zonedToUtc } from '../../shared/dates.js';

/** The most occurrences a rule expands to: one more than an event may hold, so the caller can refuse. */
export const EXPANSION_CAP = EVENT_DATES_MAX + 1;

/** What one occurrence of a rule becomes: a date's start and end. */
export interface Occurrence {
  start: Date;
  end: Date | null;
}

/**
 * The dates a rule makes, in order: its wall-clock starts (`ruleStarts`, shared with the rule form's preview), each
 * read on the wall clock of `timeZone` (so a 19:30 show stays 19:30 across daylight-saving changes; a time that
 * does not exist on a spring-forward day becomes the one after the gap, and two that become the same instant count
 * once). Stops at EXPANSION_CAP dates.
 */
export function expandRule(rule: DateRule, timeZone: string): Occurrence[] {
  const durationMs = rule.duration_minutes === null ? null : rule.duration_minutes * 60_000;
  const out: Occurrence[] = [];
  const seen = new Set<number>();
  for (const local of ruleStarts(rule, rrule.RRule, EXPANSION_CAP)) {
    const start = zonedToUtc(local, timeZone);
    if (seen.has(start.getTime())) continue;
    seen.add(start.getTime());
    out.push({ start, end: durationMs === null ? null : new Date(start.getTime() + durationMs) });
  }
  return out;
}
