import { and, eq } from 'drizzle-orm';
import type { PublicTicketPageDto } from '@admitone/shared';
import type { Executor } from '../../db/client.js';
import { attendees, events, orderItems, orders } from '../../db/schema/index.js';
import { notFound } from '../../shared/errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { orderEventView, toAttendeeDto } from '../orders/order-view.js';

/**
 * A ticket by its attendee's secret short id. The QR code is given only for a ticket that admits:
 * active (paid or free), not cancelled, not awaiting payment.
 */
export async function publicTicketView(db: Executor, storage: FileStorage, eventId: number, shortId: string): Promise<PublicTicketPageDto> {
  const [row] = await db
    .select({ attendee: attendees, order: orders, item: orderItems, event: events })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.order_id))
    .innerJoin(orderItems, eq(orderItems.id, attendees.order_item_id))
    .innerJoin(events, eq(events.id, attendees.event_id))
    .where(and(eq(attendees.event_id, eventId), eq(attendees.short_id, shortId)))
    .limit(1);
  // Tickets of checkouts that never finished are not tickets.
  if (!row || ['RESERVED', 'ABANDONED'].includes(row.order.status)) throw notFound();
  const valid = row.attendee.status === 'ACTIVE' && row.order.status === 'COMPLETED';
  return {
    attendee: toAttendeeDto(row.attendee, row.item),
    order_number: row.order.order_number,
    order_short_id: row.order.short_id,
    order_status: row.order.status,
    qr_code: valid ? row.attendee.short_id : null,
    unit: row.item.unit,
    event: await orderEventView(db, storage, row.event, row.order.status),
  };
}
