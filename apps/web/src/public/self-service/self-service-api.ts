import type {
  BuyerAttendeeBody,
  CheckoutInvoiceBody,
  ExchangeDateDto,
  ExchangeOrderBody,
  ExchangePaymentDto,
  ExchangeStatusDto,
  PassPickBody,
  PublicOrderDto,
  TransferTicketBody,
} from '@admitone/shared';

import { publicFetch } from '../lib/public-api';

const orderPath = (eventId: number, shortId: string) => `/events/${eventId}/order/${encodeURIComponent(shortId)}`;
const attendeePath = (eventId: number, shortId: string, attendeeShortId: string) =>
  `${orderPath(eventId, shortId)}/attendees/${encodeURIComponent(attendeeShortId)}`;

/** The buyer corrects one attendee (name, e-mail, the answers they may change); answers the order as it now stands. */
export const correctAttendee = (
  eventId: number,
  shortId: string,
  attendeeShortId: string,
  body: BuyerAttendeeBody,
  locale: string,
) =>
  publicFetch<{ data: PublicOrderDto }>(attendeePath(eventId, shortId, attendeeShortId), {
    method: 'PUT',
    body,
    eventId,
    orderShortId: shortId,
    locale,
  }).then((r) => r.data);

/** Sends a ticket's e-mail again to the address on it. */
export const resendTicket = (eventId: number, shortId: string, attendeeShortId: string, locale: string) =>
  publicFetch<{ data: PublicOrderDto }>(`${attendeePath(eventId, shortId, attendeeShortId)}/resend`, {
    method: 'POST',
    body: {},
    eventId,
    orderShortId: shortId,
    locale,
  }).then((r) => r.data);

/** Passes a ticket on to another person: a new code, mailed to them; answers the order as it now stands. */
export const transferTicket = (
  eventId: number,
  shortId: string,
  attendeeShortId: string,
  body: TransferTicketBody,
  locale: string,
) =>
  publicFetch<{ data: PublicOrderDto }>(`${attendeePath(eventId, shortId, attendeeShortId)}/transfer`, {
    method: 'POST',
    body,
    eventId,
    orderShortId: shortId,
    locale,
  }).then((r) => r.data);

/**
 * Cancels the order as the event allows (a card payment is refunded to the card); answers the order as it now stands.
 */
export const cancelOrder = (eventId: number, shortId: string, locale: string) =>
  publicFetch<{ data: PublicOrderDto }>(`${orderPath(eventId, shortId)}/cancel`, {
    method: 'POST',
    body: {},
    eventId,
    orderShortId: shortId,
    locale,
  }).then((r) => r.data);

/** The dates the order may move to now (empty when the event does not allow it). */
export const exchangeDates = (eventId: number, shortId: string, locale: string) =>
  publicFetch<{ data: ExchangeDateDto[] }>(`${orderPath(eventId, shortId)}/exchange`, {
    eventId,
    orderShortId: shortId,
    locale,
  }).then((r) => r.data);

/**
 * Moves the whole order to another date of the event; answers the order as it now stands, and for a dearer date the
 * difference's card payment (the order moves once it is paid).
 */
export const exchangeOrder = (eventId: number, shortId: string, body: ExchangeOrderBody, locale: string) =>
  publicFetch<{ data: PublicOrderDto; payment: ExchangePaymentDto | null }>(`${orderPath(eventId, shortId)}/exchange`, {
    method: 'POST',
    body,
    eventId,
    orderShortId: shortId,
    locale,
  });

/** After the difference's payment was confirmed: the server asks Stripe and moves the order (or refunds). */
export const syncExchange = (eventId: number, shortId: string, exchangeId: number, locale: string) =>
  publicFetch<{ data: PublicOrderDto; exchange: ExchangeStatusDto | null }>(
    `${orderPath(eventId, shortId)}/exchange/sync`,
    { method: 'POST', body: { exchange_id: exchangeId }, eventId, orderShortId: shortId, locale },
  );

/** The holder of a pass for any N dates picks one; answers the order as it now stands (with the new ticket). */
export const pickPassDate = (eventId: number, shortId: string, body: PassPickBody, locale: string) =>
  publicFetch<{ data: PublicOrderDto }>(`${orderPath(eventId, shortId)}/pass-picks`, {
    method: 'POST',
    body,
    eventId,
    orderShortId: shortId,
    locale,
  }).then((r) => r.data);

/** The buyer corrects the company, address and VAT number on their invoice; answers the order (its new invoices). */
export const correctInvoiceDetails = (eventId: number, shortId: string, body: CheckoutInvoiceBody, locale: string) =>
  publicFetch<{ data: PublicOrderDto }>(`${orderPath(eventId, shortId)}/invoice-details`, {
    method: 'PUT',
    body,
    eventId,
    orderShortId: shortId,
    locale,
  }).then((r) => r.data);
