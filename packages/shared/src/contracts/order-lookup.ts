import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { type BuyerOrderStatus, buyerOrderStatusSchema } from './checkout.js';
import { emailField, oneOf } from './common.js';
import { type OrderDateDto, orderDateSchema } from './order-dates.js';

// ---------------------------------------------------------------------------------------------
// Find my tickets: a buyer types an address on an event's page; it is mailed a link to its orders.
// ---------------------------------------------------------------------------------------------

/** Which orders the mailed link shows: this event's, or those of every event of its organizer. */
export const ORDER_LOOKUP_SCOPES = ['EVENT', 'ORGANIZER'] as const;
export type OrderLookupScope = (typeof ORDER_LOOKUP_SCOPES)[number];

export const orderLookupBody = z.object({
  email: emailField,
  scope: z.enum(ORDER_LOOKUP_SCOPES).default('EVENT'),
});
export type OrderLookupBody = z.input<typeof orderLookupBody>;

/** The same answer whether or not the address has orders. */
export interface OrderLookupRequestedDto {
  requested: true;
}
export const orderLookupRequestedResponse = oneOf(
  z.object({ requested: z.literal(true) }) satisfies z.ZodType<OrderLookupRequestedDto>,
);

export const orderLookupParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  token: z.string().min(1).max(200),
});

export interface FoundOrderDto {
  event_id: number;
  event_title: string;
  event_start_date: string;
  event_timezone: string;
  /** The date the order is for (null: an order without lines); its start is the one to show. */
  date: OrderDateDto | null;
  order_number: string;
  status: BuyerOrderStatus;
  /** Admission tickets in the order (general products not counted). */
  tickets: number;
  total: number;
  currency: string;
  created_at: string;
  /** The buyer's order page, with the order's secret after `#` (a path: the page is on this site). */
  order_path: string;
}

export interface OrderLookupDto {
  email: string;
  scope: OrderLookupScope;
  organizer_name: string;
  /** The event the link was asked for on. */
  event_title: string;
  expires_at: string;
  /** Newest first. */
  orders: FoundOrderDto[];
}

const foundOrder = z.object({
  event_id: z.number().int(),
  event_title: z.string(),
  event_start_date: z.string(),
  event_timezone: z.string(),
  date: orderDateSchema.nullable(),
  order_number: z.string(),
  status: buyerOrderStatusSchema,
  tickets: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
  order_path: z.string(),
}) satisfies z.ZodType<FoundOrderDto>;

export const orderLookupResponse = oneOf(
  z.object({
    email: z.string(),
    scope: z.enum(ORDER_LOOKUP_SCOPES),
    organizer_name: z.string(),
    event_title: z.string(),
    expires_at: z.string(),
    orders: z.array(foundOrder),
  }) satisfies z.ZodType<OrderLookupDto>,
);
