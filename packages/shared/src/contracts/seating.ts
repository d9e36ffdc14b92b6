import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { oneOf } from './common.js';

/**
 * A seating plan's layout: pretix's seating-plan JSON (zones of rows of seats, areas, categories, a size), which
 * pretix and the community editors read and write, with a few fields of ours beside it (seat features, standing
 * areas). Positions are in the plan's pixels: a zone's from the plan's corner, a row's from its zone, a seat's from
 * its row. A seat is known by its `seat_guid` from version to version; buyers read zone, row and seat number.
 */

/** The most seats a plan may hold (an arena). */
export const SEATING_MAX_SEATS = 25_000;

/** What a seat offers beyond a place (shown to buyers; wheelchair spaces take companions beside them). */
export const SEAT_FEATURES = ['WHEELCHAIR', 'COMPANION', 'AISLE', 'RESTRICTED_VIEW', 'HEARING', 'SIGHT'] as const;
export type SeatFeature = (typeof SEAT_FEATURES)[number];

const coordinate = z.number().finite().min(-1_000_000).max(1_000_000);
const position = z.object({ x: coordinate, y: coordinate });
const objectId = z.string().trim().min(1).max(100).optional();
const colour = z.string().trim().max(40).optional();

const seat = z.object({
  seat_guid: z.string().trim().min(1).max(100),
  seat_number: z.string().trim().min(1).max(20),
  uuid: objectId,
  start_direction: z.string().max(4).nullable().optional(),
  radius: z.number().finite().positive().max(1000).optional(),
  position,
  category: z.string().trim().max(LIMITS.NAME_MAX),
  features: z.array(z.enum(SEAT_FEATURES)).max(SEAT_FEATURES.length).optional(),
});

const row = z.object({
  row_number: z.string().trim().min(1).max(20),
  row_label: z.string().trim().max(60).nullable().optional(),
  seat_label: z.string().trim().max(60).nullable().optional(),
  uuid: objectId,
  row_number_position: z.enum(['start', 'end', 'both']).nullable().optional(),
  position: position.optional(),
  seats: z.array(seat).max(SEATING_MAX_SEATS),
  /**
   * Ours: the row is the seats of a table (drawn round or long). `whole`: the table is sold as one, every seat of it
   * together (a buyer choosing one of its seats takes them all).
   */
  table: z.object({ shape: z.enum(['round', 'long']), whole: z.boolean().default(false) }).optional(),
});

const area = z.object({
  uuid: objectId,
  color: colour,
  border_color: colour,
  rotation: z.number().finite().optional(),
  position: position.optional(),
  shape: z.enum(['polygon', 'rectangle', 'ellipse', 'circle', 'text']).optional(),
  polygon: z.object({ points: z.array(position).max(1000) }).optional(),
  rectangle: z.object({ width: coordinate, height: coordinate }).optional(),
  ellipse: z.object({ radius: position }).optional(),
  circle: z.object({ radius: coordinate }).optional(),
  text: z
    .object({
      text: z.string().max(200),
      color: colour,
      size: z.number().finite().positive().max(1000).optional(),
      position: position.optional(),
    })
    .optional(),
  /** Ours: the area is a standing area selling `capacity` places of `category` (no seats). */
  standing: z
    .object({
      name: z.string().trim().min(1).max(LIMITS.NAME_MAX),
      capacity: z.number().int().min(1).max(1_000_000),
      category: z.string().trim().max(LIMITS.NAME_MAX),
    })
    .optional(),
});

const zone = z.object({
  name: z.string().trim().max(LIMITS.NAME_MAX).default(''),
  zone_id: objectId,
  uuid: objectId,
  position,
  rows: z.array(row).max(SEATING_MAX_SEATS),
  areas: z.array(area).max(1000).optional(),
});

export const seatingCategory = z.object({
  name: z.string().trim().min(1).max(LIMITS.NAME_MAX),
  color: colour,
});

/**
 * The traced image's address: an http(s) address, or a path on this site (`/uploads/...`, where an uploaded
 * `SEATING_BACKGROUND` image is served). Nothing else: no `javascript:` or `data:`, no `//host` (another site
 * without a scheme), no backslash or space.
 */
export const backgroundUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (v) => /^\/(?![/\\])[^\s\\]*$/.test(v) || (/^https?:\/\/[^\s/\\]+/i.test(v) && URL.canParse(v)),
    customIssue('invalid_url'),
  );

export const seatingLayout = z.object({
  name: z.string().trim().max(LIMITS.NAME_MAX).default(''),
  size: z.object({ width: coordinate.positive(), height: coordinate.positive() }),
  /** Ours: where everyone looks (the stage's front, the pitch's centre): best available seats are nearest it. */
  focal_point: position.optional(),
  /** Ours: an image the organizer traces over in the editor (never shown to buyers), placed and faded. */
  background: z
    .object({
      url: backgroundUrl,
      position,
      width: coordinate.positive(),
      height: coordinate.positive(),
      opacity: z.number().min(0).max(1).default(0.5),
    })
    .optional(),
  categories: z.array(seatingCategory).max(100),
  zones: z.array(zone).max(500),
});
export type SeatingLayout = z.output<typeof seatingLayout>;
export type SeatingLayoutInput = z.input<typeof seatingLayout>;

/** An empty plan of 1,000 by 800 pixels. */
export const EMPTY_SEATING_LAYOUT: SeatingLayout = {
  name: '',
  size: { width: 1000, height: 800 },
  categories: [],
  zones: [],
};

/** A plan made or saved by the organizer: a name and its draft layout (saved as it is; checked when published). */
export const seatingPlanBody = z.object({
  name: z.string().trim().min(1).max(LIMITS.NAME_MAX),
  layout: seatingLayout.optional(),
});
export type SeatingPlanBody = z.input<typeof seatingPlanBody>;

/** A plan made from pretix's seating-plan JSON (its `name` names the plan unless one is given). */
export const seatingImportBody = z.object({
  name: z.string().trim().min(1).max(LIMITS.NAME_MAX).optional(),
  pretix: seatingLayout,
});

export const seatingPlanParams = z.object({
  organizerId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  planId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});
export const seatingOrganizerParams = seatingPlanParams.pick({ organizerId: true });
export const seatingVersionParams = seatingPlanParams.extend({
  version: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});
export const seatingExportQuery = z.object({
  format: z.enum(['pretix', 'csv']).default('pretix'),
  /** A published version (none: the draft). */
  version: z.coerce.number().int().positive().max(LIMITS.ID_MAX).optional(),
});

/** What a plan holds, counted. */
export interface SeatingCountsDto {
  seats: number;
  standing: number;
  categories: number;
}
const seatingCountsSchema = z.object({
  seats: z.number().int(),
  standing: z.number().int(),
  categories: z.number().int(),
}) satisfies z.ZodType<SeatingCountsDto>;

export interface SeatingVersionDto {
  version: number;
  counts: SeatingCountsDto;
  published_at: string;
}
const seatingVersionSchema = z.object({
  version: z.number().int(),
  counts: seatingCountsSchema,
  published_at: z.string(),
}) satisfies z.ZodType<SeatingVersionDto>;

export interface SeatingPlanDto {
  id: number;
  organizer_id: number;
  name: string;
  /** The draft's counts. */
  counts: SeatingCountsDto;
  /** The draft differs from the latest version (or nothing is published yet). */
  unpublished_changes: boolean;
  versions: SeatingVersionDto[];
  created_at: string;
  updated_at: string;
}
export const seatingPlanSchema = z.object({
  id: z.number().int(),
  organizer_id: z.number().int(),
  name: z.string(),
  counts: seatingCountsSchema,
  unpublished_changes: z.boolean(),
  versions: z.array(seatingVersionSchema),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<SeatingPlanDto>;

/** A plan with its draft layout. */
export interface SeatingPlanDetailDto extends SeatingPlanDto {
  layout: SeatingLayout;
}
export const seatingPlanDetailSchema = seatingPlanSchema.extend({ layout: seatingLayout });

export const seatingPlanResponse = oneOf(seatingPlanDetailSchema);
/** An organizer's plans, by name (an organizer keeps a handful). */
export const seatingPlanListResponse = z.object({ data: z.array(seatingPlanSchema) });
export const seatingVersionResponse = oneOf(
  seatingVersionSchema.extend({ layout: seatingLayout }) satisfies z.ZodType<
    SeatingVersionDto & { layout: SeatingLayout }
  >,
);

/**
 * The plan an event is seated by and what its categories sell as: a published version of a plan of the event's
 * organizer (`version` left out: its latest), each category mapped to a ticket that admits one person (and its
 * tier when tiered). Categories left out are not sold. `plan_id` null: the event sells without seats.
 */
export const eventSeatingBody = z.object({
  plan_id: z.number().int().positive().max(LIMITS.ID_MAX).nullable(),
  version: z.number().int().positive().max(LIMITS.ID_MAX).nullable().default(null),
  categories: z
    .array(
      z.object({
        category: z.string().trim().min(1).max(LIMITS.NAME_MAX),
        ticket_id: z.number().int().positive().max(LIMITS.ID_MAX),
        tier_id: z.number().int().positive().max(LIMITS.ID_MAX).nullable().default(null),
      }),
    )
    .max(100)
    .default([]),
});
export type EventSeatingBody = z.input<typeof eventSeatingBody>;

export interface EventSeatingDto {
  /** null: the event sells without seats. */
  plan: { id: number; name: string; version: number; latest_version: number } | null;
  /** The version's categories in its order, each with its seats, standing places and what it sells as. */
  categories: Array<{
    category: string;
    color: string | null;
    seats: number;
    standing: number;
    ticket_id: number | null;
    tier_id: number | null;
  }>;
}
export const eventSeatingSchema = z.object({
  plan: z
    .object({
      id: z.number().int(),
      name: z.string(),
      version: z.number().int(),
      latest_version: z.number().int(),
    })
    .nullable(),
  categories: z.array(
    z.object({
      category: z.string(),
      color: z.string().nullable(),
      seats: z.number().int(),
      standing: z.number().int(),
      ticket_id: z.number().int().nullable(),
      tier_id: z.number().int().nullable(),
    }),
  ),
}) satisfies z.ZodType<EventSeatingDto>;
export const eventSeatingResponse = oneOf(eventSeatingSchema);

// ---------------------------------------------------------------------------------------------
// Buyers: the plan of a seated event, what is free on a date, and the best seats
// ---------------------------------------------------------------------------------------------

/**
 * A seat as buyers get it, as short as it can be (an arena sends 20,000 of them): its place id (what a reservation
 * names), its number, where it is on the plan (zone, row and seat positions added up), its category (an index into
 * `categories`) and its features when it has any.
 */
export type PublicSeat = [id: number, number: string, x: number, y: number, category: number, features?: SeatFeature[]];

export interface PublicSeatingRowDto {
  /** The row's label, else its number. */
  label: string;
  /** A table (drawn round or long); `whole`: sold as one, every seat at it together. */
  table: { shape: 'round' | 'long'; whole: boolean } | null;
  seats: PublicSeat[];
}

export interface PublicSeatingZoneDto {
  /** The section's name (may be empty). */
  name: string;
  /** Where its areas are measured from. */
  position: { x: number; y: number };
  rows: PublicSeatingRowDto[];
  /** Shapes and text drawn on the plan (the stage, labels, standing areas), as the layout has them. */
  areas: NonNullable<SeatingLayout['zones'][number]['areas']>;
}

/**
 * `GET /api/public/events/{eventId}/seating`: the plan the event sells by, with only what buyers need. Categories
 * not sold on the event are there (to draw their seats) with `ticket_id` null. Never changes for a version: buyers'
 * availability is `PublicSeatAvailabilityDto`.
 */
export interface PublicSeatingDto {
  version_id: number;
  size: { width: number; height: number };
  /** Where the stage is (best seats are nearest it). */
  focal_point: { x: number; y: number } | null;
  categories: Array<{ name: string; color: string | null; ticket_id: number | null; tier_id: number | null }>;
  zones: PublicSeatingZoneDto[];
  /** Standing areas: the place id each sells as (by the area's uuid), its name, category and capacity. */
  standing: Array<{ id: number; area_uuid: string; name: string; category: number; capacity: number }>;
}
const publicSeatSchema = z.union([
  z.tuple([z.number().int(), z.string(), z.number(), z.number(), z.number().int()]),
  z.tuple([z.number().int(), z.string(), z.number(), z.number(), z.number().int(), z.array(z.enum(SEAT_FEATURES))]),
]);
export const publicSeatingResponse = oneOf(
  z.object({
    version_id: z.number().int(),
    size: z.object({ width: z.number(), height: z.number() }),
    focal_point: z.object({ x: z.number(), y: z.number() }).nullable(),
    categories: z.array(
      z.object({
        name: z.string(),
        color: z.string().nullable(),
        ticket_id: z.number().int().nullable(),
        tier_id: z.number().int().nullable(),
      }),
    ),
    zones: z.array(
      z.object({
        name: z.string(),
        position: z.object({ x: z.number(), y: z.number() }),
        rows: z.array(
          z.object({
            label: z.string(),
            table: z.object({ shape: z.enum(['round', 'long']), whole: z.boolean() }).nullable(),
            seats: z.array(publicSeatSchema),
          }),
        ),
        areas: z.array(area),
      }),
    ),
    standing: z.array(
      z.object({
        id: z.number().int(),
        area_uuid: z.string(),
        name: z.string(),
        category: z.number().int(),
        capacity: z.number().int(),
      }),
    ),
  }) satisfies z.ZodType<PublicSeatingDto>,
);

export const publicSeatingQuery = z.object({
  date: z.coerce.number().int().positive().max(LIMITS.ID_MAX).optional(),
});

/**
 * `GET /api/public/events/{eventId}/seating/availability?date=`: what cannot be chosen on the date (sold, held by a
 * checkout, kept off sale by the organizer) and the places left in each standing area that has any taken. Small,
 * and polled by open pickers every 2 seconds.
 */
export interface PublicSeatAvailabilityDto {
  date_id: number;
  /** Place ids with no room left, ascending. */
  unavailable: number[];
  /** Standing areas with something taken: place id and places left. */
  standing: Array<{ id: number; left: number }>;
}
export const publicSeatAvailabilityResponse = oneOf(
  z.object({
    date_id: z.number().int(),
    unavailable: z.array(z.number().int()),
    standing: z.array(z.object({ id: z.number().int(), left: z.number().int() })),
  }) satisfies z.ZodType<PublicSeatAvailabilityDto>,
);

/** `GET /api/public/events/{eventId}/seating/best?date=&category=&quantity=`: the best free seats, not held. */
export const publicBestSeatsQuery = z.object({
  date: z.coerce.number().int().positive().max(LIMITS.ID_MAX).optional(),
  category: z.string().trim().min(1).max(LIMITS.NAME_MAX),
  quantity: z.coerce.number().int().min(1).max(LIMITS.ORDER_UNITS_MAX),
});
export interface PublicBestSeatsDto {
  /** Place ids, side by side where the plan allows; empty when the category has not that many free. */
  seats: number[];
}
export const publicBestSeatsResponse = oneOf(
  z.object({ seats: z.array(z.number().int()) }) satisfies z.ZodType<PublicBestSeatsDto>,
);

/** Where an attendee sits: section (may be empty), row (a standing area's name), seat number (empty: standing). */
export interface SeatDto {
  section: string;
  row: string;
  seat: string;
}
export const seatSchema = z.object({
  section: z.string(),
  row: z.string(),
  seat: z.string(),
}) satisfies z.ZodType<SeatDto>;

// ---------------------------------------------------------------------------------------------
// Organizers: seats kept off sale, and what each place holds on a date
// ---------------------------------------------------------------------------------------------

/** HOLD: kept off sale for the house, press or a sponsor (the organizer may still seat someone); KILL: never sold. */
export const SEAT_HOLD_KINDS = ['HOLD', 'KILL'] as const;
export type SeatHoldKind = (typeof SEAT_HOLD_KINDS)[number];

export const seatHoldBody = z.object({
  name: z.string().trim().min(1).max(LIMITS.NAME_MAX),
  kind: z.enum(SEAT_HOLD_KINDS).default('HOLD'),
  /** Place ids of the event's plan (`GET /api/public/events/{id}/seating`). */
  seats: z.array(z.number().int().positive().max(LIMITS.ID_MAX)).min(1).max(SEATING_MAX_SEATS),
});
export type SeatHoldBody = z.input<typeof seatHoldBody>;
export const seatHoldParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  holdId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});

export interface SeatHoldDto {
  id: number;
  name: string;
  kind: SeatHoldKind;
  /** Place ids, ascending. */
  seats: number[];
  created_at: string;
}
const seatHoldSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(SEAT_HOLD_KINDS),
  seats: z.array(z.number().int()),
  created_at: z.string(),
}) satisfies z.ZodType<SeatHoldDto>;
export const seatHoldResponse = oneOf(seatHoldSchema);
export const seatHoldListResponse = z.object({ data: z.array(seatHoldSchema) });

/** `GET /api/events/{eventId}/seating/places?event_date_id=`: who sits where on a date (the organizer's plan, list). */
export const seatPlacesQuery = z.object({
  event_date_id: z.coerce.number().int().positive().max(LIMITS.ID_MAX).optional(),
});
export interface SeatPlaceDto {
  /** Place id. */
  id: number;
  seat: SeatDto;
  category: string;
  /** SOLD: an attendee's (paid, free or awaiting payment); RESERVED: in a checkout; HELD or KILLED: a hold's. */
  state: 'FREE' | 'SOLD' | 'RESERVED' | 'HELD' | 'KILLED';
  /** The hold keeping it, when held or killed. */
  hold: string | null;
  /** Who sits there on the date (a standing area: everyone in it). */
  attendees: Array<{ id: number; short_id: string; name: string; order_id: number; order_number: string }>;
}
export const seatPlacesResponse = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      seat: seatSchema,
      category: z.string(),
      state: z.enum(['FREE', 'SOLD', 'RESERVED', 'HELD', 'KILLED']),
      hold: z.string().nullable(),
      attendees: z.array(
        z.object({
          id: z.number().int(),
          short_id: z.string(),
          name: z.string(),
          order_id: z.number().int(),
          order_number: z.string(),
        }),
      ),
    }) satisfies z.ZodType<SeatPlaceDto>,
  ),
});
