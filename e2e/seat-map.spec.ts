import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

import { signInWithToken } from './fixtures';
import { SMALL_HALL_PLAN } from './seating-plans';
import { expectAccessible, notificationsGone, signUpByApi, snapshot, uniqueEmail } from './support';

/**
 * The organizer's seat map (#40): "Quartet Evening" is seated by a small pretix plan and live; one seat is sold
 * (A3, to Mia Lost), one is in a checkout (B2). The organizer sees them on the map, holds two seats for the press
 * with a box drawn round them, releases them, and opens the print view with who sits where.
 */

async function seatedEvent(request: APIRequestContext) {
  const { token } = await signUpByApi(request, {
    name: 'Sam Stage',
    email: uniqueEmail('sam'),
    password: 'correct horse battery staple',
    timezone: 'Europe/Vienna',
  });
  const headers = { authorization: `Bearer ${token}` };
  const send = async <T>(method: 'post' | 'put', path: string, data?: unknown, auth = true): Promise<T> => {
    const res = await request[method](`/api${path}`, { headers: auth ? headers : {}, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  const made = async <T>(path: string, data?: unknown) => (await send<{ data: T }>('post', path, data)).data;
  const organizer = await made<{ id: number }>('/organizers', { name: 'Quartet Society', email: 'hi@qs.test' });
  const event = await made<{ id: number }>('/events', {
    title: 'Quartet Evening',
    organizer_id: organizer.id,
    start_date: '2031-11-06T19:30',
    end_date: '2031-11-06T22:00',
    timezone: 'Europe/Vienna',
    currency: 'EUR',
  });
  const front = await made<{ id: number }>(`/events/${event.id}/tickets`, { name: 'Front seat', type: 'FREE' });
  const back = await made<{ id: number }>(`/events/${event.id}/tickets`, { name: 'Back seat', type: 'FREE' });
  const plan = await made<{ id: number }>(`/organizers/${organizer.id}/seating-plans/import`, {
    pretix: { ...SMALL_HALL_PLAN, name: 'Quartet Hall' },
  });
  await made(`/organizers/${organizer.id}/seating-plans/${plan.id}/publish`);
  await send('put', `/events/${event.id}/seating`, {
    plan_id: plan.id,
    version: 1,
    categories: [
      { category: 'Front', ticket_id: front.id },
      { category: 'Back', ticket_id: back.id },
    ],
  });
  await send('put', `/events/${event.id}/status`, { status: 'LIVE' });
  type Seat = [number, string, number, number, number];
  const seating = (
    (await (await request.get(`/api/public/events/${event.id}/seating`)).json()) as {
      data: { zones: Array<{ rows: Array<{ label: string; seats: Seat[] }> }> };
    }
  ).data;
  const seatId = (row: string, n: string) =>
    seating.zones[0]!.rows.find((r) => r.label === row)!.seats.find((s) => s[1] === n)![0];

  // A3 sold (a free order completed with the attendee's name); B2 in a checkout.
  const reserve = (seat: number) =>
    send<{
      data: { short_id: string; attendees: Array<{ short_id: string }> };
      checkout_token: string;
      order_secret: string;
    }>(
      'post',
      `/public/events/${event.id}/order`,
      { items: [{ ticket_id: front.id, quantity: 1, seats: [seat] }], expected_total: 0 },
      false,
    );
  const sold = await reserve(seatId('A', '3'));
  const person = { first_name: 'Mia', last_name: 'Lost', email: 'mia@example.test' };
  const done = await request.put(`/api/public/events/${event.id}/order/${sold.data.short_id}/details`, {
    headers: { 'x-checkout-token': sold.checkout_token, 'x-order-secret': sold.order_secret },
    data: {
      ...person,
      answers: {},
      attendees: [{ ...person, short_id: sold.data.attendees[0]!.short_id, answers: {} }],
    },
  });
  expect(done.status(), await done.text()).toBe(200);
  const orderNumber = ((await done.json()) as { data: { order_number: string } }).data.order_number;
  await reserve(seatId('B', '2'));
  return { token, event, seatId, orderNumber };
}

/** Drags a box on the map from one point of the plan to another (plan coordinates, as the SVG's viewBox has them). */
async function dragBox(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const svg = page.getByTestId('seat-state-map').locator('svg');
  await svg.scrollIntoViewIfNeeded();
  const [a, b] = await svg.evaluate(
    (el, points) => {
      const matrix = (el as SVGSVGElement).getScreenCTM()!;
      return points.map((p) => new DOMPoint(p.x, p.y).matrixTransform(matrix));
    },
    [from, to],
  );
  await page.mouse.move(a!.x, a!.y);
  await page.mouse.down();
  await page.mouse.move((a!.x + b!.x) / 2, (a!.y + b!.y) / 2, { steps: 3 });
  await page.mouse.move(b!.x, b!.y, { steps: 3 });
  await page.mouse.up();
}

test('the organizer sees who sits where, holds seats for the press, releases them, prints the seat map and sells a seat at the box office', async ({
  page,
  request,
}) => {
  const world = await seatedEvent(request);
  await signInWithToken(page, world.token);
  await page.goto(`/manage/event/${world.event.id}/seating`);
  await page.getByRole('tab', { name: 'Seat map' }).click();
  const counts = page.getByTestId('seat-state-counts');
  await expect(counts).toContainText('Available22Sold1In a checkout1Held0Killed0');

  // The sold seat names its attendee and order.
  const map = page.getByTestId('seat-state-map');
  await map.locator(`[data-seat-id="${world.seatId('A', '3')}"]`).click();
  const details = page.getByTestId('seat-details');
  await expect(details).toContainText('Stalls, row A, seat 3');
  await expect(details).toContainText('Mia Lost');
  await expect(details.getByRole('link', { name: world.orderNumber })).toBeVisible();

  // A box round C1 and C2 (row C at y 20 + 90 + 88, seats at x 20 + 60 and + 100), held for the press.
  await dragBox(page, { x: 60, y: 180 }, { x: 140, y: 215 });
  await expect(page.getByTestId('seat-selection')).toContainText('2 seats chosen');
  await page.getByRole('button', { name: 'Hold seats' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hold seats' });
  // The name from the suggestions (House, Press, Sponsor).
  await dialog.getByRole('combobox', { name: 'Name' }).fill('Pr');
  await page.getByRole('option', { name: 'Press' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Name' })).toHaveValue('Press');
  await dialog.getByRole('button', { name: 'Hold seats' }).click();
  await expect(dialog).toBeHidden();
  await expect(counts).toContainText('Available20Sold1In a checkout1Held2Killed0');
  await expect(page.getByTestId('seat-hold')).toContainText('PressHeld2 seats');
  await expect(map.locator(`[data-seat-id="${world.seatId('C', '2')}"]`)).toHaveAttribute('data-state', 'HELD');
  await notificationsGone(page);
  await expectAccessible(page, 'seat map');
  await page.evaluate(() => window.scrollTo(0, 0));
  await notificationsGone(page);
  await snapshot(page, 'en-seat-map');

  await page.getByRole('button', { name: 'Release Press' }).click();
  const confirm = page.getByRole('dialog', { name: 'Release hold' });
  await confirm.getByRole('button', { name: 'Release' }).click();
  await expect(counts).toContainText('Available22Sold1In a checkout1Held0Killed0');
  await expect(page.getByTestId('seat-hold')).toHaveCount(0);

  // The print view: the plan, the counts and the seat-to-attendee list; on paper nothing of the app around it.
  await page.getByRole('button', { name: 'Print the seat map' }).click();
  const sheet = page.getByTestId('seat-map-print');
  await expect(sheet.getByRole('heading', { name: 'Quartet Evening' })).toBeVisible();
  await expect(sheet.getByTestId('print-attendees').locator('tbody tr')).toHaveText([
    new RegExp(`^StallsA3Mia Lost\\w+${world.orderNumber}$`),
  ]);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('tab', { name: 'Seat map' })).toBeHidden();
  await expect(sheet).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The attendees list names the seat; the organizer moves Mia to A1 and the list follows.
  await page.goto(`/manage/event/${world.event.id}/attendees`);
  const row = page.getByTestId('attendee-row').filter({ hasText: 'Mia Lost' });
  await expect(row).toContainText('Stalls, row A, seat 3');
  await row.getByRole('button', { name: 'Mia Lost' }).click();
  await page.getByRole('button', { name: 'Change seat' }).click();
  const move = page.getByRole('dialog', { name: 'Change seat' });
  await move.getByRole('combobox', { name: 'New seat' }).click();
  await page.getByRole('option', { name: 'Stalls, row A, seat 1', exact: true }).click();
  await move.getByRole('button', { name: 'Change seat' }).click();
  await expect(move).toBeHidden();
  await expect(page.getByTestId('attendee-seat')).toHaveText('Stalls, row A, seat 1');
  await expect(row).toContainText('Stalls, row A, seat 1');

  // At the box office the organizer sells seat A2 from the same plan, and the receipt names it.
  await page.goto(`/manage/event/${world.event.id}/box-office`);
  await page.getByLabel('Cash in the drawer (float)').fill('0');
  await page.getByRole('button', { name: 'Open shift' }).click();
  await page.getByRole('button', { name: 'Choose seats' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose seats' });
  await chooser.getByText('List', { exact: true }).click();
  // A1 is Mia's now: it is not offered; A3, which she left, is.
  await expect(chooser.getByRole('checkbox', { name: 'Stalls, row A, seat 1' })).toHaveCount(0);
  await expect(chooser.getByRole('checkbox', { name: 'Stalls, row A, seat 3' })).toHaveCount(1);
  await chooser.getByRole('checkbox', { name: 'Stalls, row A, seat 2' }).check();
  await chooser.getByRole('button', { name: 'Add to the sale (1)' }).click();
  await expect(page.getByTestId('sale-lines')).toContainText('1Front seat');
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByTestId('receipt')).toContainText('Stalls, row A, seat 2');
  await expectAccessible(page, 'box office seated receipt');
});
