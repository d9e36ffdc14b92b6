import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { oneOf, pageOf } from './common.js';

/** Path of one ticket on one date. */
export const ticketDateParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  dateId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  ticketId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});

/**
 * How a ticket sells on one date: whether it is sold there at all, its quantity there (null: the
 * ticket's own, which is per date) and its price there (null: the ticket's; fixed-price tickets only).
 * Fields left out stay as they are.
 */
export const ticketDateBody = z.object({
  enabled: z.boolean().optional(),
  quantity: z.number().int().min(0).max(10_000_000).nullable().optional(),
  price: z.number().int().min(0).max(LIMITS.MONEY_MAX).nullable().optional(),
});
export type TicketDateBody = z.input<typeof ticketDateBody>;

export interface TicketDateDto {
  ticket_id: number;
  event_date_id: number;
  enabled: boolean;
  /** Its own quantity on this date (null: the ticket's). */
  quantity: number | null;
  /** Its own price on this date, minor units (null: the ticket's). */
  price: number | null;
  /** What limits it on this date: its own quantity, else the ticket's (null: none). */
  limit: number | null;
  /** Sold and held on this date. */
  taken: number;
}

export const ticketDateSchema = z.object({
  ticket_id: z.number().int(),
  event_date_id: z.number().int(),
  enabled: z.boolean(),
  quantity: z.number().int().nullable(),
  price: z.number().int().nullable(),
  limit: z.number().int().nullable(),
  taken: z.number().int(),
}) satisfies z.ZodType<TicketDateDto>;
export const ticketDateResponse = oneOf(ticketDateSchema);
export const ticketDateListResponse = pageOf(ticketDateSchema);
