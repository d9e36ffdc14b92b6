import { randomBytes, randomInt } from 'node:crypto';

/** Public id of an order: unguessable (120 random bits), safe in URLs. */
export const newOrderShortId = () => `o${randomBytes(15).toString('base64url')}`;
/** An order's secret (192 random bits, URL-safe): the buyer's order page needs it beside the short id. */
export const newOrderSecret = () => randomBytes(24).toString('base64url');
/** Letters and digits that cannot be mistaken for each other when read out or typed (no I, L, O, 0, 1). */
const READABLE = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const readable = (length: number) => Array.from({ length }, () => READABLE[randomInt(READABLE.length)]).join('');

/**
 * Public id of an attendee: the ticket code under the QR code, in ticket links and typed at the door.
 * Unguessable (20 characters of 31: 99 random bits), in capitals and digits that cannot be mistaken
 * for each other, so a code read off a phone is found whatever the case it is typed in. Codes made
 * before (`a` + base64url) stay valid; the check-in search ignores case for them too.
 */
export const newAttendeeShortId = () => `A${readable(20)}`;

/** A human order number such as `O-7KQ2M9XD`; buyers quote it as the payment reference. */
export function newOrderNumber(): string {
  return `O-${readable(8)}`;
}

/**
 * A ticket code as typed or read out: codes of the readable kind are found in any case (a6kq… is
 * A6KQ…); an older code (`a` + base64url) is left as it is, its case is part of it.
 */
export function normaliseTicketCode(code: string): string {
  const c = code.trim();
  return /^a[a-z2-9]{20}$/i.test(c) && [...c.slice(1).toUpperCase()].every((ch) => READABLE.includes(ch))
    ? `A${c.slice(1).toUpperCase()}`
    : c;
}
