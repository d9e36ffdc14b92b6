import { createHash } from 'node:crypto';

import type { Executor } from '../../db/client.js';
import { eventPageViews } from '../../db/schema/index.js';

/** Views by the same visitor within this window count once. */
export const VIEW_WINDOW_MS = 30 * 60_000;

/** Counts a page view, once per visitor per event per half hour (the visitor id is hashed, never stored). */
export async function countPageView(db: Executor, eventId: number, visitorId: string, now: Date): Promise<void> {
  const bucket = new Date(Math.floor(now.getTime() / VIEW_WINDOW_MS) * VIEW_WINDOW_MS);
  const visitor_hash = createHash('sha256').update(visitorId).digest('hex').slice(0, 32);
  await db.insert(eventPageViews).values({ event_id: eventId, visitor_hash, bucket }).onConflictDoNothing();
}
