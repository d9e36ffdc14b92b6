import type { ImageDto, ImageType } from '@admitone/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { images } from '../../db/schema/index.js';
import type { FileStorage } from '../../storage/storage.js';

export type ImageRow = typeof images.$inferSelect;

export async function listImages(
  db: Executor,
  accountId: number,
  entityType: string,
  entityId: number,
): Promise<ImageRow[]> {
  return db
    .select()
    .from(images)
    .where(and(eq(images.account_id, accountId), eq(images.entity_type, entityType), eq(images.entity_id, entityId)))
    .orderBy(asc(images.id));
}

export async function findImage(
  db: Executor,
  accountId: number,
  entityType: string,
  entityId: number,
  id: number,
): Promise<ImageRow | null> {
  const [row] = await db
    .select()
    .from(images)
    .where(
      and(
        eq(images.account_id, accountId),
        eq(images.entity_type, entityType),
        eq(images.entity_id, entityId),
        eq(images.id, id),
      ),
    )
    .limit(1);
  return row ?? null;
}

export function toImageDto(row: ImageRow, storage: FileStorage): ImageDto {
  return {
    id: row.id,
    type: row.type,
    url: storage.url(row.original_key),
    variants: { large: storage.url(row.variant_keys.large), small: storage.url(row.variant_keys.small) },
    width: row.width,
    height: row.height,
    size_bytes: row.size_bytes,
    content_type: row.content_type,
    created_at: row.created_at.toISOString(),
  };
}

/** An image by its id alone when it is of `type` (for a public route: organizers' logos are public), else null. */
export async function findImageOfType(db: Executor, id: number, type: ImageType): Promise<ImageRow | null> {
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, id), eq(images.type, type)))
    .limit(1);
  return row ?? null;
}

/** The storage keys of an image, to delete its files. */
export const keysOf = (row: ImageRow) => [row.original_key, row.variant_keys.large, row.variant_keys.small];

/** The image of one type (a cover, a logo) of several owners at once, by owner id. */
export async function imagesByOwner(
  db: Executor,
  accountId: number,
  entityType: string,
  type: ImageType,
  ids: number[],
): Promise<Map<number, ImageRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(images)
    .where(
      and(
        eq(images.account_id, accountId),
        eq(images.entity_type, entityType),
        eq(images.type, type),
        inArray(images.entity_id, ids),
      ),
    );
  return new Map(rows.map((r) => [r.entity_id, r]));
}
