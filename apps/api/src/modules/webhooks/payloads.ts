import type { Executor } from '../../db/client.js';
import { attendeeDetail } from '../attendees/attendee-view.js';
import { findEvent } from '../events/events.repository.js';
import { orderDetail } from '../orders/order-admin-view.js';
import type { OnlineProvider } from '../payments/payment-gateway.js';
import { ticketViews } from '../tickets/ticket-view.js';
import { organizerEntry } from '../waitlist/entries.js';
import type { WebhookObjectKind } from './webhook-outbox.js';

export interface PayloadSource {
  account_id: number;
  event_id: number | null;
  object_kind: string;
  object_id: number | null;
  /** What the change gave (a deletion's object, a check-in's list and time). */
  payload: unknown;
}

/**
 * The body's `data`: the object as the API returns it now (in the change's transaction: as the change left it) (the
 * organizer's order, attendee, product or
 * waitlist entry), with what the change gave; an object gone meanwhile is sent as its id and `deleted`.
 */
export async function buildPayload(
  db: Executor,
  s: PayloadSource,
  opts: { refundVia: readonly OnlineProvider[]; now: Date },
): Promise<unknown> {
  const given = (s.payload ?? {}) as Record<string, unknown>;
  const id = s.object_id;
  const kind = s.object_kind as WebhookObjectKind;
  if (kind === 'test' || id === null || s.event_id === null || given.deleted === true) return given;
  const gone = { id, deleted: true };
  switch (kind) {
    case 'order':
      return (await orderDetail(db, s.event_id, id, opts.refundVia)) ?? gone;
    case 'attendee':
      return (await attendeeDetail(db, s.event_id, id)) ?? gone;
    case 'check_in':
      return { ...given, attendee: (await attendeeDetail(db, s.event_id, id)) ?? gone };
    case 'product': {
      const event = await findEvent(db, s.account_id, s.event_id);
      const [view] = event ? await ticketViews(db, event.event, opts.now, [id]) : [];
      return view ?? gone;
    }
    case 'waitlist_entry':
      return (await organizerEntry(db, s.event_id, id, opts.now).catch(() => null)) ?? gone;
  }
}
