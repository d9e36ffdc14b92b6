import type { ProductCategoryDto } from '@admitone/shared';
import { and, asc, eq } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { productCategories, tickets } from '../../db/schema/index.js';

export type CategoryRow = typeof productCategories.$inferSelect;

/** The default category of a new event: no name (shown as "Tickets" in each reader's language). */
export async function insertDefaultCategory(
  db: Executor,
  event: { id: number; account_id: number; created_at?: Date },
): Promise<number> {
  const [row] = await db
    .insert(productCategories)
    .values({
      account_id: event.account_id,
      event_id: event.id,
      sort_order: 0,
      ...(event.created_at ? { created_at: event.created_at, updated_at: event.created_at } : {}),
    })
    .returning({ id: productCategories.id });
  return row!.id;
}

/** The event's categories in their order. */
export async function listCategories(db: Executor, accountId: number, eventId: number): Promise<CategoryRow[]> {
  return db
    .select()
    .from(productCategories)
    .where(and(eq(productCategories.account_id, accountId), eq(productCategories.event_id, eventId)))
    .orderBy(asc(productCategories.sort_order), asc(productCategories.id));
}

/** The event's categories, each with its ticket ids in order, as the organizer's screens show them. */
export async function categoryViews(db: Executor, accountId: number, eventId: number): Promise<ProductCategoryDto[]> {
  const rows = await listCategories(db, accountId, eventId);
  const held = await db
    .select({ id: tickets.id, category_id: tickets.category_id })
    .from(tickets)
    .where(and(eq(tickets.account_id, accountId), eq(tickets.event_id, eventId)))
    .orderBy(asc(tickets.sort_order), asc(tickets.id));
  return rows.map((c) =>
    toCategoryDto(
      c,
      held.filter((t) => t.category_id === c.id).map((t) => t.id),
    ),
  );
}

export function toCategoryDto(c: CategoryRow, ticketIds: number[]): ProductCategoryDto {
  return {
    id: c.id,
    event_id: c.event_id,
    name: c.name,
    description: c.description,
    is_hidden: c.is_hidden,
    starts_collapsed: c.starts_collapsed,
    sort_order: c.sort_order,
    ticket_ids: ticketIds,
  };
}

/**
 * The category a ticket goes in: the one asked for when it is the event's own (locked against its deletion
 * until the caller's transaction ends), else null; without a choice, the event's first.
 */
export async function categoryForTicket(
  db: Executor,
  eventId: number,
  categoryId: number | null,
): Promise<number | null> {
  const [found] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(
      and(
        eq(productCategories.event_id, eventId),
        categoryId === null ? undefined : eq(productCategories.id, categoryId),
      ),
    )
    .orderBy(asc(productCategories.sort_order), asc(productCategories.id))
    .limit(1)
    .for('share');
  return found?.id ?? null;
}
