import { readFileSync } from 'node:fs';

import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';

import { loginWithForm } from './fixtures';
import {
  browserOnServerTime,
  expectAccessible,
  notificationsGone,
  signUpByApi,
  snapshot,
  uniqueEmail,
} from './support';

/**
 * Reports (issue #24): an organizer of their own (through the API) with an event in Paris, a paid
 * ticket and a tiered one, and three sales added by hand (two Standard at €25.00, one Festival "Late"
 * at €20.00), all today. They open Reports, read the product and day tables, change the period,
 * download a report as CSV and Excel, and open the account's sales per event.
 */

test.use({ actionTimeout: 15_000 });

const PASSWORD = 'report figures add up';

async function organizerWithSales(request: APIRequestContext) {
  const email = uniqueEmail('reports');
  const { token } = await signUpByApi(request, {
    name: 'Rhea Ports',
    email,
    password: PASSWORD,
    timezone: 'Europe/Paris',
  });
  const headers = { authorization: `Bearer ${token}` };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await request.post(`/api${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  const organizer = await post<{ id: number }>('/organizers', { name: 'Harbour Hall', email: 'hello@harbour.test' });
  const title = `Harbour Lights ${Date.now().toString(36)}`;
  const event = await post<{ id: number; slug: string }>('/events', {
    title,
    organizer_id: organizer.id,
    start_date: '2031-07-14T20:00',
    end_date: '2031-07-14T23:00',
    timezone: 'Europe/Paris',
    currency: 'EUR',
  });
  const standard = await post<{ id: number }>(`/events/${event.id}/tickets`, {
    name: 'Standard',
    type: 'PAID',
    price: 2500,
  });
  const festival = await post<{ id: number; tiers: Array<{ id: number; label: string }> }>(
    `/events/${event.id}/tickets`,
    {
      name: 'Festival',
      type: 'TIERED',
      tiers: [
        { label: 'Early', price: 1500 },
        { label: 'Late', price: 2000 },
      ],
    },
  );
  const late = festival.tiers.find((t) => t.label === 'Late')!;
  for (const [first, ticket, tier, paid] of [
    ['Ada', standard.id, null, 2500],
    ['Grace', standard.id, null, 2500],
    ['Alan', festival.id, late.id, 2000],
  ] as const) {
    await post(`/events/${event.id}/attendees`, {
      ticket_id: ticket,
      tier_id: tier,
      first_name: first,
      last_name: 'Buyer',
      email: uniqueEmail(first.toLowerCase()),
      amount_paid: paid,
      send_ticket: false,
    });
  }
  return { email, event, title };
}

async function login(page: Page, email: string) {
  await loginWithForm(page, { email, password: PASSWORD }, { landing: null });
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** The cells of the row headed `name` in a table. */
const rowOf = (table: Locator, name: string) =>
  table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name, exact: true }) });

async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test('reports: sales by product and by day, another period, CSV and Excel downloads, and the account report', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { email, event, title } = await organizerWithSales(request);
  // The sales are dated by the server's clock, which earlier flows moved forward.
  await browserOnServerTime(page);
  await login(page, email);

  // Through the event's navigation, after Messages.
  await page.goto(`/manage/event/${event.id}`);
  const nav = page.getByRole('navigation', { name: 'Event sections' });
  await nav.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/event/${event.id}/reports$`));
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'All time' })).toHaveAttribute('aria-pressed', 'true');

  // Sales by product: each product, the tiers of the tiered one, the totals row.
  const products = page.getByRole('table', { name: 'Sales by product' });
  await expect(rowOf(products, 'Standard').getByRole('cell')).toHaveText([
    '2',
    '€50.00',
    '€0.00',
    '€0.00',
    '€0.00',
    '€0.00',
    '€50.00',
  ]);
  await expect(rowOf(products, 'Festival').getByRole('cell')).toHaveText([
    '1',
    '€20.00',
    '€0.00',
    '€0.00',
    '€0.00',
    '€0.00',
    '€20.00',
  ]);
  await expect(rowOf(products, 'Late').getByRole('cell')).toHaveText([
    '1',
    '€20.00',
    '€0.00',
    '€0.00',
    '€0.00',
    '€0.00',
    '€20.00',
  ]);
  await expect(rowOf(products, 'Early').getByRole('cell').first()).toHaveText('0');
  await expect(rowOf(products, 'Total').getByRole('cell')).toHaveText([
    '3',
    '€70.00',
    '€0.00',
    '€0.00',
    '€0.00',
    '€0.00',
    '€70.00',
  ]);
  await expect(
    page.getByRole('img', { name: 'Gross sales per product: Standard: €50.00; Festival: €20.00.' }),
  ).toBeVisible();
  await expect(page.getByTestId('report-sales-by-product').locator('svg.recharts-surface').first()).toBeVisible();
  await expectAccessible(page, 'reports: sales by product');
  await snapshot(page, 'reports-products');

  // Sales by day: today's sales, and the totals.
  await page.getByRole('tab', { name: 'By day' }).click();
  await expect(page).toHaveURL(/report=sales-by-day/);
  const days = page.getByRole('table', { name: 'Sales by day' });
  await expect(days.getByRole('row').filter({ hasText: '€70.00' }).first()).toBeVisible();
  await expect(rowOf(days, 'Total').getByRole('cell')).toHaveText(['3', '3', '€70.00', '€0.00', '€70.00']);
  await expectAccessible(page, 'reports: sales by day');
  await snapshot(page, 'reports-days');

  // Another period: the last 7 days (asked again, in the address), then days long before the sales.
  const asked = page.waitForRequest((r) => r.url().includes(`/api/events/${event.id}/reports/sales-by-day?from=`));
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await asked;
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(rowOf(days, 'Total').getByRole('cell').nth(2)).toHaveText('€70.00');
  // The last day first: typed the other way round, the period would for a moment run from 2020 to this
  // week (seven years of days to draw).
  // Each day reaches the address (typed at once, the second once undid the first: useReportPeriod.ts).
  await page.getByLabel('Last day').fill('2020-01-31');
  await expect(page).toHaveURL(/to=2020-01-31/);
  await page.getByLabel('First day').fill('2020-01-01');
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
  await expect(page.getByText('No sales in this period')).toBeVisible();
  await expectAccessible(page, 'reports: a period without sales');
  // The last day before the first is said at the field.
  await page.getByLabel('Last day').fill('2019-12-01');
  await expect(page.getByText('The last day must not be before the first.')).toBeVisible();
  await page.getByRole('button', { name: 'All time' }).click();
  await expect(rowOf(days, 'Total').getByRole('cell').nth(2)).toHaveText('€70.00');

  // Downloads of the product report: CSV (money as plain decimals, the totals row last) and Excel.
  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(rowOf(products, 'Total')).toBeVisible();
  const csv = await download(page, 'Download CSV');
  expect(csv.name).toMatch(new RegExp(`^${event.slug}-sales-by-product-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const lines = csv.bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');
  // The channel split closes each row: all of it online here.
  expect(lines[0]).toBe(
    'Product,Tier,Units,Gross,Discounts,Taxes,Fees,Refunded,Net,' +
      'Online units,Online gross,Box-office units,Box-office gross,Complimentary units',
  );
  expect(lines).toContain('Standard,,2,50.00,0.00,0.00,0.00,0.00,50.00,2,50.00,0,0.00,0');
  expect(lines).toContain('Festival,Late,1,20.00,0.00,0.00,0.00,0.00,20.00,1,20.00,0,0.00,0');
  expect(lines.at(-1)).toBe('Total,,3,70.00,0.00,0.00,0.00,0.00,70.00,3,70.00,0,0.00,0');
  await notificationsGone(page);
  const xlsx = await download(page, 'Download Excel');
  expect(xlsx.name).toMatch(new RegExp(`^${event.slug}-sales-by-product-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.bytes as never);
  const sheet = book.worksheets[0]!;
  expect(sheet.name).toBe('Sales by product');
  expect(sheet.getRow(2).values).toEqual([undefined, 'Standard', undefined, 2, 50, 0, 0, 0, 0, 50, 2, 50, 0, 0, 0]);
  await notificationsGone(page);

  // Every other report opens with its table and downloads (CSV named after the event and the report).
  for (const [tab, kind] of [
    ['Promo codes', 'sales-by-promo-code'],
    ['Affiliates', 'sales-by-affiliate'],
    ['Payments', 'sales-by-payment'],
    ['Taxes and fees', 'taxes-and-fees'],
    ['Refunds', 'refunds'],
    ['Check-ins', 'check-ins'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page).toHaveURL(new RegExp(`report=${kind}`));
    // Its table, or what it says when the period has nothing to count (no taxes, no refunds).
    const panel = page.getByRole('tabpanel');
    await expect(
      panel
        .getByRole('table')
        .or(panel.getByText(/ in this period$/))
        .first(),
    ).toBeVisible();
    const file = await download(page, 'Download CSV');
    expect(file.name).toMatch(new RegExp(`-${kind}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    expect(file.bytes.length).toBeGreaterThan(10);
    await notificationsGone(page);
  }

  // The account's sales per event, from the account area.
  await page.goto('/account/reports');
  await expect(
    page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Reports' }),
  ).toHaveAttribute('aria-current', 'page');
  const byEvent = page.getByRole('table', { name: 'Sales by event' });
  const row = byEvent.getByRole('row').filter({ has: page.getByRole('link', { name: title }) });
  // Starts, currency, orders, units, gross, refunded, net.
  await expect(row.getByRole('cell').nth(1)).toHaveText('EUR');
  await expect(row.getByRole('cell').nth(4)).toHaveText('€70.00');
  await expect(rowOf(byEvent, 'Total in EUR').getByRole('cell').nth(4)).toHaveText('€70.00');
  await expectAccessible(page, 'account reports');
  await snapshot(page, 'reports-account');
  const accountCsv = await download(page, 'Download CSV');
  expect(accountCsv.name).toMatch(/^sales-by-events-\d{4}-\d{2}-\d{2}\.csv$/);
  const accountLines = accountCsv.bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');
  expect(accountLines[0]).toBe(
    'Event,Starts,Currency,Orders,Units,Gross,Refunded,Net,' +
      'Online units,Online gross,Box-office units,Box-office gross,Complimentary units',
  );
  expect(accountLines).toContain(`${title},2031-07-14 20:00,EUR,3,3,70.00,0.00,70.00,3,70.00,0,0.00,0`);
});
