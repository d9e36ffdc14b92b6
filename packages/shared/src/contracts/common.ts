import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue, isValidCurrency, isValidTimezone } from '../validation.js';

export const idParam = z.coerce.number().int().positive().max(LIMITS.ID_MAX);
export const idParams = z.object({ id: idParam });

export const sortDirection = z.enum(['asc', 'desc']);

/**
 * An ISO 8601 instant with its offset, seconds and fractions optional (`2027-06-01T17:30Z`,
 * `2027-06-01T19:30:00.123+02:00`).
 */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Incremental sync's parameters (the API's `shared/sync.ts`), on the lists integrators copy (orders,
 * attendees, check-ins, products). Either one starts a sync: rows in the order they changed, `per_page` at a
 * time, each page's `meta.next_cursor` fetching the next (null: done); `page` and `sort_by` are refused then.
 */
export const syncListFields = {
  updated_since: z
    .string()
    .trim()
    .regex(INSTANT, customIssue('invalid_date'))
    .refine((v) => !Number.isNaN(Date.parse(v)), customIssue('invalid_date'))
    .optional()
    .describe('Sync mode: only rows changed at or after this instant (ISO 8601 with its offset), oldest change first'),
  cursor: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, customIssue('invalid'))
    .optional()
    .describe(
      "Sync mode: the previous page's meta.next_cursor (or a pass's meta.sync_cursor, to get what changed since)",
    ),
};

/** The list query of SPEC §3/§9: paging, search, allow-listed sort and `filter_fields[name]`. */
export function listQuery<S extends readonly [string, ...string[]], F extends z.ZodRawShape>(sorts: S, filters: F) {
  return z.object({
    page: z.coerce.number().int().min(1).default(LIMITS.PAGE_DEFAULT),
    per_page: z.coerce.number().int().min(1).max(LIMITS.PER_PAGE_MAX).default(LIMITS.PER_PAGE_DEFAULT),
    query: z.string().trim().max(LIMITS.QUERY_MAX).optional(),
    sort_by: z.enum(sorts).optional(),
    sort_direction: sortDirection.optional(),
    // deepObject (`filter_fields[status]=CANCELLED`); an unknown filter is refused (422), never ignored.
    filter_fields: z.strictObject(filters).partial().optional(),
  });
}

export interface PageMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  allowed_sorts: string[];
  allowed_filter_fields: string[];
  /** Rows after this page: a later page (offset paging) or the next cursor's (sync). */
  has_more: boolean;
  /**
   * Sync lists (`updated_since` / `cursor`): the next page's cursor; null when the pass is done (and on offset pages).
   */
  next_cursor: string | null;
  /** Sync lists only: where a later pass starts to get what changed since this one (after the last row returned). */
  sync_cursor?: string;
  /** Check-in searches only: nothing matched, and the search is the old code of a ticket passed on to someone else. */
  passed_on?: boolean;
}
export interface Paginated<T> {
  data: T[];
  meta: PageMeta;
}
export interface One<T> {
  data: T;
}

/**
 * Response schemas (a route's `response`): the OpenAPI document then describes the answer, and fastify
 * serialises through them, so a field no schema names never leaves the server.
 */
export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
  allowed_sorts: z.array(z.string()),
  allowed_filter_fields: z.array(z.string()),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
  sync_cursor: z.string().optional(),
  passed_on: z.boolean().optional(),
}) satisfies z.ZodType<PageMeta>;
export const oneOf = <T extends z.ZodType>(item: T) => z.object({ data: item });
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMetaSchema });
export const personRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const trimmedName = z.string().trim().min(1).max(LIMITS.NAME_MAX);
/**
 * A person's first or last name (buyer, attendee) wherever it is entered: the checkout, the organizer's
 * manual attendee and the edits of an attendee or a buyer. SPEC §5: 1 to 50 characters; one rule, so
 * every entry point refuses the same names with the same message.
 */
export const personNameField = z.string().trim().min(LIMITS.FIRST_NAME_MIN).max(LIMITS.FIRST_NAME_MAX);
export const emailField = z.string().trim().toLowerCase().max(LIMITS.EMAIL_MAX).pipe(z.email());
/**
 * A name that may be left blank: blank (or absent) is null, and the reader's screen shows the thing's default name in
 * its language.
 */
export const defaultableName = z
  .string()
  .trim()
  .max(LIMITS.NAME_MAX)
  .nullable()
  .default(null)
  .transform((v) => v || null);

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
export const optionalUrl = z
  .string()
  .trim()
  .max(LIMITS.URL_MAX)
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.url({ protocol: /^https?$/ }).nullable());
export const timezoneField = z.string().trim().refine(isValidTimezone, customIssue('invalid_timezone'));
export const currencyField = z.string().trim().toUpperCase().refine(isValidCurrency, customIssue('invalid_currency'));

/** An ISO 8601 instant with its offset (`2026-12-31T18:30:00.000Z`, `2026-12-31T19:30+01:00`): what reads answer. */
const OFFSET_AT_END = /(?:Z|[+-]\d{2}:\d{2})$/;
export const hasOffset = (value: string) => OFFSET_AT_END.test(value);

/**
 * A date and time of an event: the wall clock in the event's time zone (`2026-12-31T19:30`, as the
 * forms send it), or an instant with its offset (`2026-12-31T18:30:00.000Z`, as every read answers it),
 * so that what a client read can be written back unchanged.
 */
export const localDateTime = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?|T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))$/,
    customIssue('invalid_date'),
  )
  .describe(
    "The event's wall-clock time (2027-06-01T19:30) or an ISO 8601 instant with its offset (2027-06-01T17:30:00Z)",
  );
