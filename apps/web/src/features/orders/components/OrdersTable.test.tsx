import type { OrderSummaryDto, Paginated } from '@admitone/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { mockViewportWidth } from '../../../test-utils/viewport';
import { OrdersTable } from './OrdersTable';

afterEach(() => vi.restoreAllMocks());

const order = (id: number, patch: Partial<OrderSummaryDto> = {}): OrderSummaryDto => ({
  id,
  short_id: `o${id}`,
  order_number: `ZEN-00${id}`,
  status: 'COMPLETED',
  payment_status: 'PAYMENT_RECEIVED',
  payment_provider: 'OFFLINE',
  payment_method: null,
  charged_back_total: 0,
  first_name: 'Ana',
  last_name: 'Lima',
  email: 'ana.lima.with-a-long-address@example.test',
  currency: 'EUR',
  total: 4900,
  refunded_total: 0,
  ticket_count: 2,
  is_manually_created: false,
  affiliate: null,
  promo_code: null,
  created_at: '2027-03-01T10:30:00.000Z',
  completed_at: '2027-03-01T10:31:00.000Z',
  payment_due_at: null,
  date: null,
  ...patch,
});

const page: Paginated<OrderSummaryDto> = {
  data: [order(1), order(2, { first_name: 'Li', last_name: 'Wei', status: 'AWAITING_PAYMENT', ticket_count: 1 })],
  meta: {
    current_page: 1,
    per_page: 20,
    total: 2,
    last_page: 1,
    allowed_sorts: [],
    allowed_filter_fields: [],
    has_more: false,
    next_cursor: null,
  },
};

function setup(rows: Paginated<OrderSummaryDto> = page, showDates = false) {
  const onOpen = vi.fn();
  const onSort = vi.fn();
  renderWithProviders(
    <OrdersTable
      page={rows}
      onPage={() => undefined}
      timeZone="Europe/Berlin"
      sorting={{ sort: { by: 'created_at', direction: 'desc' }, onSort }}
      onOpen={onOpen}
      showDates={showDates}
    />,
  );
  return { onOpen, onSort };
}

/** Two orders of an event with several dates: the premiere, and a show without a label. */
const dated: Paginated<OrderSummaryDto> = {
  ...page,
  data: [
    order(1, {
      date: {
        id: 7,
        start_date: '2027-06-08T17:00:00.000Z',
        end_date: null,
        label: 'Premiere',
        location: null,
      },
    }),
    order(2, {
      date: { id: 8, start_date: '2027-06-09T17:00:00.000Z', end_date: null, label: null, location: null },
    }),
  ],
};

describe('OrdersTable', () => {
  it('has no "Date" column for an event with one date', () => {
    mockViewportWidth(1280);
    setup(dated, false);
    expect(screen.queryByRole('columnheader', { name: 'Date' })).toBeNull();
    expect(screen.queryByText('Premiere')).toBeNull();
  });

  it('names the date of each order in a "Date" column when the event has several, in its time zone', () => {
    mockViewportWidth(1280);
    setup(dated, true);
    expect(screen.getByRole('columnheader', { name: 'Date' })).toBeTruthy();
    const rows = screen.getAllByTestId('order-row');
    expect(rows[0]!.textContent).toContain('Jun 8, 2027, 7:00 PM');
    expect(within(rows[0]!).getByText('Premiere')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('Jun 9, 2027, 7:00 PM');
  });

  it('on a phone names the date on each card', () => {
    mockViewportWidth(390);
    setup(dated, true);
    const cards = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByText('Jun 8, 2027, 7:00 PM · Premiere')).toBeTruthy();
  });

  it('is a table with a row per order at a desk', () => {
    mockViewportWidth(1280);
    setup();
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(within(table).getAllByTestId('order-row')).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Orders' })).toBeNull();
  });

  it('on a phone lists each order as a card: number, status, buyer, when placed, tickets and total', () => {
    mockViewportWidth(390);
    const { onOpen } = setup();
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Orders' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    const number = first.getByRole('button', { name: 'Open order ZEN-001' });
    // An order number never breaks inside itself: the card's line wraps instead.
    expect(number.style.whiteSpace).toBe('nowrap');
    expect(first.getByText('Completed')).toBeTruthy();
    expect(first.getByText('Ana Lima')).toBeTruthy();
    expect(first.getByText('ana.lima.with-a-long-address@example.test')).toBeTruthy();
    expect(first.getByText('€49.00')).toBeTruthy();
    expect(cards[0]!.textContent).toMatch(/Placed Mar 1, 2027, 11:30 AM · 2 tickets/);
    expect(within(cards[1]!).getByText('Awaiting payment')).toBeTruthy();
    expect(cards[1]!.textContent).toContain('1 ticket');

    fireEvent.click(number);
    expect(onOpen).toHaveBeenCalledWith(page.data[0]);
    fireEvent.click(within(cards[1]!).getByText('Li Wei'));
    expect(onOpen).toHaveBeenLastCalledWith(page.data[1]);
  });

  it('on a phone sorts through a "Sort by" menu instead of the headers', async () => {
    mockViewportWidth(390);
    const { onSort } = setup();
    const button = screen.getByRole('button', { name: /^Sort by\s*Placed\s*\(descending\)$/ });
    fireEvent.click(button);
    // The current column turns its direction; another starts with its own first direction.
    fireEvent.click(await screen.findByRole('menuitem', { name: /^Placed/ }));
    expect(onSort).toHaveBeenLastCalledWith({ by: 'created_at', direction: 'asc' });
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitem', { name: /^Total/ }));
    expect(onSort).toHaveBeenLastCalledWith({ by: 'total', direction: 'desc' });
  });
});
