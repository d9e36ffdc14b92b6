import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { duplicateEventBody } from '@admitone/shared';
import type { Db } from '../../db/client.js';
import { images } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { slugify } from '../../shared/slug.js';
import type { FileStorage } from '../../storage/storage.js';
import { eventDefaultsOf } from '../accounts/account-settings.js';
import { listImages } from '../images/images.repository.js';
import { settingsColumnsOf } from './event-dto.js';
import { findEvent, insertEvent } from './events.repository.js';
import { accounts } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';

/**
 * Copies an event as a new draft. Dates stay the same instants in the same time zone (no shift).
 * Settings (timeout, e-mails, colours) come along or are reset to the account's defaults; the cover
 * image's files are copied so the two events never share a file.
 */
export async function duplicateEvent(
  deps: { db: Db; clock: Clock; storage: FileStorage },
  accountId: number,
  id: number,
  input: z.output<typeof duplicateEventBody>,
): Promise<number> {
  const found = await findEvent(deps.db, accountId, id);
  if (!found) throw new DomainError('NOT_FOUND');
  const e = found.event;
  const now = deps.clock.now();
  const [account] = await deps.db.select().from(accounts).where(eq(accounts.id, accountId));
  const defaults = eventDefaultsOf(account!);
  const settings = input.copy_settings
    ? settingsColumnsOf(e)
    : { order_timeout_minutes: defaults.order_timeout_minutes, support_email: defaults.support_email, email_footer_message: defaults.email_footer_message, colors: defaults.colors };
  const title = input.title ?? e.title;
  const cover = input.copy_cover_image ? (await listImages(deps.db, accountId, 'event', id)).find((i) => i.type === 'EVENT_COVER') : undefined;

  const copy = await insertEvent(deps.db, {
    account_id: accountId,
    organizer_id: e.organizer_id,
    title,
    slug: slugify(title),
    description: e.description,
    status: 'DRAFT',
    start_date: e.start_date,
    end_date: e.end_date,
    timezone: e.timezone,
    currency: e.currency,
    is_online: e.is_online,
    online_details: e.online_details,
    location: e.location,
    ...settings,
    created_at: now,
    updated_at: now,
  });
  if (cover) {
    const suffix = randomBytes(4).toString('hex');
    const rename = (key: string) => key.replace(`/events/${id}/`, `/events/${copy.id}/`).replace(/(\.[a-z]+)$/, `-${suffix}$1`);
    const keys = { original: rename(cover.original_key), large: rename(cover.variant_keys.large), small: rename(cover.variant_keys.small) };
    await deps.storage.copy(cover.original_key, keys.original);
    await deps.storage.copy(cover.variant_keys.large, keys.large);
    await deps.storage.copy(cover.variant_keys.small, keys.small);
    const { id: _id, ...rest } = cover;
    await deps.db.insert(images).values({
      ...rest,
      entity_id: copy.id,
      original_key: keys.original,
      variant_keys: { large: keys.large, small: keys.small },
      created_at: now,
    });
  }
  return copy.id;
}
