import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { oneOf } from './common.js';

/**
 * The e-mails about one order as the organizer sees them (its drawer): where each went, whether it was
 * delivered, is still being tried (SMTP away: `error` says why) or failed for good (FAILED: it can be
 * sent again).
 */
export const ORDER_MAIL_STATUSES = ['PENDING', 'SENDING', 'SENT', 'FAILED'] as const;
export const orderMailSchema = z.object({
  id: z.number().int(),
  /**
   * The kind of mail: order_confirmation, attendee_ticket, payment_received, order_cancelled, order_refunded,
   * payment_reminder, …
   */
  template: z.string(),
  to: z.string(),
  status: z.enum(ORDER_MAIL_STATUSES),
  attempts: z.number().int(),
  /** The last reason a try failed (the SMTP server's answer), while it is not sent. */
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OrderMailDto = z.infer<typeof orderMailSchema>;
export const orderMailListResponse = z.object({ data: z.array(orderMailSchema) });
export const orderMailResponse = oneOf(orderMailSchema);
export const orderMailParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  orderId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  mailId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});
