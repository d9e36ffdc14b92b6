import { integer, pgTable, text } from 'drizzle-orm/pg-core';

import { instant } from './columns.js';
import { events } from './events.js';

/**
 * Each event's Ed25519 key pair for signing ticket QR codes: door devices get the public key with the
 * list's tickets and check, offline, that a code they do not know was issued by this event.
 */
export const ticketSigningKeys = pgTable('ticket_signing_keys', {
  event_id: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  /** PKCS#8 DER, base64. Never leaves the server. */
  private_key: text('private_key').notNull(),
  /** The raw 32-byte public key, base64url (what WebCrypto imports as 'raw'). */
  public_key: text('public_key').notNull(),
  created_at: instant('created_at').notNull().defaultNow(),
});
