import type { ProductCategoryDto, TicketDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { arrangedRows, arrangementOf, moveCategory } from './ticket-arrangement';

const category = (id: number, ticket_ids: number[]) =>
  ({
    id,
    event_id: 1,
    name: null,
    description: null,
    is_hidden: false,
    starts_collapsed: false,
    sort_order: 0,
    ticket_ids,
  }) as ProductCategoryDto;
const ticket = (id: number) => ({ id, name: `T${id}` }) as TicketDto;

describe('ticket arrangement', () => {
  it('lists each heading followed by its tickets', () => {
    const rows = arrangedRows([category(1, [11, 12]), category(2, [13])], [ticket(11), ticket(12), ticket(13)]);
    expect(rows.map((r) => r.id)).toEqual([-1, 11, 12, -2, 13]);
  });

  it('puts a ticket in the category whose heading is above it', () => {
    // 12 dragged below the second heading; 13 dropped above the first.
    expect(arrangementOf([13, -1, 11, -2, 12])).toEqual({
      categories: [
        { id: 1, ticket_ids: [13, 11] },
        { id: 2, ticket_ids: [12] },
      ],
    });
    expect(arrangementOf([-1, -2, 11])).toEqual({
      categories: [
        { id: 1, ticket_ids: [] },
        { id: 2, ticket_ids: [11] },
      ],
    });
  });

  it('moves a category with its tickets, and not past either end', () => {
    const list = [category(1, [11]), category(2, [12, 13])];
    expect(moveCategory(list, 2, -1).categories).toEqual([
      { id: 2, ticket_ids: [12, 13] },
      { id: 1, ticket_ids: [11] },
    ]);
    expect(moveCategory(list, 1, -1).categories.map((c) => c.id)).toEqual([1, 2]);
  });
});
