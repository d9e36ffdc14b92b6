import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { buyerHeaders, details, liveEvent, reserve } from './checkout-factory.js';
import { inviteAndAccept, registerUser } from './factories.js';
import { sendStripeWebhook, startStripeServer, type StripeServer } from './stripe-server.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
let stripe: StripeServer;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
const SECRET = 'whsec_connect';
beforeAll(async () => {
  stripe = await startStripeServer();
  ctx = await createTestApp({
    clock,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_c',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_c',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_MODE: 'CONNECT',
      STRIPE_PLATFORM_FEE_PERCENT: '2.5',
      STRIPE_API_URL: stripe.url,
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

const webhook = (id: string, type: string, object: object) => sendStripeWebhook(ctx.app, SECRET, { id, type, object });

describe('connecting Stripe (Connect mode)', () => {
  it('not connected -> setup incomplete -> connected; then card payments go to the connected account with the platform fee', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 4000 }]);
    const accountId = u.accounts[0]!.id;
    const base = `/api/accounts/${accountId}/payment-connection`;
    expect((await call(ctx.app, 'GET', base, { token: u.token })).json().data).toMatchObject({
      status: 'NOT_CONNECTED',
      mode: 'CONNECT',
      platform_fee_percent: 2.5,
    });

    const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })).json();
    const headers = buyerHeaders(r);
    const filled = await call(ctx.app, 'PUT', `/api/public/events/${event.id}/order/${r.data.short_id}/details`, {
      headers,
      body: details(r.data),
    });
    expect(filled.json().data.event.card_payments_available).toBe(false);
    expect(
      (
        await call(ctx.app, 'POST', `/api/public/events/${event.id}/order/${r.data.short_id}/card-payment`, { headers })
      ).json().error.code,
    ).toBe('PAYMENT_METHOD_UNAVAILABLE');

    const link = await call(ctx.app, 'POST', `${base}/stripe`, { token: u.token });
    expect(link.json().data.url).toContain('https://connect.stripe.test/setup/acct_');
    expect(link.json().data.url).toContain(encodeURIComponent('http://admitone.test/account/payment?stripe=return'));
    // Asking again reuses the same Connect account.
    await call(ctx.app, 'POST', `${base}/stripe`, { token: u.token });
    const pending = (await call(ctx.app, 'GET', base, { token: u.token })).json().data;
    expect(pending).toMatchObject({ status: 'SETUP_INCOMPLETE', charges_enabled: false });
    expect(
      [...stripe.accounts.values()].filter((a) => a.metadata.admitone_account_id === String(accountId)),
    ).toHaveLength(1);

    // Back from onboarding: the page refreshes; account.updated says the same, once.
    stripe.completeOnboarding(pending.stripe_account_id);
    expect((await call(ctx.app, 'POST', `${base}/refresh`, { token: u.token })).json().data).toMatchObject({
      status: 'CONNECTED',
      charges_enabled: true,
      payouts_enabled: true,
    });
    expect(
      (
        await webhook('evt_acct_1', 'account.updated', {
          ...stripe.accounts.get(pending.stripe_account_id)!,
          charges_enabled: false,
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(ctx.app, 'GET', base, { token: u.token })).json().data.status).toBe('SETUP_INCOMPLETE');
    await webhook('evt_acct_2', 'account.updated', stripe.accounts.get(pending.stripe_account_id)!);
    expect((await call(ctx.app, 'GET', base, { token: u.token })).json().data.status).toBe('CONNECTED');

    const pay = await call(ctx.app, 'POST', `/api/public/events/${event.id}/order/${r.data.short_id}/card-payment`, {
      headers,
    });
    expect(pay.statusCode).toBe(200);
    const pi = stripe.intents.get(pay.json().data.client_secret.split('_secret_')[0])!;
    expect(pi).toMatchObject({
      amount: 4000,
      currency: 'eur',
      application_fee_amount: 100,
      transfer_data: { destination: pending.stripe_account_id },
    });
  });

  it('members see the connection, only admins change it, nobody else sees it', async () => {
    const owner = await registerUser(ctx.app);
    const accountId = owner.accounts[0]!.id;
    const stranger = await registerUser(ctx.app);
    expect(
      (await call(ctx.app, 'GET', `/api/accounts/${accountId}/payment-connection`, { token: stranger.token }))
        .statusCode,
    ).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/accounts/${accountId}/payment-connection`)).statusCode).toBe(401);
    const organizer = await inviteAndAccept(ctx.app, ctx.smtp, owner.token, 'ORGANIZER');
    expect(
      (await call(ctx.app, 'POST', `/api/accounts/${accountId}/payment-connection/stripe`, { token: organizer.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(ctx.app, 'POST', `/api/accounts/${accountId}/payment-connection/refresh`, { token: organizer.token }))
        .statusCode,
    ).toBe(403);
    // Any member may read the state (the getting-started checklist shows it).
    expect(
      (await call(ctx.app, 'GET', `/api/accounts/${accountId}/payment-connection`, { token: organizer.token })).json()
        .data.status,
    ).toBe('NOT_CONNECTED');
  });
});
