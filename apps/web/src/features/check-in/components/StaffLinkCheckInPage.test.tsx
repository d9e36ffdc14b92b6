import type { AttendeeDto, CheckInDateDto, CheckInOutcomeDto, StaffCheckInDto } from '@admitone/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { StaffLinkCheckInPage } from './StaffLinkCheckInPage';

const TOKEN = 'T'.repeat(43);
const BASE = `/api/public/check-in-links/${TOKEN}`;

const opened: StaffCheckInDto = {
  event: {
    id: 7,
    title: 'Zenit 2030',
    status: 'LIVE',
    start_date: '2030-06-01T17:00:00.000Z',
    end_date: null,
    timezone: 'Europe/Berlin',
    date_count: 2,
  },
  list: {
    id: 4,
    event_id: 7,
    name: 'Main entrance',
    description: null,
    all_tickets: true,
    ticket_ids: [],
    activates_at: null,
    expires_at: null,
    state: 'ACTIVE',
    has_staff_link: true,
    staff_token: null,
    checked_in: 0,
    total: 2,
  },
};
const dates: CheckInDateDto[] = [
  { id: 8, start_date: '2030-06-01T17:00:00.000Z', end_date: null, label: 'Premiere', status: 'ON_SALE' },
  { id: 9, start_date: '2030-06-02T17:00:00.000Z', end_date: null, label: null, status: 'ON_SALE' },
];
/** A ticket for the premiere, found at the door on the second night. */
const ada = {
  id: 3,
  short_id: 'A2345',
  order_id: 1,
  order_number: 'O-1',
  order_status: 'COMPLETED',
  ticket_id: 1,
  tier_id: null,
  ticket_name: 'Standing',
  tier_label: null,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: null,
  status: 'ACTIVE',
  checked_in_at: null,
  checked_in_by: null,
  created_at: '2030-05-01T10:00:00.000Z',
  date: { id: 8, start_date: '2030-06-01T17:00:00.000Z', end_date: null, label: 'Premiere', location: null },
  seat: null,
} satisfies AttendeeDto;
const wrongDate: CheckInOutcomeDto = {
  result: 'WRONG_DATE',
  attendee: ada,
  checked_in_at: null,
  checked_in_by: null,
  checked_in_by_link: false,
};
const meta = {
  current_page: 1,
  per_page: 20,
  total: 1,
  last_page: 1,
  allowed_sorts: [],
  allowed_filter_fields: [],
  has_more: false,
  next_cursor: null,
};
const offline = { synced_at: '2030-06-02T16:00:00.000Z', event_id: 7, public_key: '', tickets: [], retired_codes: [] };

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The staff link's server: what each of its routes answers. */
function answer(url: string, init?: RequestInit): Response {
  const path = decodeURIComponent(url.split('?')[0]!);
  if (path === BASE) return json({ data: opened });
  if (path === `${BASE}/dates`) return json({ data: dates });
  if (path === `${BASE}/stats`) return json({ data: { checked_in: 0, total: 1, by_ticket: [] } });
  if (path === `${BASE}/attendees`) return json({ data: [ada], meta });
  if (path === `${BASE}/offline`) return json({ data: offline });
  if (path === `${BASE}/check-ins` && init?.method === 'POST') return json({ data: wrongDate });
  return new Response('{}', { status: 404 });
}

afterEach(() => vi.unstubAllGlobals());

describe('the staff link screen of an event with several dates', () => {
  it("reads the link's dates, checks in the one running today, and names a refused ticket's date", async () => {
    // 2 June 2030, 18:00 in Berlin: the second night.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-06-02T16:00:00Z'));
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => answer(url, init));
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient } = renderWithProviders(
      <Routes>
        <Route path="/check-in/:token" element={<StaffLinkCheckInPage />} />
      </Routes>,
      { query: true, route: `/check-in/${TOKEN}` },
    );

    const chooser = await screen.findByRole('combobox', { name: 'Date' });
    expect((chooser as HTMLInputElement).value).toBe('Sun, Jun 2, 2030, 7:00 PM');
    const urls = () => fetchMock.mock.calls.map(([url]) => decodeURIComponent(url));
    await waitFor(() => expect(urls()).toContain(`${BASE}/stats?filter_fields[event_date_id]=9`));
    expect(urls().filter((u) => u.startsWith(`${BASE}/attendees`))).toEqual([
      `${BASE}/attendees?page=1&per_page=20&sort_by=last_name&sort_direction=asc&filter_fields[event_date_id]=9`,
    ]);

    fireEvent.click(await screen.findByRole('button', { name: 'Check in Ada Lovelace' }));
    const card = await screen.findByTestId('scan-outcome');
    expect(card.getAttribute('data-result')).toBe('WRONG_DATE');
    expect(card.textContent).toContain('This ticket is for Jun 1, 2030, 7:00 PM · Premiere.');
    // A volunteer with the link may not admit a refused ticket anyway.
    expect(screen.queryByRole('button', { name: 'Admit anyway' })).toBeNull();
    const post = fetchMock.mock.calls.find(([url, init]) => url === `${BASE}/check-ins` && init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toMatchObject({ attendee_id: 3, action: 'CHECK_IN', event_date_id: 9 });
    // The device's offline copy was taken, and the list and count were read again after the check-in, on the date.
    await waitFor(() => expect(localStorage.getItem(`admitone.checkin-tickets.link.${TOKEN}`)).not.toBeNull());
    await waitFor(() => expect(queryClient!.isFetching()).toBe(0));
    const stats = urls().filter((u) => u.startsWith(`${BASE}/stats`));
    expect(stats.length).toBeGreaterThan(1);
    expect(new Set(stats)).toEqual(new Set([`${BASE}/stats?filter_fields[event_date_id]=9`]));
  });
});
