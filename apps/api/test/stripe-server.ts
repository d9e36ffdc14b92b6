import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

import qs from 'qs';

import type { App } from '../src/app.js';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  application_fee_amount: number | null;
  transfer_data: { destination: string } | null;
  created: number;
  livemode: false;
}

/**
 * A local server speaking the part of Stripe's HTTP API the app uses (form-encoded requests, JSON
 * answers, Idempotency-Key replay, Stripe-shaped errors), so the real SDK runs unchanged in tests.
 */
export async function startStripeServer() {
  const intents = new Map<string, FakeIntent>();
  const accounts = new Map<
    string,
    {
      id: string;
      object: 'account';
      type: string;
      charges_enabled: boolean;
      payouts_enabled: boolean;
      details_submitted: boolean;
      metadata: Record<string, string>;
    }
  >();
  const refunds: Array<{ id: string; payment_intent: string; amount: number; idempotencyKey: string | undefined }> = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  const requests: Array<{ method: string; path: string }> = [];
  /** failRefunds: refunds are refused; refundDelayMs: a refund is answered only after this long (Stripe thinking). */
  const control = { failRefunds: false, refundDelayMs: 0 };
  const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => resolve(body));
    });
  const error = (status: number, message: string) => ({
    status,
    body: { error: { type: 'invalid_request_error', message } },
  });

  function route(
    method: string,
    path: string,
    body: Record<string, unknown>,
    query: Record<string, unknown> = {},
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pi: FakeIntent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(body.amount),
        currency: String(body.currency),
        status: 'requires_payment_method',
        client_secret: '',
        metadata: (body.metadata ?? {}) as Record<string, string>,
        application_fee_amount: body.application_fee_amount === undefined ? null : Number(body.application_fee_amount),
        transfer_data: (body.transfer_data as { destination: string } | undefined) ?? null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      pi.client_secret = `${pi.id}_secret_${randomBytes(6).toString('hex')}`;
      if (!Number.isInteger(pi.amount) || pi.amount < 1) return error(400, 'Invalid amount');
      intents.set(pi.id, pi);
      return { status: 200, body: pi };
    }
    const intent = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (method === 'GET' && intent) {
      const pi = intents.get(intent[1]!);
      return pi ? { status: 200, body: pi } : error(404, `No such payment_intent: '${intent[1]}'`);
    }
    const cancel = /^\/v1\/payment_intents\/([\w]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel) {
      const pi = intents.get(cancel[1]!);
      if (!pi) return error(404, `No such payment_intent: '${cancel[1]}'`);
      if (pi.status === 'succeeded')
        return error(400, 'You cannot cancel this PaymentIntent because it has a status of succeeded.');
      pi.status = 'canceled';
      return { status: 200, body: pi };
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const data = refunds
        .filter((r) => r.payment_intent === query.payment_intent)
        .map((r) => ({
          id: r.id,
          object: 'refund',
          amount: r.amount,
          payment_intent: r.payment_intent,
          status: 'succeeded',
        }));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(String(body.payment_intent));
      if (!pi) return error(404, 'No such payment_intent');
      if (control.failRefunds)
        return {
          status: 400,
          body: {
            error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'Charge has been disputed.' },
          },
        };
      const already = refunds.filter((r) => r.payment_intent === pi.id).reduce((s, r) => s + r.amount, 0);
      if ((body.amount ? Number(body.amount) : pi.amount - already) > pi.amount - already)
        return error(400, 'Refund amount is greater than unrefunded amount on charge');
      const refund = {
        id: id('re'),
        object: 'refund',
        amount: body.amount ? Number(body.amount) : pi.amount,
        payment_intent: pi.id,
        status: 'succeeded',
        currency: pi.currency,
      };
      refunds.push({ id: refund.id, payment_intent: pi.id, amount: refund.amount, idempotencyKey: undefined });
      return { status: 200, body: refund };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account = {
        id: id('acct'),
        object: 'account' as const,
        type: String(body.type ?? 'express'),
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        metadata: (body.metadata ?? {}) as Record<string, string>,
      };
      accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    const account = /^\/v1\/accounts\/(acct_\w+)$/.exec(path);
    if (method === 'GET' && account) {
      const a = accounts.get(account[1]!);
      return a ? { status: 200, body: a } : error(404, `No such account: '${account[1]}'`);
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(String(body.account))) return error(404, 'No such account');
      return {
        status: 200,
        body: {
          object: 'account_link',
          url: `https://connect.stripe.test/setup/${String(body.account)}?return=${encodeURIComponent(String(body.return_url))}`,
          expires_at: 0,
          created: 0,
        },
      };
    }
    return error(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const server: Server = createServer(async (req, res) => {
    const raw = await read(req);
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ method: req.method ?? 'GET', path });
    if (path === '/v1/refunds' && req.method === 'POST' && control.refundDelayMs)
      await new Promise((r) => setTimeout(r, control.refundDelayMs));
    const key = req.headers['idempotency-key'] as string | undefined;
    let answer = key ? replays.get(`${path}:${key}`) : undefined;
    if (!answer) {
      answer = route(
        req.method ?? 'GET',
        path,
        qs.parse(raw) as Record<string, unknown>,
        qs.parse((req.url ?? '').split('?')[1] ?? '') as Record<string, unknown>,
      );
      if (key && answer.status < 500) replays.set(`${path}:${key}`, answer);
    }
    res
      .writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') })
      .end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    control,
    intents,
    accounts,
    /** What finishing Stripe's onboarding does to a connected account. */
    completeOnboarding(accountId: string) {
      const a = accounts.get(accountId)!;
      Object.assign(a, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
      return { ...a };
    },
    refunds,
    requests,
    /** What the Payment Element and the card network would do: move an intent to a new state. */
    setStatus(piId: string, status: string, declined = false) {
      const pi = intents.get(piId);
      if (!pi) throw new Error(`no intent ${piId}`);
      pi.status = status;
      (pi as FakeIntent & { last_payment_error: unknown }).last_payment_error = declined
        ? { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' }
        : null;
      return { ...pi };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>;

/** The settings of an app taking card payments on its own Stripe account (no Connect) through `stripe`. */
export const singleStripeEnv = (stripe: StripeServer, webhookSecret: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_admitone',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_admitone',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_MODE: 'SINGLE',
  STRIPE_API_URL: stripe.url,
});

/** Sends `app` a webhook event signed the way Stripe signs them (with the app's own SDK). */
export function sendStripeWebhook(
  app: App,
  secret: string,
  event: { id: string; type: string; object: object; api_version?: string },
) {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    api_version: event.api_version ?? '2025-01-01',
    created: 1,
    data: { object: event.object },
  });
  const signature = app.deps.stripe!.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({
    method: 'POST',
    url: '/api/public/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}
