import { readFileSync } from 'node:fs';

import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';

import { apiLogin, expect, riversideId, test } from './fixtures';
import { expectAccessible, signUpByApi, snapshot, uniqueEmail } from './support';

test.use({ actionTimeout: 15_000 });

/** The demo login's API headers, the "Riverside Open Air" event and three attendees added by hand. */
async function eventWithAttendees(request: APIRequestContext) {
  const { headers } = await apiLogin(request);
  const eventId = await riversideId(request, headers);
  const tickets = (await (await request.get(`/api/events/${eventId}/tickets`, { headers })).json()) as {
    data: Array<{ id: number; name: string }>;
  };
  const lawn = tickets.data.find((t) => t.name === 'Lawn pass')!;
  const marker = `Exp${Date.now().toString(36)}`;
  for (const [first, last] of [
    ['Ada', marker],
    ['Grace', 'Hopper'],
    ['=cmd', 'Formula'],
  ]) {
    const res = await request.post(`/api/events/${eventId}/attendees`, {
      headers,
      data: {
        ticket_id: lawn.id,
        first_name: first,
        last_name: last,
        email: uniqueEmail('export'),
        send_ticket: false,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return { headers, eventId, marker };
}

async function download(page: Page, item: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test('attendees: export the list as CSV and Excel, with the search applied', async ({
  organizerPage: page,
  request,
}) => {
  test.setTimeout(120_000);
  const { headers, eventId, marker } = await eventWithAttendees(request);
  const total = (
    (await (await request.get(`/api/events/${eventId}/attendees`, { headers })).json()) as { meta: { total: number } }
  ).meta.total;

  await page.goto(`/manage/event/${eventId}/attendees`);
  const exportButton = page.getByRole('button', { name: 'Export attendees' });
  await expect(exportButton).toBeVisible();
  await expectAccessible(page, 'attendees list with export');
  await exportButton.click();
  await expect(page.getByRole('menuitem', { name: 'CSV file' })).toBeVisible();
  await snapshot(page, 'exports-menu');

  const csv = await download(page, 'CSV file');
  expect(csv.name).toMatch(/^riverside-open-air-attendees-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = csv.bytes.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trimEnd().split('\n');
  expect(lines[0]).toBe(
    'ID,Ticket code,First name,Last name,E-mail,Ticket,Tier,Status,Checked in,Checked in at,Order number,Order e-mail,Created at,T-shirt size,Dietary needs',
  );
  expect(lines).toHaveLength(total + 1);
  expect(text).toContain(`,'=cmd,Formula,`);

  // The list's search narrows the export too.
  await page.getByRole('textbox', { name: /Search attendees/ }).fill(marker);
  await expect(page).toHaveURL(new RegExp(`query=${marker}`));
  await page.getByRole('button', { name: 'Export attendees' }).click();
  const searched = await download(page, 'CSV file');
  const rows = searched.bytes.toString('utf8').trimEnd().split('\n');
  expect(rows).toHaveLength(2);
  expect(rows[1]).toContain(`,Ada,${marker},`);

  await page.getByRole('button', { name: 'Export attendees' }).click();
  const xlsx = await download(page, 'Excel file (.xlsx)');
  expect(xlsx.name).toMatch(/^riverside-open-air-attendees-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.bytes as never);
  expect(book.worksheets[0]!.rowCount).toBe(2);
  expect(book.worksheets[0]!.getRow(2).getCell(4).value).toBe(marker);
});

test('orders: progress while the export runs, cancel, and the failure message', async ({
  organizerPage: page,
  request,
}) => {
  test.setTimeout(120_000);
  const { eventId } = await eventWithAttendees(request);
  // The progress bar's stripes move unless the user asked for less motion (axe waits for a still page).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // Hold the answer back so the progress dialog can be seen (and cancelled).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/orders/export?*', async (route) => {
    await held;
    await route.fulfill({ response: await route.fetch() }).catch(() => undefined);
  });
  await page.goto(`/manage/event/${eventId}/orders`);
  await page.getByRole('button', { name: 'Export orders' }).click();
  await page.getByRole('menuitem', { name: 'CSV file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exporting orders' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
  await expect(dialog.getByText('Starting the export…')).toBeVisible();
  await expectAccessible(page, 'export progress');
  await snapshot(page, 'exports-progress');
  let downloads = 0;
  page.on('download', () => downloads++);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  release();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // A failed export says so in the words of SPEC §8.
  await page.route('**/orders/export?*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: '' } }),
    }),
  );
  await page.getByRole('button', { name: 'Export orders' }).click();
  await page.getByRole('menuitem', { name: 'Excel file (.xlsx)' }).click();
  await expect(page.getByText('We could not export the orders. Please try again.')).toBeVisible();
  await snapshot(page, 'exports-failed');
  expect(downloads).toBe(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // And a real one downloads, with the row count announced up front.
  await page.getByRole('button', { name: 'Export orders' }).click();
  const csv = await download(page, 'CSV file');
  expect(csv.name).toMatch(/^riverside-open-air-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.bytes.toString('utf8').split('\n')[0]).toContain('Order number,Status,Payment status');
});

test('the export API: a logged-in download, and other accounts get a 404 before any byte', async ({ request }) => {
  const { headers, eventId } = await eventWithAttendees(request);
  const res = await request.get(`/api/events/${eventId}/orders/export?format=xlsx`, { headers });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const total = Number(res.headers()['x-total-rows']);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await res.body()) as never);
  expect(book.worksheets[0]!.rowCount).toBe(total + 1);

  const email = uniqueEmail('other');
  const { token } = await signUpByApi(request, {
    name: 'Other',
    email,
    password: 'another password 1',
    timezone: 'UTC',
  });
  const refused = await request.get(`/api/events/${eventId}/attendees/export?format=csv`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(404);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
});
