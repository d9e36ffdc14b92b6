import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';

import {
  expectAccessible,
  gotoEventPage,
  mailCount,
  notificationsGone,
  pickDateTime,
  serverControl,
  signUpLinkPath,
  snapshot,
  uniqueEmail,
  waitForMail,
} from './support';

test.use({ actionTimeout: 15_000 });

/**
 * Signs a new person up with the form and the mailed link (which confirms the address); they land on the first-run
 * page.
 */
async function register(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  await page.goto('/auth/register');
  await page.getByLabel('Your name').fill('Mira Messenger');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.goto(await signUpLinkPath(email));
  await expect(page).toHaveURL(/\/welcome$/);
  return { context, page };
}

/** The API as the logged-in organizer (setup the screens under test do not own). */
function organizerApi(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    async post<T>(path: string, data: unknown): Promise<T> {
      const res = await request.post(`/api${path}`, { headers, data });
      expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
      return ((await res.json()) as { data: T }).data;
    },
    async put(path: string, data: unknown) {
      const res = await request.put(`/api${path}`, { headers, data });
      expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    },
  };
}

/** A buyer gets one free ticket for `guest` (through the public checkout API). */
async function buyFreeTicket(request: APIRequestContext, eventId: number, ticketId: number, guest: string) {
  const reserved = await request.post(`/api/public/events/${eventId}/order`, {
    data: { items: [{ ticket_id: ticketId, quantity: 1 }], expected_total: 0 },
  });
  expect(reserved.status()).toBe(201);
  const { data, checkout_token, order_secret } = (await reserved.json()) as {
    data: { short_id: string; attendees: Array<{ short_id: string }> };
    checkout_token: string;
    order_secret: string;
  };
  const done = await request.put(`/api/public/events/${eventId}/order/${data.short_id}/details`, {
    headers: { 'x-checkout-token': checkout_token, 'x-order-secret': order_secret },
    data: {
      first_name: 'Bea',
      last_name: 'Buyer',
      email: uniqueEmail('bea'),
      attendees: data.attendees.map((a) => ({
        short_id: a.short_id,
        first_name: 'Gus',
        last_name: 'Guest',
        email: guest,
        answers: {},
      })),
      answers: {},
    },
  });
  expect(done.status(), await done.text()).toBe(200);
}

test('message with a test send arriving in the test mailbox, then to the attendees, with history and delete', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('messenger');
  const guest = uniqueEmail('guest');
  const { context, page } = await register(browser, email, 'messages-password-1');
  const token = (await page.evaluate(() => localStorage.getItem('admitone.token')))!;
  const api = organizerApi(page.request, token);
  const organizer = await api.post<{ id: number }>('/organizers', {
    name: 'Harbour Sounds',
    email: 'hello@harbour.test',
  });
  const event = await api.post<{ id: number; slug: string }>('/events', {
    title: 'Harbour Nights',
    organizer_id: organizer.id,
    start_date: '2030-06-01T19:00',
    end_date: '2030-06-01T23:00',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
  });
  const ticket = await api.post<{ id: number }>(`/events/${event.id}/tickets`, { name: 'Harbour pass', type: 'FREE' });

  // No messages yet (the address was confirmed by the sign-up link, so sending is open).
  await page.goto(`/manage/event/${event.id}/messages`);
  await expect(page.getByText('No messages yet')).toBeVisible();
  await expectAccessible(page, 'messages empty');
  await snapshot(page, 'en-messages-empty');

  await api.put(`/events/${event.id}/status`, { status: 'LIVE' });
  await buyFreeTicket(page.request, event.id, ticket.id, guest);
  // The attendee's ticket mail (the buyer's confirmation goes to the buyer).
  await expect.poll(() => mailCount(guest)).toBe(1);
  const guestMails = mailCount(guest);
  const ownMails = mailCount(email);

  // A test goes only to the sender.
  await page.goto(`/manage/event/${event.id}/messages`);
  await page.getByRole('button', { name: 'New message' }).click();
  let dialog = page.getByRole('dialog', { name: 'New message' });
  await expect(dialog.getByText('This will be sent to 1 person.')).toBeVisible();
  await dialog.getByLabel('Subject').fill('Doors open at seven');
  await dialog.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('Bring a warm jacket: it gets windy by the water.');
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(dialog.getByText('Confirm that this message is not promotional.')).toBeVisible();
  await dialog.getByLabel('Send as a test (only to me)').check();
  await expect(dialog.getByText(`A test goes only to you (${email}).`)).toBeVisible();
  await dialog.getByLabel('This message is not promotional').check();
  await expectAccessible(page, 'composer');
  await snapshot(page, 'en-messages-composer');
  await dialog.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText('Test of “Doors open at seven” sent to you.')).toBeVisible();
  const testMail = await waitForMail(email, ownMails);
  expect(testMail.subject).toBe('[Test] Doors open at seven');
  expect(testMail.text).toContain('This is a test: only you received this message.');
  expect(testMail.text).toContain('A message from Harbour Sounds about Harbour Nights:');
  expect(testMail.text).toContain('Bring a warm jacket: it gets windy by the water.');
  expect(mailCount(guest)).toBe(guestMails);

  // The real message, to a chosen attendee (found by name); one order's buyer can be picked the same way.
  await notificationsGone(page);
  await page.getByRole('button', { name: 'New message' }).click();
  dialog = page.getByRole('dialog', { name: 'New message' });
  await dialog.getByRole('combobox', { name: 'Recipients' }).click();
  await page.getByRole('option', { name: 'The buyer of one order' }).click();
  await expect(dialog.getByText('Choose who receives the message.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Order' }).fill('Bea');
  await page.getByRole('option', { name: /Bea Buyer/ }).click();
  await expect(dialog.getByText('This will be sent to 1 person.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Recipients' }).click();
  await page.getByRole('option', { name: 'Chosen attendees' }).click();
  await dialog.getByRole('combobox', { name: 'Attendees' }).fill('Gus');
  await page.getByRole('option', { name: /Gus Guest/ }).click();
  await expect(dialog.getByText('This will be sent to 1 person.')).toBeVisible();
  await dialog.getByLabel('Subject').fill('Doors open at seven');
  await dialog.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('See you by the harbour.');
  await dialog.getByLabel('This message is not promotional').check();
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('“Doors open at seven” is on its way to 1 recipient.')).toBeVisible();
  const sent = await waitForMail(guest, guestMails);
  expect(sent.subject).toBe('Doors open at seven');
  expect(sent.text).toContain('See you by the harbour.');

  // The history: newest first, delivery counts, the test marked.
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toContainText('1 chosen attendee');
  await expect(rows.nth(1).getByText('1 sent')).toBeVisible({ timeout: 15_000 });
  await expect(rows.nth(2).getByText('Test', { exact: true })).toBeVisible();
  await notificationsGone(page);
  await expectAccessible(page, 'messages history');
  await snapshot(page, 'en-messages-history');

  // The detail of the test: body, its one recipient and status; then it is deleted.
  await rows.nth(2).getByRole('button', { name: 'Doors open at seven' }).click();
  const detail = page.getByRole('dialog', { name: 'Message' });
  await expect(detail.getByText('Bring a warm jacket: it gets windy by the water.')).toBeVisible();
  await expect(detail.getByRole('cell', { name: email })).toBeVisible();
  await expect(detail.getByRole('cell', { name: 'Sent' })).toBeVisible();
  await expectAccessible(page, 'message detail');
  await snapshot(page, 'en-messages-detail');
  await detail.getByRole('button', { name: 'Delete message' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete message' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Message deleted.')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);

  // A message scheduled for a wall-clock time in the event's zone: listed as scheduled, then it goes at its time.
  await notificationsGone(page);
  await page.getByRole('button', { name: 'New message' }).click();
  dialog = page.getByRole('dialog', { name: 'New message' });
  await dialog.getByLabel('Subject').fill('Ferry times');
  await dialog.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('The last ferry leaves at midnight.');
  await dialog.getByText('Schedule', { exact: true }).click();
  await pickDateTime(page, dialog, 'Send at', 12, '09:00');
  await dialog.getByLabel('This message is not promotional').check();
  await dialog.getByRole('button', { name: 'Schedule message' }).click();
  const ferryRow = page.getByRole('row').filter({ hasText: 'Ferry times' });
  await expect(ferryRow.getByText(/Scheduled for/)).toBeVisible();
  await expectAccessible(page, 'scheduled message');
  await snapshot(page, 'en-messages-scheduled');
  const listed = await page.request.get(`/api/events/${event.id}/messages`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const ferry = ((await listed.json()) as { data: Array<{ id: number; subject: string }> }).data.find(
    (m) => m.subject === 'Ferry times',
  )!;
  const before = mailCount(guest);
  // Its time comes (the test server's control moves it): the scheduler sends it on its next run.
  await serverControl('/messages/due', { id: ferry.id });
  const ferryMail = await waitForMail(guest, before, /last ferry/);
  expect(ferryMail.subject).toBe('Ferry times');
  // (The screen refreshes by itself once the time it shows has come: here it came early.)
  await page.reload();
  await expect(ferryRow.getByText('1 sent')).toBeVisible({ timeout: 15_000 });

  // Automatic mail: the reminders are on by default; the organizer adds words to one and turns on the
  // abandoned-checkout mail.
  await page.goto(`/manage/event/${event.id}/automations`);
  const reminder = page.getByRole('region', { name: 'Reminder 2 hours before' });
  await expect(reminder.getByText('On', { exact: true })).toBeVisible();
  await reminder.getByLabel('Your text').fill('The doors open an hour early.');
  await reminder.getByRole('button', { name: 'Save reminder' }).click();
  await expect(reminder.getByText('Unsaved changes')).toBeHidden();
  const abandoned = page.getByRole('region', { name: 'Abandoned checkouts' });
  await abandoned.getByRole('switch', { name: 'Send the abandoned-checkout mail' }).check();
  await abandoned.getByRole('button', { name: 'Save abandoned-checkout mail' }).click();
  await expect(abandoned.getByText('On', { exact: true })).toBeVisible();
  await notificationsGone(page);
  await expectAccessible(page, 'automatic mail');
  await snapshot(page, 'en-automations');

  // A buyer who agreed to it leaves the checkout at the payment step; an hour later one mail brings them back to the
  // same choices (nothing was held meanwhile) and their details.
  await api.put(`/events/${event.id}/settings`, { offline_payments_enabled: true });
  await api.post(`/events/${event.id}/tickets`, { name: 'Deck seat', type: 'PAID', price: 1500 });
  const buyerContext = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin' });
  const buyer = await buyerContext.newPage();
  const leaver = uniqueEmail('leaver');
  const eventPath = `/event/${event.id}/${event.slug}`;
  await gotoEventPage(buyer, eventPath);
  await buyer.getByRole('button', { name: 'One more Deck seat', exact: true }).click();
  await buyer.getByRole('button', { name: 'Continue' }).click();
  await expect(buyer.getByRole('heading', { name: 'Your details' })).toBeVisible();
  const shortId = new URL(buyer.url()).pathname.split('/')[3]!;
  const form = buyer.locator('form');
  await form.getByRole('textbox', { name: 'First name' }).first().fill('Lea');
  await form.getByRole('textbox', { name: 'Last name' }).first().fill('Leaver');
  await form.getByRole('textbox', { name: 'E-mail' }).first().fill(leaver);
  await buyer.getByRole('button', { name: 'Copy buyer details to all attendees' }).click();
  const consent = buyer.getByRole('checkbox', { name: /Send me one reminder with a link back/ });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await expectAccessible(buyer, 'details with consent');
  await buyer.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(buyer.getByRole('heading', { name: 'Pay offline' })).toBeVisible();
  await buyerContext.close();
  // An hour and more passes (the order is made older on the test server): the scheduler writes the mail.
  await serverControl('/orders/age', { short_id: shortId, minutes: 90 });
  const recovery = await waitForMail(leaver, 0, /did not finish your order/);
  expect(recovery.subject).toBe('Your tickets for Harbour Nights are waiting');
  const link = /(http:\/\/\S+recover=\S+)/.exec(recovery.text)![1]!;
  const back = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin' });
  const again = await back.newPage();
  const url = new URL(link);
  await gotoEventPage(again, `${url.pathname}${url.search}`);
  await expect(again.getByText(/Welcome back! Your earlier choices are selected again/)).toBeVisible();
  await expect(again.getByLabel('Quantity of Deck seat')).toHaveValue('1');
  await again.getByRole('button', { name: 'Continue' }).click();
  await expect(again.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await expect(again.locator('form').getByRole('textbox', { name: 'E-mail' }).first()).toHaveValue(leaver);
  await back.close();
  await context.close();
});
