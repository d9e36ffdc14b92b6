import { randomBytes, timingSafeEqual } from 'node:crypto';

import { and, eq, gt, inArray, lt } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { attendees, type OrderEventKind, walletPasses, walletRegistrations } from '../../db/schema/index.js';
import { notFound } from '../../shared/errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { publicTicketView } from '../public-events/ticket-page.js';
import type { WalletPassRow } from './wallet-ticket.js';

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * The pass of a ticket (by its event and code, as on its page), made the first time it is asked for: only for a
 * ticket that admits now (paid or free, not cancelled). `google`: a "Save to Google Wallet" link is being made, so
 * Google's copy is to be kept up to date from now on.
 */
export async function passForTicket(
  db: Db,
  storage: FileStorage,
  eventId: number,
  code: string,
  now: Date,
  google = false,
): Promise<WalletPassRow> {
  const ticket = await publicTicketView(db, storage, eventId, code);
  if (!ticket.qr_code) throw notFound();
  const [attendee] = await db
    .select({ id: attendees.id })
    .from(attendees)
    .where(and(eq(attendees.event_id, eventId), eq(attendees.short_id, code)));
  if (!attendee) throw notFound();
  const attendeeId = attendee.id;
  await db
    .insert(walletPasses)
    .values({
      serial: token(15),
      attendee_id: attendeeId,
      event_id: eventId,
      code,
      auth_token: token(24),
      google,
      changed_at: now,
      // Nothing holds it yet: nothing to tell.
      pushed_at: now,
      created_at: now,
    })
    .onConflictDoNothing();
  const which = and(eq(walletPasses.attendee_id, attendeeId), eq(walletPasses.code, code));
  const [row] = google
    ? await db.update(walletPasses).set({ google: true }).where(which).returning()
    : await db.select().from(walletPasses).where(which);
  return row!;
}

/** Order history kinds after which an order's tickets may look different (new name, date, seat; void). */
const CHANGING: ReadonlySet<OrderEventKind> = new Set<OrderEventKind>([
  'CANCELLED',
  'CANCELLED_BY_BUYER',
  'REFUNDED',
  'PAYMENT_OVERDUE',
  'ATTENDEE_CANCELLED',
  'ATTENDEE_REACTIVATED',
  'ATTENDEE_EDITED',
  'ATTENDEE_EDITED_BY_BUYER',
  'ATTENDEE_MOVED',
  'TICKET_TRANSFERRED',
  'DATE_MOVED',
  'DATE_EXCHANGED',
  'PASS_DATE_PICKED',
]);

/**
 * In the transaction of a change to an order (orders/order-history.ts): its tickets' passes changed at `at`, so the
 * worker tells the devices that hold them and Google (wallet-push.ts). Kinds that cannot change a ticket cost nothing.
 */
export async function orderPassesChanged(tx: Executor, orderId: number, kind: OrderEventKind, at: Date): Promise<void> {
  if (!CHANGING.has(kind)) return;
  await tx
    .update(walletPasses)
    .set({ changed_at: at })
    .where(
      and(
        inArray(
          walletPasses.attendee_id,
          tx.select({ id: attendees.id }).from(attendees).where(eq(attendees.order_id, orderId)),
        ),
        lt(walletPasses.changed_at, at),
      ),
    );
}

/** The event itself changed (its name, venue, colours): every pass of it. */
export async function eventPassesChanged(tx: Executor, eventId: number, at: Date): Promise<void> {
  await tx
    .update(walletPasses)
    .set({ changed_at: at })
    .where(and(eq(walletPasses.event_id, eventId), lt(walletPasses.changed_at, at)));
}

// ---------------------------------------------------------------------------------------------------------------
// The PassKit web service (what Apple devices ask about the passes they hold)
// ---------------------------------------------------------------------------------------------------------------

/** The pass `serial`, when `authorization` is its `ApplePass <token>`; else null (the device is answered 401). */
export async function authorizedPass(
  db: Executor,
  serial: string,
  authorization: string | undefined,
): Promise<WalletPassRow | null> {
  const given = /^ApplePass (.+)$/.exec(authorization ?? '')?.[1];
  if (!given) return null;
  const [row] = await db.select().from(walletPasses).where(eq(walletPasses.serial, serial));
  if (!row) return null;
  const a = Buffer.from(given);
  const b = Buffer.from(row.auth_token);
  return a.length === b.length && timingSafeEqual(a, b) ? row : null;
}

/** A device asks to hear about a pass: true when it is new (201), false when it was registered already (200). */
export async function registerDevice(
  db: Executor,
  serial: string,
  deviceId: string,
  pushToken: string,
  now: Date,
): Promise<boolean> {
  const made = await db
    .insert(walletRegistrations)
    .values({ device_id: deviceId, serial, push_token: pushToken, created_at: now })
    .onConflictDoNothing()
    .returning({ serial: walletRegistrations.serial });
  if (made.length) return true;
  // Registered before: its push token may be new.
  await db
    .update(walletRegistrations)
    .set({ push_token: pushToken })
    .where(and(eq(walletRegistrations.serial, serial), eq(walletRegistrations.device_id, deviceId)));
  return false;
}

export async function unregisterDevice(db: Executor, serial: string, deviceId: string): Promise<void> {
  await db
    .delete(walletRegistrations)
    .where(and(eq(walletRegistrations.serial, serial), eq(walletRegistrations.device_id, deviceId)));
}

/**
 * The serial numbers of the passes a device holds that changed after `since` (the tag it got last time: an instant
 * in milliseconds), with the new tag; null when none changed.
 */
export async function changedSerials(
  db: Executor,
  deviceId: string,
  since: string | undefined,
): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  const after = since && /^\d{1,15}$/.test(since) ? new Date(Number(since)) : null;
  const rows = await db
    .select({ serial: walletPasses.serial, changed: walletPasses.changed_at })
    .from(walletRegistrations)
    .innerJoin(walletPasses, eq(walletPasses.serial, walletRegistrations.serial))
    .where(and(eq(walletRegistrations.device_id, deviceId), after ? gt(walletPasses.changed_at, after) : undefined));
  if (!rows.length) return null;
  const last = Math.max(...rows.map((r) => r.changed.getTime()));
  return { serialNumbers: rows.map((r) => r.serial), lastUpdated: String(last) };
}
