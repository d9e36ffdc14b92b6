import { expect, type Page, test } from '@playwright/test';

import { signInWithToken } from './fixtures';
import { expectAccessible, notificationsGone, signUpByApi, snapshot, uniqueEmail } from './support';

/**
 * Drawing plans from nothing (#40): an organizer draws a 1,200-seat theatre (curved stalls with two aisles and two
 * turned balconies), and a gala of round tables with two whole VIP tables, publishes both, and seats a two-date run by
 * the theatre: the same seat is sold once on each date.
 */

/** Presses a key `times` times on the focused element. */
async function press(page: Page, key: string, times: number) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/** Makes an empty plan from the organizer's plans page and opens its editor. */
async function newPlan(page: Page, organizerId: number, name: string) {
  await page.goto(`/manage/organizer/${organizerId}/seating-plans`);
  await page.getByRole('button', { name: 'New plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New seating plan' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Edit layout' }).click();
  await expect(page.getByRole('heading', { name: `Layout of ${name}`, level: 1 })).toBeVisible();
}

/** Adds a block of rows through the Rows dialog; the new block stays selected. */
async function addRows(
  page: Page,
  block: { section: string; category: string; rows: number; seats: number; curve?: number; turn?: number },
  extra?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('button', { name: 'Rows', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add rows of seats' });
  await dialog.getByLabel('Section name').fill(block.section);
  await dialog.getByRole('combobox', { name: 'Category' }).fill(block.category);
  await dialog.getByLabel('Rows', { exact: true }).fill(String(block.rows));
  await dialog.getByLabel('Seats per row').fill(String(block.seats));
  if (block.curve) await dialog.getByLabel('Curve radius').fill(String(block.curve));
  if (block.turn) await dialog.getByLabel('Rotation (degrees)').fill(String(block.turn));
  await extra?.(dialog);
  await dialog.getByRole('button', { name: 'Add rows' }).click();
  await expect(dialog).toBeHidden();
}

test('an organizer draws a 1,200-seat theatre and a gala of round tables, and sells the theatre per date', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token } = await signUpByApi(request, {
    name: 'Tess Theatre',
    email: uniqueEmail('tess'),
    password: 'correct horse battery staple',
    timezone: 'Europe/Vienna',
  });
  const headers = { authorization: `Bearer ${token}` };
  const made = async <T>(path: string, data?: unknown): Promise<T> => {
    const res = await request.post(`/api${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  const organizer = await made<{ id: number }>('/organizers', { name: 'Stadttheater', email: 'hi@theatre.test' });
  await signInWithToken(page, token);

  // The theatre: stalls of 20 rows of 30 with aisles after seats 10 and 20, curved round the stage; balconies of 10
  // rows of 30 either side, turned towards it.
  await newPlan(page, organizer.id, 'Stadttheater');
  const counts = page.getByTestId('seating-editor-counts');
  await expect(counts).toHaveText('Seating plan with 0 seats in 0 categories');
  await page.getByLabel('Plan width').fill('3000');
  await page.getByLabel('Plan height').fill('2200');
  const canvas = page.getByTestId('seating-editor-canvas');
  await page.getByRole('button', { name: 'Stage', exact: true }).click();
  const stage = page.getByRole('dialog', { name: 'Add the stage' });
  await stage.getByLabel('Width').fill('1200');
  await stage.getByLabel('Height').fill('160');
  await stage.getByRole('button', { name: 'Add', exact: true }).click();
  await canvas.focus();
  await press(page, 'Shift+ArrowUp', 12);
  await addRows(page, { section: 'Stalls', category: 'Stalls', rows: 20, seats: 30, curve: 1400 }, (dialog) =>
    dialog.getByLabel('Aisles after seats').fill('10, 20'),
  );
  await expect(counts).toHaveText('Seating plan with 600 seats in 1 category');
  await addRows(page, { section: 'Balcony left', category: 'Balcony', rows: 10, seats: 30, turn: 20 });
  await canvas.focus();
  await press(page, 'Shift+ArrowLeft', 16);
  await press(page, 'Shift+ArrowDown', 16);
  await addRows(page, { section: 'Balcony right', category: 'Balcony', rows: 10, seats: 30, turn: -20 });
  await canvas.focus();
  await press(page, 'Shift+ArrowRight', 16);
  await press(page, 'Shift+ArrowDown', 16);
  await expect(counts).toHaveText('Seating plan with 1,200 seats in 2 categories');
  await expect(page.getByTestId('seating-editor-checks')).toHaveText('No problems: the plan can be published.');
  await page.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByText('Stadttheater: version 1 published.')).toBeVisible();
  await notificationsGone(page);
  await snapshot(page, 'en-seating-editor-theatre');

  // The gala: three rows of four round tables of ten, and two long VIP tables sold whole.
  await newPlan(page, organizer.id, 'Gala');
  await page.getByRole('button', { name: 'Round tables' }).click();
  const round = page.getByRole('dialog', { name: 'Add round tables' });
  await round.getByLabel('Tables', { exact: true }).fill('12');
  await round.getByLabel('Seats per table').fill('10');
  await round.getByRole('combobox', { name: 'Category' }).fill('Dinner');
  await round.getByRole('button', { name: 'Add tables' }).click();
  await expect(counts).toHaveText('Seating plan with 120 seats in 1 category');
  await page.getByRole('button', { name: 'Long tables' }).click();
  const long = page.getByRole('dialog', { name: 'Add long tables' });
  await long.getByLabel('Tables', { exact: true }).fill('2');
  await long.getByRole('combobox', { name: 'Category' }).fill('VIP');
  await long.getByLabel('Sold as a whole table').check();
  await long.getByRole('button', { name: 'Add tables' }).click();
  await expect(counts).toHaveText('Seating plan with 140 seats in 2 categories');
  // Moved off the top of the plan, the VIP tables are flagged (buyers would not see them); moved below the round
  // tables, the plan can be published.
  const checks = page.getByTestId('seating-editor-checks');
  await canvas.focus();
  await press(page, 'Shift+ArrowUp', 10);
  await expect(checks).toContainText(
    'Part of this section lies outside the plan: move it inside, or make the plan larger.',
  );
  await press(page, 'Shift+ArrowDown', 17);
  await expect(checks).toHaveText('No problems: the plan can be published.');
  await expectAccessible(page, 'seating editor with tables');
  await page.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByText('Gala: version 1 published.')).toBeVisible();
  await notificationsGone(page);
  await snapshot(page, 'en-seating-editor-gala');

  // The plans list counts both.
  await page.goto(`/manage/organizer/${organizer.id}/seating-plans`);
  const list = page.getByRole('table', { name: 'Seating plans' });
  await expect(list.getByRole('row').filter({ hasText: 'Stadttheater' })).toContainText('1,200');
  await expect(list.getByRole('row').filter({ hasText: 'Gala' })).toContainText('140');

  // A two-date run seated by the theatre (through the API): the stalls sell as one ticket, the balconies as another.
  const event = await made<{ id: number }>('/events', {
    title: 'Faust',
    organizer_id: organizer.id,
    start_date: '2031-03-06T19:30',
    timezone: 'Europe/Vienna',
    currency: 'EUR',
  });
  const second = await made<{ id: number }>(`/events/${event.id}/dates`, { start_date: '2031-03-07T19:30' });
  const stalls = await made<{ id: number }>(`/events/${event.id}/tickets`, {
    name: 'Stalls',
    type: 'PAID',
    price: 5900,
  });
  const balcony = await made<{ id: number }>(`/events/${event.id}/tickets`, {
    name: 'Balcony',
    type: 'PAID',
    price: 3900,
  });
  const plans = (await (
    await request.get('/api/organizers/' + organizer.id + '/seating-plans', { headers })
  ).json()) as {
    data: Array<{ id: number; name: string }>;
  };
  const theatre = plans.data.find((p) => p.name === 'Stadttheater')!;
  const seated = await request.put(`/api/events/${event.id}/seating`, {
    headers,
    data: {
      plan_id: theatre.id,
      version: 1,
      categories: [
        { category: 'Stalls', ticket_id: stalls.id },
        { category: 'Balcony', ticket_id: balcony.id },
      ],
    },
  });
  expect(seated.ok(), await seated.text()).toBe(true);
  const settings = await request.put(`/api/events/${event.id}/settings`, {
    headers,
    data: { offline_payments_enabled: true },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const live = await request.put(`/api/events/${event.id}/status`, { headers, data: { status: 'LIVE' } });
  expect(live.ok(), await live.text()).toBe(true);

  // A balcony seat: sold on each date once, refused the second time on the first date.
  type Seat = [number, string, number, number, number];
  const plan = (
    (await (await request.get(`/api/public/events/${event.id}/seating`)).json()) as {
      data: { zones: Array<{ name: string; rows: Array<{ label: string; seats: Seat[] }> }> };
    }
  ).data;
  // The stage is in a zone of its own (Areas).
  expect(plan.zones.map((z) => z.name)).toEqual(['Areas', 'Stalls', 'Balcony left', 'Balcony right']);
  expect(plan.zones.reduce((n, z) => n + z.rows.reduce((m, r) => m + r.seats.length, 0), 0)).toBe(1200);
  const seat = plan.zones[2]!.rows[0]!.seats[0]![0];
  const dates = (
    (await (await request.get(`/api/events/${event.id}/dates`, { headers })).json()) as { data: Array<{ id: number }> }
  ).data.map((d) => d.id);
  expect(dates).toContain(second.id);
  const buy = (dateId: number, place = seat) =>
    request.post(`/api/public/events/${event.id}/order`, {
      data: {
        event_date_id: dateId,
        items: [{ ticket_id: balcony.id, quantity: 1, seats: [place] }],
        expected_total: 3900,
      },
    });
  for (const dateId of dates) expect((await buy(dateId)).status()).toBe(201);
  const again = await buy(dates[0]!);
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: { code: string } }).error.code).toBe('SEATS_TAKEN');
  expect((await buy(second.id, plan.zones[3]!.rows[0]!.seats[0]![0])).status()).toBe(201);

  // The event's seat map, date by date: one seat in a checkout on the first, two on the second.
  await page.goto(`/manage/event/${event.id}/seating?tab=map`);
  const states = page.getByTestId('seat-state-counts');
  await expect(states).toHaveText('Available1199Sold0In a checkout1Held0Killed0');
  await page.getByRole('combobox', { name: 'Date', exact: true }).click();
  await page.getByRole('option', { name: 'Mar 7, 2031, 7:30 PM' }).click();
  await expect(states).toHaveText('Available1198Sold0In a checkout2Held0Killed0');
  await expectAccessible(page, 'theatre seat map');
  await snapshot(page, 'en-seat-map-theatre');
});
