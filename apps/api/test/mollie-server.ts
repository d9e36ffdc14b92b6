import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import { createServer } from 'node:https';
import path from 'node:path';

/** Mollie's money: a currency and a decimal string ("10.00"). */
interface Amount {
  currency: string;
  value: string;
}

export interface FakeMolliePayment {
  resource: 'payment';
  id: string;
  mode: 'test' | 'live';
  createdAt: string;
  amount: Amount;
  description: string;
  method: string | null;
  metadata: Record<string, string> | null;
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'canceled' | 'expired' | 'failed';
  isCancelable: boolean;
  profileId: string;
  sequenceType: 'oneoff';
  redirectUrl: string;
  webhookUrl: string | null;
  applicationFee?: { amount: Amount; description: string };
  amountRefunded: Amount;
  amountRemaining: Amount;
  amountChargedBack?: Amount;
  /** Who made it (an organization's access token or the platform's API key): each sees only its own. */
  owner: string;
  _links: Record<string, { href: string; type: string }>;
}

interface FakeRefund {
  resource: 'refund';
  id: string;
  paymentId: string;
  amount: Amount;
  status: 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled';
  description: string;
  metadata: Record<string, string> | null;
  createdAt: string;
}

const METHODS = [
  { id: 'ideal', description: 'iDEAL', currencies: ['EUR'] },
  { id: 'bancontact', description: 'Bancontact', currencies: ['EUR'] },
  { id: 'creditcard', description: 'Card', currencies: ['EUR', 'USD', 'GBP', 'CHF'] },
  { id: 'paypal', description: 'PayPal', currencies: ['EUR', 'USD', 'GBP', 'CHF'] },
  { id: 'banktransfer', description: 'Bank transfer', currencies: ['EUR'] },
];

/** Minor units as Mollie's decimal string (test currencies all have 2 digits, JPY none). */
const toValue = (minor: number, currency: string) => (currency === 'JPY' ? String(minor) : (minor / 100).toFixed(2));
const toMinor = (a: Amount) => (a.currency === 'JPY' ? Number(a.value) : Math.round(Number(a.value) * 100));

/** A certificate for 127.0.0.1 made for these tests (the SDK speaks only HTTPS). */
const TLS = {
  key: readFileSync(path.join(import.meta.dirname, 'fixtures/local-tls.key')),
  cert: readFileSync(path.join(import.meta.dirname, 'fixtures/local-tls.crt')),
};

/**
 * While a test talks to the local Mollie server: `@mollie/api-client` speaks only HTTPS and trusts only its own bundle
 * of public roots, so the process accepts the local server's own certificate (every server a test talks to is on this
 * machine). Call the answer to put it back.
 */
export function trustLocalTls(): () => void {
  const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return () => {
    if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before;
  };
}

/**
 * A local server speaking the part of Mollie's REST API (v2, JSON, HAL links, Mollie-shaped errors, Idempotency-Key
 * replay) and OAuth token endpoint the app uses, so `@mollie/api-client` and the OAuth code run unchanged in tests. Its
 * hosted checkout page (`/checkout/<id>`) lets a person (or a flow) pay, fail or cancel, calls the webhook with the
 * payment's id as Mollie does, and sends the browser back.
 */
export async function startMollieServer() {
  const payments = new Map<string, FakeMolliePayment>();
  const refunds: FakeRefund[] = [];
  const chargebacks: Array<{ id: string; paymentId: string; amount: Amount }> = [];
  /** Access and refresh tokens handed out (organization per token). */
  const tokens = new Map<string, { org: string; kind: 'access' | 'refresh'; expires: number; revoked: boolean }>();
  /** Authorization codes the "authorize" page gave, once each. */
  const codes = new Map<string, string>();
  const organizations = new Map<
    string,
    { id: string; name: string; profile: string; onboarding: 'needs-data' | 'in-review' | 'completed' }
  >();
  const replays = new Map<string, { status: number; body: unknown }>();
  const requests: Array<{ method: string; path: string; auth: string }> = [];
  const webhookCalls: Array<{ url: string; id: string; status: number }> = [];
  /** failRefunds: refunds refused; clientId/secret: the OAuth app's credentials; webhooks: call them on changes. */
  const control = {
    failRefunds: false,
    clientId: 'app_admitone_test',
    clientSecret: 'mollie_secret_test',
    platformKey: 'test_admitone_platform',
    accessSeconds: 3600,
  };
  let base = '';
  const id = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => resolve(body));
    });
  const error = (status: number, detail: string, field?: string) => ({
    status,
    body: { status, title: status === 404 ? 'Not Found' : 'Unprocessable Entity', detail, ...(field ? { field } : {}) },
  });
  const list = (name: string, items: unknown[]) => ({
    status: 200,
    body: {
      count: items.length,
      _embedded: { [name]: items },
      _links: { self: { href: base, type: 'application/hal+json' } },
    },
  });
  const view = (p: FakeMolliePayment) => {
    const { owner: _owner, ...rest } = p;
    return rest;
  };

  /** An organization a person "has" at Mollie: the authorize page hands out a code for it. */
  function addOrganization(
    name = 'Theater Zuid B.V.',
    onboarding: 'needs-data' | 'in-review' | 'completed' = 'completed',
  ) {
    const org = { id: id('org'), name, profile: id('pfl'), onboarding };
    organizations.set(org.id, org);
    return org;
  }
  /** What Mollie's authorize page does when the person says yes: a code for the app's redirect URI. */
  function authorize(orgId: string) {
    const code = id('auth');
    codes.set(code, orgId);
    return code;
  }
  function issueTokens(org: string) {
    const access = id('access');
    const refresh = id('refresh');
    tokens.set(access, { org, kind: 'access', expires: Date.now() + control.accessSeconds * 1000, revoked: false });
    tokens.set(refresh, { org, kind: 'refresh', expires: Number.MAX_SAFE_INTEGER, revoked: false });
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: control.accessSeconds,
      token_type: 'bearer',
      scope: 'payments.read payments.write refunds.read refunds.write',
    };
  }

  /** Who is asking: an organization (access token) or the platform (API key); null: refused. */
  function caller(auth: string): string | null {
    const [kind, value] = auth.split(' ');
    if (kind !== 'Bearer' || !value) return null;
    if (value === control.platformKey) return 'platform';
    const t = tokens.get(value);
    return t && t.kind === 'access' && !t.revoked && t.expires > Date.now() ? t.org : null;
  }

  function token(auth: string, body: URLSearchParams, method: string): { status: number; body: unknown } {
    // RFC 6749 2.3.1: the id and secret are form-encoded before they are joined (openid-client does; Mollie's SDK not).
    const [user = '', password = ''] = Buffer.from(auth.replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    const decode = (v: string) => decodeURIComponent(v.replace(/\+/g, ' '));
    if (decode(user) !== control.clientId || decode(password) !== control.clientSecret)
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
    if (method === 'DELETE') {
      const t = tokens.get(String(body.get('token')));
      if (t) {
        // Revoking the refresh token revokes every token of the authorization, as Mollie does.
        for (const other of tokens.values()) if (other.org === t.org) other.revoked = true;
      }
      return { status: 204, body: null };
    }
    if (body.get('grant_type') === 'authorization_code') {
      const org = codes.get(String(body.get('code')));
      if (!org) return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid code' } };
      codes.delete(String(body.get('code')));
      return { status: 200, body: issueTokens(org) };
    }
    if (body.get('grant_type') === 'refresh_token') {
      const t = tokens.get(String(body.get('refresh_token')));
      if (!t || t.kind !== 'refresh' || t.revoked)
        return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid refresh token' } };
      const access = id('access');
      tokens.set(access, {
        org: t.org,
        kind: 'access',
        expires: Date.now() + control.accessSeconds * 1000,
        revoked: false,
      });
      return {
        status: 200,
        body: {
          access_token: access,
          refresh_token: body.get('refresh_token'),
          expires_in: control.accessSeconds,
          token_type: 'bearer',
        },
      };
    }
    return { status: 400, body: { error: 'unsupported_grant_type' } };
  }

  function route(
    method: string,
    path: string,
    who: string,
    body: Record<string, unknown>,
    query: URLSearchParams,
  ): { status: number; body: unknown } {
    const org = organizations.get(who);
    if (method === 'GET' && path === '/v2/organizations/me') {
      if (!org) return error(404, 'No organization');
      return {
        status: 200,
        body: { resource: 'organization', id: org.id, name: org.name, email: 'finance@example.org' },
      };
    }
    if (method === 'GET' && path === '/v2/onboarding/me') {
      if (!org) return error(404, 'No organization');
      return {
        status: 200,
        body: {
          resource: 'onboarding',
          name: org.name,
          status: org.onboarding,
          canReceivePayments: org.onboarding !== 'needs-data',
          canReceiveSettlements: org.onboarding === 'completed',
          _links: { dashboard: { href: 'https://my.mollie.com/dashboard/onboarding', type: 'text/html' } },
        },
      };
    }
    if (method === 'GET' && path === '/v2/profiles') {
      if (!org) return error(404, 'No organization');
      return list('profiles', [
        { resource: 'profile', id: org.profile, mode: 'live', name: org.name, status: 'verified' },
      ]);
    }
    if (method === 'GET' && path === '/v2/methods') {
      const currency = query.get('amount[currency]') ?? 'EUR';
      return list(
        'methods',
        METHODS.filter((m) => m.currencies.includes(currency)).map((m) => ({
          resource: 'method',
          id: m.id,
          description: m.description,
          status: 'activated',
          image: {
            size1x: `${base}/images/${m.id}.png`,
            size2x: `${base}/images/${m.id}@2x.png`,
            svg: `${base}/images/${m.id}.svg`,
          },
        })),
      );
    }
    if (method === 'POST' && path === '/v2/payments') {
      const amount = body.amount as Amount | undefined;
      if (!amount || !(Number(amount.value) > 0)) return error(422, 'The amount is invalid', 'amount');
      if (who !== 'platform' && !body.profileId)
        return error(422, 'The profile id is required with an access token', 'profileId');
      if (who !== 'platform' && body.profileId !== org?.profile)
        return error(422, 'The profile is not yours', 'profileId');
      if (!body.redirectUrl) return error(422, 'The redirect URL is required', 'redirectUrl');
      const chosen = Array.isArray(body.method) ? (body.method[0] as string) : ((body.method as string) ?? null);
      if (chosen && !METHODS.some((m) => m.id === chosen && m.currencies.includes(amount.currency)))
        return error(422, `The payment method "${chosen}" is not activated`, 'method');
      const p: FakeMolliePayment = {
        resource: 'payment',
        id: id('tr'),
        mode: 'test',
        createdAt: new Date().toISOString(),
        amount,
        description: String(body.description ?? ''),
        method: chosen,
        metadata: (body.metadata as Record<string, string>) ?? null,
        status: 'open',
        isCancelable: false,
        profileId: String(body.profileId ?? 'pfl_platform'),
        sequenceType: 'oneoff',
        redirectUrl: String(body.redirectUrl),
        webhookUrl: (body.webhookUrl as string) ?? null,
        ...(body.applicationFee ? { applicationFee: body.applicationFee as FakeMolliePayment['applicationFee'] } : {}),
        amountRefunded: { currency: amount.currency, value: toValue(0, amount.currency) },
        amountRemaining: { ...amount },
        owner: who,
        _links: {},
      };
      p._links = {
        self: { href: `${base}/v2/payments/${p.id}`, type: 'application/hal+json' },
        checkout: { href: `${base}/checkout/${p.id}`, type: 'text/html' },
      };
      payments.set(p.id, p);
      return { status: 201, body: view(p) };
    }
    const one = /^\/v2\/payments\/(tr_\w+)$/.exec(path);
    const payment = one ? payments.get(one[1]!) : undefined;
    if (one && (!payment || payment.owner !== who)) return error(404, `No payment exists with token ${one[1]}.`);
    if (method === 'GET' && payment) return { status: 200, body: view(payment) };
    if (method === 'DELETE' && payment) {
      if (payment.status !== 'open') return error(422, 'The payment cannot be canceled');
      payment.status = 'canceled';
      return { status: 200, body: view(payment) };
    }
    const sub = /^\/v2\/payments\/(tr_\w+)\/(refunds|chargebacks)$/.exec(path);
    const parent = sub ? payments.get(sub[1]!) : undefined;
    if (sub && (!parent || parent.owner !== who)) return error(404, `No payment exists with token ${sub[1]}.`);
    if (method === 'GET' && parent && sub![2] === 'refunds')
      return list(
        'refunds',
        refunds.filter((r) => r.paymentId === parent.id),
      );
    if (method === 'GET' && parent && sub![2] === 'chargebacks')
      return list(
        'chargebacks',
        chargebacks.filter((c) => c.paymentId === parent.id).map((c) => ({ resource: 'chargeback', ...c })),
      );
    if (method === 'POST' && parent && sub![2] === 'refunds') {
      if (control.failRefunds) return error(422, 'The payment has been charged back', 'amount');
      if (parent.status !== 'paid') return error(422, 'The payment is not paid');
      const amount = (body.amount as Amount | undefined) ?? parent.amountRemaining;
      const remaining = toMinor(parent.amountRemaining);
      if (toMinor(amount) > remaining) return error(422, 'The amount is higher than the amount remaining', 'amount');
      const refund: FakeRefund = {
        resource: 'refund',
        id: id('re'),
        paymentId: parent.id,
        amount,
        status: 'pending',
        description: String(body.description ?? ''),
        metadata: (body.metadata as Record<string, string>) ?? null,
        createdAt: new Date().toISOString(),
      };
      refunds.push(refund);
      const left = remaining - toMinor(amount);
      parent.amountRemaining = { currency: amount.currency, value: toValue(left, amount.currency) };
      parent.amountRefunded = {
        currency: amount.currency,
        value: toValue(toMinor(parent.amount) - left, amount.currency),
      };
      return { status: 201, body: refund };
    }
    return error(404, `Unrecognized request (${method} ${path})`);
  }

  /** Mollie calls the payment's webhook with its id only (form-encoded), and retries on anything but 2xx. */
  async function callWebhook(p: FakeMolliePayment) {
    if (!p.webhookUrl) return;
    const res = await fetch(p.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: p.id }).toString(),
    }).catch(() => null);
    webhookCalls.push({ url: p.webhookUrl, id: p.id, status: res?.status ?? 0 });
  }

  /** What the buyer's bank or card network does: the payment's new state (with the method the buyer chose). */
  function setStatus(paymentId: string, status: FakeMolliePayment['status'], method?: string) {
    const p = payments.get(paymentId);
    if (!p) throw new Error(`no payment ${paymentId}`);
    p.status = status;
    if (method) p.method = method;
    else if (!p.method) p.method = 'ideal';
    return { ...p };
  }

  function checkoutPage(p: FakeMolliePayment) {
    const methods = p.method
      ? [p.method]
      : METHODS.filter((m) => m.currencies.includes(p.amount.currency)).map((m) => m.id);
    const button = (status: string, label: string) =>
      `<button name="status" value="${status}" style="padding:12px 20px;font-size:16px;margin:4px">${label}</button>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mollie test payment</title></head>
<body style="font-family:sans-serif;max-width:480px;margin:40px auto"><main>
<h1>Test payment</h1><p>${p.description}: ${p.amount.currency} ${p.amount.value}</p>
<form method="post" action="/checkout/${p.id}">
<label>Method <select name="method">${methods.map((m) => `<option value="${m}">${m}</option>`).join('')}</select></label>
<fieldset><legend>Outcome</legend>
${button('paid', 'Paid')}${button('failed', 'Failed')}${button('canceled', 'Canceled')}${button('pending', 'Pending')}
</fieldset></form></main></body></html>`;
  }

  const server: Server = createServer(TLS, async (req, res) => {
    const raw = await read(req);
    const [path = '', search = ''] = (req.url ?? '').split('?');
    const auth = String(req.headers.authorization ?? '');
    requests.push({ method: req.method ?? 'GET', path, auth });
    const send = (answer: { status: number; body: unknown }, type = 'application/hal+json') =>
      res
        .writeHead(answer.status, { 'content-type': type })
        .end(answer.body === null ? undefined : JSON.stringify(answer.body));
    const image = /^\/images\/(\w+)(?:@2x)?\.(svg|png)$/.exec(path);
    if (image) {
      // The methods' pictures (Mollie serves its own): a small badge with the method's name.
      const name = METHODS.find((m) => m.id === image[1])?.description ?? image[1]!;
      return res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end(
          `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="24" viewBox="0 0 32 24"><rect width="32" height="24" rx="4" fill="#cc0066"/><text x="16" y="16" font-size="9" fill="#fff" text-anchor="middle" font-family="sans-serif">${name.slice(0, 4)}</text></svg>`,
        );
    }
    if (path === '/oauth2/authorize') {
      // Mollie's authorization page: the person allows the app for their organization (made here on "Allow"), and
      // goes back to the app's redirect URI with a code and the app's state, or with an error.
      const q = new URLSearchParams(req.method === 'POST' ? raw : search);
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('state', q.get('state') ?? '');
      if (req.method === 'POST') {
        if (q.get('answer') === 'allow') back.searchParams.set('code', authorize(addOrganization().id));
        else back.searchParams.set('error', 'access_denied');
        return res.writeHead(303, { location: back.href }).end();
      }
      const hidden = ['redirect_uri', 'state']
        .map((k) => `<input type="hidden" name="${k}" value="${(q.get(k) ?? '').replace(/"/g, '&quot;')}">`)
        .join('');
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mollie: allow access</title></head>
<body style="font-family:sans-serif;max-width:480px;margin:40px auto"><main><h1>Allow access to your organization</h1>
<p>${(q.get('scope') ?? '').replace(/</g, '&lt;')}</p><form method="post" action="/oauth2/authorize">${hidden}
<button name="answer" value="allow">Allow</button> <button name="answer" value="deny">Deny</button></form></main></body></html>`,
      );
    }
    if (path === '/oauth2/tokens')
      return send(token(auth, new URLSearchParams(raw), req.method ?? 'POST'), 'application/json');
    const page = /^\/checkout\/(tr_\w+)$/.exec(path);
    if (page) {
      const p = payments.get(page[1]!);
      if (!p) return res.writeHead(404).end('Not found');
      if (req.method === 'GET')
        return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage(p));
      const form = new URLSearchParams(raw);
      setStatus(p.id, form.get('status') as FakeMolliePayment['status'], form.get('method') ?? undefined);
      await callWebhook(p);
      return res.writeHead(303, { location: p.redirectUrl }).end();
    }
    const who = caller(auth);
    if (!who)
      return send({
        status: 401,
        body: {
          status: 401,
          title: 'Unauthorized Request',
          detail: 'Missing authentication, or failed to authenticate',
        },
      });
    const key = req.headers['idempotency-key'] as string | undefined;
    let answer = key ? replays.get(`${who}:${path}:${key}`) : undefined;
    if (!answer) {
      answer = route(
        req.method ?? 'GET',
        path,
        who,
        raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
        new URLSearchParams(search),
      );
      if (key && answer.status < 500) replays.set(`${who}:${path}:${key}`, answer);
    }
    send(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  base = `https://127.0.0.1:${port}`;
  return {
    url: base,
    control,
    payments,
    refunds,
    chargebacks,
    tokens,
    requests,
    webhookCalls,
    addOrganization,
    authorize,
    setStatus,
    callWebhook: (paymentId: string) => callWebhook(payments.get(paymentId)!),
    /** The buyer's bank takes `minor` back (a chargeback): Mollie then calls the payment's webhook. */
    chargeback(paymentId: string, minor: number) {
      const p = payments.get(paymentId)!;
      const amount = { currency: p.amount.currency, value: toValue(minor, p.amount.currency) };
      chargebacks.push({ id: id('chb'), paymentId, amount });
      const total = chargebacks.filter((c) => c.paymentId === paymentId).reduce((s, c) => s + toMinor(c.amount), 0);
      p.amountChargedBack = { currency: p.amount.currency, value: toValue(total, p.amount.currency) };
    },
    /** A refund Mollie accepted fails after all (the buyer's account was closed): the money is back on the payment. */
    failRefund(refundId: string) {
      const r = refunds.find((x) => x.id === refundId)!;
      r.status = 'failed';
      const p = payments.get(r.paymentId)!;
      const left = toMinor(p.amountRemaining) + toMinor(r.amount);
      p.amountRemaining = { currency: p.amount.currency, value: toValue(left, p.amount.currency) };
      p.amountRefunded = { currency: p.amount.currency, value: toValue(toMinor(p.amount) - left, p.amount.currency) };
    },
    /** Finishing Mollie's onboarding. */
    setOnboarding(orgId: string, onboarding: 'needs-data' | 'in-review' | 'completed') {
      organizations.get(orgId)!.onboarding = onboarding;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MollieServer = Awaited<ReturnType<typeof startMollieServer>>;

/** The settings of an app whose accounts connect their Mollie organizations (Connect) at `mollie`. */
export const mollieConnectEnv = (mollie: MollieServer, feePercent = 0) => ({
  MOLLIE_CLIENT_ID: mollie.control.clientId,
  MOLLIE_CLIENT_SECRET: mollie.control.clientSecret,
  MOLLIE_PLATFORM_FEE_PERCENT: String(feePercent),
  MOLLIE_TESTMODE: 'true',
  MOLLIE_API_URL: `${mollie.url}/v2/`,
  MOLLIE_AUTHORIZE_URL: `${mollie.url}/oauth2/authorize`,
  MOLLIE_TOKEN_URL: `${mollie.url}/oauth2/tokens`,
});
