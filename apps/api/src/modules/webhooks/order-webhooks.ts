import type { WebhookEventType } from '@admitone/shared';
import { and, eq, inArray, ne } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { attendees, type OrderEventKind, orderEvents, orders } from '../../db/schema/index.js';
import { anyWebhookFor, emitWebhookEvent } from './webhook-outbox.js';

/** What happened to an order, as webhook event types (order history kinds not listed send nothing). */
const ORDER_TYPES: Partial<Record<OrderEventKind, WebhookEventType[]>> = {
  COMPLETED: ['order.completed'],
  PAYMENT_SUCCEEDED: ['order.completed'],
  MANUALLY_CREATED: ['order.completed'],
  BOX_OFFICE_SALE: ['order.completed'],
  MARKED_PAID: ['order.marked_as_paid', 'order.completed'],
  CANCELLED: ['order.cancelled'],
  CANCELLED_BY_BUYER: ['order.cancelled'],
  REFUNDED: ['order.refunded'],
  LATE_PAYMENT_REFUNDED: ['order.refunded'],
  CHARGEBACK: ['order.updated'],
  BUYER_EDITED: ['order.updated'],
  INVOICE_DETAILS_EDITED: ['order.updated'],
  ATTENDEE_EDITED: ['order.updated'],
  ATTENDEE_EDITED_BY_BUYER: ['order.updated'],
  ATTENDEE_MOVED: ['order.updated'],
  ATTENDEE_REACTIVATED: ['order.updated'],
  ATTENDEE_CANCELLED: ['order.updated'],
  TICKET_TRANSFERRED: ['order.updated'],
  // The order's date: moved by the organizer (its buyer told), or the order moved to another by the buyer.
  DATE_MOVED: ['order.updated'],
  DATE_EXCHANGED: ['order.updated'],
};
/** What one of the order's attendees went through. */
const ATTENDEE_TYPES: Partial<Record<OrderEventKind, WebhookEventType>> = {
  ATTENDEE_EDITED: 'attendee.updated',
  ATTENDEE_EDITED_BY_BUYER: 'attendee.updated',
  ATTENDEE_MOVED: 'attendee.updated',
  ATTENDEE_REACTIVATED: 'attendee.updated',
  TICKET_TRANSFERRED: 'attendee.updated',
  ATTENDEE_CANCELLED: 'attendee.cancelled',
  // A pass's holder picked a date: a new ticket.
  PASS_DATE_PICKED: 'attendee.created',
};
/**
 * The first of these makes an order real (it left the reservation): order.created and its attendees' attendee.created.
 */
const CREATING: readonly OrderEventKind[] = [
  'COMPLETED',
  'PAYMENT_SUCCEEDED',
  'AWAITING_PAYMENT',
  'MANUALLY_CREATED',
  'BOX_OFFICE_SALE',
];

/**
 * The webhook events of an order history entry, written in its transaction after the entry itself
 * (`entryId`: the bodies show the order with it; "the first creating entry" is told by the others). An
 * order is created for webhooks once it leaves the reservation; an order cancelled (or refunded and
 * cancelled) cancels its attendees.
 */
export async function orderWebhookEvents(
  tx: Executor,
  orderId: number,
  kind: OrderEventKind,
  data: Record<string, unknown>,
  at: Date,
  entryId?: number,
): Promise<void> {
  const creating = CREATING.includes(kind);
  const cancelling =
    kind === 'CANCELLED' || kind === 'CANCELLED_BY_BUYER' || (kind === 'REFUNDED' && data.cancelled === true);
  const attendeeType = ATTENDEE_TYPES[kind];
  const types = [...(ORDER_TYPES[kind] ?? [])];
  if (creating) types.unshift('order.created');
  if (kind === 'REFUNDED' && data.cancelled === true) types.push('order.cancelled');
  const wanted: WebhookEventType[] = [
    ...types,
    ...(creating ? ['attendee.created' as const] : []),
    ...(cancelling ? ['attendee.cancelled' as const] : []),
    ...(attendeeType ? [attendeeType] : []),
  ];
  if (kind === 'WAITLIST_OFFERED') wanted.push('waitlist.offered');
  if (!wanted.length) return;

  const [order] = await tx
    .select({ account_id: orders.account_id, event_id: orders.event_id })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || !(await anyWebhookFor(tx, order.account_id, wanted))) return;
  const base = { accountId: order.account_id, eventId: order.event_id, at };
  const built = new Map<string, unknown>();

  if (kind === 'WAITLIST_OFFERED' && typeof data.entry_id === 'number') {
    await emitWebhookEvent(
      tx,
      { ...base, type: 'waitlist.offered', object: { kind: 'waitlist_entry', id: data.entry_id } },
      built,
    );
  }
  const firstTime =
    creating &&
    !(
      await tx
        .select({ id: orderEvents.id })
        .from(orderEvents)
        .where(
          and(
            eq(orderEvents.order_id, orderId),
            inArray(orderEvents.kind, [...CREATING]),
            entryId === undefined ? undefined : ne(orderEvents.id, entryId),
          ),
        )
        .limit(1)
    ).length;
  for (const type of types) {
    if (type === 'order.created' && !firstTime) continue;
    await emitWebhookEvent(tx, { ...base, type, object: { kind: 'order', id: orderId } }, built);
  }
  if ((creating && firstTime) || cancelling) {
    const people = await tx
      .select({ id: attendees.id })
      .from(attendees)
      .where(and(eq(attendees.order_id, orderId), eq(attendees.is_admission, true)));
    for (const a of people)
      await emitWebhookEvent(
        tx,
        {
          ...base,
          type: cancelling ? 'attendee.cancelled' : 'attendee.created',
          object: { kind: 'attendee', id: a.id },
        },
        built,
      );
  }
  if (attendeeType && typeof data.attendee_id === 'number') {
    await emitWebhookEvent(
      tx,
      { ...base, type: attendeeType, object: { kind: 'attendee', id: data.attendee_id } },
      built,
    );
  }
}
