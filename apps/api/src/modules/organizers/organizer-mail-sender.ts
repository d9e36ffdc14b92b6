import type { Executor } from '../../db/client.js';
import type { events, organizers } from '../../db/schema/index.js';
import { type MailSender, mailSender } from '../../mail/sender.js';
import type { FileStorage } from '../../storage/storage.js';
import { type ImageRow, imagesByOwner } from '../images/images.repository.js';

/**
 * Logos up to this size are shown as uploaded (PNG, JPEG: every mail program shows them); larger ones and WebP ones as
 * the small WebP copy.
 */
const ORIGINAL_LOGO_MAX_BYTES = 200 * 1024;

/** What a mail shows of a logo: the upload itself when it is a small PNG or JPEG, else its 128-pixel WebP copy. */
const logoKey = (logo: ImageRow) =>
  (logo.content_type === 'image/png' || logo.content_type === 'image/jpeg') &&
  logo.size_bytes <= ORIGINAL_LOGO_MAX_BYTES
    ? logo.original_key
    : logo.variant_keys.small;

const absolute = (appUrl: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${appUrl}${url.startsWith('/') ? '' : '/'}${url}`;

/**
 * The organizer as the sender of an event's mails to its buyers and attendees (mail/sender.ts): its
 * name and logo, answers to the event's support address (copied from the account's event defaults when
 * the event was made, then the event's own setting), else to the organizer's address. Read inside the
 * transaction that writes the mails; the logo's address comes from the storage, made absolute with APP_URL.
 */
export async function eventMailSender(
  db: Executor,
  deps: { storage: Pick<FileStorage, 'url'>; appUrl: string },
  event: Pick<typeof events.$inferSelect, 'account_id' | 'organizer_id' | 'support_email'>,
  organizer: Pick<typeof organizers.$inferSelect, 'name' | 'email'> | undefined,
): Promise<MailSender> {
  const logo = (await imagesByOwner(db, event.account_id, 'organizer', 'ORGANIZER_LOGO', [event.organizer_id])).get(
    event.organizer_id,
  );
  return mailSender({
    organizerName: organizer?.name ?? '',
    supportEmail: event.support_email,
    organizerEmail: organizer?.email ?? null,
    logoUrl: logo ? absolute(deps.appUrl, deps.storage.url(logoKey(logo))) : null,
  });
}
