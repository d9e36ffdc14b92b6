import type { CategoryArrangementBody, ProductCategoryDto, TicketDto } from '@admitone/shared';

/** One row of the tickets screen: a category's heading (id: minus the category's id) or a ticket. */
export type ArrangedRow =
  { id: number; kind: 'category'; category: ProductCategoryDto } | { id: number; kind: 'ticket'; ticket: TicketDto };

/** The rows in screen order: each category's heading, then its tickets. */
export function arrangedRows(categories: ProductCategoryDto[], tickets: TicketDto[]): ArrangedRow[] {
  const byId = new Map(tickets.map((t) => [t.id, t]));
  return categories.flatMap((category) => [
    { id: -category.id, kind: 'category' as const, category },
    ...category.ticket_ids.flatMap((id) =>
      byId.has(id) ? [{ id, kind: 'ticket' as const, ticket: byId.get(id)! }] : [],
    ),
  ]);
}

/**
 * The arrangement a row order stands for: each ticket belongs to the heading above it (one dropped above
 * the first heading, to the first category).
 */
export function arrangementOf(rowIds: number[]): CategoryArrangementBody {
  const categories: CategoryArrangementBody['categories'] = [];
  const orphans: number[] = [];
  for (const id of rowIds) {
    if (id < 0) categories.push({ id: -id, ticket_ids: [] });
    else (categories.at(-1)?.ticket_ids ?? orphans).push(id);
  }
  if (categories[0]) categories[0].ticket_ids.unshift(...orphans);
  return { categories };
}

/** The arrangement with one category moved a step up (-1) or down (+1), its tickets with it. */
export function moveCategory(categories: ProductCategoryDto[], id: number, step: -1 | 1): CategoryArrangementBody {
  const list = categories.map((c) => ({ id: c.id, ticket_ids: [...c.ticket_ids] }));
  const from = list.findIndex((c) => c.id === id);
  const to = from + step;
  if (from >= 0 && to >= 0 && to < list.length) [list[from], list[to]] = [list[to]!, list[from]!];
  return { categories: list };
}
