import { randomBytes, randomInt } from 'node:crypto';

/** Public id of an order: unguessable (120 random bits), safe in URLs. */
export const newOrderShortId = () => `o${randomBytes(15).toString('base64url')}`;
/** An order's secret (192 random bits, URL-safe): the buyer's order page needs it beside the short id. */
export const newOrderSecret = () => randomBytes(24).toString('base64url');
/** Public id of an attendee: unguessable (96 random bits); in ticket links and the QR code. */
export const newAttendeeShortId = () => `a${randomBytes(12).toString('base64url')}`;

/** Letters and digits that cannot be mistaken for each other when read out or typed from a transfer. */
const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A human order number such as `O-7KQ2M9XD`; buyers quote it as the payment reference. */
export function newOrderNumber(): string {
  let out = '';
  for (let i = 0; i < 8; i++) out += READABLE[randomInt(READABLE.length)];
  return `O-${out}`;
}
