import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { customIssue, isValidCurrency, isValidTimezone } from '../validation.js';

export const idParam = z.coerce.number().int().positive().max(LIMITS.ID_MAX);
export const idParams = z.object({ id: idParam });

export const sortDirection = z.enum(['asc', 'desc']);

/** The list query of SPEC §3/§9: paging, search, allow-listed sort and `filter_fields[name]`. */
export function listQuery<S extends readonly [string, ...string[]], F extends z.ZodRawShape>(sorts: S, filters: F) {
  return z.object({
    page: z.coerce.number().int().min(1).default(LIMITS.PAGE_DEFAULT),
    per_page: z.coerce.number().int().min(1).max(LIMITS.PER_PAGE_MAX).default(LIMITS.PER_PAGE_DEFAULT),
    query: z.string().trim().max(LIMITS.QUERY_MAX).optional(),
    sort_by: z.enum(sorts).optional(),
    sort_direction: sortDirection.optional(),
    filter_fields: z.object(filters).partial().optional(),
  });
}

export interface PageMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  allowed_sorts: string[];
  allowed_filter_fields: string[];
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
/** A name that may be left blank: blank (or absent) is null, and the reader's screen shows the thing's default name in its language. */
export const defaultableName = z
  .string()
  .trim()
  .max(LIMITS.NAME_MAX)
  .nullable()
  .default(null)
  .transform((v) => v || null);

export const optionalText = (max: number) =>
  z.string().trim().max(max).nullish().transform((v) => (v ? v : null));
export const optionalUrl = z
  .string()
  .trim()
  .max(LIMITS.URL_MAX)
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.url({ protocol: /^https?$/ }).nullable());
export const timezoneField = z.string().trim().refine(isValidTimezone, customIssue('invalid_timezone'));
export const currencyField = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isValidCurrency, customIssue('invalid_currency'));

/** A wall-clock date and time without offset, e.g. `2026-12-31T19:30`, read in a given time zone. */
export const localDateTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/, customIssue('invalid_date'));
