import type { EventDto } from '@admitone/shared';

import type { Executor } from '../../db/client.js';
import { DomainError } from '../../shared/errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { imagesByOwner, toImageDto } from '../images/images.repository.js';
import { toEventDto } from './event-dto.js';
import { type EventWithOrganizer, findEvent } from './events.repository.js';

/** Events as the API shows them, with their covers (one query for all). */
export async function eventViews(
  db: Executor,
  storage: FileStorage,
  accountId: number,
  rows: EventWithOrganizer[],
  now: Date,
): Promise<EventDto[]> {
  const covers = await imagesByOwner(
    db,
    accountId,
    'event',
    'EVENT_COVER',
    rows.map((r) => r.event.id),
  );
  return rows.map((r) => {
    const cover = covers.get(r.event.id);
    return toEventDto(r, now, cover ? toImageDto(cover, storage) : null);
  });
}

/** One event of the account as the API shows it; another account's id is not found. */
export async function eventView(
  db: Executor,
  storage: FileStorage,
  accountId: number,
  id: number,
  now: Date,
): Promise<EventDto> {
  const row = await findEvent(db, accountId, id);
  if (!row) throw new DomainError('NOT_FOUND');
  return (await eventViews(db, storage, accountId, [row], now))[0]!;
}
