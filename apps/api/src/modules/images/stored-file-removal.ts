import { inArray, sql } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client.js';
import { storedFileDeletions } from '../../db/schema/index.js';
import type { FileStorage } from '../../storage/storage.js';

interface RemovalDeps {
  db: Db;
  storage: FileStorage;
}

/**
 * Files of images that are gone. A key is written to `stored_file_deletions` in the transaction that
 * drops its image row, then removed from storage after commit; a disk or bucket that refuses leaves the
 * key there for the worker's sweep. So a failed removal never fails the request, and no file is forgotten.
 */
export const removeFiles = {
  /** Inside the transaction that forgets the files' image. */
  async queue(tx: Tx, keys: string[]): Promise<void> {
    if (keys.length)
      await tx
        .insert(storedFileDeletions)
        .values(keys.map((key) => ({ key })))
        .onConflictDoNothing();
  },
  /** After commit: removes what it can; a key whose removal failed stays queued. */
  async now(deps: RemovalDeps, keys: string[]): Promise<number> {
    const removed: string[] = [];
    for (const key of keys) {
      try {
        await deps.storage.delete(key);
        removed.push(key);
      } catch {
        // Left for the sweep.
      }
    }
    if (removed.length) await deps.db.delete(storedFileDeletions).where(inArray(storedFileDeletions.key, removed));
    return removed.length;
  },
};

/** Files written for an image that was never saved (storage or database refused): removed, or queued. */
export async function forgetFiles(deps: RemovalDeps, keys: string[]): Promise<void> {
  try {
    await deps.db.transaction((tx) => removeFiles.queue(tx, keys));
  } catch {
    // The database refuses too: try the removal alone.
  }
  await removeFiles.now(deps, keys).catch(() => 0);
}

/**
 * The worker's sweep: removes queued files (oldest first, those already tried last) and forgets the ones
 * removed. Returns how many were removed; a storage still refusing leaves its keys with one more attempt.
 */
export async function sweepStoredFileDeletions(deps: RemovalDeps, limit = 200): Promise<number> {
  const rows = await deps.db
    .update(storedFileDeletions)
    .set({ attempts: sql`${storedFileDeletions.attempts} + 1` })
    .where(
      inArray(
        storedFileDeletions.key,
        deps.db
          .select({ key: storedFileDeletions.key })
          .from(storedFileDeletions)
          .orderBy(storedFileDeletions.attempts, storedFileDeletions.created_at)
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ key: storedFileDeletions.key });
  return removeFiles.now(
    deps,
    rows.map((r) => r.key),
  );
}
