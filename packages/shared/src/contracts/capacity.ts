import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { oneOf, pageOf } from './common.js';

/**
 * A limit shared by several tickets (e.g. a room of 200 for "Standard" and "VIP"), or by the whole
 * event. `capacity` null means unlimited (only counts).
 */
export const capacityAssignmentBody = z
  .object({
    name: z.string().trim().min(1).max(LIMITS.NAME_MAX),
    capacity: z.number().int().min(0).max(10_000_000).nullable(),
    applies_to: z.enum(['ALL', 'TICKETS']),
    ticket_ids: z.array(z.number().int().positive().max(LIMITS.ID_MAX)).max(500).default([]),
    enabled: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.applies_to === 'TICKETS' && v.ticket_ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['ticket_ids'], ...customIssue('choose_tickets'), input: v.ticket_ids });
    }
  });
export type CapacityAssignmentBody = z.input<typeof capacityAssignmentBody>;

export const capacityParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  capacityId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});

export interface CapacityAssignmentDto {
  id: number;
  event_id: number;
  name: string;
  capacity: number | null;
  applies_to: 'ALL' | 'TICKETS';
  ticket_ids: number[];
  enabled: boolean;
  /** Sold plus unexpired holds of the tickets it covers, on the date they took the most (a capacity is per date). */
  used: number;
  /** null: unlimited. */
  available: number | null;
  created_at: string;
}

/** `CapacityAssignmentDto` as a response schema. */
export const capacityAssignmentSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  name: z.string(),
  capacity: z.number().int().nullable(),
  applies_to: z.enum(['ALL', 'TICKETS']),
  ticket_ids: z.array(z.number().int()),
  enabled: z.boolean(),
  used: z.number().int(),
  available: z.number().int().nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<CapacityAssignmentDto>;
export const capacityAssignmentResponse = oneOf(capacityAssignmentSchema);
export const capacityAssignmentListResponse = pageOf(capacityAssignmentSchema);
