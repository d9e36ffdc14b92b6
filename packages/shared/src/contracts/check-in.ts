import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { EVENT_STATUSES, type EventStatus } from '../enums.js';
import { personRefSchema } from './common.js';
import { attendeeDtoSchema, type AttendeeDto, type PersonRef } from './orders-admin.js';

export const CHECK_IN_ACTIONS = ['CHECK_IN', 'CHECK_OUT'] as const;
export type CheckInAction = (typeof CHECK_IN_ACTIONS)[number];

/** What a scan did. A bad code is a result (the scanner shows it), not an HTTP error. */
export const CHECK_IN_RESULTS = ['CHECKED_IN', 'CHECKED_OUT', 'ALREADY_CHECKED_IN', 'NOT_CHECKED_IN', 'CANCELLED', 'AWAITING_PAYMENT', 'UNKNOWN', 'WRONG_EVENT'] as const;
export type CheckInResult = (typeof CHECK_IN_RESULTS)[number];

/** Scans queued offline are sent in batches of at most this many. */
export const CHECK_IN_BATCH_MAX = 500;
export const CHECK_IN_CODE_MAX = 500;

/** One scan or one click: a QR payload / ticket short id, or an attendee id from the list. */
export const checkInScan = z
  .object({
    code: z.string().trim().min(1).max(CHECK_IN_CODE_MAX).optional(),
    attendee_id: z.number().int().positive().max(LIMITS.ID_MAX).optional(),
    action: z.enum(CHECK_IN_ACTIONS),
    /** The device's own id for this scan (a uuid): a repeat answers the first outcome and changes nothing. */
    client_scan_id: z.uuid().optional(),
    /** When the device made the scan (queued offline scans arrive later). */
    scanned_at: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((v) => v.code !== undefined || v.attendee_id !== undefined, { ...customIssue('required'), path: ['code'] });
export type CheckInScan = z.input<typeof checkInScan>;

export const checkInBatchBody = z.object({ scans: z.array(checkInScan).min(1).max(CHECK_IN_BATCH_MAX) });
export type CheckInBatchBody = z.input<typeof checkInBatchBody>;

export interface CheckInOutcomeDto {
  result: CheckInResult;
  /** null when the code is unknown (or belongs to another account). */
  attendee: AttendeeDto | null;
  checked_in_at: string | null;
  checked_in_by: PersonRef | null;
}

export interface CheckInTicketStats {
  ticket_id: number;
  ticket_name: string;
  checked_in: number;
  total: number;
}

/** Checked-in against ACTIVE attendees, for the event and per ticket. */
export interface CheckInStatsDto {
  checked_in: number;
  total: number;
  by_ticket: CheckInTicketStats[];
}

/**
 * An event as the check-in screen needs it: what door staff may see of it (no settings, no sales).
 * `GET /check-in/events` lists the events the caller works; `GET /events/{id}/check-in` one of them.
 */
export interface CheckInEventDto {
  id: number;
  title: string;
  status: EventStatus;
  start_date: string;
  end_date: string | null;
  timezone: string;
}

// Response schemas of the check-in routes (`response`), each checked against its interface above.
export const checkInEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(EVENT_STATUSES),
  start_date: z.string(),
  end_date: z.string().nullable(),
  timezone: z.string(),
}) satisfies z.ZodType<CheckInEventDto>;

export const checkInOutcomeSchema = z.object({
  result: z.enum(CHECK_IN_RESULTS),
  attendee: attendeeDtoSchema.nullable(),
  checked_in_at: z.string().nullable(),
  checked_in_by: personRefSchema.nullable(),
}) satisfies z.ZodType<CheckInOutcomeDto>;

export const checkInStatsSchema = z.object({
  checked_in: z.number().int(),
  total: z.number().int(),
  by_ticket: z.array(z.object({ ticket_id: z.number().int(), ticket_name: z.string(), checked_in: z.number().int(), total: z.number().int() })),
}) satisfies z.ZodType<CheckInStatsDto>;
