import type { ImageType } from '@admitone/shared';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { instant } from './columns.js';

/** An uploaded picture (an event cover today) with its resized variants, stored by key in file storage. */
export const images = pgTable(
  'images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** What the image belongs to: `event` for covers. */
    entity_type: text('entity_type').notNull(),
    entity_id: integer('entity_id').notNull(),
    type: text('type').$type<ImageType>().notNull(),
    original_key: text('original_key').notNull(),
    variant_keys: jsonb('variant_keys').$type<{ large: string; small: string }>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    content_type: text('content_type').notNull(),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('images_entity_idx').on(t.entity_type, t.entity_id)],
);

/**
 * Stored files whose image row is gone but whose removal has not succeeded yet (a disk or bucket that
 * refused it). Written in the transaction that deletes the row, so no file is forgotten; the worker
 * removes them and their rows (`sweepStoredFileDeletions`).
 */
export const storedFileDeletions = pgTable('stored_file_deletions', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  created_at: instant('created_at').notNull().defaultNow(),
});
