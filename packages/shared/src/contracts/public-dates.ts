import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { type EventLocation, eventLocationOutSchema } from './event-edit.js';

/**
 * How a date looks to a buyer:
 * - ON_SALE: tickets can be bought;
 * - FEW_LEFT: on sale, and few remain (5 or fewer, or up to a tenth of what it can sell when that is more);
 * - SOLD_OUT: nothing left, or the organizer marked it sold out;
 * - CANCELLED: the organizer cancelled it (shown, never sold);
 * - OVER: it has ended (only when a link names it).
 */
export const PUBLIC_DATE_STATES = ['ON_SALE', 'FEW_LEFT', 'SOLD_OUT', 'CANCELLED', 'OVER'] as const;
export type PublicDateState = (typeof PUBLIC_DATE_STATES)[number];

/** A date of an event as buyers see it (hidden dates are never shown). */
export interface PublicEventDateDto {
  id: number;
  /** Instants (ISO 8601, UTC); shown in the event's time zone. */
  start_date: string;
  end_date: string | null;
  label: string | null;
  /** Where this date differs from the event's venue; null: the event's. */
  location: EventLocation | null;
  state: PublicDateState;
  /** What is left on this date when the event shows remaining tickets; null: not shown, or no limit. */
  remaining: number | null;
}

export const publicEventDateSchema = z.object({
  id: z.number().int(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  label: z.string().nullable(),
  location: eventLocationOutSchema.nullable(),
  state: z.enum(PUBLIC_DATE_STATES),
  remaining: z.number().int().nullable(),
}) satisfies z.ZodType<PublicEventDateDto>;

/** One day of the calendar (in the event's time zone) that has dates buyers can see. */
export interface PublicDateDayDto {
  /** `2027-03-05` */
  day: string;
  /** How many dates start that day. */
  dates: number;
  /** The best state among them (ON_SALE before FEW_LEFT before SOLD_OUT before CANCELLED). */
  state: PublicDateState;
  /** The first of them (a link to the day opens it when it is the only one). */
  first_date_id: number;
}

export const publicDateDaySchema = z.object({
  day: z.string(),
  dates: z.number().int(),
  state: z.enum(PUBLIC_DATE_STATES),
  first_date_id: z.number().int(),
}) satisfies z.ZodType<PublicDateDayDto>;

/** A month of the calendar: the days that have dates, and whether earlier or later months have any. */
export interface PublicDateMonthDto {
  /** `2027-03` */
  month: string;
  days: PublicDateDayDto[];
  /** The nearest month before (not before this month's start of sales: today) and after with dates; null: none. */
  previous_month: string | null;
  next_month: string | null;
}

export const publicDateMonthSchema = z.object({
  month: z.string(),
  days: z.array(publicDateDaySchema),
  previous_month: z.string().nullable(),
  next_month: z.string().nullable(),
}) satisfies z.ZodType<PublicDateMonthDto>;

/**
 * The dates part of the public event. An event with one date shows nothing to choose (`count` 1, `chosen`
 * that date). With several, the buyer chooses one (`?date=` on the page, `date` on the API) and the tickets
 * are those of the chosen date; until then the event has no tickets listed.
 */
export interface PublicEventDatesDto {
  /** Dates buyers can see that have not ended (hidden ones never count). */
  count: number;
  /** The next of them (at most PUBLIC_UPCOMING_DATES), from now. */
  upcoming: PublicEventDateDto[];
  /** The date the tickets are for: the one asked for, or the only one; null: none chosen yet. */
  chosen: PublicEventDateDto | null;
  /** A date was asked for that buyers cannot see (unknown, hidden or another event's). */
  date_unavailable: boolean;
  /** The calendar's month: the chosen date's, else the first upcoming date's; null when no dates are ahead. */
  calendar: PublicDateMonthDto | null;
  /** The dates on the chosen date's day (its time slots), when there are several; else empty. */
  same_day: PublicEventDateDto[];
}

export const publicEventDatesSchema = z.object({
  count: z.number().int(),
  upcoming: z.array(publicEventDateSchema),
  chosen: publicEventDateSchema.nullable(),
  date_unavailable: z.boolean(),
  calendar: publicDateMonthSchema.nullable(),
  same_day: z.array(publicEventDateSchema),
}) satisfies z.ZodType<PublicEventDatesDto>;

/** How many upcoming dates the event answer lists (the calendar reaches the rest). */
export const PUBLIC_UPCOMING_DATES = 6;
/** The most dates `GET /api/public/events/{id}/dates?day=` lists (slots every 5 minutes fill a day with 288). */
export const PUBLIC_DAY_DATES_MAX = 300;

const month = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, customIssue('invalid_date'));
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, customIssue('invalid_date'))
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), customIssue('invalid_date'));

/** `GET /api/public/events/{eventId}/dates/calendar?month=2027-03` (no month: the first with dates ahead). */
export const publicDateMonthQuery = z.object({ month: month.optional() });
export const publicDateMonthResponse = z.object({ data: publicDateMonthSchema.nullable() });

/** `GET /api/public/events/{eventId}/dates?day=2027-03-05`: the dates buyers can see that start that day. */
export const publicDayDatesQuery = z.object({ day });
export const publicDayDatesResponse = z.object({ data: z.array(publicEventDateSchema) });

/** `?date=` on the public event (and on its page): the date whose tickets are listed. */
export const publicDateParam = z.coerce.number().int().positive().max(LIMITS.ID_MAX).optional().catch(undefined);
