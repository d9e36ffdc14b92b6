import { z } from 'zod';

import { EVENT_DATE_STATUSES, type EventDateStatus } from '../enums.js';
import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { hasOffset, localDateTime, oneOf, optionalText, pageOf } from './common.js';
import { type EventLocation, eventLocationOutSchema, eventLocationSchema } from './event-edit.js';

/** The most dates one event may have (made one by one or from rules). */
export const EVENT_DATES_MAX = 5000;
/** Start times a rule may give each day (`times`). */
export const DATE_RULE_TIMES_MAX = 48;
/** Days a rule may leave out (`exceptions`). */
export const DATE_RULE_EXCEPTIONS_MAX = 1000;
/** The longest a date made by a rule may last (`duration_minutes`): a week. */
export const DATE_DURATION_MINUTES_MAX = 10_080;

export const DATE_RULE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type DateRuleFrequency = (typeof DATE_RULE_FREQUENCIES)[number];
/** Days of the week as RFC 5545 names them. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const dateStatus = z.enum(EVENT_DATE_STATUSES);
/** A new date is never cancelled: cancelling is its own action (it cancels the date's orders). */
const newDateStatus = dateStatus.refine((s) => s !== 'CANCELLED', customIssue('cancel_date_separately'));
const dateCapacity = z.number().int().min(0).max(10_000_000);
const dateLabel = optionalText(LIMITS.NAME_MAX);
const dateId = z.number().int().positive().max(LIMITS.ID_MAX);

/** Compares two wall-clock strings of the same time zone (an instant with an offset is compared by the server). */
const normalise = (s: string) => s.replace(' ', 'T').slice(0, 16);
const endAfterStart = (start: unknown, end: unknown) =>
  typeof start !== 'string' ||
  typeof end !== 'string' ||
  hasOffset(start) ||
  hasOffset(end) ||
  normalise(end) > normalise(start);

/** A calendar day in the event's time zone (`2026-12-31`). */
const localDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, customIssue('invalid_date'))
  .refine((v) => {
    const [y, m, d] = v.split('-').map(Number) as [number, number, number];
    const day = new Date(Date.UTC(y, m - 1, d));
    return (
      y >= 1970 && y <= 9998 && day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d
    );
  }, customIssue('invalid_date'));
/** A time of day on the event's wall clock (`19:30`). */
const clockTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, customIssue('invalid_time'));
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** An ISO 8601 instant with its offset (the list's filters). */
const instant = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/, customIssue('invalid_date'))
  .refine((v) => !Number.isNaN(Date.parse(v)), customIssue('invalid_date'));

/**
 * One date of an event. Start and end are the event's wall clock (`2026-12-31T19:30`, as the forms send
 * them) or instants with their offset (as reads answer). `location` null: the event's venue.
 */
export const eventDateBody = z
  .object({
    start_date: localDateTime,
    end_date: localDateTime.nullish().transform((v) => v ?? null),
    label: dateLabel,
    location: eventLocationSchema.nullish().transform((v) => v ?? null),
    status: newDateStatus.default('ON_SALE'),
    capacity: dateCapacity.nullish().transform((v) => v ?? null),
  })
  .refine((v) => endAfterStart(v.start_date, v.end_date), {
    path: ['end_date'],
    when: (p) => {
      const v = p.value as { start_date?: unknown; end_date?: unknown } | undefined;
      return typeof v?.start_date === 'string' && typeof v?.end_date === 'string';
    },
    ...customIssue('end_before_start'),
  });
export type EventDateBody = z.input<typeof eventDateBody>;

/**
 * Changes to one date; every field is optional. A date is not cancelled here (its own action does it, with
 * its orders), and a cancelled date keeps its status. A new start or end moves the date: its tickets stay
 * valid, and with `notify_buyers` the buyers of its orders are mailed the new time with a new calendar file.
 */
export const updateEventDateBody = z
  .object({
    start_date: localDateTime.optional(),
    end_date: localDateTime.nullable().optional(),
    label: dateLabel.optional(),
    location: eventLocationSchema.nullable().optional(),
    status: dateStatus.optional(),
    capacity: dateCapacity.nullable().optional(),
    /** When the times change: mail each buyer of the date (and each ticket holder at an address of their own). */
    notify_buyers: z.boolean().optional(),
    /** The organizer's words to the buyers, in those mails. */
    move_message: optionalText(LIMITS.DESCRIPTION_MAX).optional(),
  })
  .refine((v) => endAfterStart(v.start_date, v.end_date), {
    path: ['end_date'],
    when: (p) => {
      const v = p.value as { start_date?: unknown; end_date?: unknown } | undefined;
      return typeof v?.start_date === 'string' && typeof v?.end_date === 'string';
    },
    ...customIssue('end_before_start'),
  });
export type UpdateEventDateBody = z.input<typeof updateEventDateBody>;

/** The same change to many dates of an event at once (all of them the event's, else not found). */
export const bulkEventDatesBody = z.object({
  ids: z.array(dateId).min(1).max(EVENT_DATES_MAX),
  capacity: dateCapacity.nullable().optional(),
  status: dateStatus.optional(),
  label: dateLabel.optional(),
  /** One ticket's price on every chosen date in minor units (null: its own price again). Fixed-price tickets only. */
  ticket_price: z
    .object({
      ticket_id: z.number().int().positive().max(LIMITS.ID_MAX),
      price: z.number().int().min(0).max(LIMITS.MONEY_MAX).nullable(),
    })
    .optional(),
});
export type BulkEventDatesBody = z.input<typeof bulkEventDatesBody>;

/**
 * Many dates at once from a rule (RFC 5545 terms), all in the event's time zone: a 19:30 show stays 19:30
 * on the wall clock across daylight-saving changes.
 * - `frequency` and `interval`: every `interval` days, weeks or months from `start_on`.
 * - `weekdays`: the days of a WEEKLY rule (required); on a DAILY rule, only those days.
 * - MONTHLY: on `start_on`'s day of the month (months without it are skipped), or on `monthly_nth`
 *   (the 2nd Saturday: `{ nth: 2, weekday: 'SA' }`; the last Friday: `{ nth: -1, weekday: 'FR' }`).
 * - It ends on `until` (that day included) or after `count` days the rule falls on.
 * - Each day gets a date at every one of `times`, or one every `slots.every_minutes` from `slots.from`
 *   while the start is before `slots.to`; `duration_minutes` gives each its end (null: none).
 * - `exceptions`: days left out (as RFC 5545's EXDATE: they count towards `count`).
 */
export const dateRuleBody = z
  .object({
    frequency: z.enum(DATE_RULE_FREQUENCIES),
    interval: z.number().int().min(1).max(52).default(1),
    weekdays: z.array(z.enum(WEEKDAYS)).max(7).default([]),
    monthly_nth: z
      .object({
        nth: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(-1)]),
        weekday: z.enum(WEEKDAYS),
      })
      .nullish()
      .transform((v) => v ?? null),
    start_on: localDate,
    until: localDate.nullish().transform((v) => v ?? null),
    count: z
      .number()
      .int()
      .min(1)
      .max(EVENT_DATES_MAX)
      .nullish()
      .transform((v) => v ?? null),
    times: z
      .array(clockTime)
      .min(1)
      .max(DATE_RULE_TIMES_MAX)
      .nullish()
      .transform((v) => v ?? null),
    slots: z
      .object({ from: clockTime, to: clockTime, every_minutes: z.number().int().min(5).max(720) })
      .nullish()
      .transform((v) => v ?? null),
    duration_minutes: z
      .number()
      .int()
      .min(1)
      .max(DATE_DURATION_MINUTES_MAX)
      .nullish()
      .transform((v) => v ?? null),
    exceptions: z.array(localDate).max(DATE_RULE_EXCEPTIONS_MAX).default([]),
    label: dateLabel,
    capacity: dateCapacity.nullish().transform((v) => v ?? null),
    status: newDateStatus.default('ON_SALE'),
  })
  .superRefine((v, ctx) => {
    const issue = (path: (string | number)[], key: Parameters<typeof customIssue>[0], input: unknown) =>
      ctx.addIssue({ code: 'custom', path, ...customIssue(key), input });
    if (v.frequency === 'WEEKLY' && !v.weekdays.length) issue(['weekdays'], 'choose_weekdays', v.weekdays);
    if (v.frequency === 'MONTHLY' && v.weekdays.length) issue(['weekdays'], 'invalid', v.weekdays);
    if (v.frequency !== 'MONTHLY' && v.monthly_nth) issue(['monthly_nth'], 'invalid', v.monthly_nth);
    if ((v.until === null) === (v.count === null)) issue(['until'], 'rule_end_choice', v.until);
    else if (v.until !== null && v.until < v.start_on) issue(['until'], 'end_before_start', v.until);
    if ((v.times === null) === (v.slots === null)) issue(['times'], 'rule_times_choice', v.times);
    if (v.times && new Set(v.times).size !== v.times.length) issue(['times'], 'options_unique', v.times);
    if (v.slots && minutesOf(v.slots.to) <= minutesOf(v.slots.from))
      issue(['slots', 'to'], 'end_before_start', v.slots.to);
  });
export type DateRuleBody = z.input<typeof dateRuleBody>;
export type DateRule = z.output<typeof dateRuleBody>;

/** `GET /api/events/{eventId}/dates`: all of them (at most EVENT_DATES_MAX), by start; `from` ≤ start < `to`. */
export const eventDateListQuery = z.object({
  from: instant.optional(),
  to: instant.optional(),
  status: dateStatus.optional(),
});
export type EventDateListQuery = z.input<typeof eventDateListQuery>;

export const eventDateParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  dateId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});

export interface EventDateDto {
  id: number;
  event_id: number;
  /** ISO instant. */
  start_date: string;
  end_date: string | null;
  label: string | null;
  /** This date's venue; null: the event's. */
  location: EventLocation | null;
  status: EventDateStatus;
  /** Admissions this date can hold over all its tickets (null: no limit beyond the tickets'). */
  capacity: number | null;
  /** Admissions taken on this date: sold plus held in checkouts. */
  taken: number;
  created_at: string;
}

/** `EventDateDto` as a response schema. */
export const eventDateSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  label: z.string().nullable(),
  location: eventLocationOutSchema.nullable(),
  status: dateStatus,
  capacity: z.number().int().nullable(),
  taken: z.number().int(),
  created_at: z.string(),
}) satisfies z.ZodType<EventDateDto>;
export const eventDateResponse = oneOf(eventDateSchema);
/** A changed date; `move`: its times changed and buyers are being told (null: nobody is mailed). */
export const updatedEventDateResponse = z.object({
  data: eventDateSchema,
  move: z
    .object({
      /** Orders whose buyers are mailed the new time (by the worker, order by order). */
      orders: z.number().int(),
    })
    .nullable(),
});
export const eventDateListResponse = pageOf(eventDateSchema);
/** The dates a rule or a bulk change made or changed, by start. */
export const eventDatesResponse = z.object({ data: z.array(eventDateSchema) });

/** Cancel one date of an event with several: its orders are cancelled (and card-paid ones refunded). */
export const cancelEventDateBody = z.object({
  /** Refund card-paid orders in full (what remains of each). */
  refund: z.boolean(),
  /** The organizer's words to the buyers, in their cancellation mails. */
  message: optionalText(LIMITS.DESCRIPTION_MAX).optional(),
});
export type CancelEventDateBody = z.input<typeof cancelEventDateBody>;

/** The cancelled date, and the orders it cancels (some still being worked through by the worker). */
export const cancelEventDateResponse = z.object({
  data: eventDateSchema,
  cancellation: z.object({
    /** Orders of the date that were or will be cancelled. */
    orders: z.number().int(),
    /** Of them, card-paid orders that were or will be refunded. */
    refunds: z.number().int(),
    /** Orders still to be worked through (0: all done). */
    pending: z.number().int(),
  }),
});
export type CancelEventDateResponse = z.output<typeof cancelEventDateResponse>;
export type UpdatedEventDateResponse = z.output<typeof updatedEventDateResponse>;

/** What cancelling a date would cancel now (the confirmation shows it). */
export const dateCancellationPreviewResponse = z.object({
  data: z.object({
    /** Orders of the date that stand (not cancelled). */
    orders: z.number().int(),
    /** Their valid tickets. */
    tickets: z.number().int(),
    /** Of the orders, card-paid ones a refund would pay back. */
    refunds: z.number().int(),
    /** Of the orders, ones paid another way (offline, or made by the team): the organizer returns that money. */
    paid_outside: z.number().int(),
  }),
});
export type DateCancellationPreview = z.output<typeof dateCancellationPreviewResponse>['data'];
