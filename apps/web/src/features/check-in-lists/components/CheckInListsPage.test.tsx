import type { CheckInListDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { CheckInListsPage } from './CheckInListsPage';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  // happy-dom has no FontFaceSet; the autosizing description field listens to it.
  if (!document.fonts)
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
});

const main: CheckInListDto = {
  id: 1,
  event_id: 7,
  name: null,
  description: null,
  all_tickets: true,
  ticket_ids: [],
  activates_at: null,
  expires_at: null,
  state: 'ACTIVE',
  has_staff_link: false,
  staff_token: null,
  checked_in: 1,
  total: 4,
};
const vip: CheckInListDto = {
  ...main,
  id: 2,
  name: 'VIP',
  description: 'Side door',
  all_tickets: false,
  ticket_ids: [12],
  activates_at: '2026-07-12T16:30:00.000Z',
  state: 'NOT_YET_ACTIVE',
  has_staff_link: true,
  staff_token: null,
  checked_in: 0,
  total: 2,
};
const tickets = [
  { id: 11, event_id: 7, name: 'Standard', category_id: 1 },
  { id: 12, event_id: 7, name: 'Backstage', category_id: 1 },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const LAST = { error: { code: 'LAST_CHECK_IN_LIST', message: 'An event needs at least one check-in list.' } };

function setup(answer: (method: string, url: string) => Response | undefined = () => undefined) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const answered = answer(method, url);
    if (answered) return answered;
    if (url === '/api/events/7')
      return json(200, { data: { id: 7, title: 'Summer concert', timezone: 'Europe/Berlin' } });
    if (url === '/api/events/7/check-in-lists')
      return json(method === 'POST' ? 201 : 200, { data: method === 'POST' ? { ...main, id: 3 } : [main, vip] });
    // The staff link's secret comes from its own route, never with the lists.
    if (url === '/api/events/7/check-in-lists/2/staff-link' && method === 'GET')
      return json(200, { data: { staff_token: 'a-secret-token-of-the-vip-door' } });
    if (url === '/api/events/7/tickets') return json(200, { data: tickets, meta: {} });
    if (url === '/api/events/7/product-categories') return json(200, { data: [] });
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/manage/event/:eventId/check-in-lists', Component: CheckInListsPage }], {
    initialEntries: ['/manage/event/7/check-in-lists'],
  });
  renderWithProviders(<RouterProvider router={router} />, { query: true });
  const calls = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
  return { calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('CheckInListsPage', () => {
  it('shows each list with its state, what it admits, its count and its staff link', async () => {
    setup();
    const first = await screen.findByRole('region', { name: 'All tickets' });
    expect(within(first).getByText('Open')).toBeTruthy();
    expect(within(first).getByText('Admits: All tickets')).toBeTruthy();
    expect(within(first).getByText('1 of 4 checked in')).toBeTruthy();
    expect(within(first).getByRole('progressbar', { name: 'Checked in on All tickets' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Create staff link' })).toBeTruthy();

    const second = screen.getByRole('region', { name: 'VIP' });
    expect(within(second).getByText('Side door')).toBeTruthy();
    expect(within(second).getByText(/^Opens Jul 12, 2026, 6:30/)).toBeTruthy();
    expect(within(second).getByText('Admits: Backstage')).toBeTruthy();
    expect(await within(second).findByRole('textbox', { name: /^Staff link/ })).toHaveProperty(
      'value',
      `${window.location.origin}/check-in/a-secret-token-of-the-vip-door`,
    );
    expect(within(second).getByRole('link', { name: /^Open/ }).getAttribute('target')).toBe('_blank');
    expect(within(second).getByRole('button', { name: 'Actions for VIP' })).toBeTruthy();
    // Its QR code, for a volunteer's phone camera (#38).
    fireEvent.click(within(second).getByRole('button', { name: 'QR code' }));
    const qr = await screen.findByRole('img', { name: 'QR code of the staff link' });
    expect(qr.getAttribute('data-value')).toBe(`${window.location.origin}/check-in/a-secret-token-of-the-vip-door`);
  });

  it('makes a staff link, and revokes one after asking', async () => {
    const { calls } = setup((method, url) => {
      if (method === 'POST' && url === '/api/events/7/check-in-lists/1/staff-link')
        return json(200, { data: { ...main, has_staff_link: true, staff_token: 'a-new-token-for-the-main-door' } });
      if (method === 'DELETE' && url === '/api/events/7/check-in-lists/2/staff-link')
        return json(200, { data: { ...vip, has_staff_link: false, staff_token: null } });
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create staff link' }));
    await waitFor(() => expect(calls('POST')).toHaveLength(1));

    fireEvent.click(await within(screen.getByRole('region', { name: 'VIP' })).findByRole('button', { name: 'Revoke' }));
    expect(
      await screen.findByText(
        'Volunteers using this link can no longer check anyone in, and their queued scans are refused.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke link' }));
    await waitFor(() =>
      expect(calls('DELETE').map(([url]) => url)).toEqual(['/api/events/7/check-in-lists/2/staff-link']),
    );
  });

  it('creates a list with the default name, and asks for tickets when it admits chosen ones', async () => {
    const { calls } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Create check-in list' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Chosen tickets' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create check-in list' }));
    expect(await within(dialog).findByText(/required/i)).toBeTruthy();
    expect(calls('POST')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'All tickets (also those created later)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create check-in list' }));
    await waitFor(() => expect(calls('POST')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST')[0]![1]!.body))).toEqual({
      name: null,
      description: null,
      all_tickets: true,
      ticket_ids: [],
      activates_at: null,
      expires_at: null,
    });
  });

  it("shows the server's reason when the last list cannot be deleted", async () => {
    setup((method) => (method === 'DELETE' ? json(409, LAST) : undefined));
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for All tickets' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText("Delete All tickets? Its check-ins are removed; the attendees' history keeps them."),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('An event needs at least one check-in list.')).toBeTruthy();
  });
});
