import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { APIRequestContext, Page } from '@playwright/test';

import { apiLogin, appOrigin, expect, signInWithToken, test } from './fixtures';
import { expectAccessible, gotoEventPage, pickUpWithKeyboard, signUpByApi, snapshot, uniqueEmail } from './support';

test.use({ actionTimeout: 15_000 });

const SLUG = 'riverside-open-air';

/** The seeded "Riverside Open Air" event's id and a draft (or otherwise unpublished) event's id. */
async function seededIds(request: APIRequestContext): Promise<{ riverside: number; hidden: number }> {
  const { headers } = await apiLogin(request);
  const res = await request.get('/api/events?per_page=100', { headers });
  const events = ((await res.json()) as { data: Array<{ id: number; title: string }> }).data;
  const riverside = events.find((e) => e.title === 'Riverside Open Air')?.id;
  if (!riverside) throw new Error('the seed has no "Riverside Open Air"');
  let hidden = 0;
  for (const e of events) {
    if ((await request.get(`/api/public/events/${e.id}`)).status() === 404) {
      hidden = e.id;
      break;
    }
  }
  return { riverside, hidden };
}

const tickets = (page: Page) => page.getByRole('region', { name: 'Tickets' });

let ids: { riverside: number; hidden: number };
test.beforeAll(async ({ request }) => {
  ids = await seededIds(request);
});

test('the event page is readable without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/event/${ids.riverside}/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Riverside Open Air' })).toBeVisible();
  for (const name of ['Lawn pass', 'Standard', 'Pay what you like', 'Front stage']) {
    await expect(tickets(page).getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await expect(tickets(page).getByText('£45.00')).toBeVisible();
  await expect(tickets(page).getByText('£60.00')).toBeVisible();
  await expect(tickets(page).getByText('Free', { exact: true }).first()).toBeVisible();
  await expect(tickets(page).getByText('Crew')).toHaveCount(0);
  await context.close();
});

test('promo links discount, unlock and refuse; the promo field applies a code', async ({ page }) => {
  await page.goto(`/event/${ids.riverside}/${SLUG}?promo_code=JAZZ10`);
  const standard = tickets(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Standard', exact: true }) });
  await expect(standard.locator('del')).toHaveText('£45.00');
  await expect(standard.getByText('£40.50')).toBeVisible();
  await expect(standard.getByText('plus taxes and fees')).toBeVisible();
  await expect(tickets(page).getByText('JAZZ10', { exact: true })).toBeVisible();
  // JAZZ10 is for Standard and Front stage only: it does not reveal the promo-only Crew ticket.
  await expect(tickets(page).getByRole('heading', { name: 'Crew', exact: true })).toHaveCount(0);

  await page.goto(`/event/${ids.riverside}/${SLUG}?promo_code=CREW-PASS`);
  await expect(tickets(page).getByRole('heading', { name: 'Crew', exact: true })).toBeVisible();

  await page.goto(`/event/${ids.riverside}/${SLUG}?promo_code=NOPE`);
  await expect(page.getByRole('alert').filter({ hasText: 'That promo code is invalid' })).toBeVisible();

  await gotoEventPage(page, `/event/${ids.riverside}/${SLUG}`);
  await page.getByRole('button', { name: 'Have a promo code?' }).click();
  await page.getByLabel('Promo code').fill('NOPE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('That promo code is invalid')).toBeVisible();
  await page.getByLabel('Promo code').fill('JAZZ10');
  // Applying it keeps the buyer where they are: the page does not jump, focus stays with the code, the result is
  // announced.
  await page.getByLabel('Promo code').scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\?promo_code=JAZZ10$/);
  await expect(tickets(page).locator('del').first()).toHaveText('£45.00');
  await expect(page.getByRole('button', { name: 'Remove promo code JAZZ10' })).toBeFocused();
  await expect(page.getByTestId('promo-status')).toHaveText('Promo code JAZZ10 applied. The prices shown include it.');
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(80);
  // Removing it: focus goes back to "Have a promo code?".
  await page.getByRole('button', { name: 'Remove promo code JAZZ10' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/event/${ids.riverside}/${SLUG}$`));
  await expect(page.getByRole('button', { name: 'Have a promo code?' })).toBeFocused();
});

test('a buyer picks tickets and continues to the checkout', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const views: string[] = [];
  let eventFetches = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/api/public/events/${ids.riverside}/views`))
      views.push(r.postData() ?? '');
    if (r.method() === 'GET' && new URL(r.url()).pathname === `/api/public/events/${ids.riverside}`) eventFetches += 1;
  });
  await page.goto(`/event/${ids.riverside}/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Riverside Open Air' })).toBeVisible();
  // Hydrated from the server's data: no refetch of the event, no hydration mismatch, one page view.
  await expect.poll(() => views.length).toBe(1);
  expect(JSON.parse(views[0]!)).toMatchObject({ visitor_id: expect.any(String) });
  expect(errors).toEqual([]);
  expect(eventFetches).toBe(0);
  await expectAccessible(page, 'event page');

  // Continue looks disabled (aria-disabled) until something is chosen, and says why when pressed.
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('button', { name: 'Continue' }).click({ force: true });
  await expect(page.getByText('Please select at least one ticket')).toBeVisible();

  await page.getByRole('button', { name: 'One more Standard', exact: true }).click();
  await page.getByRole('button', { name: 'One more Standard', exact: true }).click();
  await page.getByLabel('Quantity of Front stage – Early bird').fill('1');
  await page.getByLabel('Quantity of Front stage – Early bird').press('Tab');
  // 2 x £55.80 (£45.00 + £1.50 fee, + 20 % VAT on both) + £60.00
  await expect(page.getByTestId('selection-total')).toHaveText('£171.60');
  await page.getByLabel('Quantity of Lawn pass').fill('25');
  await page.getByLabel('Quantity of Lawn pass').press('Tab');
  await expect(page.getByLabel('Quantity of Lawn pass')).toHaveValue('10');
  // The + button is disabled at the cap, and the page says why (also to screen readers, through the live region).
  await expect(page.getByRole('button', { name: 'One more Lawn pass', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'One more Lawn pass', exact: true })).toHaveAccessibleDescription(
    'Max 10 per order',
  );

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${ids.riverside}/[^/]+/details$`));
});

/** An organizer of their own, signed up through the API, and a way to post as them (the answer's data). */
async function ownOrganizer(request: APIRequestContext, name: string, password: string) {
  const me = await signUpByApi(request, { name, email: uniqueEmail('own'), password, timezone: 'Europe/Berlin' });
  const headers = { authorization: `Bearer ${me.token}` };
  const post = async <T>(path: string, data: unknown) => {
    const res = await request.post(`/api${path}`, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  const goLive = async (eventId: number) =>
    expect((await request.put(`/api/events/${eventId}/status`, { headers, data: { status: 'LIVE' } })).ok()).toBe(true);
  return { token: me.token, post, goLive };
}

test('on a phone, an event with a long description offers "Get tickets" from the first view', async ({
  page,
  request,
}) => {
  // An organizer of their own with a live event whose description fills several screens.
  const { post, goLive } = await ownOrganizer(request, 'Lena Long', 'a-patient-lighthouse-7');
  const organizer = await post<{ id: number }>('/organizers', { name: 'Long Reads', email: 'hello@long.test' });
  const paragraph =
    '<p>The programme runs from the afternoon into the night, with talks, readings, music and food from the neighbourhood kitchens. Bring friends.</p>';
  const year = new Date().getFullYear() + 1;
  const event = await post<{ id: number; slug: string }>('/events', {
    title: 'A Long Evening',
    organizer_id: organizer.id,
    start_date: `${year}-05-02T18:00`,
    timezone: 'Europe/Berlin',
    currency: 'EUR',
    description: paragraph.repeat(12),
  });
  await post(`/events/${event.id}/tickets`, { name: 'Entry', type: 'FREE' });
  await goLive(event.id);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/event/${event.id}/${event.slug}`);
  const heading = page.getByRole('heading', { name: 'Tickets', exact: true });
  const getTickets = page.getByRole('link', { name: 'Get tickets' });
  await expect(getTickets).toBeInViewport();
  await expect(heading).not.toBeInViewport();
  await expectAccessible(page, 'event page on a phone');
  await snapshot(page, 'event-page-phone');
  await getTickets.click();
  await expect(heading).toBeInViewport();
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('get-tickets-bar')).toBeHidden();
  // Wide screens show the tickets beside the description: no bar.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId('get-tickets-bar')).toBeHidden();
});

test('an organizer gives the event texts in German: German visitors read them, others the texts as written', async ({
  browser,
  request,
}) => {
  const me = await ownOrganizer(request, 'Tomas Two-Tongues', 'a-bilingual-harbour-9');
  const { post, goLive } = me;
  const organizer = await post<{ id: number }>('/organizers', { name: 'Harbour Nights', email: 'hello@harbour.test' });
  const event = await post<{ id: number; slug: string }>('/events', {
    title: 'Harbour Night',
    organizer_id: organizer.id,
    start_date: `${new Date().getFullYear() + 1}-06-12T20:00`,
    timezone: 'Europe/Berlin',
    currency: 'EUR',
    description: '<p>Music on the quay.</p>',
  });
  await post(`/events/${event.id}/tickets`, { name: 'Quay pass', type: 'FREE' });
  await post(`/events/${event.id}/questions`, {
    title: 'Meal',
    type: 'DROPDOWN',
    options: ['Fish', 'Vegetarian'],
    required: true,
    applies_to: 'ORDER',
    ticket_ids: [],
  });
  await goLive(event.id);

  // The organizer's Translations screen: German chosen, the texts typed beside the texts as written.
  const admin = await browser.newContext({ locale: 'en-US' });
  await signInWithToken(admin, me.token);
  const page = await admin.newPage();
  await page.goto(`/manage/event/${event.id}/translations`);
  await expect(page.getByRole('heading', { name: 'Translations', level: 1 })).toBeVisible();
  await page.getByText('Deutsch', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Event title' }).fill('Hafennacht');
  await expect(page.getByText('As written: Harbour Night')).toBeVisible();
  await page.getByRole('group', { name: 'Quay pass' }).getByRole('textbox', { name: 'Name' }).fill('Kai-Pass');
  await page.getByRole('group', { name: 'Meal' }).getByRole('textbox', { name: 'Question' }).fill('Essen');
  await page.getByRole('textbox', { name: 'Option 1' }).fill('Fisch');
  await expectAccessible(page, 'translations');
  await snapshot(page, 'event-translations');
  await page.getByRole('button', { name: 'Save texts in Deutsch' }).click();
  await expect(page.getByText('Texts in Deutsch saved.')).toBeVisible();
  await page.reload();
  await page.getByText('Deutsch', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Event title' })).toHaveValue('Hafennacht');
  await admin.close();

  // A German visitor: the page (rendered before any script), the ticket and the checkout question.
  const german = await browser.newContext({ locale: 'de-DE' });
  const buyer = await german.newPage();
  // Read before any script, then used once hydrated.
  const response = await buyer.request.get(`/event/${event.id}/${event.slug}`, {
    headers: { 'accept-language': 'de-DE' },
  });
  expect(await response.text()).toMatch(/<h1[^>]*>Hafennacht<\/h1>/);
  await gotoEventPage(buyer, `/event/${event.id}/${event.slug}`);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Hafennacht' })).toBeVisible();
  await expect(buyer.getByRole('heading', { name: 'Kai-Pass' })).toBeVisible();
  await buyer.getByRole('button', { name: 'Ein Kai-Pass mehr', exact: true }).click();
  await buyer.getByRole('button', { name: 'Weiter' }).click();
  await expect(buyer.getByRole('heading', { name: 'Hafennacht' })).toBeVisible();
  await buyer.getByRole('combobox', { name: 'Essen' }).click();
  await expect(buyer.getByRole('option', { name: 'Fisch' })).toBeVisible();
  await expect(buyer.getByRole('option', { name: 'Vegetarian' })).toBeVisible();
  await german.close();

  // Anyone else reads the texts as written.
  const english = await browser.newContext({ locale: 'en-US' });
  const other = await english.newPage();
  await other.goto(`/event/${event.id}/${event.slug}`);
  await expect(other.getByRole('heading', { level: 1, name: 'Harbour Night' })).toBeVisible();
  await expect(other.getByRole('heading', { name: 'Quay pass' })).toBeVisible();
  await english.close();
});

test('an organizer groups tickets in categories with the keyboard and adds an add-on; buyers see them grouped, one closed until opened, and buy a ticket with an add-on and a product', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const me = await ownOrganizer(request, 'Cora Category', 'a-tidy-cupboard-4');
  const { post, goLive } = me;
  const organizer = await post<{ id: number }>('/organizers', { name: 'Hill Fest', email: 'hello@hill.test' });
  const event = await post<{ id: number; slug: string }>('/events', {
    title: 'Hill Fest',
    organizer_id: organizer.id,
    start_date: `${new Date().getFullYear() + 1}-07-04T14:00`,
    timezone: 'Europe/Berlin',
    currency: 'EUR',
  });
  await post(`/events/${event.id}/tickets`, { name: 'Day pass', type: 'FREE' });
  // Parking admits nobody: a general product.
  await post(`/events/${event.id}/tickets`, { name: 'Parking', type: 'FREE', product_type: 'GENERAL' });
  await goLive(event.id);

  const admin = await browser.newContext({ locale: 'en-US' });
  await signInWithToken(admin, me.token);
  const page = await admin.newPage();
  await page.goto(`/manage/event/${event.id}/tickets`);
  const headings = page.getByTestId('category-heading');
  await expect(headings).toHaveCount(1);
  await expect(headings).toContainText('Tickets');

  // A second category, closed on the event page until opened.
  await page.getByRole('button', { name: 'Add category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add category' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Extras');
  await dialog.getByRole('switch', { name: 'Starts collapsed' }).check();
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(dialog).toBeHidden();
  await expect(headings).toHaveCount(2);
  await expect(headings.nth(1)).toContainText('Extras');
  await expect(headings.nth(1)).toContainText('Starts collapsed');

  // Parking goes below the Extras heading with the keyboard, as a screen-reader user would move it.
  await pickUpWithKeyboard(
    page,
    page.getByRole('button', { name: 'Reorder Parking' }),
    /^(Picked up Parking\.|Parking moved to position 3 of 4, in Tickets\.)$/,
  );
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Parking moved to position 4 of 4, in Extras.', { exact: true })).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Parking dropped at position 4 of 4, in Extras.', { exact: true })).toBeAttached();
  await page.reload();
  await expect(page.getByTestId('ticket-name')).toHaveText(['Day pass', 'Parking']);
  await expect(headings.nth(1)).not.toContainText('Nothing here yet');
  await expectAccessible(page, 'tickets in categories');
  await snapshot(page, 'tickets-categories');
  // The ticket form offers the category too.
  await page.getByRole('button', { name: 'Actions for Day pass' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Edit ticket' }).getByRole('combobox', { name: 'Category' }),
  ).toHaveValue('Tickets');
  await page.getByRole('dialog', { name: 'Edit ticket' }).getByRole('button', { name: 'Cancel' }).click();
  // A dinner add-on in Extras: a product sold only with tickets, one per ticket.
  await page.getByRole('main').getByRole('button', { name: 'Create ticket' }).click();
  const create = page.getByRole('dialog', { name: 'Create ticket' });
  await create.getByRole('textbox', { name: 'Name' }).fill('Dinner');
  await create.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Extras', exact: true }).click();
  await create.getByText('Product', { exact: true }).click();
  await create.getByRole('checkbox', { name: 'Add-on: sold only with tickets' }).check();
  await expect(create.getByRole('textbox', { name: 'At most per ticket' })).toHaveValue('1');
  await create.getByText('Free', { exact: true }).click();
  await expectAccessible(page, 'add-on form');
  await create.getByRole('button', { name: 'Create product' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByTestId('ticket-row').filter({ hasText: 'Dinner' }).getByTestId('product-kind')).toHaveText(
    'Add-on, up to 1 per ticket',
  );
  await expect(page.getByTestId('ticket-row').filter({ hasText: 'Parking' }).getByTestId('product-kind')).toHaveText(
    'Product',
  );
  // Ticket pickers elsewhere list the tickets under their categories too.
  await page.goto(`/manage/event/${event.id}/promo-codes`);
  await page.getByRole('main').getByRole('button', { name: 'Create promo code' }).click();
  await page
    .getByRole('dialog', { name: 'Create promo code' })
    .getByRole('combobox', { name: 'Tickets', exact: true })
    .click();
  const options = page.getByRole('listbox');
  await expect(options.getByText('Extras', { exact: true })).toBeVisible();
  await expect(options.getByRole('option', { name: 'Parking', exact: true })).toBeVisible();
  await admin.close();

  // A buyer: both groups, Extras closed; opening it shows Parking.
  const buyer = await browser.newContext({ locale: 'en-US' });
  const visitor = await buyer.newPage();
  await visitor.goto(`/event/${event.id}/${event.slug}`);
  const region = visitor.getByRole('region', { name: 'Tickets' });
  await expect(region.getByRole('heading', { name: 'Tickets', level: 3 })).toBeVisible();
  await expect(region.getByRole('heading', { name: 'Day pass', level: 4 })).toBeVisible();
  const parking = region.getByRole('heading', { name: 'Parking', level: 4 });
  await expect(parking).toBeHidden();
  await region.getByText('Extras', { exact: true }).click();
  await expect(parking).toBeVisible();
  await expect(region.getByTestId('addon-note')).toHaveText('Only with a ticket: up to 1 per ticket');
  await expectAccessible(visitor, 'event page with categories');
  await snapshot(visitor, 'event-page-categories');

  // A dinner alone cannot be chosen, and the selector says why; with a day pass one can, and no second.
  const moreDinner = region.getByRole('button', { name: 'One more Dinner', exact: true });
  await expect(moreDinner).toBeDisabled();
  await expect(moreDinner).toHaveAccessibleDescription('Choose a ticket first');
  await region.getByRole('button', { name: 'One more Day pass', exact: true }).click();
  await moreDinner.click();
  await expect(moreDinner).toBeDisabled();
  await expect(moreDinner).toHaveAccessibleDescription('No more than the tickets chosen allow');
  await region.getByRole('button', { name: 'One more Parking', exact: true }).click();
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expect(visitor.getByRole('heading', { name: 'Your details' })).toBeVisible();
  // One person to name: the day pass; dinner and parking are lines of the order.
  await expect(visitor.getByTestId('attendee-0')).toBeVisible();
  await expect(visitor.getByTestId('attendee-1')).toHaveCount(0);
  const form = visitor.locator('form');
  await form.getByRole('textbox', { name: 'First name' }).first().fill('Hana');
  await form.getByRole('textbox', { name: 'Last name' }).first().fill('Hill');
  await form.getByRole('textbox', { name: 'E-mail' }).first().fill(uniqueEmail('hana'));
  await visitor.getByRole('button', { name: 'Copy buyer details to all attendees' }).click();
  await visitor.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(visitor.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(visitor.getByTestId('order-line')).toHaveText([/Day pass/, /Parking/, /Dinner/]);
  await expect(visitor.getByTestId('order-ticket')).toHaveCount(1);
  await expectAccessible(visitor, 'order summary with products');
  await buyer.close();
});

test('unknown and unpublished events show the not-found screen', async ({ page }) => {
  await page.goto('/event/999999/nothing');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Error' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go back to the home page' })).toHaveAttribute('href', '/');
  if (ids.hidden) {
    await page.goto(`/event/${ids.hidden}/draft`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
  await page.goto('/event/abc');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the event page in English and German', async ({ page, context }) => {
  await page.goto(`/event/${ids.riverside}/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Riverside Open Air' })).toBeVisible();
  await snapshot(page, 'buyer-event-page-en');
  await context.addCookies([{ name: 'admitone_locale', value: 'de', url: appOrigin() }]);
  // The switcher below is only live once React has hydrated the server's German HTML.
  await gotoEventPage(page, `/event/${ids.riverside}/${SLUG}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('button', { name: 'Weiter' })).toBeVisible();
  await snapshot(page, 'buyer-event-page-de');
  // The language switcher in the footer changes it back.
  await page.getByLabel('Sprache').selectOption('en');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
});

test.describe('the embedded widget', () => {
  let server: Server;
  let host: string;

  test.beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><title>Jazz club</title></head><body><main><h1>Our concerts</h1>
<div data-admitone-widget data-event-id="${ids.riverside}" data-primary="#b91c1c" data-padding="12" data-button-text="Get tickets" data-title="Tickets for Riverside Open Air"></div>
<script src="${appOrigin()}/widget.js" async></script></main></body></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  test('shows the tickets on another site, resizes, and opens the checkout in a new tab', async ({ page, context }) => {
    await page.goto(host);
    const iframe = page.locator('iframe[title="Tickets for Riverside Open Air"]');
    await expect(iframe).toBeVisible();
    const widget = page.frameLocator('iframe[title="Tickets for Riverside Open Air"]');
    await expect(widget.getByRole('heading', { name: 'Lawn pass', exact: true })).toBeVisible();
    await expect(widget.getByRole('button', { name: 'Get tickets' })).toBeVisible();
    // widget.js starts the frame at 400px; the widget's height message replaces that.
    await expect.poll(async () => (await iframe.boundingBox())?.height ?? 0).toBeGreaterThan(600);

    await widget.getByRole('button', { name: 'One more Lawn pass', exact: true }).click();
    // The embedding page's colour (data-primary) on the widget's button.
    await expect(widget.getByRole('button', { name: 'Get tickets' })).toHaveCSS('background-color', 'rgb(185, 28, 28)');
    const popupPromise = context.waitForEvent('page');
    await widget.getByRole('button', { name: 'Get tickets' }).click();
    const checkout = await popupPromise;
    await expect(checkout).toHaveURL(new RegExp(`/checkout/${ids.riverside}/[^/#]+/details$`));
    await expect(checkout.getByRole('heading', { name: 'Your details' })).toBeVisible();
  });

  test('the widget page itself is accessible', async ({ page }) => {
    await page.goto(`/widget/${ids.riverside}?primary=%236d28d9&lang=de`);
    await expect(page.getByRole('button', { name: 'Weiter' })).toBeVisible();
    await expectAccessible(page, 'widget');
  });
});

test('an organizer styles the widget, previews it and copies its code', async ({ organizerPage: page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/manage/event/${ids.riverside}`);
  await page.getByRole('navigation', { name: 'Event sections' }).getByRole('link', { name: 'Widget' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/event/${ids.riverside}/widget$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Widget' })).toBeVisible();

  await page.getByLabel('Button text').fill('Book now');
  const preview = page.frameLocator('iframe[title^="Ticket widget preview"]');
  await expect(preview.getByRole('button', { name: 'Book now' })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Lawn pass', exact: true })).toBeVisible();

  const code = page.getByLabel('Widget HTML');
  await expect(code).toContainText(`data-event-id="${ids.riverside}"`);
  await expect(code).toContainText('data-button-text="Book now"');
  await page.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('data-admitone-widget');
  expect(copied).toContain('/widget.js');
  await expectAccessible(page, 'widget screen');
  await snapshot(page, 'organizer-widget');
});
