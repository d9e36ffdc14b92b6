import { expect, type Page, test } from '@playwright/test';

import { seatSmallHall } from './seating-plans';
import { expectAccessible, gotoEventPage, snapshot, uniqueEmail } from './support';

/**
 * Buying seats (#40): an organizer (through the API) seats "Chamber Night" by the small hall's plan, its Front rows
 * sold as "Front seat" (€45) and its Back rows as "Back seat" (€30); a buyer chooses seats by mouse, best available
 * and from the list with the keyboard, loses one to another buyer, and places the order.
 */

/** Clicks a seat of the plan with the mouse, where the map draws it now (`data-view`: its pan and scale). */
async function clickSeat(page: Page, at: { x: number; y: number }) {
  const svg = page.getByTestId('seat-map-plan');
  await svg.scrollIntoViewIfNeeded();
  const [tx, ty, scale] = (await svg.getAttribute('data-view'))!.split(' ').map(Number) as [number, number, number];
  const box = (await svg.boundingBox())!;
  await page.mouse.click(box.x + tx + at.x * scale, box.y + ty + at.y * scale);
}

test('a buyer chooses seats by mouse, best available and the list, loses one to another buyer, and orders', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const world = await seatSmallHall(request, {
    host: 'Clara Host',
    organizer: 'Musikverein',
    title: 'Chamber Night',
    start: '2031-10-02T19:30',
    tickets: [
      { name: 'Front seat', type: 'PAID', price: 4500 },
      { name: 'Back seat', type: 'PAID', price: 3000 },
    ],
    settings: { offline_payments_enabled: true },
  });
  const { event } = world;
  await gotoEventPage(page, `/event/${event.id}/${event.slug}`);
  const picker = page.getByTestId('seat-picker');
  await expect(picker.getByRole('heading', { name: 'Choose your seats' })).toBeVisible();
  await expect(picker.getByTestId('seat-legend')).toContainText('Front€45.00');
  await expect(page.getByTestId('seat-map-plan')).toHaveAttribute('data-seats-drawn', 'true');

  // Two seats by mouse: the basket names section, row and seat with the price.
  await clickSeat(page, world.seatAt('A', '3'));
  await clickSeat(page, world.seatAt('A', '4'));
  const basket = page.getByTestId('seat-basket');
  await expect(basket.getByTestId('basket-seat')).toHaveText([
    /^Stalls, row A, seat 3Front€45.00$/,
    /^Stalls, row A, seat 4Front€45.00$/,
  ]);
  await expect(page.getByTestId('selection-total')).toHaveText('€90.00');
  await expectAccessible(page, 'seat picker');
  await snapshot(page, 'buyer-seat-picker');

  // Best available: two Back seats side by side, added to the Front ones.
  await picker.getByLabel('Category').selectOption('Back');
  await picker.getByLabel('Seats', { exact: true }).selectOption('2');
  await picker.getByRole('button', { name: 'Best available' }).click();
  await expect(basket.getByTestId('basket-seat')).toHaveCount(4);
  await expect(basket).toContainText(/Stalls, row [CD], seat \dBack€30.00/);
  await expect(page.getByTestId('selection-total')).toHaveText('€150.00');

  // The list, equal to the picture: a seat chosen with the keyboard.
  await picker.getByText('List', { exact: true }).click();
  const list = picker.getByTestId('seat-list');
  await expect(list.getByRole('checkbox', { name: 'Stalls, row A, seat 3' })).toBeChecked();
  const b2 = list.getByRole('checkbox', { name: 'Stalls, row B, seat 2' });
  await b2.focus();
  await page.keyboard.press('Space');
  await expect(b2).toBeChecked();
  await expect(basket.getByTestId('basket-seat')).toHaveCount(5);
  await expectAccessible(page, 'seat list');
  await snapshot(page, 'buyer-seat-list');

  // Another buyer takes B2 first. (This page's availability is held back, so the loss shows when it reserves.)
  await page.route('**/seating/availability*', (route) =>
    route.fulfill({ json: { data: { date_id: 0, unavailable: [], standing: [] } } }),
  );
  const other = await browser.newContext();
  const taken = await other.request.post(`/api/public/events/${event.id}/order`, {
    data: {
      items: [{ ticket_id: world.front.id, quantity: 1, seats: [world.seatId('B', '2')] }],
      expected_total: 4500,
    },
  });
  expect(taken.status(), await taken.text()).toBe(201);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'someone else was quicker' })).toContainText(
    'Sorry, someone else was quicker: Stalls, row B, seat 2. Nothing was reserved; your other seats are still chosen.',
  );
  await expect(basket.getByTestId('basket-seat')).toHaveCount(4);
  await expect(basket).not.toContainText('row B, seat 2');
  // Polled again as usual: B2 is taken for everyone, and leaves the list.
  await page.unroute('**/seating/availability*');
  await expect(list.getByRole('checkbox', { name: 'Stalls, row B, seat 2' })).toHaveCount(0);
  await other.close();

  // The four seats are held, and the order placed to pay offline.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${event.id}/[^/]+/details$`));
  await expect(page.getByTestId('hold-countdown')).toContainText(/held for \d+:\d\d/);
  const form = page.locator('form');
  await form.getByRole('textbox', { name: 'First name' }).first().fill('Clara');
  await form.getByRole('textbox', { name: 'Last name' }).first().fill('Schumann');
  await form.getByRole('textbox', { name: 'E-mail' }).first().fill(uniqueEmail('clara-buyer'));
  const copy = page.getByRole('button', { name: 'Copy buyer details to all attendees' });
  if (await copy.isVisible()) await copy.click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByTestId('payment-total')).toContainText('€150.00');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  await expect(page.getByTestId('order-ticket')).toHaveCount(4);
});
