import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible, gotoEventPage, mailCount, signUpByApi, snapshot, uniqueEmail, waitForMail } from './support';

test.use({ actionTimeout: 15_000 });

/**
 * Buyers help themselves (issue 23). An organizer (through the API) with two live events; a buyer who
 * ordered at both through the public API, with the same address.
 */
async function twoEventsWithOrders(request: APIRequestContext, buyerEmail: string) {
  const { token } = await signUpByApi(request, { name: 'Hana Host', email: uniqueEmail('host'), password: 'correct horse battery staple', timezone: 'Europe/Paris' });
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
    const event = await post<{ id: number; slug: string }>('/events', { title, organizer_id: organizer.id, start_date: `${day}T19:00`, end_date: `${day}T23:00`, timezone: 'Europe/Paris', currency: 'EUR' });
    const ticket = await post<{ id: number }>(`/events/${event.id}/tickets`, { name: 'Entry', type: 'FREE' });
    expect((await request.put(`/api/events/${event.id}/status`, { headers, data: { status: 'LIVE' } })).ok()).toBe(true);
    const reserved = await request.post(`/api/public/events/${event.id}/order`, { data: { items: [{ ticket_id: ticket.id, quantity: 2 }], expected_total: 0 } });
    expect(reserved.status()).toBe(201);
    const { data, checkout_token, order_secret } = (await reserved.json()) as { data: { short_id: string; attendees: Array<{ short_id: string }> }; checkout_token: string; order_secret: string };
    const done = await request.put(`/api/public/events/${event.id}/order/${data.short_id}/details`, {
      headers: { 'x-checkout-token': checkout_token, 'x-order-secret': order_secret },
      data: {
        first_name: 'Mia',
        last_name: 'Lost',
        email: buyerEmail,
        attendees: data.attendees.map((a, i) => ({ short_id: a.short_id, first_name: i ? 'Noah' : 'Mia', last_name: 'Lost', email: buyerEmail, answers: {} })),
        answers: {},
      },
    });
    expect(done.status(), await done.text()).toBe(200);
    orders.push({ eventId: event.id, slug: event.slug, orderNumber: ((await done.json()) as { data: { order_number: string } }).data.order_number });
  }
  return orders;
}

test('a buyer who lost the mails finds their orders from the event page, by an e-mailed link, and opens one', async ({ page, request }) => {
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
