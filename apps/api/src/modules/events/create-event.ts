import type { createEventBody, EventDto } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { zonedToUtc } from '../../shared/dates.js';
import { DomainError } from '../../shared/errors.js';
import { sanitizeRichText } from '../../shared/html.js';
import { slugify } from '../../shared/slug.js';
import { eventDefaultsOf } from '../accounts/account-settings.js';
import { findOrganizer } from '../organizers/organizers.repository.js';
import { toEventDto } from './event-dto.js';
import { findEvent, insertEvent } from './events.repository.js';

export type CreateEventInput = z.output<typeof createEventBody>;

/** Creates a draft event for one of the account's organizers; times are read in the event's time zone. */
export async function createEvent(
  deps: { db: Db; clock: Clock },
  accountId: number,
  input: CreateEventInput,
): Promise<EventDto> {
  const organizer = await findOrganizer(deps.db, accountId, input.organizer_id);
  if (!organizer)
    throw new DomainError('VALIDATION_FAILED', { fields: { organizer_id: [{ key: 'not_found_choice' }] } });
  const start = zonedToUtc(input.start_date, input.timezone);
  const end = input.end_date ? zonedToUtc(input.end_date, input.timezone) : null;
  // The contract compares two wall-clock times; an instant with its offset is compared here.
  if (end && end <= start)
    throw new DomainError('VALIDATION_FAILED', { fields: { end_date: [{ key: 'end_before_start' }] } });
  const now = deps.clock.now();
  const [account] = await deps.db.select().from(accounts).where(eq(accounts.id, accountId));
  const defaults = eventDefaultsOf(account!);
  const row = await deps.db.transaction((tx) =>
    insertEvent(tx, {
      account_id: accountId,
      organizer_id: organizer.id,
      title: input.title,
      slug: slugify(input.title),
      description: sanitizeRichText(input.description),
      status: 'DRAFT',
      start_date: start,
      end_date: end,
      timezone: input.timezone,
      currency: input.currency,
      order_timeout_minutes: defaults.order_timeout_minutes,
      support_email: defaults.support_email,
      email_footer_message: defaults.email_footer_message,
      colors: defaults.colors,
      created_at: now,
      updated_at: now,
    }),
  );
  const created = await findEvent(deps.db, accountId, row.id);
  return toEventDto(created!, now);
}
