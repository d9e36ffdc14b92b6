import { z } from 'zod';

import { EVENT_DATE_STATUSES, EVENT_STATUSES, type EventDateStatus, type EventStatus } from '../enums.js';
import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import {
  defaultableName,
  listQuery,
  localDateTime,
  optionalText,
  pageOf,
  personRefSchema,
  syncListFields,
} from './common.js';
import type { OrderDateDto } from './order-dates.js';
import { type AttendeeDto, attendeeDtoSchema, type PersonRef } from './orders-admin.js';
import { type SeatDto, seatSchema } from './seating.js';

export const CHECK_IN_ACTIONS = ['CHECK_IN', 'CHECK_OUT'] as const;
export type CheckInAction = (typeof CHECK_IN_ACTIONS)[number];

/** What a scan did. A bad code is a result (the scanner shows it), not an HTTP error. */
export const CHECK_IN_RESULTS = [
  'CHECKED_IN',
  'CHECKED_OUT',
  'ALREADY_CHECKED_IN',
  'NOT_CHECKED_IN',
  'CANCELLED',
  'AWAITING_PAYMENT',
  'UNKNOWN',
  'WRONG_EVENT',
  /** The ticket is the event's, but this list does not admit its ticket type. */
  'NOT_ON_LIST',
  /** The list opens later (its `activates_at`). */
  'LIST_NOT_ACTIVE',
  /** The list closed (its `expires_at`). */
  'LIST_EXPIRED',
  /** A ticket's old code: the buyer passed the ticket on, and it now has a new code. */
  'TRANSFERRED',
  /** The ticket is for another date of the event than the one being checked in (the attendee names it). */
  'WRONG_DATE',
] as const;
export type CheckInResult = (typeof CHECK_IN_RESULTS)[number];

/**
 * The refusals an admin or organizer may override at the door ("Admit anyway", with a reason): the list does not admit
 * the ticket type, the list is closed or not open yet, the ticket is for another date, or its offline payment has not
 * arrived. A cancelled, unknown, passed-on or other event's ticket is never admitted.
 */
export const CHECK_IN_OVERRIDABLE = [
  'NOT_ON_LIST',
  'LIST_NOT_ACTIVE',
  'LIST_EXPIRED',
  'WRONG_DATE',
  'AWAITING_PAYMENT',
] as const satisfies readonly CheckInResult[];

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
    /**
     * The date being checked in (events with several dates). Without it a ticket is admitted on the days its
     * date runs (from its start's day to its end's, in the event's time zone); with one date, always.
     */
    event_date_id: z.number().int().positive().max(LIMITS.ID_MAX).optional(),
    /**
     * Admit anyway (admins and organizers, a check-in only): a ticket the list would refuse for a reason a person may
     * judge at the door (CHECK_IN_OVERRIDABLE) is checked in, with this reason in the audit log.
     */
    override_reason: z.string().trim().min(3).max(200).optional(),
  })
  .refine((v) => v.code !== undefined || v.attendee_id !== undefined, { ...customIssue('required'), path: ['code'] })
  .refine((v) => v.override_reason === undefined || v.action === 'CHECK_IN', {
    ...customIssue('override_check_in_only'),
    path: ['override_reason'],
  });
export type CheckInScan = z.input<typeof checkInScan>;

export const checkInBatchBody = z.object({ scans: z.array(checkInScan).min(1).max(CHECK_IN_BATCH_MAX) });
export type CheckInBatchBody = z.input<typeof checkInBatchBody>;

export interface CheckInOutcomeDto {
  result: CheckInResult;
  /** null when the code is unknown (or belongs to another account). */
  attendee: AttendeeDto | null;
  checked_in_at: string | null;
  checked_in_by: PersonRef | null;
  /** Checked in through the list's staff link (no person to name). */
  checked_in_by_link: boolean;
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
  /** How many dates the event has (with several, the screens name each attendee's). */
  date_count: number;
}

// Response schemas of the check-in routes (`response`), each checked against its interface above.
export const checkInEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(EVENT_STATUSES),
  start_date: z.string(),
  end_date: z.string().nullable(),
  timezone: z.string(),
  date_count: z.number().int(),
}) satisfies z.ZodType<CheckInEventDto>;

export const checkInOutcomeSchema = z.object({
  result: z.enum(CHECK_IN_RESULTS),
  attendee: attendeeDtoSchema.nullable(),
  checked_in_at: z.string().nullable(),
  checked_in_by: personRefSchema.nullable(),
  checked_in_by_link: z.boolean(),
}) satisfies z.ZodType<CheckInOutcomeDto>;

export const checkInStatsSchema = z.object({
  checked_in: z.number().int(),
  total: z.number().int(),
  by_ticket: z.array(
    z.object({
      ticket_id: z.number().int(),
      ticket_name: z.string(),
      checked_in: z.number().int(),
      total: z.number().int(),
    }),
  ),
}) satisfies z.ZodType<CheckInStatsDto>;

/**
 * `GET …/stats`: the count on one of the event's dates (`filter_fields[event_date_id]`; another event's date answers
 * 422 on the field, as the attendee lists).
 */
export const checkInStatsQuery = z.object({
  filter_fields: z
    .strictObject({ event_date_id: z.coerce.number().int().positive().max(LIMITS.ID_MAX) })
    .partial()
    .optional(),
});
export type CheckInStatsQuery = z.input<typeof checkInStatsQuery>;

/**
 * One of the event's dates as the door chooses the date it checks in (`GET /events/{id}/check-in/dates`, `GET
 * /public/check-in-links/{token}/dates`): all of them by start, cancelled and hidden ones marked by their status.
 */
export interface CheckInDateDto {
  id: number;
  /** Instants (ISO 8601, UTC); shown in the event's time zone. */
  start_date: string;
  end_date: string | null;
  label: string | null;
  status: EventDateStatus;
}

export const checkInDateSchema = z.object({
  id: z.number().int(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  label: z.string().nullable(),
  status: z.enum(EVENT_DATE_STATUSES),
}) satisfies z.ZodType<CheckInDateDto>;

// ---------------------------------------------------------------------------------------------
// Check-in lists: the lines at the door, each admitting some tickets in a window, with a staff link.

/** How many check-in lists an event may have. */
export const CHECK_IN_LISTS_MAX = 50;

const listIdField = z.number().int().positive().max(LIMITS.ID_MAX);

/** `POST|PUT /events/{id}/check-in-lists(/{listId})`. Times are wall-clock times in the event's time zone. */
export const checkInListBody = z
  .object({
    name: defaultableName,
    description: optionalText(LIMITS.DESCRIPTION_MAX),
    all_tickets: z.boolean().default(true),
    ticket_ids: z.array(listIdField).max(500).default([]),
    activates_at: localDateTime.nullable().default(null),
    expires_at: localDateTime.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (!v.all_tickets && !v.ticket_ids.length)
      ctx.addIssue({ code: 'custom', path: ['ticket_ids'], ...customIssue('required'), input: v.ticket_ids });
    if (v.activates_at && v.expires_at && v.expires_at.replace(' ', 'T') <= v.activates_at.replace(' ', 'T')) {
      ctx.addIssue({ code: 'custom', path: ['expires_at'], ...customIssue('end_before_start'), input: v.expires_at });
    }
  });
export type CheckInListBody = z.input<typeof checkInListBody>;

export const checkInListParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  listId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});

/**
 * `/check-in-links/{token}/…`: a staff link's secret (any other text is an unknown link: STAFF_LINK_INVALID, not a form
 * error).
 */
export const staffLinkParams = z.object({ token: z.string().min(1).max(100) });

export const CHECK_IN_LIST_STATES = ['ACTIVE', 'NOT_YET_ACTIVE', 'EXPIRED'] as const;
export type CheckInListState = (typeof CHECK_IN_LIST_STATES)[number];

/** A check-in list as the organizer's screens and the check-in screen show it. */
export interface CheckInListDto {
  id: number;
  event_id: number;
  /** null: the default name, shown as "All tickets" in the reader's language. */
  name: string | null;
  description: string | null;
  all_tickets: boolean;
  /** The tickets it admits when not all. */
  ticket_ids: number[];
  activates_at: string | null;
  expires_at: string | null;
  state: CheckInListState;
  /** Whether the list has a staff link. */
  has_staff_link: boolean;
  /**
   * The staff link's secret: only in the answer to a signed-in person making it (`POST .../staff-link`);
   * null in every other answer (lists, API keys, staff links). `GET .../staff-link` reads it, without keys.
   */
  staff_token: string | null;
  checked_in: number;
  total: number;
}

export const checkInListSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  all_tickets: z.boolean(),
  ticket_ids: z.array(z.number().int()),
  activates_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  state: z.enum(CHECK_IN_LIST_STATES),
  has_staff_link: z.boolean(),
  staff_token: z.string().nullable(),
  checked_in: z.number().int(),
  total: z.number().int(),
}) satisfies z.ZodType<CheckInListDto>;

/**
 * `GET /events/{eventId}/check-in-lists/{listId}/staff-link`: the link's secret, for a signed-in person only (null: no
 * link).
 */
export interface StaffLinkSecretDto {
  staff_token: string | null;
}
export const staffLinkSecretSchema = z.object({
  staff_token: z.string().nullable(),
}) satisfies z.ZodType<StaffLinkSecretDto>;

/** `GET /check-in-links/{token}`: what a staff link opens (the event and the list, nothing else). */
export interface StaffCheckInDto {
  event: CheckInEventDto;
  list: CheckInListDto;
}

export const staffCheckInSchema = z.object({
  event: checkInEventSchema,
  list: checkInListSchema,
}) satisfies z.ZodType<StaffCheckInDto>;

/** One ticket as a door device keeps it for offline checks: only what the door needs. */
export interface OfflineTicketDto {
  /** The attendee id (the list's buttons scan by id). */
  id: number;
  /** The ticket code (QR payload's last segment). */
  code: string;
  name: string;
  ticket: string;
  status: 'ACTIVE' | 'AWAITING_PAYMENT' | 'CANCELLED';
  /** Checked in on this list when the device synced. */
  checked_in: boolean;
  /** The date it is for (one of the snapshot's `dates`); a device checking in another date refuses it. */
  event_date_id: number;
  /** A seated event: where it sits (absent in snapshots from before seats). */
  seat?: SeatDto | null;
}

/**
 * `GET …/check-in-lists/{listId}/offline` and `GET /public/check-in-links/{token}/offline`: the list's
 * tickets as of `synced_at`, kept on the device so that, offline, it refuses unknown, cancelled and
 * already-used codes at once instead of admitting anything and catching up later.
 */
export interface CheckInOfflineDto {
  synced_at: string;
  event_id: number;
  /**
   * The event's Ed25519 public key (raw, base64url): QR codes say `<code>.<signature>` over
   * `admitone-ticket:v1:<event id>:<code>`, so a code missing here (bought since) is still known to be real.
   */
  public_key: string;
  tickets: OfflineTicketDto[];
  /**
   * Old codes of tickets passed on to someone else: refused offline as TRANSFERRED (their signatures are still real).
   */
  retired_codes: string[];
  /** The dates the tickets are for, so a refusal for another date can name it. */
  dates: Array<Pick<OrderDateDto, 'id' | 'start_date' | 'end_date' | 'label'>>;
}

/** The text a ticket's QR signature is made over (the server signs it, door devices verify it). */
export const signedTicketMessage = (eventId: number, code: string) => `admitone-ticket:v1:${eventId}:${code}`;

export const checkInOfflineSchema = z.object({
  synced_at: z.string(),
  event_id: z.number().int(),
  public_key: z.string(),
  tickets: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      ticket: z.string(),
      status: z.enum(['ACTIVE', 'AWAITING_PAYMENT', 'CANCELLED']),
      checked_in: z.boolean(),
      event_date_id: z.number().int(),
      seat: seatSchema.nullable().optional(),
    }),
  ),
  retired_codes: z.array(z.string()),
  dates: z.array(
    z.object({
      id: z.number().int(),
      start_date: z.string(),
      end_date: z.string().nullable(),
      label: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<CheckInOfflineDto>;

// ---------- the check-in history (integrators: `GET /api/events/{id}/check-ins`) ----------

/** One check-in or check-out as it happened (the history rows; never changed afterwards). */
export interface CheckInRecordDto {
  id: number;
  attendee_id: number;
  action: CheckInAction;
  /** null: the list was deleted since. */
  check_in_list_id: number | null;
  /** Who scanned (null: through the list's staff link, or a user since removed). */
  by: PersonRef | null;
  via_staff_link: boolean;
  device: string | null;
  /** When the scan happened on the device (earlier than created_at for a scan queued offline). */
  scanned_at: string;
  /** When the server received it. */
  created_at: string;
}
export const checkInRecordSchema = z.object({
  id: z.number().int(),
  attendee_id: z.number().int(),
  action: z.enum(CHECK_IN_ACTIONS),
  check_in_list_id: z.number().int().nullable(),
  by: personRefSchema.nullable(),
  via_staff_link: z.boolean(),
  device: z.string().nullable(),
  scanned_at: z.iso.datetime({ offset: true }),
  created_at: z.iso.datetime({ offset: true }),
}) satisfies z.ZodType<CheckInRecordDto>;

export const CHECK_IN_RECORD_SORTS = ['created_at'] as const;
/** The event's check-ins: offset pages (newest first), filtered by list and action, or incremental sync. */
export const checkInRecordListQuery = listQuery(CHECK_IN_RECORD_SORTS, {
  check_in_list_id: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  action: z.enum(CHECK_IN_ACTIONS),
})
  .omit({ query: true })
  .extend(syncListFields);
export const checkInRecordListResponse = pageOf(checkInRecordSchema);
