import { randomBytes } from 'node:crypto';

import { IMAGE_RULES, type ImageDto, type ImageType } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';

import type { Db } from '../../db/client.js';
import { images } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { findImage, keysOf, listImages, toImageDto } from './images.repository.js';
import { processImage } from './process-image.js';
import { forgetFiles, removeFiles } from './stored-file-removal.js';

export interface ImageDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  log?: Logger;
}

/** What an image belongs to: an event (cover) or an organizer (logo, seating backgrounds), inside one account. */
export interface ImageOwner {
  accountId: number;
  entityType: 'event' | 'organizer';
  entityId: number;
}

export async function listOwnedImages(deps: ImageDeps, owner: ImageOwner): Promise<ImageDto[]> {
  return (await listImages(deps.db, owner.accountId, owner.entityType, owner.entityId)).map((r) =>
    toImageDto(r, deps.storage),
  );
}

/**
 * Stores an image and its variants. An owner has one cover or logo: a new one replaces the old, whose files are
 * removed once the database no longer points at them. Seating backgrounds are kept side by side.
 */
export async function uploadOwnedImage(
  deps: ImageDeps,
  owner: ImageOwner,
  type: ImageType,
  body: Buffer,
): Promise<ImageDto> {
  const processed = await processImage(type, body);
  if (!processed.ok) throw new DomainError('VALIDATION_FAILED', { fields: { image: [processed.issue] } });
  const img = processed.image;
  const base = `accounts/${owner.accountId}/${owner.entityType}s/${owner.entityId}/${type.toLowerCase()}-${img.hash}-${randomBytes(4).toString('hex')}`;
  const keys = { original: `${base}.${img.extension}`, large: `${base}-large.webp`, small: `${base}-small.webp` };
  const written = [keys.original, keys.large, keys.small];
  try {
    await deps.storage.put(keys.original, img.original, img.contentType);
    await deps.storage.put(keys.large, img.variants.large, 'image/webp');
    await deps.storage.put(keys.small, img.variants.small, 'image/webp');
  } catch (err) {
    // A full or read-only disk, a bucket that refuses: nothing is saved, and what was written goes.
    await forgetFiles(deps, written);
    deps.log?.error({ err }, 'an uploaded image could not be stored');
    throw new DomainError('STORAGE_UNAVAILABLE');
  }
  const now = deps.clock.now();
  let saved: { row: typeof images.$inferSelect; replaced: string[] };
  try {
    saved = await deps.db.transaction(async (tx) => {
      const old = IMAGE_RULES[type].replaces
        ? (await listImages(tx, owner.accountId, owner.entityType, owner.entityId)).filter((r) => r.type === type)
        : [];
      for (const r of old) await tx.delete(images).where(eq(images.id, r.id));
      const [inserted] = await tx
        .insert(images)
        .values({
          account_id: owner.accountId,
          entity_type: owner.entityType,
          entity_id: owner.entityId,
          type,
          original_key: keys.original,
          variant_keys: { large: keys.large, small: keys.small },
          width: img.width,
          height: img.height,
          size_bytes: processed.image.original.length,
          content_type: img.contentType,
          created_at: now,
        })
        .returning();
      const replaced = old.flatMap(keysOf);
      await removeFiles.queue(tx, replaced);
      return { row: inserted!, replaced };
    });
  } catch (err) {
    await forgetFiles(deps, written);
    throw err;
  }
  await removeFiles.now(deps, saved.replaced);
  const row = saved.row;
  return toImageDto(row, deps.storage);
}

/** Deletes the row and, in the same transaction, queues its files: they go now, or with the worker's sweep. */
export async function deleteOwnedImage(deps: ImageDeps, owner: ImageOwner, imageId: number): Promise<void> {
  const row = await findImage(deps.db, owner.accountId, owner.entityType, owner.entityId, imageId);
  if (!row) throw new DomainError('NOT_FOUND');
  await deps.db.transaction(async (tx) => {
    await tx.delete(images).where(eq(images.id, row.id));
    await removeFiles.queue(tx, keysOf(row));
  });
  await removeFiles.now(deps, keysOf(row));
}
