import { z } from 'zod';

import { type Locale, LOCALES } from '../enums.js';
import { LIMITS } from '../limits.js';
import { emailField, oneOf, personNameField } from './common.js';

// ---------------------------------------------------------------------------------------------
// Waitlist: when a ticket with a waitlist is sold out, buyers join it; units that come back are
// offered to the next in line (held for them through the stock module), automatically or by hand.
// ---------------------------------------------------------------------------------------------

/** Offers go out by themselves when units come back (AUTOMATIC), or only when the organizer sends them (MANUAL). */
export const WAITLIST_OFFER_MODES = ['AUTOMATIC', 'MANUAL'] as const;
export type WaitlistOfferMode = (typeof WAITLIST_OFFER_MODES)[number];
/** How long an offer holds its units, in hours (default 24). */
export const WAITLIST_OFFER_HOURS_DEFAULT = 24;
export const WAITLIST_OFFER_HOURS_MAX = 336;

/**
 * Where a waitlist entry stands. WAITING: in line; OFFERED: units held for them until `offer_expires_at`;
 * PURCHASED: they checked out with the offer; EXPIRED: the offer ran out unused; LEFT: they left the
 * list themselves; REMOVED: the organizer removed them.
 */
export const WAITLIST_STATES = ['WAITING', 'OFFERED', 'PURCHASED', 'EXPIRED', 'LEFT', 'REMOVED'] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];

/** Joining a ticket's waitlist from the event page (the ticket must have one and be sold out on the date). */
export const joinWaitlistBody = z.object({
  ticket_id: z.number().int().positive().max(LIMITS.ID_MAX),
  /** The date waited for (a waitlist is per ticket and date); may be left out when the event has one date. */
  event_date_id: z.number().int().positive().max(LIMITS.ID_MAX).nullable().default(null),
  /** A tiered ticket: the tier wanted. */
  tier_id: z.number().int().positive().max(LIMITS.ID_MAX).nullable().default(null),
  first_name: personNameField,
  last_name: personNameField,
  email: emailField,
  /** How many tickets, up to the ticket's max per order. */
  quantity: z.number().int().min(1).max(100),
  /** The language of the mails (default: the request's). */
  locale: z.enum(LOCALES).optional(),
});
export type JoinWaitlistBody = z.input<typeof joinWaitlistBody>;

/** The same answer whether the address was already on the list or not (the mail tells the rest). */
export interface WaitlistJoinedDto {
  joined: true;
}
export const waitlistJoinedResponse = oneOf(
  z.object({ joined: z.literal(true) }) satisfies z.ZodType<WaitlistJoinedDto>,
);

export const waitlistEntryTokenParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  token: z.string().min(1).max(200),
});

/** A waitlist entry as the person on it sees it (the link in their mails). */
export interface PublicWaitlistEntryDto {
  event_id: number;
  event_title: string;
  /** The start of the date waited for. */
  event_start_date: string;
  event_timezone: string;
  /** The date's label ("Matinee"); null: none. */
  date_label: string | null;
  ticket_name: string;
  tier_label: string | null;
  quantity: number;
  state: WaitlistState;
  /** WAITING: their place among the people waiting for this ticket on this date (1 = next). */
  position: number | null;
  /** OFFERED: until when the units are held. */
  offer_expires_at: string | null;
  /** OFFERED: the checkout with the held units (a path, with the order's secret after `#`). */
  checkout_path: string | null;
}
export const publicWaitlistEntryResponse = oneOf(
  z.object({
    event_id: z.number().int(),
    event_title: z.string(),
    event_start_date: z.string(),
    event_timezone: z.string(),
    date_label: z.string().nullable(),
    ticket_name: z.string(),
    tier_label: z.string().nullable(),
    quantity: z.number().int(),
    state: z.enum(WAITLIST_STATES),
    position: z.number().int().nullable(),
    offer_expires_at: z.string().nullable(),
    checkout_path: z.string().nullable(),
  }) satisfies z.ZodType<PublicWaitlistEntryDto>,
);

/** One entry on the organizer's waitlist screen. */
export interface WaitlistEntryDto {
  id: number;
  ticket_id: number;
  ticket_name: string;
  tier_id: number | null;
  tier_label: string | null;
  /** The date waited for: its id, start and label. */
  event_date_id: number;
  date_start: string;
  date_label: string | null;
  first_name: string;
  last_name: string;
  email: string;
  quantity: number;
  locale: Locale;
  state: WaitlistState;
  /** WAITING: place in line for its ticket on its date (1 = next). */
  position: number | null;
  created_at: string;
  offered_at: string | null;
  offer_expires_at: string | null;
  /** PURCHASED: the order bought with the offer. */
  order_id: number | null;
  order_number: string | null;
}
const waitlistEntrySchema = z.object({
  id: z.number().int(),
  ticket_id: z.number().int(),
  ticket_name: z.string(),
  tier_id: z.number().int().nullable(),
  tier_label: z.string().nullable(),
  event_date_id: z.number().int(),
  date_start: z.string(),
  date_label: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  quantity: z.number().int(),
  locale: z.enum(LOCALES),
  state: z.enum(WAITLIST_STATES),
  position: z.number().int().nullable(),
  created_at: z.string(),
  offered_at: z.string().nullable(),
  offer_expires_at: z.string().nullable(),
  order_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
}) satisfies z.ZodType<WaitlistEntryDto>;
export const waitlistEntryResponse = oneOf(waitlistEntrySchema);

/** Demand for one ticket: people (and tickets) waiting now. */
export interface WaitlistDemandDto {
  ticket_id: number;
  ticket_name: string;
  waiting_people: number;
  waiting_units: number;
  offered_units: number;
}
export const waitlistDemandSchema = z.object({
  ticket_id: z.number().int(),
  ticket_name: z.string(),
  waiting_people: z.number().int(),
  waiting_units: z.number().int(),
  offered_units: z.number().int(),
}) satisfies z.ZodType<WaitlistDemandDto>;

/** The organizer's waitlist screen: the entries (filtered), how many are in each state, and demand per ticket. */
export interface WaitlistDto {
  offer_mode: WaitlistOfferMode;
  offer_hours: number;
  entries: WaitlistEntryDto[];
  counts: Record<WaitlistState, number>;
  demand: WaitlistDemandDto[];
}
export const waitlistResponse = oneOf(
  z.object({
    offer_mode: z.enum(WAITLIST_OFFER_MODES),
    offer_hours: z.number().int(),
    entries: z.array(waitlistEntrySchema),
    counts: z.object(
      Object.fromEntries(WAITLIST_STATES.map((s) => [s, z.number().int()])) as Record<WaitlistState, z.ZodNumber>,
    ),
    demand: z.array(waitlistDemandSchema),
  }) satisfies z.ZodType<WaitlistDto>,
);

export const waitlistQuery = z.object({
  state: z.enum(WAITLIST_STATES).optional(),
  ticket_id: z.coerce.number().int().positive().max(LIMITS.ID_MAX).optional(),
  /** One date's entries (its counts and demand too); another event's date is refused on the field. */
  event_date_id: z.coerce.number().int().positive().max(LIMITS.ID_MAX).optional(),
});
export const waitlistEntryParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  entryId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});
