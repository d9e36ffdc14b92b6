import {
  addDays,
  type EventReportDto,
  type SalesByDayReportDto,
  type SalesByProductReportDto,
  todayIn,
} from '@admitone/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { eventDate } from '../../../test-utils/event-dates';
import { renderWithProviders } from '../../../test-utils/render';
import { mockViewportWidth } from '../../../test-utils/viewport';
import { ReportsPage } from './ReportsPage';

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
const money = (gross: number, discounts: number, taxes: number, fees: number, refunded: number) => ({
  gross,
  discounts,
  taxes,
  fees,
  refunded,
  net: gross - refunded,
});
/** Sold online only: every unit and all the gross. */
const online = (units: number, gross: number) => ({
  online_units: units,
  online_gross: gross,
  box_office_units: 0,
  box_office_gross: 0,
  complimentary_units: 0,
});
const head = { currency: 'EUR', timezone: 'Europe/Berlin', period: { from: null, to: null } };

const products: SalesByProductReportDto = {
  report: 'sales-by-product',
  ...head,
  rows: [
    {
      ticket_id: 1,
      name: 'Standard',
      product_type: 'TICKET',
      units: 3,
      ...money(16610, 500, 1510, 600, 722),
      ...online(3, 16610),
      tiers: [],
    },
    {
      ticket_id: 2,
      name: 'Festival',
      product_type: 'TICKET',
      units: 3,
      ...money(11330, 700, 1030, 0, 3248),
      ...online(3, 11330),
      tiers: [
        { tier_id: 21, label: 'Early', units: 1, ...money(2970, 300, 270, 0, 2970), ...online(1, 2970) },
        { tier_id: 22, label: 'Late', units: 2, ...money(8360, 400, 760, 0, 278), ...online(2, 8360) },
      ],
    },
  ],
  totals: { units: 6, ...money(27940, 1200, 2540, 600, 3970), ...online(6, 27940) },
};
const noProducts: SalesByProductReportDto = {
  ...products,
  rows: products.rows.map((p) => ({
    ...p,
    units: 0,
    ...money(0, 0, 0, 0, 0),
    ...online(0, 0),
    tiers: p.tiers.map((t) => ({ ...t, units: 0, ...money(0, 0, 0, 0, 0), ...online(0, 0) })),
  })),
  totals: { units: 0, ...money(0, 0, 0, 0, 0), ...online(0, 0) },
};
const days: SalesByDayReportDto = {
  report: 'sales-by-day',
  ...head,
  rows: [
    { date: '2027-03-01', orders: 1, units: 3, gross: 15840, refunded: 0, net: 15840, ...online(3, 15840) },
    { date: '2027-03-02', orders: 0, units: 0, gross: 0, refunded: 1000, net: -1000, ...online(0, 0) },
  ],
  totals: { orders: 1, units: 3, gross: 15840, refunded: 1000, net: 14840, ...online(3, 15840) },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(
  reports: Partial<Record<string, EventReportDto | 'fail'>> = { 'sales-by-product': products, 'sales-by-day': days },
  initial = '/manage/event/7/reports',
  dates: unknown[] = [],
) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/events/7') return json(200, { data: event });
    if (url === '/api/events/7/dates') return json(200, { data: dates, meta: {} });
    const m = /^\/api\/events\/7\/reports\/([a-z-]+)(\/export)?(\?.*)?$/.exec(url);
    if (m?.[2])
      return new Response('Product,Units\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="spring-gala-sales-by-product-2027-03-05.csv"',
        },
      });
    if (m) {
      const answer = reports[m[1]!];
      if (answer === 'fail')
        return json(500, { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' } });
      if (answer) return json(200, { data: answer });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/manage/event/:eventId/reports', Component: ReportsPage }], {
    initialEntries: [initial],
  });
  renderWithProviders(<RouterProvider router={router} />, { query: true });
  const calls = () => fetchMock.mock.calls.map(([url]) => url);
  return { calls, router };
}

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

describe('ReportsPage', () => {
  it('shows what each product and tier sold, in the event currency, with the totals row and a text alternative to the chart', async () => {
    const { calls } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Sales by product' });
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(cells(header!)).toEqual([
      'Product',
      'Units',
      'Gross sales',
      'Discounts',
      'Taxes',
      'Fees',
      'Refunded',
      'Net',
    ]);
    expect(rows.map(cells)).toEqual([
      ['Standard', '3', '€166.10', '€5.00', '€15.10', '€6.00', '€7.22', '€158.88'],
      ['Festival', '3', '€113.30', '€7.00', '€10.30', '€0.00', '€32.48', '€80.82'],
      ['Early', '1', '€29.70', '€3.00', '€2.70', '€0.00', '€29.70', '€0.00'],
      ['Late', '2', '€83.60', '€4.00', '€7.60', '€0.00', '€2.78', '€80.82'],
      ['Total', '6', '€279.40', '€12.00', '€25.40', '€6.00', '€39.70', '€239.70'],
    ]);
    expect(
      await screen.findByRole('img', { name: 'Gross sales per product: Standard: €166.10; Festival: €113.30.' }),
    ).toBeTruthy();
    expect(calls()).toContain('/api/events/7/reports/sales-by-product');
    expect(screen.getByText(/Days are counted in the event's time zone \(Europe\/Berlin\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'All time' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('once the box office sold, adds units and gross online and at the box office, and complimentary units', async () => {
    // Standard: 1 sold online (€55.37), 1 paid at the door (€110.73), 1 given free; the rest as before.
    const split = { online_units: 1, online_gross: 5537, box_office_units: 1, box_office_gross: 11073 };
    const standard = { ...products.rows[0]!, ...split, complimentary_units: 1 };
    const totals = { ...products.totals, ...split, online_units: 4, online_gross: 16867, complimentary_units: 1 };
    setup({ 'sales-by-product': { ...products, rows: [standard, products.rows[1]!], totals } });
    const table = await screen.findByRole('table', { name: 'Sales by product' });
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(cells(header!).slice(8)).toEqual([
      'Online units',
      'Online gross',
      'Box-office units',
      'Box-office gross',
      'Complimentary units',
    ]);
    expect(rows.map((r) => [cells(r)[0], ...cells(r).slice(8)])).toEqual([
      ['Standard', '1', '€55.37', '1', '€110.73', '1'],
      ['Festival', '3', '€113.30', '0', '€0.00', '0'],
      ['Early', '1', '€29.70', '0', '€0.00', '0'],
      ['Late', '2', '€83.60', '0', '€0.00', '0'],
      ['Total', '4', '€168.67', '1', '€110.73', '1'],
    ]);
  });

  it('on a phone lists the figures as a card per row, each figure named, instead of a wide table', async () => {
    mockViewportWidth(390);
    setup();
    const list = await screen.findByRole('list', { name: 'Sales by product' });
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(list).getAllByRole('listitem');
    // Each card is headed by its row's name (a tier under its ticket, the totals last).
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Standard',
      'Festival',
      'Early',
      'Late',
      'Total',
    ]);
    const pairs = (item: HTMLElement) =>
      [...item.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(pairs(items[0]!)).toEqual([
      'Units: 3',
      'Gross sales: €166.10',
      'Discounts: €5.00',
      'Taxes: €15.10',
      'Fees: €6.00',
      'Refunded: €7.22',
      'Net: €158.88',
    ]);
    expect(pairs(items[4]!)).toContain('Net: €239.70');
    // The chart keeps its words.
    expect(await screen.findByRole('img', { name: /^Gross sales per product/ })).toBeTruthy();
  });

  it('says so when nothing was sold in the period', async () => {
    setup({ 'sales-by-product': noProducts });
    expect(await screen.findByText('No sales in this period')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks again for another period: a quick choice or chosen days, in the address too', async () => {
    const { calls, router } = setup();
    await screen.findByRole('table', { name: 'Sales by product' });
    const today = todayIn('Europe/Berlin');
    const from = addDays(today, -6);
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(calls()).toContain(`/api/events/7/reports/sales-by-product?from=${from}&to=${today}`));
    expect(router.state.location.search).toBe(`?from=${from}&to=${today}`);
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2027-03-01' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2027-03-02' } });
    await waitFor(() =>
      expect(calls()).toContain('/api/events/7/reports/sales-by-product?from=2027-03-01&to=2027-03-02'),
    );
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('false');

    // Both days changed before the page has drawn the first change (autofill): both count.
    act(() => {
      fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2027-04-30' } });
      fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2027-04-01' } });
    });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2027-04-01&to=2027-04-30'));
    await waitFor(() =>
      expect(calls()).toContain('/api/events/7/reports/sales-by-product?from=2027-04-01&to=2027-04-30'),
    );

    // The last day before the first: said at the field, nothing asked.
    const before = calls().length;
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2027-02-01' } });
    expect(await screen.findByText('The last day must not be before the first.')).toBeTruthy();
    expect(calls().filter((u) => u.includes('to=2027-02-01'))).toEqual([]);
    expect(calls().length).toBe(before);
  });

  it('switches to the sales by day, every day with its figures and the totals', async () => {
    const { calls, router } = setup();
    await screen.findByRole('table', { name: 'Sales by product' });
    fireEvent.click(screen.getByRole('tab', { name: 'By day' }));
    const table = await screen.findByRole('table', { name: 'Sales by day' });
    expect(within(table).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['Mon, Mar 1, 2027', '1', '3', '€158.40', '€0.00', '€158.40'],
      ['Tue, Mar 2, 2027', '0', '0', '€0.00', '€10.00', '-€10.00'],
      ['Total', '1', '3', '€158.40', '€10.00', '€148.40'],
    ]);
    expect(calls()).toContain('/api/events/7/reports/sales-by-day');
    expect(router.state.location.search).toBe('?report=sales-by-day');
    expect(
      screen.getByRole('img', {
        name: /^Gross sales and refunds per day from Mon, Mar 1, 2027 to Tue, Mar 2, 2027\. Total gross sales: €158\.40; refunded: €10\.00\.$/,
      }),
    ).toBeTruthy();
  });

  it('adds the channel columns to the sales by day once the box office sold', async () => {
    const door = { box_office_units: 2, box_office_gross: 5000, complimentary_units: 1 };
    const day = { ...days.rows[0]!, units: 6, gross: 20840, net: 20840, ...door };
    const totals = { ...days.totals, units: 6, gross: 20840, net: 19840, ...door };
    setup(
      { 'sales-by-day': { ...days, rows: [day, days.rows[1]!], totals } },
      '/manage/event/7/reports?report=sales-by-day',
    );
    const table = await screen.findByRole('table', { name: 'Sales by day' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => [cells(r)[0], ...cells(r).slice(6)]),
    ).toEqual([
      ['Day', 'Online units', 'Online gross', 'Box-office units', 'Box-office gross', 'Complimentary units'],
      ['Mon, Mar 1, 2027', '3', '€158.40', '2', '€50.00', '1'],
      ['Tue, Mar 2, 2027', '0', '€0.00', '0', '€0.00', '0'],
      ['Total', '3', '€158.40', '2', '€50.00', '1'],
    ]);
  });

  it('downloads the report shown as CSV and Excel through its export, for the period chosen', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => undefined }),
    );
    const { calls } = setup(undefined, '/manage/event/7/reports?from=2027-03-01&to=2027-03-05');
    await screen.findByRole('table', { name: 'Sales by product' });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(calls()).toContain(
        '/api/events/7/reports/sales-by-product/export?from=2027-03-01&to=2027-03-05&format=csv',
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Download Excel' }));
    await waitFor(() =>
      expect(calls()).toContain(
        '/api/events/7/reports/sales-by-product/export?from=2027-03-01&to=2027-03-05&format=xlsx',
      ),
    );
  });

  it("with several dates, shows one date's sales and refunds (in the address too), and the check-ins of every date", async () => {
    const { calls, router } = setup({ 'sales-by-product': products, 'check-ins': 'fail' }, '/manage/event/7/reports', [
      eventDate(31, '2027-06-01T17:00:00.000Z', null),
      eventDate(32, '2027-06-08T17:00:00.000Z', 'Closing night'),
    ]);
    await screen.findByRole('table', { name: 'Sales by product' });
    fireEvent.click(await screen.findByRole('combobox', { name: 'Date' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Jun 8, 2027, 7:00 PM · Closing night' }));
    await waitFor(() => expect(calls()).toContain('/api/events/7/reports/sales-by-product?event_date_id=32'));
    expect(router.state.location.search).toBe('?date=32');
    fireEvent.click(screen.getByRole('tab', { name: 'Check-ins' }));
    await waitFor(() => expect(calls()).toContain('/api/events/7/reports/check-ins'));
    expect(screen.queryByTestId('report-date')).toBeNull();
  });

  it('says when a report could not be loaded, with a way to try again', async () => {
    const { calls } = setup({ 'sales-by-product': 'fail' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The report could not be loaded')).toBeTruthy();
    const before = calls().filter((u) => u.startsWith('/api/events/7/reports/sales-by-product')).length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(calls().filter((u) => u.startsWith('/api/events/7/reports/sales-by-product')).length).toBeGreaterThan(
        before,
      ),
    );
  });
});
