import { and, desc, eq } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import { publicEventCondition } from '../checkout/catalogue.js';

/** A public event page search engines may list: the event's id, slug and last change. */
export interface IndexableEvent {
  id: number;
  slug: string;
  updated_at: Date;
}

/**
 * The events whose public page anyone may read (the public read's rule, `publicEventCondition`) and
 * search engines may index (the page does not say noindex), most recently changed first, at most
 * `limit`: one query, for the sitemap.
 */
export async function listIndexableEvents(db: Executor, limit: number): Promise<IndexableEvent[]> {
  return db
    .select({ id: events.id, slug: events.slug, updated_at: events.updated_at })
    .from(events)
    .where(and(publicEventCondition(), eq(events.allow_search_engine_indexing, true)))
    .orderBy(desc(events.updated_at), desc(events.id))
    .limit(limit);
}
