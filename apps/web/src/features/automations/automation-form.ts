import {
  AUTOMATION_OFFSET_RANGE,
  type AutomationAudience,
  type AutomationBody,
  type AutomationDto,
  type AutomationKind,
} from '@admitone/shared';

/** One automation as its form holds it: the offset in hours (decimals allowed), texts as typed. */
export interface AutomationValues {
  enabled: boolean;
  /** Hours before a date (reminder), after leaving the checkout, or after a date ends (follow-up). */
  hours: number | string;
  audience: AutomationAudience;
  message: string;
  link_url: string;
}

/** The form's fields; a server error on another one goes to the alert above the form. */
const FIELDS = new Set<string>(['enabled', 'hours', 'audience', 'message', 'link_url']);

/** Minutes as hours with at most two decimals (20 min → 0.33). */
export const hoursOf = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;
/** Hours as whole minutes (0.33 h → 20 min). */
export const minutesOf = (hours: number): number => Math.round(hours * 60);

/** A kind's offset range in hours. */
export const hoursRange = (kind: AutomationKind) => ({
  min: hoursOf(AUTOMATION_OFFSET_RANGE[kind].min),
  max: hoursOf(AUTOMATION_OFFSET_RANGE[kind].max),
});

/** Whether typed hours make an offset the kind allows (an empty field is not one). */
export function offsetAllowed(kind: AutomationKind, hours: number | string): boolean {
  if (typeof hours !== 'number' || !Number.isFinite(hours)) return false;
  const minutes = minutesOf(hours);
  const range = AUTOMATION_OFFSET_RANGE[kind];
  return minutes >= range.min && minutes <= range.max;
}

export const automationValues = (
  a: Pick<AutomationDto, 'enabled' | 'offset_minutes' | 'audience' | 'message' | 'link_url'>,
): AutomationValues => ({
  enabled: a.enabled,
  hours: hoursOf(a.offset_minutes),
  audience: a.audience,
  message: a.message ?? '',
  link_url: a.link_url ?? '',
});

/** Reminders a new one may start from, in this order: the first the event has not got yet. */
const NEW_REMINDER_MINUTES = [24 * 60, 7 * 24 * 60, 4 * 60, 12 * 60, 60, 72 * 60];

/** A new reminder's starting values: on, a day before (or another time the event's reminders do not use yet). */
export function newReminderValues(existing: Pick<AutomationDto, 'kind' | 'offset_minutes'>[]): AutomationValues {
  const taken = new Set(existing.filter((a) => a.kind === 'REMINDER').map((a) => a.offset_minutes));
  const minutes = NEW_REMINDER_MINUTES.find((m) => !taken.has(m)) ?? NEW_REMINDER_MINUTES[0]!;
  return { enabled: true, hours: hoursOf(minutes), audience: 'ALL', message: '', link_url: '' };
}

/**
 * The API body for the form's values. An emptied hours field is sent as null so the schema reports it; only the
 * follow-up has an audience and a link.
 */
export function toAutomationBody(kind: AutomationKind, v: AutomationValues): AutomationBody {
  const followUp = kind === 'FOLLOW_UP';
  return {
    kind,
    enabled: v.enabled,
    offset_minutes: (typeof v.hours === 'number' ? minutesOf(v.hours) : null) as number,
    audience: followUp ? v.audience : 'ALL',
    message: v.message.trim() || null,
    link_url: followUp ? v.link_url.trim() || null : null,
  };
}

/**
 * A failed save's field errors as the form's: `offset_minutes` is the hours field. Errors on anything else (`kind`:
 * an event has one abandoned-checkout mail) come back in `rest`, for the alert.
 */
export function automationFieldErrors(errors: Record<string, string>): {
  fields: Record<string, string>;
  rest: string[];
} {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const field = key === 'offset_minutes' ? 'hours' : key;
    if (FIELDS.has(field)) fields[field] = message;
    else rest.push(message);
  }
  return { fields, rest };
}
