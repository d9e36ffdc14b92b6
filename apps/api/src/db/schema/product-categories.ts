import type { CategoryTexts, ContentTranslations } from '@admitone/shared';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { timestamps } from './columns.js';
import { events } from './events.js';

/**
 * A named group of an event's products (tickets today), in the order buyers see them. Every event has at
 * least one; every ticket belongs to exactly one of its event's categories.
 */
export const productCategories = pgTable(
  'product_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** null: the default name ("Tickets"), shown in each reader's language until the organizer names it. */
    name: text('name'),
    /** Sanitised HTML. */
    description: text('description'),
    /** Name and description in other languages; blank: as written. */
    translations: jsonb('translations').$type<ContentTranslations<CategoryTexts>>().notNull().default({}),
    /** Buyers do not see it, nor the products in it. */
    is_hidden: boolean('is_hidden').notNull().default(false),
    /** The event page shows it closed until the buyer opens it. */
    starts_collapsed: boolean('starts_collapsed').notNull().default(false),
    sort_order: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('product_categories_event_idx').on(t.event_id, t.sort_order)],
);
