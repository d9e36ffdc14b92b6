import type { SalesByEventReportDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { AccountReportsPage } from './AccountReportsPage';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => vi.unstubAllGlobals());

const me = (permissions: string[]) => ({
  data: {
    user: {
      id: 1,
      name: 'Ada',
      email: 'ada@example.test',
      timezone: null,
      locale: 'en',
      email_verified: true,
      pending_email: null,
      created_at: '2026-01-01T00:00:00.000Z',
    },
    account: {
      id: 3,
      name: 'Riverside',
      role: 'ORGANIZER',
      status: 'ACTIVE',
      is_owner: false,
      currency: 'EUR',
      timezone: 'Europe/Berlin',
    },
    accounts: [],
    permissions,
  },
});

/** Sold online only: every unit and all the gross. */
const online = (units: number, gross: number) => ({
  online_units: units,
  online_gross: gross,
  box_office_units: 0,
  box_office_gross: 0,
  complimentary_units: 0,
});

const report: SalesByEventReportDto = {
  period: { from: null, to: null },
  rows: [
    {
      event_id: 7,
      title: 'Spring Gala',
      start_date: '2027-06-01T17:00:00.000Z',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      orders: 3,
      units: 6,
      gross: 27940,
      refunded: 3970,
      net: 23970,
      ...online(6, 27940),
    },
    {
      event_id: 8,
      title: 'Tokyo Night',
      start_date: '2027-05-01T10:00:00.000Z',
      timezone: 'Asia/Tokyo',
      currency: 'JPY',
      orders: 1,
      units: 1,
      gross: 3000,
      refunded: 0,
      net: 3000,
      ...online(1, 3000),
    },
  ],
  totals: [
    { currency: 'EUR', events: 1, orders: 3, units: 6, gross: 27940, refunded: 3970, net: 23970, ...online(6, 27940) },
    { currency: 'JPY', events: 1, orders: 1, units: 1, gross: 3000, refunded: 0, net: 3000, ...online(1, 3000) },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(answer: SalesByEventReportDto = report, permissions = ['events.manage', 'organizers.manage']) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/users/me') return json(200, me(permissions));
    if (url.startsWith('/api/reports/sales-by-events/export'))
      return new Response('Event\n', {
        status: 200,
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="sales-by-events.csv"' },
      });
    if (url.startsWith('/api/reports/sales-by-events')) return json(200, { data: answer });
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/account/reports', Component: AccountReportsPage }], {
    initialEntries: ['/account/reports'],
  });
  renderWithProviders(<RouterProvider router={router} />, { query: true });
  return { calls: () => fetchMock.mock.calls.map(([url]) => url) };
}

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

describe('AccountReportsPage', () => {
  it("lists each event's sales in its own currency, with a total per currency and never one across", async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Sales by event' });
    const rows = within(table).getAllByRole('row').map(cells);
    expect(rows[0]).toEqual(['Event', 'Starts', 'Currency', 'Orders', 'Units', 'Gross sales', 'Refunded', 'Net']);
    expect(rows.slice(1).map((r) => [r[0], ...r.slice(2)])).toEqual([
      ['Spring Gala', 'EUR', '3', '6', '€279.40', '€39.70', '€239.70'],
      ['Tokyo Night', 'JPY', '1', '1', '¥3,000', '¥0', '¥3,000'],
      ['Total in EUR', 'EUR', '3', '6', '€279.40', '€39.70', '€239.70'],
      ['Total in JPY', 'JPY', '1', '1', '¥3,000', '¥0', '¥3,000'],
    ]);
    expect(within(table).getByRole('link', { name: 'Spring Gala' }).getAttribute('href')).toBe(
      '/manage/event/7/reports',
    );
    // The start in the event's own zone.
    expect(rows[1]![1]).toMatch(/^Jun 1, 2027, 7:00\sPM$/);
  });

  it('adds units and gross per channel once the box office sold for an event, in its own currency', async () => {
    const boxOffice = { box_office_units: 4, box_office_gross: 8000, complimentary_units: 3 };
    const gala = { ...report.rows[0]!, units: 13, gross: 35940, net: 31970, ...boxOffice };
    const eur = { ...report.totals[0]!, units: 13, gross: 35940, net: 31970, ...boxOffice };
    setup({ ...report, rows: [gala, report.rows[1]!], totals: [eur, report.totals[1]!] });
    const table = await screen.findByRole('table', { name: 'Sales by event' });
    const rows = within(table).getAllByRole('row').map(cells);
    expect(rows[0]!.slice(8)).toEqual([
      'Online units',
      'Online gross',
      'Box-office units',
      'Box-office gross',
      'Complimentary units',
    ]);
    expect(rows.slice(1).map((r) => [r[0], ...r.slice(8)])).toEqual([
      ['Spring Gala', '6', '€279.40', '4', '€80.00', '3'],
      ['Tokyo Night', '1', '¥3,000', '0', '¥0', '0'],
      ['Total in EUR', '6', '€279.40', '4', '€80.00', '3'],
      ['Total in JPY', '1', '¥3,000', '0', '¥0', '0'],
    ]);
  });

  it('asks again for another period and downloads what is shown', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => undefined }),
    );
    const { calls } = setup();
    await screen.findByRole('table', { name: 'Sales by event' });
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2027-03-01' } });
    await waitFor(() => expect(calls()).toContain('/api/reports/sales-by-events?from=2027-03-01'));
    fireEvent.click(await screen.findByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(calls()).toContain('/api/reports/sales-by-events/export?from=2027-03-01&format=xlsx'));
  });

  it('has an empty state when no event sold anything in the period', async () => {
    setup({ period: { from: null, to: null }, rows: [], totals: [] });
    expect(await screen.findByText('No sales in this period')).toBeTruthy();
  });

  it('shows no figures without the permission', async () => {
    const { calls } = setup(report, ['checkin.scan']);
    expect(await screen.findByText('You do not have permission to access this page.')).toBeTruthy();
    expect(calls().some((u) => u.startsWith('/api/reports'))).toBe(false);
  });
});
