import type { TenantWorld } from './tenant-world.js';

/** Account B's own organizer, event and ticket: the places where B might slip in account A's ids. */
export interface OwnPlace {
  organizerId: number;
  eventId: number;
  ticketId: number;
}

type Id = number | string;

/** An id of the same kind that exists nowhere. */
export const missingLike = (id: Id): Id => (typeof id === 'number' ? 99_999_999 : `missing-${id}`);

export interface ForeignIdProbe {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  /** The request, given the foreign id to slip in (A's real one, or one that does not exist). */
  url: (own: OwnPlace, id: Id) => string;
  body?: (own: OwnPlace, id: Id) => unknown;
  /** Which of account A's ids goes in (a number, or a ticket's short id). */
  id: (w: TenantWorld) => Id;
}

const message = (extra: Record<string, unknown>) => ({
  subject: 'Hello',
  body: '<p>Hi</p>',
  acknowledged_not_promotional: true,
  ...extra,
});
const ev = (own: OwnPlace) => `/api/events/${own.eventId}`;

/**
 * Ids of account A inside bodies and query strings of B's own requests. Each must be treated exactly
 * like an id that does not exist: same status, same answer, nothing changed.
 */
export const FOREIGN_ID_PROBES: ForeignIdProbe[] = [
  {
    name: 'create an event under A’s organizer',
    method: 'POST',
    url: () => '/api/events',
    id: (w) => w.organizerId,
    body: (_, id) => ({
      title: 'x',
      organizer_id: id,
      start_date: '2030-07-01T19:00',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
    }),
  },
  {
    name: 'move an own event to A’s organizer',
    method: 'PUT',
    url: ev,
    id: (w) => w.organizerId,
    body: (_, id) => ({ organizer_id: id }),
  },
  {
    name: 'switch into account A',
    method: 'POST',
    url: () => '/api/auth/switch-account',
    id: (w) => w.accountId,
    body: (_, id) => ({ account_id: id }),
  },
  {
    name: 'a ticket with A’s tax',
    method: 'POST',
    url: (o) => `${ev(o)}/tickets`,
    id: (w) => w.taxId,
    body: (_, id) => ({ name: 't', type: 'PAID', price: 100, tax_and_fee_ids: [id] }),
  },
  {
    name: 'a capacity assignment over A’s ticket',
    method: 'POST',
    url: (o) => `${ev(o)}/capacity-assignments`,
    id: (w) => w.ticketId,
    body: (_, id) => ({ name: 'c', capacity: 1, applies_to: 'TICKETS', ticket_ids: [id] }),
  },
  {
    name: 'a bulk change of dates naming A’s date',
    method: 'POST',
    url: (o) => `${ev(o)}/dates/bulk`,
    id: (w) => w.dateId,
    body: (_, id) => ({ ids: [id], capacity: 1 }),
  },
  {
    name: 'a promo code for A’s ticket',
    method: 'POST',
    url: (o) => `${ev(o)}/promo-codes`,
    id: (w) => w.ticketId,
    body: (_, id) => ({ code: 'PROBE', discount_type: 'NONE', ticket_ids: [id] }),
  },
  {
    name: 'a question for A’s ticket',
    method: 'POST',
    url: (o) => `${ev(o)}/questions`,
    id: (w) => w.ticketId,
    body: (_, id) => ({ title: 'q', type: 'SINGLE_LINE_TEXT', ticket_ids: [id] }),
  },
  {
    name: 'a ticket in A’s category',
    method: 'POST',
    url: (o) => `${ev(o)}/tickets`,
    id: (w) => w.categoryId,
    body: (_, id) => ({ name: 't', type: 'FREE', category_id: id }),
  },
  {
    name: 'arranging with A’s category',
    method: 'PUT',
    url: (o) => `${ev(o)}/product-categories/arrangement`,
    id: (w) => w.categoryId,
    body: (o, id) => ({ categories: [{ id, ticket_ids: [o.ticketId] }] }),
  },
  {
    name: 'sorting with A’s ticket',
    method: 'PUT',
    url: (o) => `${ev(o)}/tickets/sort`,
    id: (w) => w.ticketId,
    body: (o, id) => ({ ticket_ids: [o.ticketId, id] }),
  },
  {
    name: 'sorting with A’s question',
    method: 'PUT',
    url: (o) => `${ev(o)}/questions/sort`,
    id: (w) => w.questionId,
    body: (_, id) => ({ question_ids: [id] }),
  },
  {
    name: 'an attendee on A’s ticket',
    method: 'POST',
    url: (o) => `${ev(o)}/attendees`,
    id: (w) => w.ticketId,
    body: (_, id) => ({ ticket_id: id, first_name: 'a', last_name: 'b', email: 'm@example.test', send_ticket: false }),
  },
  {
    name: 'a message to A’s attendees',
    method: 'POST',
    url: (o) => `${ev(o)}/messages`,
    id: (w) => w.attendeeId,
    body: (_, id) => message({ recipient_type: 'ATTENDEES', attendee_ids: [id] }),
  },
  {
    name: 'a message to A’s buyer',
    method: 'POST',
    url: (o) => `${ev(o)}/messages`,
    id: (w) => w.orderId,
    body: (_, id) => message({ recipient_type: 'ORDER_BUYER', order_id: id }),
  },
  {
    name: 'a message to A’s ticket holders',
    method: 'POST',
    url: (o) => `${ev(o)}/messages`,
    id: (w) => w.ticketId,
    body: (_, id) => message({ recipient_type: 'TICKET_HOLDERS', ticket_ids: [id] }),
  },
  {
    name: 'checking in A’s attendee',
    method: 'POST',
    url: (o) => `${ev(o)}/check-ins`,
    id: (w) => w.attendeeId,
    body: (_, id) => ({ attendee_id: id, action: 'CHECK_IN' }),
  },
  {
    name: 'scanning A’s ticket',
    method: 'POST',
    url: (o) => `${ev(o)}/check-ins`,
    id: (w) => w.attendeeShortId,
    body: (_, code) => ({ code, action: 'CHECK_IN' }),
  },
  {
    name: 'counting A’s buyer',
    method: 'GET',
    url: (o, id) => `${ev(o)}/messages/recipient-count?recipient_type=ORDER_BUYER&order_id=${id}`,
    id: (w) => w.orderId,
  },
  {
    name: 'counting A’s attendees',
    method: 'GET',
    url: (o, id) => `${ev(o)}/messages/recipient-count?recipient_type=ATTENDEES&attendee_ids=${id}`,
    id: (w) => w.attendeeId,
  },
  {
    name: 'counting A’s ticket holders',
    method: 'GET',
    url: (o, id) => `${ev(o)}/messages/recipient-count?recipient_type=TICKET_HOLDERS&ticket_ids=${id}`,
    id: (w) => w.ticketId,
  },
  {
    name: 'attendees filtered by A’s ticket',
    method: 'GET',
    url: (o, id) => `${ev(o)}/attendees?filter_fields[ticket_id]=${id}`,
    id: (w) => w.ticketId,
  },
  {
    name: 'attendees filtered by A’s date',
    method: 'GET',
    url: (o, id) => `${ev(o)}/attendees?filter_fields[event_date_id]=${id}`,
    id: (w) => w.dateId,
  },
  {
    name: 'orders filtered by A’s date',
    method: 'GET',
    url: (o, id) => `${ev(o)}/orders?filter_fields[event_date_id]=${id}`,
    id: (w) => w.dateId,
  },
  {
    name: 'events filtered by A’s organizer',
    method: 'GET',
    url: (_, id) => `/api/events?filter_fields[organizer_id]=${id}`,
    id: (w) => w.organizerId,
  },
];
