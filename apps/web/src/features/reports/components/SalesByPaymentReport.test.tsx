import type { EventDto, SalesByPaymentReportDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { ReportsPage } from './ReportsPage';
import { SalesByPaymentReport } from './SalesByPaymentReport';

// The chart itself (recharts) is not what is tested here: its text alternative is.
vi.mock('./ReportChart', () => ({
  default: ({ summary }: { summary: string }) => <div role="img" aria-label={summary} />,
}));

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const event = {
  id: 7,
  title: 'Spring Gala',
  slug: 'spring-gala',
  timezone: 'Europe/Berlin',
  currency: 'EUR',
  settings: {},
};
const head = { currency: 'EUR', timezone: 'Europe/Berlin', period: { from: null, to: null } };
const figures = (orders: number, gross: number, refunded: number, charged_back: number) => ({
  orders,
  gross,
  refunded,
  charged_back,
  net: gross - refunded - charged_back,
});

const payments: SalesByPaymentReportDto = {
  report: 'sales-by-payment',
  ...head,
  rows: [
    { provider: 'MOLLIE', method: 'ideal', ...figures(4, 24000, 3000, 6000) },
    { provider: 'STRIPE', method: 'card', ...figures(2, 11000, 0, 0) },
    { provider: 'MOLLIE', method: 'banktransfer', ...figures(1, 5000, 0, 0) },
    { provider: 'MOLLIE', method: 'klarna', ...figures(1, 4500, 0, 0) },
    { provider: 'BOX_OFFICE', method: null, ...figures(3, 4200, 0, 0) },
    { provider: 'OFFLINE', method: null, ...figures(1, 3000, 1000, 0) },
    { provider: 'MANUAL', method: null, ...figures(1, 1500, 0, 0) },
    { provider: null, method: null, ...figures(2, 0, 0, 0) },
  ],
  totals: figures(15, 53200, 4000, 6000),
};
const nothing: SalesByPaymentReportDto = { ...payments, rows: [], totals: figures(0, 0, 0, 0) };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API stubbed: the event, no dates, this answer for the sales by payment, a CSV for a download. */
function stubApi(report: SalesByPaymentReportDto) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/events/7') return json(200, { data: event });
    if (url === '/api/events/7/dates') return json(200, { data: [], meta: {} });
    if (url.startsWith('/api/events/7/reports/sales-by-payment/export'))
      return new Response('Payment provider,Payment method\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="spring-gala-sales-by-payment-2027-03-05.csv"',
        },
      });
    if (url.startsWith('/api/events/7/reports/sales-by-payment')) return json(200, { data: report });
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.map(([url]) => url);
}

const renderReport = (report: SalesByPaymentReportDto) => {
  const calls = stubApi(report);
  renderWithProviders(
    <SalesByPaymentReport event={event as EventDto} period={{ from: '2027-03-01', to: '2027-03-05' }} enabled />,
    { query: true },
  );
  return calls;
};

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

describe('SalesByPaymentReport', () => {
  it('names each way of paying and shows its orders and money, the charged back in red, and the totals', async () => {
    const calls = renderReport(payments);
    const table = await screen.findByRole('table', { name: 'Sales by payment' });
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(cells(header!)).toEqual(['Paid with', 'Orders', 'Gross sales', 'Refunded', 'Charged back', 'Net']);
    expect(rows.map(cells)).toEqual([
      ['Mollie · iDEAL', '4', '€240.00', '€30.00', '€60.00', '€150.00'],
      ['Card (Stripe)', '2', '€110.00', '€0.00', '€0.00', '€110.00'],
      ['Mollie · Bank transfer', '1', '€50.00', '€0.00', '€0.00', '€50.00'],
      // A method without a name of its own: its id.
      ['Mollie · klarna', '1', '€45.00', '€0.00', '€0.00', '€45.00'],
      ['Box office', '3', '€42.00', '€0.00', '€0.00', '€42.00'],
      ['Offline payment', '1', '€30.00', '€10.00', '€0.00', '€20.00'],
      ['Added by the organizer', '1', '€15.00', '€0.00', '€0.00', '€15.00'],
      ['Nothing to pay', '2', '€0.00', '€0.00', '€0.00', '€0.00'],
      ['Total', '15', '€532.00', '€40.00', '€60.00', '€432.00'],
    ]);
    // Each row is headed by its way of paying, for a screen reader.
    expect(within(table).getByRole('rowheader', { name: 'Mollie · iDEAL' })).toBeTruthy();
    // What the banks took back stands out, in the row and in the totals; nothing else does.
    const red = within(table).getAllByTestId('charged-back');
    expect(red.map((el) => el.textContent)).toEqual(['€60.00', '€60.00']);
    expect(red.every((el) => el.getAttribute('style')?.includes('--mantine-color-red-9'))).toBe(true);
    // The chart's words: the gross of each way that took money (not the free orders).
    expect(
      await screen.findByRole('img', {
        name:
          'Gross sales per way of paying: Mollie · iDEAL: €240.00; Card (Stripe): €110.00; Mollie · Bank transfer: €50.00; ' +
          'Mollie · klarna: €45.00; Box office: €42.00; Offline payment: €30.00; Added by the organizer: €15.00.',
      }),
    ).toBeTruthy();
    expect(calls()).toContain('/api/events/7/reports/sales-by-payment?from=2027-03-01&to=2027-03-05');
  });

  it('says so when nothing was sold, refunded or charged back in the period', async () => {
    renderReport(nothing);
    expect(await screen.findByText('No sales in this period')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('downloads the report as CSV through its export, for the period chosen', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => undefined }),
    );
    const calls = renderReport(payments);
    await screen.findByRole('table', { name: 'Sales by payment' });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(calls()).toContain(
        '/api/events/7/reports/sales-by-payment/export?from=2027-03-01&to=2027-03-05&format=csv',
      ),
    );
  });

  it('is the "Payments" tab of the Reports screen, after "By day"', async () => {
    const calls = stubApi(payments);
    const router = createMemoryRouter([{ path: '/manage/event/:eventId/reports', Component: ReportsPage }], {
      initialEntries: ['/manage/event/7/reports'],
    });
    renderWithProviders(<RouterProvider router={router} />, { query: true });
    const tabs = await screen.findByRole('tablist', { name: 'Reports' });
    const names = within(tabs)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(names.slice(3, 6)).toEqual(['By day', 'Payments', 'Taxes and fees']);
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Payments' }));
    expect(await screen.findByRole('table', { name: 'Sales by payment' })).toBeTruthy();
    expect(router.state.location.search).toBe('?report=sales-by-payment');
    expect(calls()).toContain('/api/events/7/reports/sales-by-payment');
  });
});
