import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ImageDto, ImageType } from '@admitone/shared';
import type { Db } from '../../db/client.js';
import { images } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { findEvent } from '../events/events.repository.js';
import { findImage, keysOf, listImages, toImageDto } from './images.repository.js';
import { processImage } from './process-image.js';

interface Deps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

async function requireEvent(db: Db, accountId: number, eventId: number) {
  if (!(await findEvent(db, accountId, eventId))) throw new DomainError('NOT_FOUND');
}

export async function listEventImages(deps: Deps, accountId: number, eventId: number): Promise<ImageDto[]> {
  await requireEvent(deps.db, accountId, eventId);
  return (await listImages(deps.db, accountId, 'event', eventId)).map((r) => toImageDto(r, deps.storage));
}

/**
 * Stores an event image and its variants. An event has one cover: a new one replaces the old,
 * whose files are removed after the database says so (files first, row second on the way in).
 */
export async function uploadEventImage(deps: Deps, accountId: number, eventId: number, type: ImageType, body: Buffer): Promise<ImageDto> {
  await requireEvent(deps.db, accountId, eventId);
  const processed = await processImage(type, body);
  if (!processed.ok) throw new DomainError('VALIDATION_FAILED', { fields: { image: [processed.issue] } });
  const img = processed.image;
  const base = `accounts/${accountId}/events/${eventId}/${type.toLowerCase()}-${img.hash}-${randomBytes(4).toString('hex')}`;
  const keys = { original: `${base}.${img.extension}`, large: `${base}-large.webp`, small: `${base}-small.webp` };
  await deps.storage.put(keys.original, body, img.contentType);
  await deps.storage.put(keys.large, img.variants.large, 'image/webp');
  await deps.storage.put(keys.small, img.variants.small, 'image/webp');
  const now = deps.clock.now();
  const { row, replaced } = await deps.db.transaction(async (tx) => {
    const old = (await listImages(tx, accountId, 'event', eventId)).filter((r) => r.type === type);
    for (const r of old) await tx.delete(images).where(eq(images.id, r.id));
    const [inserted] = await tx
      .insert(images)
      .values({
        account_id: accountId,
        entity_type: 'event',
        entity_id: eventId,
        type,
        original_key: keys.original,
        variant_keys: { large: keys.large, small: keys.small },
        width: img.width,
        height: img.height,
        size_bytes: body.length,
        content_type: img.contentType,
        created_at: now,
      })
      .returning();
    return { row: inserted!, replaced: old };
  });
  for (const r of replaced) for (const key of keysOf(r)) await deps.storage.delete(key);
  return toImageDto(row, deps.storage);
}

export async function deleteEventImage(deps: Deps, accountId: number, eventId: number, imageId: number): Promise<void> {
  await requireEvent(deps.db, accountId, eventId);
  const row = await findImage(deps.db, accountId, 'event', eventId, imageId);
  if (!row) throw new DomainError('NOT_FOUND');
  await deps.db.delete(images).where(eq(images.id, row.id));
  for (const key of keysOf(row)) await deps.storage.delete(key);
}
