// Card payment as far as it runs here: e2e/serve.ts starts the app without Stripe keys, so the card
// option must stay hidden (and Stripe.js never load) while offline payment works, and the payment
// return page must follow the server's answer — Stripe's redirect parameters are only hints.
// The Stripe Payment Element itself is not driven here (no Stripe-configured server in e2e).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, snapshot, uniqueEmail } from './support';

test.use({ actionTimeout: 15_000 });

const DEMO = { email: 'demo@admitone.test', password: 'admitone-demo' };
const SLUG = 'riverside-open-air';

async function riversideId(request: APIRequestContext): Promise<number> {
  const login = await request.post('/api/auth/login', { data: DEMO });
  const { token } = (await login.json()) as { token: string };
  const res = await request.get('/api/events?per_page=100', { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: Array<{ id: number; title: string }> };
  const event = body.data.find((e) => e.title === 'Riverside Open Air');
  if (!event) throw new Error('the seed has no "Riverside Open Air"');
  return event.id;
}

/** A Standard ticket reserved and the details given: the buyer lands on the payment page. */
async function toPayment(page: Page, eventId: number) {
  await page.goto(`/event/${eventId}/${SLUG}`);
  await page.getByRole('button', { name: 'One more Standard', exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  const form = page.locator('form');
  await form.getByRole('textbox', { name: 'First name' }).first().fill('Ada');
  await form.getByRole('textbox', { name: 'Last name' }).first().fill('Lovelace');
  await form.getByRole('textbox', { name: 'E-mail' }).first().fill(uniqueEmail('ada'));
  await page.getByRole('button', { name: 'Copy buyer details to all attendees' }).click();
  const attendee = page.getByTestId('attendee-0');
  await attendee.getByRole('textbox', { name: 'T-shirt size' }).or(attendee.getByRole('combobox', { name: 'T-shirt size' })).first().click();
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

test('without Stripe configured there is no card option, Stripe.js never loads, and offline payment works', async ({ page }) => {
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
