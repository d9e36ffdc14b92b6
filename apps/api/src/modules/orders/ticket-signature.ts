import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';

import { signedTicketMessage as signedMessage } from '@admitone/shared';
import { eq } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { ticketSigningKeys } from '../../db/schema/index.js';

/**
 * QR codes that a door device can check offline: `<ticket code>.<signature>`, the signature Ed25519 over
 * `admitone-ticket:v1:<event id>:<ticket code>` with the event's own key. The device gets the public
 * key with its list's tickets; a code it does not know (bought after its last sync) is then known to be
 * this event's, and a made-up one is refused. Scanned online, the part after the dot is ignored: the
 * server looks the ticket up.
 */

interface EventKey {
  privateKey: KeyObject;
  publicKey: string;
}

/** Keys never change once made: kept per process after the first read. */
const cache = new Map<number, EventKey>();

/** The event's key pair, made on first use (two processes making it at once: the first insert wins, both read it). */
export async function eventTicketKey(db: Executor, eventId: number): Promise<EventKey> {
  const cached = cache.get(eventId);
  if (cached) return cached;
  let [row] = await db.select().from(ticketSigningKeys).where(eq(ticketSigningKeys.event_id, eventId));
  // A key read as already there is committed and kept; one made in this call may still roll back with
  // the caller's transaction, so it is only cached when read again later.
  const existed = !!row;
  if (!row) {
    const pair = generateKeyPairSync('ed25519');
    const raw = pair.publicKey.export({ format: 'jwk' }).x!;
    await db
      .insert(ticketSigningKeys)
      .values({
        event_id: eventId,
        private_key: pair.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
        public_key: raw,
      })
      .onConflictDoNothing();
    [row] = await db.select().from(ticketSigningKeys).where(eq(ticketSigningKeys.event_id, eventId));
  }
  const key = {
    privateKey: createPrivateKey({ key: Buffer.from(row!.private_key, 'base64'), format: 'der', type: 'pkcs8' }),
    publicKey: row!.public_key,
  };
  if (existed) cache.set(eventId, key);
  return key;
}

/** What a ticket's QR code says: its code and the event's signature of it. */
export async function signedTicketCode(db: Executor, eventId: number, shortId: string): Promise<string> {
  const { privateKey } = await eventTicketKey(db, eventId);
  return `${shortId}.${sign(null, Buffer.from(signedMessage(eventId, shortId)), privateKey).toString('base64url')}`;
}
