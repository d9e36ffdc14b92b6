// A check an operator runs against Mollie's real test mode before taking payments through Mollie (these machines cannot
// reach Mollie, so the test suite uses a local Mollie-compatible server instead).
// Usage: MOLLIE_API_KEY=test_... npx tsx scripts/mollie-smoke.ts
// Through the app's own code (modules/payments): the methods offered for euros, a payment made as the checkout makes
// it (idempotency key: a repeat answers the same payment) and read back as the webhook does, the provider-neutral
// state it maps to, and a refund asked through the same gateway the order screen uses (refused: nothing was paid,
// which is the answer expected here). Nothing here touches the database.
import { randomUUID } from 'node:crypto';

import { loadConfig } from '../apps/api/src/config.js';
import { mollieSdk, toMollieAmount } from '../apps/api/src/modules/payments/mollie-client.js';
import { mollieState } from '../apps/api/src/modules/payments/mollie-payment.js';
import { gatewayOf } from '../apps/api/src/modules/payments/payment-gateway.js';

const key = process.env.MOLLIE_API_KEY;
if (!key?.startsWith('test_')) {
  console.error('Set MOLLIE_API_KEY to a test-mode API key (test_...).');
  process.exit(1);
}
const config = loadConfig({
  MOLLIE_API_KEY: key,
  ...(process.env.MOLLIE_API_URL ? { MOLLIE_API_URL: process.env.MOLLIE_API_URL } : {}),
}).mollie!;
const mollie = mollieSdk(config, { apiKey: key });
const order = `smoke-${randomUUID()}`;
const step = (text: string) => console.log(`- ${text}`);

const methods = await mollie.methods.list({ amount: toMollieAmount(4500, 'EUR') });
step(`methods for EUR 45.00: ${methods.map((m) => m.id).join(', ') || '(none: turn some on in the dashboard)'}`);

const ask = {
  amount: toMollieAmount(4500, 'EUR'),
  description: `AdmitOne smoke ${order}`,
  redirectUrl: 'https://example.org/checkout/return',
  metadata: { order_id: order },
  idempotencyKey: `${order}-mollie-0-ideal`,
};
const created = await mollie.payments.create(ask);
const again = await mollie.payments.create(ask);
if (again.id !== created.id) throw new Error('the idempotency key did not return the same payment');
step(`payment ${created.id} made once (the repeat answered the same); its page: ${created.getCheckoutUrl()}`);

const read = await mollie.payments.get(created.id);
const state = mollieState(read);
if (state.status !== 'open' || state.amount !== 4500)
  throw new Error(`expected open 4500, got ${JSON.stringify(state)}`);
step(`read back as the webhook does: ${read.status} -> ${state.status}, ${state.amount} minor units`);

const refunded = await gatewayOf(
  { stripe: null, mollieFor: async () => mollie },
  { payment_provider: 'MOLLIE', account_id: 0 },
).refund({
  paymentId: created.id,
  amount: 1000,
  currency: 'EUR',
  key: `${order}-refund`,
  metadata: { order_id: order },
});
if (refunded !== null) throw new Error('a refund of an unpaid payment was accepted');
step('a refund of the unpaid payment is refused through the gateway, as the order screen would show it');
console.log('Mollie test mode answers as the app expects.');
