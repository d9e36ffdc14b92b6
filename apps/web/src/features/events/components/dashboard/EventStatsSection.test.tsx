import type { EventDto, EventStatsDto } from '@admitone/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { eventDate } from '../../../../test-utils/event-dates';
import { renderWithProviders } from '../../../../test-utils/render';
import { EventStatsSection } from './EventStatsSection';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const event = { id: 7, title: 'Hamlet', timezone: 'Europe/Berlin', currency: 'EUR' } as EventDto;
/** Nothing sold yet (the screen shows its empty state instead of the charts). */
const stats: EventStatsDto = {
  currency: 'EUR',
  orders_completed: 0,
  orders_awaiting_payment: 0,
  orders_cancelled: 0,
  tickets_sold: 0,
  tickets_reserved: 0,
  tickets_valid: 0,
  tickets_checked_in: 0,
  gross_sales: 0,
  total_discount: 0,
  total_fees: 0,
  total_taxes: 0,
  total_refunded: 0,
  page_views: 0,
  unique_visitors: 0,
  conversion_rate: null,
  daily: [],
  by_product: [],
  by_channel: {
    online_tickets: 0,
    online_gross: 0,
    box_office_tickets: 0,
    box_office_gross: 0,
    complimentary_tickets: 0,
  },
  waitlist_demand: [],
};
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function setup(dates: unknown[]) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/events/7/dates') return json({ data: dates, meta: {} });
    if (url.startsWith('/api/events/7/stats')) return json({ data: stats });
    return json({ data: [], meta: {} });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<EventStatsSection event={event} />, { query: true });
  const urls = () => fetchMock.mock.calls.map(([url]) => url as string);
  return Object.assign(() => urls().filter((u) => u.includes('/stats')), { urls });
}

describe('EventStatsSection', () => {
  it("with several dates, shows one date's figures when one is chosen", async () => {
    const statsCalls = setup([
      eventDate(31, '2027-06-01T17:00:00.000Z', null),
      eventDate(32, '2027-06-08T17:00:00.000Z', 'Closing night'),
    ]);
    fireEvent.click(await screen.findByRole('combobox', { name: 'Date' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Jun 8, 2027, 7:00 PM · Closing night' }));
    await waitFor(() => expect(statsCalls()).toContain('/api/events/7/stats?days=14&event_date_id=32'));
    expect(statsCalls()[0]).toBe('/api/events/7/stats?days=14');
  });

  it('with one date, offers no date filter', async () => {
    const statsCalls = setup([eventDate(31, '2027-06-01T17:00:00.000Z', null)]);
    await waitFor(() => expect(statsCalls()).toEqual(['/api/events/7/stats?days=14']));
    expect(statsCalls.urls()).toContain('/api/events/7/dates');
    // Drawn with the figures (and the dates answered by then): no filter.
    await screen.findByText(/^No sales yet/);
    expect(screen.queryByRole('combobox', { name: 'Date' })).toBeNull();
  });
});
