import { randomBytes } from 'node:crypto';

import type { duplicateEventBody } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db } from '../../db/client.js';
import { images } from '../../db/schema/index.js';
import { accounts } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { slugify } from '../../shared/slug.js';
import type { FileStorage } from '../../storage/storage.js';
import { eventDefaultsOf } from '../accounts/account-settings.js';
import { copyAutomations } from '../automations/automations.repository.js';
import { copyEventDates, syncEventSpan } from '../event-dates/event-dates.repository.js';
import { listImages } from '../images/images.repository.js';
import { copyCatalogue } from './copy-catalogue.js';
import { settingsColumnsOf } from './event-dto.js';
import { findEvent, insertEvent } from './events.repository.js';

/**
 * Copies an event as a new draft. Dates stay the same instants in the same time zone (no shift); each of
 * its dates is copied (on sale again unless cancelled or hidden, nothing taken).
 * Settings (timeout, e-mails, colours, the automatic mails) come along or are reset to the account's defaults; the
 * cover image's files are copied so the two events never share a file; tickets, questions, promo codes and capacity
 * assignments are copied as chosen.
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
    : {
        order_timeout_minutes: defaults.order_timeout_minutes,
        support_email: defaults.support_email,
        email_footer_message: defaults.email_footer_message,
        colors: defaults.colors,
      };
  const title = input.title ?? e.title;
  const cover = input.copy_cover_image
    ? (await listImages(deps.db, accountId, 'event', id)).find((i) => i.type === 'EVENT_COVER')
    : undefined;

  // Files first (outside the transaction); the rows that point at them are written with the copy.
  let coverKeys: { original: string; large: string; small: string } | null = null;
  const suffix = randomBytes(4).toString('hex');
  const targetFolder = `/events/new-${suffix}/`;
  if (cover) {
    const rename = (key: string) => key.replace(`/events/${id}/`, targetFolder).replace(/(\.[a-z]+)$/, `-${suffix}$1`);
    coverKeys = {
      original: rename(cover.original_key),
      large: rename(cover.variant_keys.large),
      small: rename(cover.variant_keys.small),
    };
    await deps.storage.copy(cover.original_key, coverKeys.original);
    await deps.storage.copy(cover.variant_keys.large, coverKeys.large);
    await deps.storage.copy(cover.variant_keys.small, coverKeys.small);
  }
  return deps.db.transaction(async (tx) => {
    const copy = await insertEvent(
      tx,
      {
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
      },
      { firstDate: false },
    );
    const dateMap = await copyEventDates(tx, id, copy.id, now);
    await syncEventSpan(tx, copy.id, now);
    if (cover && coverKeys) {
      const { id: _id, ...rest } = cover;
      await tx.insert(images).values({
        ...rest,
        entity_id: copy.id,
        original_key: coverKeys.original,
        variant_keys: { large: coverKeys.large, small: coverKeys.small },
        created_at: now,
      });
    }
    await copyCatalogue(tx, id, copy.id, input, now, dateMap);
    if (input.copy_settings) await copyAutomations(tx, id, copy.id, now);
    return copy.id;
  });
}
