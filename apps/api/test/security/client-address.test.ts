import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { liveEvent } from '../checkout-factory.js';
import { registerUser } from '../factories.js';
import { call, createTestApp, type TestContext } from '../test-app.js';

/**
 * The review's HIGH finding: every rate limit could be bypassed by sending a new X-Forwarded-For per
 * request, because the header was believed from anyone (100 of 100 wrong passwords answered). Now the
 * client address is the connection's unless TRUST_PROXY names the proxy in front; a header from anyone
 * else changes nothing. Sign-in and forgot-password are limited per account too, whatever the address.
 */
const MAX = 3;
let open: TestContext; // no TRUST_PROXY: the default
let proxied: TestContext; // TRUST_PROXY=loopback: behind a reverse proxy on this host
beforeAll(async () => {
  const env = {
    AUTH_RATE_LIMIT_MAX: String(MAX),
    REGISTER_RATE_LIMIT_MAX: String(MAX),
    CHECKOUT_RATE_LIMIT_MAX: String(MAX),
    AUTH_ACCOUNT_RATE_LIMIT_MAX: '5',
  };
  open = await createTestApp({ env });
  proxied = await createTestApp({ env: { ...env, TRUST_PROXY: 'loopback' } });
}, 120_000);
afterAll(async () => {
  await open.close();
  await proxied.close();
});

let seq = 0;
/** A new forged client address for every request. */
const forged = () => ({ 'x-forwarded-for': `198.51.100.${++seq % 250}, 203.0.113.${seq % 200}` });

/** Sends `n` requests, each with a new forged X-Forwarded-For; answers their statuses. */
async function rotating(n: number, send: (headers: Record<string, string>, i: number) => ReturnType<typeof call>) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await send(forged(), i)).statusCode);
  return statuses;
}

describe('without TRUST_PROXY, a forged X-Forwarded-For changes nothing: every limited route still stops the client', () => {
  const body = { password: 'brand-new-password', password_confirmation: 'brand-new-password' };
  const routes: Record<
    string,
    (ctx: TestContext) => Promise<(h: Record<string, string>, i: number) => ReturnType<typeof call>>
  > = {
    login: async (ctx) => {
      const u = await registerUser(ctx.app);
      return (headers) =>
        call(ctx.app, 'POST', '/api/auth/login', {
          headers,
          ip: '192.0.2.10',
          body: { email: u.email, password: 'wrong-password' },
        });
    },
    'forgot-password': async (ctx) => {
      const u = await registerUser(ctx.app);
      return (headers) =>
        call(ctx.app, 'POST', '/api/auth/forgot-password', { headers, ip: '192.0.2.11', body: { email: u.email } });
    },
    'reset-password (token guesses)': async (ctx) => (headers, i) =>
      call(ctx.app, 'POST', `/api/auth/reset-password/guess${i}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`, {
        headers,
        ip: '192.0.2.12',
        body,
      }),
    'accepting an invitation (token guesses)': async (ctx) => (headers, i) =>
      call(ctx.app, 'POST', `/api/auth/invitation/guess${i}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`, {
        headers,
        ip: '192.0.2.13',
        body: {},
      }),
    'sign-up': async (ctx) => (headers, i) =>
      call(ctx.app, 'POST', '/api/auth/register', {
        headers,
        ip: '192.0.2.14',
        body: {
          name: 'Forger',
          email: `forger-${seq}-${i}@example.test`,
          password: 'correct horse battery',
          password_confirmation: 'correct horse battery',
          accept_terms: true,
          timezone: 'UTC',
        },
      }),
    'confirming a sign-up (link guesses)': async (ctx) => (headers, i) =>
      call(ctx.app, 'POST', `/api/auth/confirm-sign-up/guess${i}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`, {
        headers,
        ip: '192.0.2.18',
      }),
    'find my tickets': async (ctx) => {
      const { event } = await liveEvent(ctx.app, []);
      return (headers, i) =>
        call(ctx.app, 'POST', `/api/public/events/${event.id}/order-lookups`, {
          headers,
          ip: '192.0.2.19',
          body: { email: `lookup-${seq}-${i}@example.test` },
        });
    },
    'ticket reservation': async (ctx) => {
      const { event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 100 }]);
      return (headers) =>
        call(ctx.app, 'POST', `/api/public/events/${event.id}/order`, {
          headers,
          ip: '192.0.2.15',
          body: { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }], expected_total: 0 },
        });
    },
  };

  for (const [name, make] of Object.entries(routes)) {
    it(name, async () => {
      const send = await make(open);
      const statuses = await rotating(MAX + 2, send);
      expect(statuses.slice(MAX)).toEqual([429, 429]);
      expect(statuses.slice(0, MAX)).not.toContain(429);
    });
  }

  it('page views (60 a minute per client)', async () => {
    const { event } = await liveEvent(open.app, [{ name: 'Seat', type: 'FREE' }]);
    const statuses = [];
    for (let i = 0; i < 62; i++)
      statuses.push(
        (
          await call(open.app, 'POST', `/api/public/events/${event.id}/views`, {
            headers: forged(),
            ip: '192.0.2.16',
            body: { visitor_id: `visitor-${i}-xxxxxxxx` },
          })
        ).statusCode,
      );
    expect(statuses.slice(60)).toEqual([429, 429]);
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  it("believes the proxy's X-Forwarded-For (clients behind it are told apart), and nobody else's", async () => {
    const u = await registerUser(proxied.app);
    const login = (headers: Record<string, string>, ip?: string) =>
      call(proxied.app, 'POST', '/api/auth/login', {
        headers,
        ip,
        body: { email: u.email, password: 'wrong-password' },
      });
    // Through the proxy (loopback): each client address has its own count.
    for (let i = 0; i < MAX + 1; i++)
      expect((await login({ 'x-forwarded-for': `203.0.113.${100 + i}` })).statusCode).toBe(401);
    // A client on the Internet forging the header is still one client (another account, so only the address limit
    // counts).
    const v = await registerUser(proxied.app);
    const direct = [];
    for (let i = 0; i < MAX + 1; i++)
      direct.push(
        (
          await call(proxied.app, 'POST', '/api/auth/login', {
            headers: forged(),
            ip: '192.0.2.50',
            body: { email: v.email, password: 'wrong-password' },
          })
        ).statusCode,
      );
    expect(direct).toEqual([401, 401, 401, 429]);
  });

  it('sign-in is limited per account too, whatever the client address, with the RateLimit headers', async () => {
    const u = await registerUser(proxied.app);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | null = null;
    for (let i = 0; i < 6; i++) {
      last = await call(proxied.app, 'POST', '/api/auth/login', {
        headers: { 'x-forwarded-for': `203.0.113.${10 + i}` },
        body: { email: u.email, password: 'wrong-password' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(last!.json().error.code).toBe('RATE_LIMITED');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    const first = await call(proxied.app, 'POST', '/api/auth/login', {
      headers: { 'x-forwarded-for': '203.0.113.99' },
      body: { email: `someone-else-${seq}@example.test`, password: 'wrong-password' },
    });
    expect(Number(first.headers['ratelimit-limit'])).toBeGreaterThan(0);
    expect(Number(first.headers['ratelimit-remaining'])).toBeLessThan(Number(first.headers['ratelimit-limit']));
  });
});
