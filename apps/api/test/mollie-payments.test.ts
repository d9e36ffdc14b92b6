import { CHECKOUT_TOKEN_HEADER } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, mollieConnections, orders } from '../src/db/schema/index.js';
import { runScheduler } from '../src/modules/automations/scheduler.js';
import { TestClock } from '../src/shared/clock.js';
import { buyerHeaders, details, liveEvent, reserve } from './checkout-factory.js';
import { mollieConnectEnv, type MollieServer, startMollieServer, trustLocalTls } from './mollie-server.js';
import { sendStripeWebhook, singleStripeEnv, startStripeServer, type StripeServer } from './stripe-server.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Mollie beside Stripe (docs/ARCHITECTURE.md "Payment providers"): Mollie Connect's OAuth, payments on Mollie's page
 * completed once by the webhook and the return page, late and duplicate payments, refunds and chargebacks, all against
 * a local server speaking Mollie's REST protocol with the official SDK unchanged.
 */
let ctx: TestContext;
let mollie: MollieServer;
let untrust: () => void;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  untrust = trustLocalTls();
  mollie = await startMollieServer();
  ctx = await createTestApp({ clock, env: { ...mollieConnectEnv(mollie, 2), APP_URL: 'http://admitone.test' } });
});
afterAll(async () => {
  await ctx.close();
  await mollie.close();
  untrust();
});

const url = (eventId: number, shortId: string, rest = '') => `/api/public/events/${eventId}/order/${shortId}${rest}`;
const accountOf = (u: { accounts: Array<{ id: number }> }) => u.accounts[0]!.id;
/** The methods the local Mollie server offers for euros, in its order. */
const MOLLIE_EUR = ['mollie.ideal', 'mollie.bancontact', 'mollie.creditcard', 'mollie.paypal', 'mollie.banktransfer'];

/** An admin connects an organization through Mollie's authorization page (what the browser does, step by step). */
async function connect(
  u: { token: string; accounts: Array<{ id: number }> },
  onboarding: 'needs-data' | 'in-review' | 'completed' = 'completed',
) {
  const account = accountOf(u);
  const start = await call(ctx.app, 'POST', `/api/accounts/${account}/payment-connection/mollie`, { token: u.token });
  expect(start.statusCode).toBe(200);
  const authorize = new URL(start.json().data.url);
  const org = mollie.addOrganization('Theater Zuid B.V.', onboarding);
  const back = await call(ctx.app, 'POST', `/api/accounts/${account}/payment-connection/mollie/return`, {
    token: u.token,
    body: { code: mollie.authorize(org.id), state: authorize.searchParams.get('state') },
  });
  return { account, authorize, org, back };
}

/** A paid order of a connected account with its details in, ready to pay. */
async function readyToPay(quantity = 2, capacity = 2) {
  const { u, event, tickets } = await liveEvent(ctx.app, [
    { name: 'Seat', type: 'PAID', price: 2500, quantity: capacity },
  ]);
  await connect(u);
  const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity }] })).json();
  const headers = buyerHeaders(r);
  await call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), {
    headers,
    body: details(r.data, { email: `mollie-${r.data.short_id}@example.test`.toLowerCase() }),
  });
  return { u, event, tickets, order: r.data, headers };
}

const pay = async (eventId: number, shortId: string, headers: Record<string, string>, option = 'mollie.ideal') =>
  call(ctx.app, 'POST', url(eventId, shortId, '/mollie-payment'), { headers, body: { option } });
const paymentIdOf = (checkoutUrl: string) => checkoutUrl.split('/').at(-1)!;
/** Mollie's webhook: a form with the payment's id only. */
const webhook = (id: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/public/webhooks/mollie',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ id }).toString(),
  });
const orderOf = async (eventId: number, shortId: string, headers: Record<string, string>) =>
  (await call(ctx.app, 'GET', url(eventId, shortId), { headers })).json().data;
const orderRow = async (shortId: string, app = ctx.app) =>
  (await app.deps.database.db.select().from(orders).where(eq(orders.short_id, shortId)))[0]!;

describe('Mollie Connect', () => {
  it('connects through OAuth once per start, by the admin who started it, in time; tokens are never answered', async () => {
    const { u } = await liveEvent(ctx.app, []);
    const account = accountOf(u);
    const path = `/api/accounts/${account}/payment-connection/mollie`;
    expect((await call(ctx.app, 'GET', path, { token: u.token })).json().data).toMatchObject({
      status: 'NOT_CONNECTED',
      mode: 'CONNECT',
      testmode: true,
      platform_fee_percent: 2,
    });
    const { authorize, org, back } = await connect(u, 'needs-data');
    expect(authorize.origin + authorize.pathname).toBe(`${mollie.url}/oauth2/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: mollie.control.clientId,
      response_type: 'code',
      redirect_uri: 'http://admitone.test/account/payment/mollie',
      approval_prompt: 'auto',
    });
    expect(authorize.searchParams.get('scope')).toContain('payments.write');
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({
      status: 'SETUP_INCOMPLETE',
      organization_name: 'Theater Zuid B.V.',
      profile_id: org.profile,
      onboarding: 'needs-data',
      can_receive_payments: false,
    });
    expect(back.body).not.toContain('access_');
    // The same state a second time, and a state that was never given, are refused; nothing changes.
    const again = await call(ctx.app, 'POST', `${path}/return`, {
      token: u.token,
      body: { code: mollie.authorize(org.id), state: authorize.searchParams.get('state') },
    });
    expect(again.json().error.code).toBe('MOLLIE_CONNECT_EXPIRED');
    // Onboarding finished at Mollie: "check again" reads it back.
    mollie.setOnboarding(org.id, 'completed');
    const fresh = await call(ctx.app, 'POST', `${path}/refresh`, { token: u.token });
    expect(fresh.json().data).toMatchObject({
      status: 'CONNECTED',
      onboarding: 'completed',
      can_receive_payments: true,
    });
    const audit = await ctx.app.deps.database.db.select().from(auditLog).where(eq(auditLog.account_id, account));
    expect(audit.map((a) => a.action)).toContain('account.mollie_connected');
  });

  it('refuses a late return, a return by another member, a refusal at Mollie and a code Mollie does not know', async () => {
    const { u } = await liveEvent(ctx.app, []);
    const account = accountOf(u);
    const path = `/api/accounts/${account}/payment-connection/mollie`;
    const org = mollie.addOrganization();
    const stateOf = async () =>
      new URL((await call(ctx.app, 'POST', path, { token: u.token })).json().data.url).searchParams.get('state')!;

    const late = await stateOf();
    clock.advance(11 * 60_000);
    const tooLate = await call(ctx.app, 'POST', `${path}/return`, {
      token: u.token,
      body: { code: mollie.authorize(org.id), state: late },
    });
    expect(tooLate.json().error.code).toBe('MOLLIE_CONNECT_EXPIRED');

    const said = await stateOf();
    const no = await call(ctx.app, 'POST', `${path}/return`, {
      token: u.token,
      body: { error: 'access_denied', state: said },
    });
    expect(no.statusCode).toBe(409);
    expect(no.json().error.code).toBe('MOLLIE_CONNECT_REFUSED');

    const wrong = await stateOf();
    const unknown = await call(ctx.app, 'POST', `${path}/return`, {
      token: u.token,
      body: { code: 'auth_not_given', state: wrong },
    });
    expect(unknown.json().error.code).toBe('MOLLIE_CONNECT_REFUSED');
    expect((await call(ctx.app, 'GET', path, { token: u.token })).json().data.status).toBe('NOT_CONNECTED');

    // Another account's admin cannot finish this account's connection, nor read it.
    const other = await liveEvent(ctx.app, []);
    const theirs = await call(ctx.app, 'POST', `${path}/return`, {
      token: other.u.token,
      body: { code: mollie.authorize(org.id), state: await stateOf() },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('refreshes an expired access token once under concurrent calls, and disconnects by revoking at Mollie', async () => {
    const { u, event, order, headers } = await readyToPay(1);
    const account = accountOf(u);
    // The hour of the access token is over: the next calls refresh it (one refresh for all of them).
    await ctx.app.deps.database.db
      .update(mollieConnections)
      .set({ access_expires_at: new Date(clock.now().getTime() - 1000) })
      .where(eq(mollieConnections.account_id, account));
    const refreshesBefore = mollie.requests.filter((r) => r.path === '/oauth2/tokens').length;
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(ctx.app, 'GET', url(event.id, order.short_id, '/payment-options'), { headers }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(mollie.requests.filter((r) => r.path === '/oauth2/tokens').length - refreshesBefore).toBe(1);
    expect(answers[0]!.json().data.map((o: { id: string }) => o.id)).toEqual(MOLLIE_EUR);

    const gone = await call(ctx.app, 'DELETE', `/api/accounts/${account}/payment-connection/mollie`, {
      token: u.token,
    });
    expect(gone.statusCode).toBe(204);
    const revoked = [...mollie.tokens.values()].filter((t) => t.revoked);
    expect(revoked.length).toBeGreaterThan(0);
    const after = await call(ctx.app, 'GET', `/api/accounts/${account}/payment-connection/mollie`, { token: u.token });
    expect(after.json().data.status).toBe('NOT_CONNECTED');
    const choose = await pay(event.id, order.short_id, headers);
    expect(choose.statusCode).toBe(422);
    expect(choose.json().error.field_errors).toEqual({
      option: ['This way to pay is not offered for this order. Choose another.'],
    });
  });
});

describe('paying through Mollie', () => {
  it('a payment on Mollie’s page completes the order exactly once: webhooks repeated, concurrent with the return page', async () => {
    const { event, order, headers } = await readyToPay();
    const early = await call(ctx.app, 'POST', url(event.id, order.short_id, '/mollie-payment'), {
      headers: { ...headers, [CHECKOUT_TOKEN_HEADER]: 'not-mine' },
      body: { option: 'mollie.ideal' },
    });
    expect(early.statusCode).toBe(403);
    const started = await pay(event.id, order.short_id, headers);
    expect(started.statusCode).toBe(200);
    const checkout = started.json().data.checkout_url as string;
    const id = paymentIdOf(checkout);
    const payment = mollie.payments.get(id)!;
    expect(payment).toMatchObject({
      amount: { currency: 'EUR', value: '50.00' },
      method: 'ideal',
      redirectUrl: `http://admitone.test/checkout/${event.id}/${order.short_id}/payment_return?provider=mollie`,
      webhookUrl: 'http://admitone.test/api/public/webhooks/mollie',
      applicationFee: { amount: { currency: 'EUR', value: '1.00' }, description: 'AdmitOne' },
      metadata: { order_short_id: order.short_id, event_id: String(event.id) },
    });
    // Choosing iDEAL again while that payment is open goes back to it.
    expect((await pay(event.id, order.short_id, headers)).json().data.checkout_url).toBe(checkout);

    mollie.setStatus(id, 'paid');
    const answers = await Promise.all([
      webhook(id),
      webhook(id),
      call(ctx.app, 'POST', url(event.id, order.short_id, '/card-payment/sync'), { headers }),
      webhook(id),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const done = await orderOf(event.id, order.short_id, headers);
    expect(done).toMatchObject({ status: 'COMPLETED', payment_status: 'PAYMENT_RECEIVED', payment_provider: 'MOLLIE' });
    const row = await orderRow(order.short_id);
    expect(row).toMatchObject({ payment_intent_id: id, payment_method: 'ideal' });
    const buyer = `mollie-${order.short_id}@example.test`.toLowerCase();
    await ctx.smtp.waitFor(buyer, () => true, 45_000);
    const { rows } = (await ctx.app.deps.database.db.execute(
      `select count(*)::int as n from outbox where payload->>'to' = '${buyer}'` as never,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0]!.n).toBe(1);
    // An id that is not ours, or not a payment id at all, is answered like any other and changes nothing.
    expect((await webhook('tr_unknown')).statusCode).toBe(200);
    expect((await webhook('<script>')).statusCode).toBe(200);
  }, 90_000);

  it('a failed attempt keeps the hold; another method is a new payment; a later failure of the old one is ignored', async () => {
    const { event, order, headers } = await readyToPay(1);
    const first = paymentIdOf((await pay(event.id, order.short_id, headers)).json().data.checkout_url);
    mollie.setStatus(first, 'failed');
    await webhook(first);
    expect(await orderOf(event.id, order.short_id, headers)).toMatchObject({
      status: 'RESERVED',
      payment_status: 'PAYMENT_FAILED',
    });
    const second = paymentIdOf(
      (await pay(event.id, order.short_id, headers, 'mollie.bancontact')).json().data.checkout_url,
    );
    expect(second).not.toBe(first);
    mollie.setStatus(second, 'pending');
    await call(ctx.app, 'POST', url(event.id, order.short_id, '/card-payment/sync'), { headers });
    expect((await orderOf(event.id, order.short_id, headers)).status).toBe('PROCESSING');
    // The first payment's failure reported again (Mollie retries) does not undo the one under way.
    await webhook(first);
    expect((await orderOf(event.id, order.short_id, headers)).status).toBe('PROCESSING');
    mollie.setStatus(second, 'paid', 'bancontact');
    await webhook(second);
    expect(await orderRow(order.short_id)).toMatchObject({ status: 'COMPLETED', payment_method: 'bancontact' });
  });

  it('a second payment of an order already paid is refunded once; a payment after the hold when the tickets are gone is refunded', async () => {
    const { event, tickets, order, headers } = await readyToPay(2, 2);
    const a = paymentIdOf((await pay(event.id, order.short_id, headers)).json().data.checkout_url);
    const b = paymentIdOf((await pay(event.id, order.short_id, headers, 'mollie.paypal')).json().data.checkout_url);
    mollie.setStatus(a, 'paid');
    await webhook(a);
    mollie.setStatus(b, 'paid', 'paypal');
    await Promise.all([webhook(b), webhook(b)]);
    expect(mollie.refunds.filter((r) => r.paymentId === b)).toHaveLength(1);
    expect(mollie.refunds.filter((r) => r.paymentId === a)).toHaveLength(0);
    const row = await orderRow(order.short_id);
    expect(row).toMatchObject({ status: 'COMPLETED', payment_intent_id: a, refunded_total: 0 });

    // Late: the hold ran out, someone else took the two seats, then the payment came.
    const late = await readyToPay(2, 2);
    const id = paymentIdOf((await pay(late.event.id, late.order.short_id, late.headers)).json().data.checkout_url);
    clock.advance(20 * 60_000);
    expect(
      (await reserve(ctx.app, late.event.id, { items: [{ ticket_id: late.tickets[0]!.id, quantity: 2 }] })).statusCode,
    ).toBe(201);
    mollie.setStatus(id, 'paid');
    await webhook(id);
    expect(await orderOf(late.event.id, late.order.short_id, late.headers)).toMatchObject({
      status: 'REFUNDED',
      payment_status: 'REFUNDED',
    });
    expect(mollie.refunds.filter((r) => r.paymentId === id)).toHaveLength(1);
    expect(tickets).toHaveLength(1);
  });

  it('refunds from the order screen, full and partial, never more than remains; a refusal shows REFUND_FAILED; chargebacks recorded once', async () => {
    const { u, event, order, headers } = await readyToPay(2);
    const id = paymentIdOf((await pay(event.id, order.short_id, headers)).json().data.checkout_url);
    mollie.setStatus(id, 'paid', 'creditcard');
    await webhook(id);
    const orderId = (await orderRow(order.short_id)).id;
    const refund = `/api/events/${event.id}/orders/${orderId}/refund`;
    const detail = await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${orderId}`, { token: u.token });
    expect(detail.json().data).toMatchObject({
      payment_provider: 'MOLLIE',
      payment_method: 'creditcard',
      charged_back_total: 0,
      actions: { refund: true },
    });
    const tooMuch = await call(ctx.app, 'POST', refund, { token: u.token, body: { amount: 6000 } });
    expect(tooMuch.json().error.field_errors).toEqual({ amount: ['Must be at most 5000.'] });
    const part = await call(ctx.app, 'POST', refund, { token: u.token, body: { amount: 1500 } });
    expect(part.json().data).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundable: 3500 });
    expect(mollie.refunds.at(-1)).toMatchObject({ paymentId: id, amount: { currency: 'EUR', value: '15.00' } });
    // Mollie accepted it, then it failed: the webhook tells, the order takes it back once (REFUND_FAILED).
    mollie.failRefund(mollie.refunds.at(-1)!.id);
    await Promise.all([webhook(id), webhook(id)]);
    expect(await orderRow(order.short_id)).toMatchObject({ status: 'REFUND_FAILED', refunded_total: 0 });
    const again = await call(ctx.app, 'POST', refund, { token: u.token, body: { amount: 1500 } });
    expect(again.json().data).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundable: 3500 });

    mollie.control.failRefunds = true;
    const refused = await call(ctx.app, 'POST', refund, { token: u.token, body: {} });
    mollie.control.failRefunds = false;
    expect(refused.json().error.code).toBe('REFUND_FAILED');
    expect((await orderRow(order.short_id)).status).toBe('REFUND_FAILED');

    const rest = await call(ctx.app, 'POST', refund, { token: u.token, body: {} });
    expect(rest.json().data).toMatchObject({ status: 'REFUNDED', refundable: 0 });
    expect(mollie.refunds.filter((r) => r.paymentId === id).map((r) => [r.amount.value, r.status])).toEqual([
      ['15.00', 'failed'],
      ['15.00', 'pending'],
      ['35.00', 'pending'],
    ]);

    // The buyer's bank takes €20 back: Mollie calls the webhook (more than once); the order shows it once.
    mollie.chargeback(id, 2000);
    await Promise.all([webhook(id), webhook(id)]);
    const charged = (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${orderId}`, { token: u.token })).json()
      .data;
    expect(charged.charged_back_total).toBe(2000);
    expect(charged.history.filter((h: { kind: string }) => h.kind === 'CHARGEBACK')).toHaveLength(1);

    // The payments report names the provider and the method, with the refunds and the chargeback (and its download).
    const report = await call(ctx.app, 'GET', `/api/events/${event.id}/reports/sales-by-payment`, { token: u.token });
    expect(report.json().data.rows).toEqual([
      {
        provider: 'MOLLIE',
        method: 'creditcard',
        orders: 1,
        gross: 5000,
        refunded: 5000,
        charged_back: 2000,
        net: -2000,
      },
    ]);
    expect(report.json().data.totals).toEqual({
      orders: 1,
      gross: 5000,
      refunded: 5000,
      charged_back: 2000,
      net: -2000,
    });
    const csv = await call(ctx.app, 'GET', `/api/events/${event.id}/reports/sales-by-payment/export?format=csv`, {
      token: u.token,
    });
    expect(csv.body).toContain('Payment provider,Payment method,Orders,Gross,Refunded,Charged back,Net');
    expect(csv.body).toContain('MOLLIE,creditcard,1,50.00,50.00,20.00,-20.00');
  });

  it('an event may offer only some methods; the buyer cannot pick another', async () => {
    const { u, event, order, headers } = await readyToPay(1);
    const all = await call(ctx.app, 'GET', `/api/events/${event.id}/payment-options`, { token: u.token });
    expect(all.json().data.map((o: { id: string }) => o.id)).toContain('mollie.paypal');
    const saved = await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: { payment_options: ['mollie.ideal', 'mollie.creditcard'] },
    });
    expect(saved.statusCode).toBe(200);
    const bad = await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: { payment_options: ['paypal'] },
    });
    expect(Object.keys(bad.json().error.field_errors)).toEqual(['payment_options.0']);
    const options = await call(ctx.app, 'GET', url(event.id, order.short_id, '/payment-options'), { headers });
    expect(options.json().data.map((o: { id: string }) => o.id)).toEqual(['mollie.ideal', 'mollie.creditcard']);
    expect((await pay(event.id, order.short_id, headers, 'mollie.paypal')).statusCode).toBe(422);
    expect((await pay(event.id, order.short_id, headers, 'mollie.creditcard')).statusCode).toBe(200);
  });
});

describe('Stripe and Mollie on one order', () => {
  let both: TestContext;
  let stripe: StripeServer;
  const SECRET = 'whsec_test_both';
  beforeAll(async () => {
    stripe = await startStripeServer();
    both = await createTestApp({
      clock,
      env: {
        ...singleStripeEnv(stripe, SECRET),
        MOLLIE_API_KEY: mollie.control.platformKey,
        MOLLIE_API_URL: `${mollie.url}/v2/`,
      },
    });
  });
  afterAll(async () => {
    await both.close();
    await stripe.close();
  });

  it('a card payment that succeeds after the order was paid at Mollie is refunded once, and the other way round; a refused refund is tried again later', async () => {
    const { event, tickets } = await liveEvent(both.app, [{ name: 'Seat', type: 'PAID', price: 1800, quantity: 10 }]);
    const order = async () => {
      const r = (await reserve(both.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })).json();
      const headers = buyerHeaders(r);
      await call(both.app, 'PUT', url(event.id, r.data.short_id, '/details'), { headers, body: details(r.data) });
      const options = await call(both.app, 'GET', url(event.id, r.data.short_id, '/payment-options'), { headers });
      expect(options.json().data.map((o: { id: string }) => o.id)).toEqual(['stripe', ...MOLLIE_EUR]);
      const secret = (await call(both.app, 'POST', url(event.id, r.data.short_id, '/card-payment'), { headers })).json()
        .data.client_secret as string;
      const tr = (
        await call(both.app, 'POST', url(event.id, r.data.short_id, '/mollie-payment'), {
          headers,
          body: { option: 'mollie.ideal' },
        })
      ).json().data.checkout_url as string;
      return { shortId: r.data.short_id as string, pi: secret.split('_secret_')[0]!, tr: paymentIdOf(tr), headers };
    };
    const mollieHook = (id: string) =>
      both.app.inject({
        method: 'POST',
        url: '/api/public/webhooks/mollie',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ id }).toString(),
      });
    const history = async (shortId: string) =>
      (
        (await both.app.deps.database.db.execute(
          `select kind from order_events where order_id = (select id from orders where short_id = '${shortId}') order by id` as never,
        )) as unknown as { rows: Array<{ kind: string }> }
      ).rows.map((r) => r.kind);

    // Paid at Mollie first, then the card in another tab: the card payment goes back.
    const a = await order();
    mollie.setStatus(a.tr, 'paid');
    await mollieHook(a.tr);
    const pi = stripe.setStatus(a.pi, 'succeeded');
    await Promise.all([
      sendStripeWebhook(both.app, SECRET, { id: `evt_${a.pi}`, type: 'payment_intent.succeeded', object: pi }),
      sendStripeWebhook(both.app, SECRET, { id: `evt_${a.pi}`, type: 'payment_intent.succeeded', object: pi }),
    ]);
    expect(stripe.refunds.filter((r) => r.payment_intent === a.pi)).toHaveLength(1);
    expect(await orderRow(a.shortId, both.app)).toMatchObject({
      status: 'COMPLETED',
      payment_provider: 'MOLLIE',
      payment_intent_id: a.tr,
    });
    expect((await history(a.shortId)).filter((k) => k === 'DUPLICATE_PAYMENT_REFUNDED')).toHaveLength(1);

    // The card first, then Mollie: the Mollie payment goes back.
    const b = await order();
    await sendStripeWebhook(both.app, SECRET, {
      id: `evt_${b.pi}`,
      type: 'payment_intent.succeeded',
      object: stripe.setStatus(b.pi, 'succeeded'),
    });
    mollie.setStatus(b.tr, 'paid');
    await Promise.all([mollieHook(b.tr), mollieHook(b.tr)]);
    expect(mollie.refunds.filter((r) => r.paymentId === b.tr)).toHaveLength(1);
    expect(await orderRow(b.shortId, both.app)).toMatchObject({
      status: 'COMPLETED',
      payment_provider: 'STRIPE',
      payment_intent_id: b.pi,
    });
    expect((await history(b.shortId)).filter((k) => k === 'DUPLICATE_PAYMENT_REFUNDED')).toHaveLength(1);

    // Paid at Mollie, then the card, and Stripe refuses the refund at that moment: the webhook says so (502), Stripe's
    // retry of the same event finds it recorded, and the scheduler gives the card payment back later, once.
    const c = await order();
    mollie.setStatus(c.tr, 'paid');
    await mollieHook(c.tr);
    const cardPaid = stripe.setStatus(c.pi, 'succeeded');
    stripe.control.failRefunds = true;
    try {
      const hook = { id: `evt_${c.pi}`, type: 'payment_intent.succeeded', object: cardPaid };
      expect((await sendStripeWebhook(both.app, SECRET, hook)).statusCode).toBe(502);
      await sendStripeWebhook(both.app, SECRET, hook);
    } finally {
      stripe.control.failRefunds = false;
    }
    expect(stripe.refunds.filter((r) => r.payment_intent === c.pi)).toHaveLength(0);
    const scheduler = () =>
      runScheduler(
        both.app.deps.database.db,
        {
          appUrl: both.app.deps.config.appUrl,
          storage: both.app.deps.storage,
          stock: { ...both.app.deps.stock, clock },
          stripe: both.app.deps.stripe,
          mollieFor: both.app.deps.mollieFor,
          mailBudgetPerHour: 0,
        },
        { info() {}, error() {} },
      );
    // The webhook's own refund may still be on its way for a few minutes: left alone.
    await scheduler();
    expect(stripe.refunds.filter((r) => r.payment_intent === c.pi)).toHaveLength(0);
    clock.advance(6 * 60_000);
    await scheduler();
    await scheduler();
    // (Stripe answers a key it refused with the same refusal: the later try asks with a key of its own.)
    expect(stripe.refunds.filter((r) => r.payment_intent === c.pi).map((r) => r.amount)).toEqual([1800]);
    expect((await history(c.shortId)).filter((k) => k === 'DUPLICATE_PAYMENT_REFUNDED')).toHaveLength(1);
    expect(await orderRow(c.shortId, both.app)).toMatchObject({ status: 'COMPLETED', payment_intent_id: c.tr });
  });
});
