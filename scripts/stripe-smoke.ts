// A check an operator runs against Stripe's real test mode before taking card payments (these
// machines cannot reach Stripe, so the test suite uses a local Stripe-compatible server instead).
// Usage: STRIPE_SECRET_KEY=sk_test_... npx tsx scripts/stripe-smoke.ts
// It creates a PaymentIntent the way the checkout does (one per order, idempotency key), confirms it
// with Stripe's test card, reads it back (as the return page does), refunds part of it and the rest
// (as the organizer does), and checks a webhook signature round trip. Nothing here touches the database.
import { randomUUID } from 'node:crypto';

import Stripe from 'stripe';

const key = process.env.STRIPE_SECRET_KEY;
if (!key?.startsWith('sk_test_')) {
  console.error('Set STRIPE_SECRET_KEY to a test-mode secret key (sk_test_...).');
  process.exit(1);
}
const stripe = new Stripe(key);
const order = `smoke-${randomUUID()}`;
const step = (text: string) => console.log(`- ${text}`);

const created = await stripe.paymentIntents.create(
  {
    amount: 4500,
    currency: 'eur',
    automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    metadata: { order_id: order },
  },
  { idempotencyKey: `${order}-payment` },
);
const again = await stripe.paymentIntents.create(
  {
    amount: 4500,
    currency: 'eur',
    automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    metadata: { order_id: order },
  },
  { idempotencyKey: `${order}-payment` },
);
if (again.id !== created.id) throw new Error('the idempotency key did not return the same PaymentIntent');
step(`PaymentIntent ${created.id} created once (repeat returned the same)`);

await stripe.paymentIntents.confirm(created.id, { payment_method: 'pm_card_visa' });
const paid = await stripe.paymentIntents.retrieve(created.id);
if (paid.status !== 'succeeded') throw new Error(`expected succeeded, got ${paid.status}`);
step('confirmed with the test card: succeeded');

const part = await stripe.refunds.create(
  { payment_intent: created.id, amount: 1500 },
  { idempotencyKey: `${order}-refund-1` },
);
const rest = await stripe.refunds.create({ payment_intent: created.id }, { idempotencyKey: `${order}-refund-2` });
step(`refunded ${part.amount} then ${rest.amount} (${part.status}, ${rest.status})`);
try {
  await stripe.refunds.create({ payment_intent: created.id, amount: 100 });
  throw new Error('an over-refund was accepted');
} catch (err) {
  if (!(err instanceof Stripe.errors.StripeError)) throw err;
  step(`an over-refund is refused: ${err.message}`);
}

const secret = 'whsec_smoke';
const payload = JSON.stringify({
  id: 'evt_smoke',
  object: 'event',
  type: 'payment_intent.succeeded',
  data: { object: paid },
});
const event = stripe.webhooks.constructEvent(
  payload,
  stripe.webhooks.generateTestHeaderString({ payload, secret }),
  secret,
);
step(`webhook signature round trip: ${event.type}`);
console.log(
  'Stripe test mode works with this key. Still to check by hand: the Payment Element in a browser (3-D Secure card 4000 0027 6000 3184), and your webhook endpoint in the Stripe dashboard.',
);
