import { type DateRule, EVENT_DATES_MAX, ruleStarts } from '@admitone/shared';
import { RRule } from 'rrule';

/**
 * The dates a rule makes, worked out in the browser for the rule form's preview with the server's own expansion
 * (`ruleStarts` in @admitone/shared). It stays on the wall clock of the event's zone (`2026-12-31T19:30`), which is
 * what the organizer reads; the server turns each into an instant (a time inside a spring-forward gap moves after it
 * there).
 */

/** One more than an event may hold: enough to say "too many". */
const PREVIEW_CAP = EVENT_DATES_MAX + 1;

export interface RulePreview {
  /** How many dates the rule makes (at most EVENT_DATES_MAX + 1: more than an event may hold). */
  count: number;
  /** Whether it would make more than that. */
  capped: boolean;
  /** The first few, as wall-clock starts ("2026-12-31T19:30"). */
  first: string[];
  /** Every start, as wall-clock strings (for the "in the past" check). */
  all: string[];
}

/** The wall-clock starts a valid rule makes, in order, up to one more than an event may hold. */
export function previewRule(rule: DateRule, firstFew = 5): RulePreview {
  const all = ruleStarts(rule, RRule, PREVIEW_CAP);
  return { count: all.length, capped: all.length > EVENT_DATES_MAX, first: all.slice(0, firstFew), all };
}
