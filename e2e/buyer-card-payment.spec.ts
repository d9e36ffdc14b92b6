// Card payment. The default e2e server has no Stripe keys: the card option must stay hidden (and
// Stripe.js never load) while offline payment works, and the payment return page must follow the
// server's answer — Stripe's redirect parameters are only hints. The second e2e server (PORT+2) has
// card payments on against the local Stripe-compatible server; there the Payment Element is replaced
// at the network boundary only (e2e/fake-stripe.ts) and the buyer pays, is declined and retries, or
// waits on a payment still processing.
import { expect, type Page, test } from '@playwright/test';

import { installFakeStripe } from './fake-stripe';
import { apiLogin, riversideId, signInWithToken } from './fixtures';
import {
  expectAccessible,
  gotoEventPage,
  readMailOf,
  signUpByApi,
  snapshot,
  uniqueEmail,
  waitForMail,
} from './support';

test.use({ actionTimeout: 15_000 });

const SLUG = 'riverside-open-air';

/** A Standard ticket reserved and the details given: the buyer lands on the payment page. */
async function toPayment(page: Page, eventId: number) {
  await gotoEventPage(page, `/event/${eventId}/${SLUG}`);
  await page.getByRole('button', { name: 'One more Standard', exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  const form = page.locator('form');
  await form.getByRole('textbox', { name: 'First name' }).first().fill('Ada');
  await form.getByRole('textbox', { name: 'Last name' }).first().fill('Lovelace');
  await form.getByRole('textbox', { name: 'E-mail' }).first().fill(uniqueEmail('ada'));
  await page.getByRole('button', { name: 'Copy buyer details to all attendees' }).click();
  const attendee = page.getByTestId('attendee-0');
  await attendee.getByRole('combobox', { name: 'T-shirt size' }).click();
  await page.getByRole('option', { name: 'M', exact: true }).click();
  await page.getByRole('radio', { name: 'Friends' }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${eventId}/[^/]+/payment$`));
  await expect(page.getByTestId('payment-total')).toBeVisible();
  return page.url().replace(/\/payment$/, '');
}

let eventId = 0;
test.beforeAll(async ({ request }) => {
  eventId = await riversideId(request);
});

test('without Stripe configured there is no card option, Stripe.js never loads, and offline payment works', async ({
  page,
}) => {
  const stripeRequests: string[] = [];
  await page.route('https://js.stripe.com/**', (route) => {
    stripeRequests.push(route.request().url());
    return route.abort();
  });
  await toPayment(page, eventId);
  await expect(page.getByRole('heading', { name: 'Pay offline' })).toBeVisible();
  await expect(page.getByRole('radiogroup')).toHaveCount(0);
  await expect(page.getByTestId('card-payment')).toHaveCount(0);
  await expectAccessible(page, 'payment without card');

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/summary$/);
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  // The server decides, not Stripe's redirect parameters: a placed order goes to its summary.
  await page.goto(`${page.url().replace(/\/summary$/, '/payment_return')}?redirect_status=failed&payment_intent=pi_x`);
  await expect(page).toHaveURL(/\/summary$/);
  await expect(page.getByRole('heading', { name: 'Your order is placed' })).toBeVisible();
  expect(stripeRequests).toEqual([]);
});

test('the payment return page follows the server: unpaid, failed and still processing', async ({ page }) => {
  const base = await toPayment(page, eventId);

  // Back without paying (no Stripe parameters): the payment step again.
  await page.goto(`${base}/payment_return`);
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('payment-total')).toBeVisible();

  // Stripe says the payment failed and the server has no payment: the failure screen with a retry.
  await page.goto(`${base}/payment_return?payment_intent=pi_x&redirect_status=failed`);
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(page.getByText('We could not process your payment. Please try again or contact support.')).toBeVisible();
  await expectAccessible(page, 'payment return failed');
  await snapshot(page, 'card-payment-return-failed');
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('payment-total')).toBeVisible();

  // Stripe says it succeeded but the server has not seen the payment yet: "being processed", re-checked
  // every few seconds for about a minute, then the promise of an e-mail.
  await page.clock.install();
  let syncs = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/card-payment/sync')) syncs++;
  });
  await page.goto(`${base}/payment_return?payment_intent=pi_x&redirect_status=succeeded`);
  await expect(page.getByRole('heading', { name: 'Your payment is being processed' })).toBeVisible();
  await expect(page.getByTestId('processing-waiting')).toBeVisible();
  await expectAccessible(page, 'payment return processing');
  await snapshot(page, 'card-payment-return-processing');
  for (let i = 0; i < 16 && (await page.getByTestId('processing-gave-up').count()) === 0; i++) {
    const before = syncs;
    await page.clock.runFor(4_100);
    await expect.poll(() => syncs).toBeGreaterThan(before);
  }
  await expect(page.getByTestId('processing-gave-up')).toBeVisible();
  await expect(page.getByTestId('processing-waiting')).toHaveCount(0);
  expect(syncs).toBeGreaterThanOrEqual(15);
  await expectAccessible(page, 'payment return processing, gave up');
  await snapshot(page, 'card-payment-return-processing-gave-up');
});

test.describe('with card payments configured', () => {
  const STRIPE_PORT = Number(process.env.E2E_PORT ?? 3100) + 2;
  // Mollie's pages (on the local Mollie-compatible server) use the tests' own certificate.
  test.use({ baseURL: `http://localhost:${STRIPE_PORT}`, ignoreHTTPSErrors: true });
  let stripeEventId = 0;
  test.beforeAll(async ({ request }) => {
    stripeEventId = await riversideId(request);
  });
  test.beforeEach(async ({ page }) => {
    await installFakeStripe(page, STRIPE_PORT + 1);
    readMailOf('stripe');
  });
  test.afterEach(() => readMailOf(null));

  async function cardForm(page: Page) {
    await toPayment(page, stripeEventId);
    await expect(page.getByRole('radiogroup', { name: 'Payment method' })).toBeVisible();
    await page.getByText('Pay by card', { exact: true }).first().click();
    await expect(page.getByTestId('fake-payment-element')).toBeVisible();
    const pay = page.getByRole('button', { name: /^Pay £/ });
    await expect(pay).toBeEnabled();
    return pay;
  }
  async function typeCard(page: Page, number: string) {
    await page.getByRole('textbox', { name: 'Card number' }).fill(number);
    await page.getByRole('textbox', { name: 'Expiry' }).fill('12/34');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
  }

  test('a buyer pays by card and gets the tickets', async ({ page }) => {
    const pay = await cardForm(page);
    await expect(pay).toHaveText('Pay £55.80');
    await expectAccessible(page, 'card payment form');
    await snapshot(page, 'card-payment-form');
    await typeCard(page, '4242 4242 4242 4242');
    await pay.click();
    await expect(page).toHaveURL(/\/summary$/);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your tickets' })).toBeVisible();
    await snapshot(page, 'card-payment-paid-summary');
  });

  test('a buyer pays by card, then cancels the order where the event allows it: the payment goes back to the card', async ({
    page,
    request,
  }) => {
    const { headers } = await apiLogin(request);
    const settings = await request.put(`/api/events/${stripeEventId}/settings`, {
      headers,
      data: { buyer_cancellation: 'WITH_REFUND', buyer_cancellation_cutoff_hours: 24 },
    });
    expect(settings.ok(), await settings.text()).toBe(true);
    const pay = await cardForm(page);
    await typeCard(page, '4242 4242 4242 4242');
    await pay.click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cancel this order' })).toBeVisible();
    await expect(page.getByText('The payment of £55.80 goes back to your card.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel order O-/ });
    await expect(
      dialog.getByText(
        /Your ticket stops working and goes back on sale\. The payment of £55\.80 goes back to your card/,
      ),
    ).toBeVisible();
    await expectAccessible(page, 'cancel order');
    await snapshot(page, 'self-service-cancel');
    await dialog.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cancel this order' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Your tickets' })).toHaveCount(0);
  });

  test('a declined card shows the reason; another card then pays the same order', async ({ page }) => {
    const pay = await cardForm(page);
    const paymentUrl = page.url();
    await typeCard(page, '4000 0000 0000 0002');
    await pay.click();
    await expect(page.getByTestId('card-payment-error')).toHaveText('Your card was declined.');
    await expect(page).toHaveURL(paymentUrl);
    await expectAccessible(page, 'card declined');
    await typeCard(page, '4242 4242 4242 4242');
    await pay.click();
    await expect(page).toHaveURL(/\/summary$/);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  });

  test('a buyer pays the difference to move to a dearer date; the organizer cancels that date: both payments are refunded and the buyer told', async ({
    page,
    browser,
    request,
  }) => {
    // An account and event of their own (the seeded event stays on one date for the other flows): a concert on two
    // nights, by an organizer whose address is confirmed (an event goes live only then).
    const { token } = await signUpByApi(request, {
      name: 'Bix Brass',
      email: uniqueEmail('brass-organizer'),
      password: 'brass-pass-2031',
      timezone: 'Europe/London',
    });
    const headers = { authorization: `Bearer ${token}` };
    const post = async (path: string, data: unknown) => {
      const res = await request.post(`/api${path}`, { headers, data });
      expect(res.ok(), await res.text()).toBe(true);
      return ((await res.json()) as { data: { id: number; slug: string } }).data;
    };
    const organizer = await post('/organizers', { name: 'Brass Collective', email: 'hello@brass.test' });
    const event = await post('/events', {
      title: 'Two Nights of Brass',
      organizer_id: organizer.id,
      start_date: '2031-07-12T19:00',
      timezone: 'Europe/London',
      currency: 'GBP',
    });
    const stalls = await post(`/events/${event.id}/tickets`, {
      name: 'Stalls',
      type: 'PAID',
      price: 3000,
      quantity: 20,
    });
    const encore = await post(`/events/${event.id}/dates`, { start_date: '2031-07-19T19:00', label: 'Encore night' });
    // The encore costs £35.00; buyers may change the date, paying or getting back the difference.
    const dearer = await request.post(`/api/events/${event.id}/dates/bulk`, {
      headers,
      data: { ids: [encore.id], ticket_price: { ticket_id: stalls.id, price: 3500 } },
    });
    expect(dearer.ok(), await dearer.text()).toBe(true);
    const exchanges = await request.put(`/api/events/${event.id}/settings`, {
      headers,
      data: { date_exchanges: 'PAY_DIFFERENCE' },
    });
    expect(exchanges.ok(), await exchanges.text()).toBe(true);
    const live = await request.put(`/api/events/${event.id}/status`, { headers, data: { status: 'LIVE' } });
    expect(live.ok(), await live.text()).toBe(true);

    // A buyer pays for the first night by card.
    const email = uniqueEmail('brass');
    await gotoEventPage(page, `/event/${event.id}/${event.slug}`);
    await page.getByTestId('date-choice').first().click();
    await page.getByRole('button', { name: 'One more Stalls', exact: true }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const form = page.locator('form');
    await form.getByRole('textbox', { name: 'First name' }).first().fill('Louis');
    await form.getByRole('textbox', { name: 'Last name' }).first().fill('Armstrong');
    await form.getByRole('textbox', { name: 'E-mail' }).first().fill(email);
    await page.getByRole('button', { name: 'Copy buyer details to all attendees' }).click();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText('Pay by card', { exact: true }).first().click();
    await typeCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay £30.00' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();

    // He moves to the encore: £5.00 more, paid with the card form in the Change-date dialog; then the ticket moves.
    await page.getByRole('button', { name: 'Change date', exact: true }).click();
    const change = page.getByRole('dialog', { name: /^Change the date of order/ });
    await expect(change.getByText('£5.00 more, paid by card before your tickets move')).toBeVisible();
    await change.getByRole('radio', { name: /Encore night/ }).check();
    await change.getByRole('button', { name: 'Move my tickets' }).click();
    const difference = page.getByRole('dialog', { name: 'Pay the difference' });
    await expect(difference.getByText(/costs £5\.00 more\. Pay the difference by card/)).toBeVisible();
    await expect(difference.getByTestId('fake-payment-element')).toBeVisible();
    await expectAccessible(page, 'pay the difference of a date change');
    await snapshot(page, 'self-service-exchange-pay-difference');
    await typeCard(page, '4242 4242 4242 4242');
    await difference.getByRole('button', { name: 'Pay £5.00' }).click();
    await expect(difference.getByText(/^Paid\. Your tickets are now for .*Encore night/)).toBeVisible();
    await difference.getByRole('button', { name: 'Close' }).last().click();

    // The organizer cancels the encore from the Dates screen: the dialog counts the order and its refund.
    const team = await browser.newContext();
    const desk = await team.newPage();
    await signInWithToken(desk, token);
    await desk.goto(`/manage/event/${event.id}/dates?date=${encore.id}`);
    await desk.getByRole('dialog').getByRole('button', { name: 'Cancel this date' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Cancel this date' });
    await expect(dialog.getByText(/1 order/)).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'Refund paid orders' })).toBeChecked();
    await dialog.getByRole('textbox', { name: 'Message to the buyers' }).fill('The band is stuck abroad.');
    await expectAccessible(desk, 'cancel a date with refunds');
    await dialog.getByRole('button', { name: 'Cancel date and its orders' }).click();
    await expect(dialog).toBeHidden();
    await team.close();

    // The buyer's order is refunded and cancelled (both payments: £35.00 in all); the mail says why, with the
    // organizer's words.
    const refunded = await waitForMail(email, 0, /The band is stuck abroad\./);
    expect(refunded.subject).toMatch(/refund/i);
    expect(refunded.text).toContain('£35.00');
    await page.reload();
    await expect(page.getByText('Refunded', { exact: true })).toBeVisible();
  });

  test('an organizer connects Mollie; a buyer pays with iDEAL on Mollie’s page; the order names the method; Mollie is disconnected', async ({
    page,
    request,
  }) => {
    // Mollie's pages (the local Mollie-compatible server) are served over HTTPS with the tests' own certificate.
    test.setTimeout(90_000);
    const { token } = await signUpByApi(request, {
      name: 'Ines Ideal',
      email: uniqueEmail('mollie-organizer'),
      password: 'mollie-pass-2031',
      timezone: 'Europe/Amsterdam',
    });
    const headers = { authorization: `Bearer ${token}` };
    const post = async (path: string, data: unknown) => {
      const res = await request.post(`/api${path}`, { headers, data });
      expect(res.ok(), await res.text()).toBe(true);
      return ((await res.json()) as { data: { id: number; slug: string } }).data;
    };
    const organizer = await post('/organizers', { name: 'Theater Zuid', email: 'kassa@zuid.test' });
    const event = await post('/events', {
      title: 'Zomeravond',
      organizer_id: organizer.id,
      start_date: '2031-07-04T20:00',
      timezone: 'Europe/Amsterdam',
      currency: 'EUR',
    });
    await post(`/events/${event.id}/tickets`, { name: 'Standard', type: 'PAID', price: 2450, quantity: 40 });

    // The admin connects the account's Mollie organization: Mollie's authorization page, then back.
    await signInWithToken(page, token);
    await page.goto('/account/payment');
    const mollie = page.getByRole('region', { name: 'Payments with Mollie' });
    await expect(mollie.getByTestId('mollie-status')).toHaveText('Not connected');
    await mollie.getByRole('button', { name: 'Connect Mollie' }).click();
    await expect(page.getByRole('heading', { name: 'Allow access to your organization' })).toBeVisible();
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(/\/account\/payment$/);
    await expect(mollie.getByTestId('mollie-status')).toHaveText('Connected');
    await expect(mollie.getByTestId('mollie-organization')).toHaveText('Theater Zuid B.V.');
    await expectAccessible(page, 'mollie connected');
    await snapshot(page, 'en-account-payment-mollie-connected');
    const live = await request.put(`/api/events/${event.id}/status`, { headers, data: { status: 'LIVE' } });
    expect(live.ok(), await live.text()).toBe(true);

    // A buyer chooses iDEAL, pays on Mollie's page and comes back to the order's summary; another pays by card there.
    const buyAt = async (first: string, method: string) => {
      await gotoEventPage(page, `/event/${event.id}/${event.slug}`);
      await page.getByRole('button', { name: 'One more Standard', exact: true }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      const form = page.locator('form');
      await form.getByRole('textbox', { name: 'First name' }).first().fill(first);
      await form.getByRole('textbox', { name: 'Last name' }).first().fill('de Vries');
      await form.getByRole('textbox', { name: 'E-mail' }).first().fill(uniqueEmail(first.toLowerCase()));
      await page.getByRole('button', { name: 'Copy buyer details to all attendees' }).click();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.getByText('Other ways to pay online', { exact: true }).click();
      await page.getByRole('radio', { name: method, exact: true }).check();
    };
    await buyAt('Daan', 'iDEAL');
    await expectAccessible(page, 'mollie methods');
    await snapshot(page, 'mollie-payment-methods');
    await page.getByRole('button', { name: 'Pay with iDEAL' }).click();
    await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
    await expect(page.getByText(/EUR 24\.50/)).toBeVisible();
    await page.getByRole('button', { name: 'Paid' }).click();
    await expect(page).toHaveURL(/\/summary$/);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your tickets' })).toBeVisible();
    await buyAt('Sanne', 'Card');
    await page.getByRole('button', { name: 'Pay with Card' }).click();
    await page.getByRole('button', { name: 'Paid' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();

    // The organizer sees how it was paid, then disconnects Mollie (after saying yes).
    await page.goto(`/manage/event/${event.id}/orders`);
    await expect(page.getByTestId('order-row')).toHaveCount(2);
    await page.getByTestId('order-row').filter({ hasText: 'Daan' }).click();
    const drawer = page.getByRole('dialog', { name: /^Order O-/ });
    await expect(drawer.getByText(/Mollie · ideal/)).toBeVisible();
    await page.goto('/account/payment');
    await mollie.getByRole('button', { name: 'Disconnect Mollie' }).click();
    await page
      .getByRole('dialog', { name: 'Disconnect Mollie?' })
      .getByRole('button', { name: 'Disconnect Mollie' })
      .click();
    await expect(mollie.getByTestId('mollie-status')).toHaveText('Not connected');
  });

  test('a payment the bank has not answered yet is shown as processing', async ({ page }) => {
    const pay = await cardForm(page);
    await typeCard(page, '4000 0000 0000 3220');
    await pay.click();
    await expect(page).toHaveURL(/\/payment_return\?/);
    await expect(page.getByRole('heading', { name: 'Your payment is being processed' })).toBeVisible();
    await expectAccessible(page, 'card payment processing');
  });
});
