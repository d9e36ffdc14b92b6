import type { EventDateDto } from '@admitone/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { eventDate } from '../../../test-utils/event-dates';
import { renderWithProviders } from '../../../test-utils/render';
import type { OrderListState } from '../hooks/useOrderListParams';
import { OrdersToolbar } from './OrdersToolbar';

const state: OrderListState = {
  page: 1,
  query: '',
  sort: { by: 'created_at', direction: 'desc' },
  status: null,
  payment: null,
  tickets: [],
  date: null,
};

function setup(dates: EventDateDto[]) {
  const onChange = vi.fn();
  renderWithProviders(
    <OrdersToolbar state={state} onChange={onChange} tickets={[]} dates={dates} timeZone="Europe/Berlin" />,
    { query: true },
  );
  return onChange;
}

describe('OrdersToolbar', () => {
  it('offers no date filter for an event with one date', () => {
    setup([eventDate(1, '2027-06-01T17:00:00.000Z', null, 1)]);
    expect(screen.queryByRole('combobox', { name: 'Date' })).toBeNull();
  });

  it("filters by one of the event's dates, named by time (event's zone) and label", async () => {
    const onChange = setup([
      eventDate(1, '2027-06-01T17:00:00.000Z', null, 1),
      eventDate(2, '2027-06-08T17:00:00.000Z', 'Closing night', 1),
    ]);
    fireEvent.click(screen.getByRole('combobox', { name: 'Date' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Jun 8, 2027, 7:00 PM · Closing night' }));
    expect(onChange).toHaveBeenCalledWith({ date: 2 });
  });
});
