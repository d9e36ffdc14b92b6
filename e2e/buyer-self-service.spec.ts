import { type APIRequestContext, expect, test } from '@playwright/test';

import { fakeCameraUse, writeFakeCamera } from './fake-camera';
import { signInWithToken } from './fixtures';
import { expectAccessible, gotoEventPage, mailCount, signUpByApi, snapshot, uniqueEmail, waitForMail } from './support';

// The transfer flow scans the old and the new code with the fake camera (its other flags are the config's).
test.use(fakeCameraUse);

/**
 * Buyers help themselves (issue 23). An organizer (through the API) with two live events; a buyer who
 * ordered at both through the public API, with the same address.
 */
async function twoEventsWithOrders(request: APIRequestContext, buyerEmail: string) {
  const { token } = await signUpByApi(request, {
    name: 'Hana Host',
    email: uniqueEmail('host'),
    password: 'correct horse battery staple',
    timezone: 'Europe/Paris',
  });
  const headers = { authorization: `Bearer ${token}` };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await request.post(`/api${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  const organizer = await post<{ id: number }>('/organizers', { name: 'Harbour Nights', email: 'hello@harbour.test' });
  const orders: Array<{ eventId: number; slug: string; orderNumber: string }> = [];
  for (const [title, day] of [
    ['Lantern Festival', '2031-05-02'],
    ['Harbour Jazz', '2031-06-06'],
  ] as const) {
    const event = await post<{ id: number; slug: string }>('/events', {
      title,
      organizer_id: organizer.id,
      start_date: `${day}T19:00`,
      end_date: `${day}T23:00`,
      timezone: 'Europe/Paris',
      currency: 'EUR',
    });
    const ticket = await post<{ id: number }>(`/events/${event.id}/tickets`, { name: 'Entry', type: 'FREE' });
    expect((await request.put(`/api/events/${event.id}/status`, { headers, data: { status: 'LIVE' } })).ok()).toBe(
      true,
    );
    const reserved = await request.post(`/api/public/events/${event.id}/order`, {
      data: { items: [{ ticket_id: ticket.id, quantity: 2 }], expected_total: 0 },
    });
    expect(reserved.status()).toBe(201);
    const { data, checkout_token, order_secret } = (await reserved.json()) as {
      data: { short_id: string; attendees: Array<{ short_id: string }> };
      checkout_token: string;
      order_secret: string;
    };
    const done = await request.put(`/api/public/events/${event.id}/order/${data.short_id}/details`, {
      headers: { 'x-checkout-token': checkout_token, 'x-order-secret': order_secret },
      data: {
        first_name: 'Mia',
        last_name: 'Lost',
        email: buyerEmail,
        attendees: data.attendees.map((a, i) => ({
          short_id: a.short_id,
          first_name: i ? 'Noah' : 'Mia',
          last_name: 'Lost',
          email: buyerEmail,
          answers: {},
        })),
        answers: {},
      },
    });
    expect(done.status(), await done.text()).toBe(200);
    orders.push({
      eventId: event.id,
      slug: event.slug,
      orderNumber: ((await done.json()) as { data: { order_number: string } }).data.order_number,
    });
  }
  return orders;
}

test('a buyer who lost the mails finds their orders from the event page, by an e-mailed link, and opens one', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const buyer = uniqueEmail('mia');
  const [festival, jazz] = await twoEventsWithOrders(request, buyer);

  await gotoEventPage(page, `/event/${festival!.eventId}/${festival!.slug}`);
  await page.getByRole('link', { name: 'Find my tickets' }).click();
  await expect(page).toHaveURL(new RegExp(`/find-tickets/${festival!.eventId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Find my tickets' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lantern Festival' })).toBeVisible();

  // A wrong address is marked on the field and nothing is sent.
  await page.getByRole('textbox', { name: 'E-mail' }).fill('mia-at-nowhere');
  await page.getByRole('button', { name: 'Send me the link' }).click();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');

  const before = mailCount(buyer);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(buyer);
  await page.getByRole('radio', { name: 'For all events by Harbour Nights' }).check();
  await expectAccessible(page, 'find my tickets');
  await snapshot(page, 'find-tickets-form');
  await page.getByRole('button', { name: 'Send me the link' }).click();
  await expect(page.getByRole('status').getByText(`If ${buyer} has orders for events by Harbour Nights`)).toBeVisible();

  // The same answer for an address without orders, and no mail to it.
  const stranger = uniqueEmail('nobody');
  await page.getByRole('button', { name: 'Try another address' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(stranger);
  await page.getByRole('radio', { name: 'For this event' }).check();
  await page.getByRole('button', { name: 'Send me the link' }).click();
  await expect(page.getByRole('status').getByText(`If ${stranger} has orders for this event`)).toBeVisible();

  await expect.poll(() => mailCount(buyer), { timeout: 15_000 }).toBeGreaterThan(before);
  const mail = await waitForMail(buyer, before);
  expect(mail.subject).toBe('Your orders with Harbour Nights');
  const link = /https?:\/\/\S+\/find-tickets\/\d+\/[A-Za-z0-9_-]{20,}/.exec(mail.text)![0];
  expect(mailCount(stranger)).toBe(0);

  // The link lists both orders, newest first, and opens each with its secret.
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
  await expect(page.getByText(`Orders of ${buyer} for events by Harbour Nights`)).toBeVisible();
  const items = page.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Harbour Jazz');
  await expect(items.nth(0)).toContainText('2 tickets');
  await expect(items.nth(1)).toContainText('Lantern Festival');
  await expectAccessible(page, 'found orders');
  await snapshot(page, 'find-tickets-orders');
  await page.getByRole('link', { name: `Open order ${jazz!.orderNumber}` }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByTestId('order-ticket')).toHaveCount(2);
  // The order page links back to the search for the others.
  await page.getByRole('link', { name: 'Find my other orders' }).click();
  await expect(page).toHaveURL(new RegExp(`/find-tickets/${jazz!.eventId}$`));

  // A link that is not (or no longer) valid says so, and leads to a new one.
  await page.goto(`/find-tickets/${festival!.eventId}/not-a-real-link-token-at-all`);
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await page.getByRole('link', { name: 'Get a new link' }).click();
  await expect(page.getByRole('button', { name: 'Send me the link' })).toBeVisible();
});

test('a buyer corrects a ticket holder and an answer from the order page and sends a ticket again; the organizer sees what changed', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { token } = await signUpByApi(request, {
    name: 'Olga Organizer',
    email: uniqueEmail('olga'),
    password: 'correct horse battery staple',
    timezone: 'Europe/Paris',
  });
  const headers = { authorization: `Bearer ${token}` };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await request.post(`/api${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  const organizer = await post<{ id: number }>('/organizers', { name: 'Quayside Live', email: 'hello@quayside.test' });
  const event = await post<{ id: number; slug: string }>('/events', {
    title: 'Quayside Sessions',
    organizer_id: organizer.id,
    start_date: '2031-09-12T20:00',
    end_date: '2031-09-12T23:00',
    timezone: 'Europe/Paris',
    currency: 'EUR',
  });
  const ticket = await post<{ id: number }>(`/events/${event.id}/tickets`, { name: 'Standing', type: 'FREE' });
  const size = await post<{ id: number }>(`/events/${event.id}/questions`, {
    title: 'T-shirt size',
    type: 'DROPDOWN',
    options: ['S', 'M', 'L'],
    required: true,
    buyer_editable: true,
  });
  expect((await request.put(`/api/events/${event.id}/status`, { headers, data: { status: 'LIVE' } })).ok()).toBe(true);

  const buyer = uniqueEmail('sam');
  const reserved = await request.post(`/api/public/events/${event.id}/order`, {
    data: { items: [{ ticket_id: ticket.id, quantity: 2 }], expected_total: 0 },
  });
  const r = (await reserved.json()) as {
    data: { short_id: string; attendees: Array<{ short_id: string }> };
    checkout_token: string;
    order_secret: string;
  };
  const done = await request.put(`/api/public/events/${event.id}/order/${r.data.short_id}/details`, {
    headers: { 'x-checkout-token': r.checkout_token, 'x-order-secret': r.order_secret },
    data: {
      first_name: 'Sam',
      last_name: 'Buyer',
      email: buyer,
      attendees: r.data.attendees.map((a, i) => ({
        short_id: a.short_id,
        first_name: i ? 'Robin' : 'Sam',
        last_name: 'Buyer',
        email: buyer,
        answers: { [size.id]: 'M' },
      })),
      answers: {},
    },
  });
  expect(done.status(), await done.text()).toBe(200);

  // The buyer's order page, opened from the confirmation mail's link (with the order's secret).
  await page.goto(`/checkout/${event.id}/${r.data.short_id}/summary#secret=${r.order_secret}`);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(
    page.getByText(/You can correct the names, e-mail addresses and some answers of your tickets until/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Correct the details of Robin Buyer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct the details of Robin Buyer' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Riley');
  const riley = uniqueEmail('riley');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(riley);
  await dialog.getByRole('combobox', { name: 'T-shirt size' }).click();
  await page.getByRole('option', { name: 'L', exact: true }).click();
  await expectAccessible(page, 'correct attendee details');
  await snapshot(page, 'self-service-edit');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('tickets-status')).toHaveText('The details of Robin Buyer are saved.');
  await expect(page.getByTestId('order-ticket').nth(1)).toContainText('Riley Buyer');
  // The new address receives the ticket.
  const mail = await waitForMail(riley);
  expect(mail.subject).toContain('Quayside Sessions');

  // Sending a ticket again, to the address on it.
  const before = mailCount(buyer);
  await page.getByRole('button', { name: 'Send the ticket of Sam Buyer again' }).click();
  await expect(page.getByTestId('tickets-status')).toHaveText(`The ticket of Sam Buyer is on its way to ${buyer}.`);
  await expect.poll(() => mailCount(buyer), { timeout: 15_000 }).toBeGreaterThan(before);

  // The organizer sees who changed what in the order's history.
  const list = await request.get(`/api/events/${event.id}/orders`, { headers });
  const orderId = ((await list.json()) as { data: Array<{ id: number }> }).data[0]!.id;
  const admin = await browser.newContext();
  await signInWithToken(admin, token);
  const organizerPage = await admin.newPage();
  await organizerPage.goto(`/manage/event/${event.id}/orders?order=${orderId}`);
  const drawer = organizerPage.getByRole('dialog', { name: /^Order O-/ });
  await expect(drawer.getByText('Attendee details corrected by the buyer')).toBeVisible();
  await expect(drawer.getByText(/first name: Robin → Riley/)).toBeVisible();
  await expect(drawer.getByText(/T-shirt size: M → L/)).toBeVisible();
  await expect(drawer.getByText("Ticket e-mail sent again at the buyer's request")).toBeVisible();
  await admin.close();
});

test('a buyer passes a ticket on: the new holder gets a new code, and the old QR code is refused at the door', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const { token } = await signUpByApi(request, {
    name: 'Tara Transfer',
    email: uniqueEmail('tara'),
    password: 'correct horse battery staple',
    timezone: 'Europe/Paris',
  });
  const headers = { authorization: `Bearer ${token}` };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await request.post(`/api${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  const organizer = await post<{ id: number }>('/organizers', {
    name: 'Dockside Events',
    email: 'hello@dockside.test',
  });
  const event = await post<{ id: number }>('/events', {
    title: 'Dockside Gala',
    organizer_id: organizer.id,
    start_date: '2031-10-03T19:00',
    end_date: '2031-10-03T23:00',
    timezone: 'Europe/Paris',
    currency: 'EUR',
  });
  const ticket = await post<{ id: number }>(`/events/${event.id}/tickets`, { name: 'Gala seat', type: 'FREE' });
  expect(
    (
      await request.put(`/api/events/${event.id}/settings`, {
        headers,
        data: { ticket_transfers: 'ALLOWED', ticket_transfer_cutoff_hours: 2 },
      })
    ).ok(),
  ).toBe(true);
  expect((await request.put(`/api/events/${event.id}/status`, { headers, data: { status: 'LIVE' } })).ok()).toBe(true);
  const reserved = await request.post(`/api/public/events/${event.id}/order`, {
    data: { items: [{ ticket_id: ticket.id, quantity: 2 }], expected_total: 0 },
  });
  const r = (await reserved.json()) as {
    data: { short_id: string; attendees: Array<{ short_id: string }> };
    checkout_token: string;
    order_secret: string;
  };
  const buyer = uniqueEmail('pat');
  const done = await request.put(`/api/public/events/${event.id}/order/${r.data.short_id}/details`, {
    headers: { 'x-checkout-token': r.checkout_token, 'x-order-secret': r.order_secret },
    data: {
      first_name: 'Pat',
      last_name: 'Buyer',
      email: buyer,
      attendees: r.data.attendees.map((a, i) => ({
        short_id: a.short_id,
        first_name: i ? 'Robin' : 'Pat',
        last_name: 'Buyer',
        email: buyer,
        answers: {},
      })),
      answers: {},
    },
  });
  expect(done.status(), await done.text()).toBe(200);
  const oldCode = r.data.attendees[1]!.short_id;

  // The buyer passes Robin's ticket on to Hedy.
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(`/checkout/${event.id}/${r.data.short_id}/summary#secret=${r.order_secret}`);
  await buyerPage.getByRole('button', { name: 'Pass on the ticket of Robin Buyer' }).click();
  const dialog = buyerPage.getByRole('dialog', { name: 'Pass on the ticket of Robin Buyer' });
  await expect(dialog.getByText(/The current code stops working at once/)).toBeVisible();
  const hedy = uniqueEmail('hedy');
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Hedy');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Lamarr');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(hedy);
  await expectAccessible(buyerPage, 'pass a ticket on');
  await snapshot(buyerPage, 'self-service-transfer');
  await dialog.getByRole('button', { name: 'Pass the ticket on' }).click();
  await expect(dialog).toBeHidden();
  await expect(buyerPage.getByTestId('tickets-status')).toHaveText(
    'The ticket is passed on to Hedy Lamarr, with a new code. The old code no longer works.',
  );
  await expect(buyerPage.getByTestId('order-ticket').nth(1)).toContainText('Hedy Lamarr');
  const mail = await waitForMail(hedy);
  const newCode = /\/ticket\/\d+\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  expect(newCode).not.toBe(oldCode);
  // The old ticket link says the ticket was passed on, not "not found".
  await buyerPage.goto(`/ticket/${event.id}/${oldCode}`);
  await expect(buyerPage.getByRole('heading', { name: 'This ticket was passed on' })).toBeVisible();
  await buyerContext.close();

  // At the door the camera first sees the old code, then nothing, then Hedy's new one.
  await writeFakeCamera([
    { code: oldCode, seconds: 8 },
    { code: null, seconds: 1 },
    { code: newCode, seconds: 25 },
  ]);
  await signInWithToken(page, token);
  await page.goto(`/manage/event/${event.id}/check-in`);
  await page.getByRole('button', { name: 'Scan tickets' }).click();
  const scanner = page.getByRole('dialog', { name: 'Scan tickets' });
  await expect(scanner.getByTestId('scan-outcome')).toHaveAttribute('data-result', 'TRANSFERRED', { timeout: 20_000 });
  await expect(scanner.getByTestId('scan-outcome')).toContainText('Ticket passed on');
  await expectAccessible(page, 'scanner: a code passed on');
  await expect(scanner.getByTestId('scan-outcome')).toHaveAttribute('data-result', 'CHECKED_IN', { timeout: 20_000 });
  await expect(scanner.getByTestId('scan-outcome')).toContainText('Hedy Lamarr');
  // The old code typed into the list's search says it was passed on, not just "no match".
  await page.keyboard.press('Escape');
  await expect(scanner).toBeHidden();
  await page.getByRole('textbox', { name: 'Find an attendee' }).fill(oldCode.toLowerCase());
  await expect(page.getByText('This ticket was passed on')).toBeVisible();
  await expect(
    page.getByText("Its holder passed it on to someone else, who got a new code. Search for the new holder's name."),
  ).toBeVisible();
});
