import type { categoryArrangementBody, productCategoryBody, ProductCategoryDto } from '@admitone/shared';
import { CATEGORIES_MAX } from '@admitone/shared';
import { and, asc, eq, max } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Tx } from '../../db/client.js';
import { productCategories, tickets } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { sanitizeRichText } from '../../shared/html.js';
import { categoryViews } from './product-categories.repository.js';

type CategoryInput = z.output<typeof productCategoryBody>;
type ArrangementInput = z.output<typeof categoryArrangementBody>;
interface EventRef {
  id: number;
  account_id: number;
}
interface Deps {
  db: Db;
  clock: Clock;
}

const columnsOf = (input: CategoryInput) => ({
  name: input.name,
  description: sanitizeRichText(input.description),
  is_hidden: input.is_hidden,
  starts_collapsed: input.starts_collapsed,
});

/** The event's categories locked for a change of their set or order (the caller's transaction). */
async function lockCategories(tx: Tx, eventId: number): Promise<Array<{ id: number }>> {
  return tx
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(eq(productCategories.event_id, eventId))
    .orderBy(asc(productCategories.sort_order), asc(productCategories.id))
    .for('update');
}

async function viewOf(db: Db | Tx, event: EventRef, categoryId: number): Promise<ProductCategoryDto> {
  const found = (await categoryViews(db, event.account_id, event.id)).find((c) => c.id === categoryId);
  if (!found) throw new DomainError('NOT_FOUND');
  return found;
}

/** Adds a category at the end of the event's list. */
export async function createCategory(deps: Deps, event: EventRef, input: CategoryInput): Promise<ProductCategoryDto> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const existing = await lockCategories(tx, event.id);
    if (existing.length >= CATEGORIES_MAX)
      throw new DomainError('VALIDATION_FAILED', {
        fields: { name: [{ key: 'too_many', values: { max: CATEGORIES_MAX } }] },
      });
    const [last] = await tx
      .select({ n: max(productCategories.sort_order) })
      .from(productCategories)
      .where(eq(productCategories.event_id, event.id));
    const [row] = await tx
      .insert(productCategories)
      .values({
        ...columnsOf(input),
        account_id: event.account_id,
        event_id: event.id,
        sort_order: (last?.n ?? -1) + 1,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: productCategories.id });
    return viewOf(tx, event, row!.id);
  });
}

export async function updateCategory(
  deps: Deps,
  event: EventRef,
  categoryId: number,
  input: CategoryInput,
): Promise<ProductCategoryDto> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(productCategories)
      .set({ ...columnsOf(input), updated_at: deps.clock.now() })
      .where(
        and(
          eq(productCategories.id, categoryId),
          eq(productCategories.event_id, event.id),
          eq(productCategories.account_id, event.account_id),
        ),
      )
      .returning({ id: productCategories.id });
    if (!row) throw new DomainError('NOT_FOUND');
    return viewOf(tx, event, categoryId);
  });
}

/** Deletes an empty category; the event keeps at least one. */
export async function deleteCategory(deps: Deps, event: EventRef, categoryId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const all = await lockCategories(tx, event.id);
    if (!all.some((c) => c.id === categoryId)) throw new DomainError('NOT_FOUND');
    if (all.length === 1) throw new DomainError('LAST_CATEGORY');
    const [held] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.category_id, categoryId))
      .limit(1);
    if (held) throw new DomainError('CATEGORY_NOT_EMPTY');
    await tx.delete(productCategories).where(eq(productCategories.id, categoryId));
  });
}

/**
 * Puts the categories in the given order and each ticket in the category and place given. Every category
 * and every ticket of the event must be named exactly once, so a list read before someone else's change
 * cannot drop or misplace what it did not know about.
 */
export async function arrangeCategories(
  deps: Deps,
  event: EventRef,
  input: ArrangementInput,
): Promise<ProductCategoryDto[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const categories = await lockCategories(tx, event.id);
    const owned = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.event_id, event.id), eq(tickets.account_id, event.account_id)));
    const given = input.categories.map((c) => c.id);
    const givenTickets = input.categories.flatMap((c) => c.ticket_ids);
    const same = (a: number[], b: number[]) =>
      a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);
    if (
      !same(
        given,
        categories.map((c) => c.id),
      ) ||
      !same(
        givenTickets,
        owned.map((t) => t.id),
      )
    ) {
      throw new DomainError('VALIDATION_FAILED', { fields: { categories: [{ key: 'not_found_choice' }] } });
    }
    for (const [i, category] of input.categories.entries()) {
      await tx
        .update(productCategories)
        .set({ sort_order: i, updated_at: now })
        .where(eq(productCategories.id, category.id));
    }
    // Ticket rows in id order, as reservations lock them (docs/LOCKING.md): never a cycle with a checkout.
    const placed = input.categories
      .flatMap((c) => c.ticket_ids.map((id) => ({ id, category_id: c.id })))
      .map((t, position) => ({ ...t, position }));
    for (const t of placed.sort((a, b) => a.id - b.id)) {
      await tx
        .update(tickets)
        .set({ category_id: t.category_id, sort_order: t.position, updated_at: now })
        .where(eq(tickets.id, t.id));
    }
    return categoryViews(tx, event.account_id, event.id);
  });
}
