import type { CheckoutStep } from '../router/match-route';

const enc = encodeURIComponent;

/** A checkout step of an order. */
export const checkoutPath = (eventId: number, orderShortId: string, step: CheckoutStep) =>
  `/checkout/${eventId}/${enc(orderShortId)}/${step}`;
export const ticketPath = (eventId: number, attendeeShortId: string) => `/ticket/${eventId}/${enc(attendeeShortId)}`;
export const ticketPrintPath = (eventId: number, attendeeShortId: string) =>
  `${ticketPath(eventId, attendeeShortId)}/print`;
export const orderPrintPath = (eventId: number, orderShortId: string) => `/order/${eventId}/${enc(orderShortId)}/print`;
export const qrCodeSrc = (eventId: number, attendeeShortId: string) =>
  `/api/public/events/${eventId}/attendees/${enc(attendeeShortId)}/qr.svg`;
