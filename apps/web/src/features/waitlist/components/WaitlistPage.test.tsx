import type { WaitlistDto, WaitlistEntryDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { WaitlistPage } from './WaitlistPage';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});

const base: WaitlistEntryDto = {
  id: 1,
  ticket_id: 11,
  ticket_name: 'Standard',
  tier_id: null,
  tier_label: null,
  event_date_id: 5,
  date_start: '2026-08-01T18:00:00.000Z',
  date_label: null,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  quantity: 2,
  locale: 'en',
  state: 'WAITING',
  position: 1,
  created_at: '2026-07-01T08:00:00.000Z',
  offered_at: null,
  offer_expires_at: null,
  order_id: null,
  order_number: null,
};
const offered: WaitlistEntryDto = {
  ...base,
  id: 2,
  ticket_id: 12,
  ticket_name: 'Festival',
  tier_id: 5,
  tier_label: 'Early bird',
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  quantity: 1,
  state: 'OFFERED',
  position: null,
  offered_at: '2026-07-02T08:00:00.000Z',
  offer_expires_at: '2026-07-03T08:00:00.000Z',
};
const bought: WaitlistEntryDto = {
  ...base,
  id: 3,
  first_name: 'Alan',
  last_name: 'Turing',
  email: 'alan@example.com',
  state: 'PURCHASED',
  position: null,
  order_id: 40,
  order_number: 'A1B2C3',
};
const gone: WaitlistEntryDto = {
  ...base,
  id: 4,
  first_name: 'Edsger',
  last_name: 'Dijkstra',
  email: 'edsger@example.com',
  state: 'EXPIRED',
  position: null,
};

const waitlist = (over: Partial<WaitlistDto> = {}): WaitlistDto => ({
  offer_mode: 'MANUAL',
  offer_hours: 48,
  entries: [base, offered, bought, gone],
  counts: { WAITING: 1, OFFERED: 1, PURCHASED: 1, EXPIRED: 1, LEFT: 0, REMOVED: 0 },
  demand: [
    { ticket_id: 11, ticket_name: 'Standard', waiting_people: 1, waiting_units: 2, offered_units: 0 },
    { ticket_id: 12, ticket_name: 'Festival', waiting_people: 0, waiting_units: 0, offered_units: 1 },
  ],
  ...over,
});
const event = {
  id: 7,
  title: 'Summer concert',
  timezone: 'Europe/Berlin',
  settings: { waitlist_offer_mode: 'MANUAL', waitlist_offer_hours: 48 },
};
const tickets = [
  { id: 11, event_id: 7, name: 'Standard', category_id: 1, waitlist_enabled: true },
  { id: 12, event_id: 7, name: 'Festival', category_id: 1, waitlist_enabled: true },
  { id: 13, event_id: 7, name: 'Parking', category_id: 1, waitlist_enabled: false },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(
  list: WaitlistDto = waitlist(),
  answer: (method: string, url: string) => Response | undefined = () => undefined,
) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const answered = answer(method, url);
    if (answered) return answered;
    if (url === '/api/events/7') return json(200, { data: event });
    if (url.startsWith('/api/events/7/waitlist') && method === 'GET') return json(200, { data: list });
    if (url === '/api/events/7/tickets') return json(200, { data: tickets, meta: {} });
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/manage/event/:eventId/waitlist', Component: WaitlistPage },
      { path: '/manage/event/:eventId/orders', Component: () => <p>Orders screen</p> },
    ],
    { initialEntries: ['/manage/event/7/waitlist'] },
  );
  renderWithProviders(<RouterProvider router={router} />, { query: true });
  const calls = (method: string) =>
    fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([url]) => url);
  return { calls, router };
}

afterEach(() => vi.unstubAllGlobals());

describe('WaitlistPage', () => {
  it('says how offers go out, with the counts, the demand and everyone on the list', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Waitlist' })).toBeTruthy();
    expect(
      screen.getByText(/You send offers from this screen when tickets come back; each is held for 48 hours\./),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change in settings' }).getAttribute('href')).toBe(
      '/manage/event/7/settings',
    );

    const counts = await screen.findByRole('list', { name: 'Entries by status' });
    expect(within(counts).getAllByRole('listitem')).toHaveLength(6);
    expect(within(screen.getByTestId('waitlist-count-WAITING')).getByText('1')).toBeTruthy();
    expect(within(screen.getByTestId('waitlist-count-LEFT')).getByText('0')).toBeTruthy();

    const demand = screen.getByRole('region', { name: 'Demand per ticket' });
    const standard = within(demand).getByRole('rowheader', { name: 'Standard' }).closest('tr')!;
    expect(
      within(standard)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', '1', '2', '0']);

    const waiting = screen.getByTestId('waitlist-row-1');
    expect(within(waiting).getByTestId('waitlist-position').textContent).toBe('1');
    expect(within(waiting).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(waiting).getByText('ada@example.com')).toBeTruthy();
    expect(within(waiting).getByText('Waiting')).toBeTruthy();
    // Joined, in the event's time zone (08:00 UTC is 10:00 in Berlin in July).
    expect(within(waiting).getByText(/^Jul 1, 2026, 10:00/)).toBeTruthy();
    expect(within(waiting).getByRole('button', { name: 'Send offer to Ada Lovelace' })).toBeTruthy();
    expect(within(waiting).getByRole('button', { name: 'Remove Ada Lovelace from the waitlist' })).toBeTruthy();

    const open = screen.getByTestId('waitlist-row-2');
    expect(within(open).getByText('Early bird')).toBeTruthy();
    expect(within(open).getByText('Offer sent')).toBeTruthy();
    expect(within(open).getByText(/^Jul 3, 2026, 10:00/)).toBeTruthy();
    expect(within(open).queryByRole('button', { name: /Send offer/ })).toBeNull();
    expect(within(open).getByRole('button', { name: 'Remove Grace Hopper from the waitlist' })).toBeTruthy();

    const purchase = screen.getByTestId('waitlist-row-3');
    expect(within(purchase).getByText('Bought')).toBeTruthy();
    expect(within(purchase).getByRole('link', { name: 'Open order A1B2C3' }).getAttribute('href')).toBe(
      '/manage/event/7/orders?order=40',
    );
    expect(within(purchase).queryAllByRole('button')).toHaveLength(0);
    expect(within(screen.getByTestId('waitlist-row-4')).queryAllByRole('button')).toHaveLength(0);

    expect(screen.getByRole('button', { name: 'Export waitlist' })).toBeTruthy();
  });

  it('sends an offer after saying how long the tickets are held, then reads the list again', async () => {
    const { calls } = setup(waitlist(), (method, url) =>
      method === 'POST' && url === '/api/events/7/waitlist/1/offer'
        ? json(200, { data: { ...base, state: 'OFFERED' } })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Send offer to Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        '2 tickets for Standard will be held for Ada Lovelace for 48 hours. They receive an e-mail with a link to check out.',
      ),
    ).toBeTruthy();
    const before = calls('GET').filter((u) => u.startsWith('/api/events/7/waitlist')).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(calls('POST')).toEqual(['/api/events/7/waitlist/1/offer']));
    await waitFor(() =>
      expect(calls('GET').filter((u) => u.startsWith('/api/events/7/waitlist')).length).toBeGreaterThan(before),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's reason when there are no tickets to offer", async () => {
    setup(waitlist(), (method) =>
      method === 'POST'
        ? json(409, { error: { code: 'NO_TICKETS_AVAILABLE', message: 'Not enough tickets are available.' } })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Send offer to Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByText('Not enough tickets are available.')).toBeTruthy();
  });

  it('warns that removing someone with an open offer withdraws it', async () => {
    const { calls } = setup(waitlist(), (method) =>
      method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Grace Hopper from the waitlist' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        /Their offer is withdrawn: the checkout link stops working, and the tickets held for them are released\./,
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls('DELETE')).toEqual(['/api/events/7/waitlist/2']));
  });

  it('filters by state and ticket through the API, with the counts in the choices', async () => {
    const { calls, router } = setup();
    await screen.findByTestId('waitlist-row-1');
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Offer sent (1)' }));
    await waitFor(() => expect(calls('GET')).toContain('/api/events/7/waitlist?state=OFFERED'));
    expect(router.state.location.search).toBe('?state=OFFERED');

    fireEvent.click(screen.getByRole('combobox', { name: 'Ticket' }));
    expect(screen.queryByRole('option', { name: 'Parking' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Festival' }));
    await waitFor(() => expect(calls('GET')).toContain('/api/events/7/waitlist?state=OFFERED&ticket_id=12'));
    expect(router.state.location.search).toBe('?state=OFFERED&ticket=12');
  });

  it('downloads the waitlist as a CSV file through the export endpoint', async () => {
    const { calls } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Export waitlist' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV file' }));
    await waitFor(() => expect(calls('GET')).toContain('/api/events/7/waitlist/export?format=csv'));
  });

  it('explains how people get on the list while no one is on it', async () => {
    setup(
      waitlist({
        entries: [],
        demand: [],
        counts: { WAITING: 0, OFFERED: 0, PURCHASED: 0, EXPIRED: 0, LEFT: 0, REMOVED: 0 },
      }),
    );
    expect(await screen.findByText('No one on the waitlist yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to tickets' }).getAttribute('href')).toBe('/manage/event/7/tickets');
    expect(screen.queryByRole('button', { name: 'Export waitlist' })).toBeNull();
  });
});
