import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';

import { signInWithToken } from './fixtures';
import {
  advanceServerClock,
  expectAccessible,
  gotoEventPage,
  mailCount,
  signUpByApi,
  snapshot,
  uniqueEmail,
  waitForMail,
} from './support';

/**
 * The waitlist (issue 23): an organizer (through the API) with a sold-out event of two seats whose ticket
 * takes a waitlist, offers held for one hour.
 */
async function soldOutEvent(request: APIRequestContext) {
  const { token } = await signUpByApi(request, {
    name: 'Wren Host',
    email: uniqueEmail('wren'),
    password: 'correct horse battery staple',
    timezone: 'Europe/Paris',
  });
  const headers = { authorization: `Bearer ${token}` };
  const send = async <T>(method: 'post' | 'put', path: string, data: unknown): Promise<T> => {
    const res = await request[method](`/api${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  const organizer = await send<{ id: number }>('post', '/organizers', {
    name: 'Hollow Hall',
    email: 'hello@hollow.test',
  });
  const event = await send<{ id: number; slug: string }>('post', '/events', {
    title: 'Candlelight Quartet',
    organizer_id: organizer.id,
    start_date: '2031-09-12T20:00',
    end_date: '2031-09-12T22:00',
    timezone: 'Europe/Paris',
    currency: 'EUR',
  });
  const ticket = await send<{ id: number }>('post', `/events/${event.id}/tickets`, {
    name: 'Pew seat',
    type: 'FREE',
    quantity: 2,
    max_per_order: 2,
    waitlist_enabled: true,
  });
  await send('put', `/events/${event.id}/settings`, { waitlist_offer_hours: 1 });
  await send('put', `/events/${event.id}/status`, { status: 'LIVE' });
  const orderIds: number[] = [];
  for (const name of ['Olive', 'Otto']) {
    const reserved = await request.post(`/api/public/events/${event.id}/order`, {
      data: { items: [{ ticket_id: ticket.id, quantity: 1 }], expected_total: 0 },
    });
    expect(reserved.status()).toBe(201);
    const { data, checkout_token, order_secret } = (await reserved.json()) as {
      data: { short_id: string; attendees: Array<{ short_id: string }> };
      checkout_token: string;
      order_secret: string;
    };
    const email = uniqueEmail(name.toLowerCase());
    const done = await request.put(`/api/public/events/${event.id}/order/${data.short_id}/details`, {
      headers: { 'x-checkout-token': checkout_token, 'x-order-secret': order_secret },
      data: {
        first_name: name,
        last_name: 'Early',
        email,
        attendees: data.attendees.map((a) => ({
          short_id: a.short_id,
          first_name: name,
          last_name: 'Early',
          email,
          answers: {},
        })),
        answers: {},
      },
    });
    expect(done.status(), await done.text()).toBe(200);
    const orders = (await (
      await request.get(`/api/events/${event.id}/orders?query=${encodeURIComponent(email)}`, { headers })
    ).json()) as { data: Array<{ id: number }> };
    orderIds.push(orders.data[0]!.id);
  }
  const cancel = async (orderId: number) =>
    expect((await request.post(`/api/events/${event.id}/orders/${orderId}/cancel`, { headers })).ok()).toBe(true);
  return { token, event, ticket, orderIds, cancel };
}

/** The link in the newest offer mail to `to`: the checkout path (with its token and secret) and the entry page. */
async function offerMail(to: string) {
  const mail = await waitForMail(to, 1);
  expect(mail.subject).toBe('Tickets are waiting for you: Candlelight Quartet');
  const checkout = /http:\/\/localhost:\d+(\/checkout\/\d+\/[\w-]+\/details#token=[\w-]+&secret=[\w-]+)/.exec(
    mail.text,
  )![1]!;
  const entry = /http:\/\/localhost:\d+(\/waitlist\/\d+\/[\w-]+)/.exec(mail.text)![1]!;
  return { checkout, entry };
}

async function joinFromEventPage(
  page: Page,
  eventPath: string,
  person: { first: string; last: string; email: string },
  /** Checks the dialog before joining. */
  check?: (dialog: Locator) => Promise<void>,
) {
  await gotoEventPage(page, eventPath);
  await expect(page.getByText('Sold out').first()).toBeVisible();
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join the waitlist for Pew seat' });
  await expect(dialog).toBeVisible();
  await check?.(dialog);
  await dialog.getByRole('textbox', { name: 'First name' }).fill(person.first);
  await dialog.getByRole('textbox', { name: 'Last name' }).fill(person.last);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(person.email);
  await dialog.getByRole('combobox', { name: 'How many tickets?' }).selectOption('1');
  await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(dialog.getByText("You're on the waitlist")).toBeVisible();
  return dialog;
}

test('a sold-out ticket takes a waitlist: an offer taken at checkout, one that runs out and goes to the next in line; the organizer sees and manages it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const { token, event, ticket, orderIds, cancel } = await soldOutEvent(request);
  const ada = { first: 'Ada', last: 'Queue', email: uniqueEmail('ada') };
  const dialog = await joinFromEventPage(page, `/event/${event.id}/${event.slug}`, ada);
  await expectAccessible(page, 'waitlist joined');
  await snapshot(page, 'waitlist-joined');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  const joined = await waitForMail(ada.email);
  expect(joined.text).toContain('You are number 1 in line');

  // Two more join (the public API, as the page does); the entry page shows their place.
  const [ben, cy] = [uniqueEmail('ben'), uniqueEmail('cy')];
  for (const [first, email] of [
    ['Ben', ben],
    ['Cy', cy],
  ] as const) {
    const res = await request.post(`/api/public/events/${event.id}/waitlist`, {
      data: { ticket_id: ticket.id, tier_id: null, first_name: first, last_name: 'Queue', email, quantity: 1 },
    });
    expect(res.status()).toBe(201);
  }
  const cyEntry = /http:\/\/localhost:\d+(\/waitlist\/\d+\/[\w-]+)/.exec((await waitForMail(cy)).text)![1]!;
  await page.goto(cyEntry);
  await expect(page.getByRole('heading', { name: 'You are number 3 in line' })).toBeVisible();
  await expectAccessible(page, 'waitlist entry page');

  // Both seats come back: the worker's sweep holds them for Ada and Ben, the first two in line.
  for (const id of orderIds) await cancel(id);
  const adaOffer = await offerMail(ada.email);
  const benOffer = await offerMail(ben);
  await page.goto(cyEntry);
  await expect(page.getByRole('heading', { name: 'You are number 1 in line' })).toBeVisible();

  // Ada takes hers: the link opens the checkout with the seat held.
  await page.goto(adaOffer.checkout);
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  const form = page.locator('form');
  await form.getByRole('textbox', { name: 'First name' }).first().fill(ada.first);
  await form.getByRole('textbox', { name: 'Last name' }).first().fill(ada.last);
  await form.getByRole('textbox', { name: 'E-mail' }).first().fill(ada.email);
  await page.getByRole('button', { name: 'Copy buyer details to all attendees' }).click();
  await page.getByRole('button', { name: 'Get my tickets' }).click();
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  await page.goto(adaOffer.entry);
  await expect(page.getByRole('heading', { name: 'You bought these tickets with your offer' })).toBeVisible();

  // Ben's offer: held for an hour; he lets it run out and Cy is offered the seat.
  await page.goto(benOffer.entry);
  await expect(page.getByRole('heading', { name: /^Tickets are held for you until/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy my tickets' })).toBeVisible();
  await snapshot(page, 'waitlist-offer');
  const before = mailCount(cy);
  await advanceServerClock(61);
  await waitForMail(cy, before);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'This offer has run out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy my tickets' })).toHaveCount(0);

  // The organizer's waitlist: who bought, whose offer ran out, who holds one now; Cy is removed by hand.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInWithToken(admin, token);
  await admin.goto(`/manage/event/${event.id}/waitlist`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeVisible();
  const people = admin.getByRole('region', { name: 'People on the waitlist' });
  const row = (name: string) => people.getByRole('row').filter({ hasText: name });
  await expect(row('Ada Queue')).toContainText('Bought');
  await expect(row('Ben Queue')).toContainText('Offer expired');
  await expect(row('Cy Queue')).toContainText('Offer sent');
  await expectAccessible(admin, 'organizer waitlist');
  await snapshot(admin, 'waitlist-organizer');
  await row('Cy Queue').getByRole('button', { name: 'Remove Cy Queue from the waitlist' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Remove from the waitlist' });
  await expect(confirm).toContainText('Their offer is withdrawn');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(row('Cy Queue')).toContainText('Removed');
  // The seat held for Cy is back on sale: nobody waits any more.
  await gotoEventPage(page, `/event/${event.id}/${event.slug}`);
  await expect(page.getByRole('button', { name: 'One more Pew seat', exact: true })).toBeVisible();

  // A matinee is added, with no pew seats on sale that day: Dee waits for the matinee, not the evening.
  const headers = { authorization: `Bearer ${token}` };
  const added = await request.post(`/api/events/${event.id}/dates`, {
    headers,
    data: { start_date: '2031-09-13T15:00', end_date: '2031-09-13T17:00', label: 'Matinee' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const matinee = ((await added.json()) as { data: { id: number } }).data.id;
  const none = await request.patch(`/api/events/${event.id}/dates/${matinee}/tickets/${ticket.id}`, {
    headers,
    data: { quantity: 0 },
  });
  expect(none.status(), await none.text()).toBe(200);
  const dee = { first: 'Dee', last: 'Queue', email: uniqueEmail('dee') };
  const deeDialog = await joinFromEventPage(
    page,
    `/event/${event.id}/${event.slug}?date=${matinee}`,
    dee,
    async (d) => {
      await expect(d.getByTestId('waitlist-date')).toContainText('Matinee');
      await snapshot(page, 'waitlist-join-date');
    },
  );
  await deeDialog.getByRole('button', { name: 'Close' }).first().click();
  expect((await waitForMail(dee.email)).text).toMatch(/When: Saturday, September 13, 2031, 3:00.*\(Matinee\)/);
  // The organizer sees each person's date, and the matinee's waitlist alone.
  await admin.reload();
  await expect(row('Dee Queue').getByTestId('waitlist-entry-date')).toContainText('Matinee');
  await people.getByRole('combobox', { name: 'Date' }).click();
  await admin.getByRole('option', { name: /Matinee/ }).click();
  await expect(people.getByRole('row').filter({ hasText: 'Queue' })).toHaveCount(1);
  await expect(row('Dee Queue')).toContainText('Waiting');
  await context.close();
});
