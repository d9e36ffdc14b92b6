import { LOCALE_COOKIE } from '@admitone/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders, outbox, passwordResets, sessions, signupRequests, users } from '../../src/db/schema/index.js';
import { translate } from '../../src/i18n/i18n.js';
import { ERROR_MESSAGES } from '../../src/i18n/messages.js';
import { liveEvent, reserve } from '../checkout-factory.js';
import { linkToken, registerUser, signUpLinkToken } from '../factories.js';
import { call, createTestApp, type TestContext } from '../test-app.js';

/**
 * The documented limits (README, config.ts): login, forgot-password and reset-password per client
 * address and e-mail; sign-up per client address; ticket reservations per client address. Small
 * limits here, so "exactly after the configured number" is a handful of requests. The app sits behind
 * a trusted proxy on loopback (TRUST_PROXY=loopback, as with the compose file): the client address is
 * the X-Forwarded-For one. (client-address.test.ts: what happens when nobody vouches for the header.)
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    env: { AUTH_RATE_LIMIT_MAX: '3', CHECKOUT_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'loopback' },
  });
});
afterAll(() => ctx.close());

let ipSeq = 0;
/** A client address of its own for each test (the limiter's memory lives as long as the app). */
const newClient = () => ({ 'x-forwarded-for': `203.0.113.${++ipSeq}` });

const GERMAN = () => translate('de', ERROR_MESSAGES.RATE_LIMITED);

/** The one error shape, with the message in German (the request asked for it). */
function expectLimitedInGerman(res: Awaited<ReturnType<typeof call>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: { code: 'RATE_LIMITED', message: GERMAN() } });
  expect(GERMAN()).not.toBe(translate('en', ERROR_MESSAGES.RATE_LIMITED));
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

const countWhere = async (table: typeof sessions | typeof passwordResets, userId: number) =>
  (
    await ctx.app.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.user_id, userId))
  )[0]!.n;

const mailsTo = async (email: string) =>
  (
    await ctx.app.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${email}`)
  )[0]!.n;

describe('login', () => {
  it('answers 429 on the attempt after the configured number, per client address and e-mail, and logs no one in', async () => {
    const max = ctx.app.deps.config.authRateLimit.max;
    const u = await registerUser(ctx.app);
    const client = newClient();
    for (let i = 0; i < max; i++) {
      const res = await call(ctx.app, 'POST', '/api/auth/login', {
        headers: client,
        body: { email: u.email, password: 'wrong-password' },
      });
      expect(res.statusCode).toBe(401);
    }
    const sessionsBefore = await countWhere(sessions, u.user.id);
    // The right password now changes nothing: no token, no session.
    const limited = await call(ctx.app, 'POST', '/api/auth/login', {
      headers: client,
      locale: 'de',
      body: { email: u.email, password: u.password },
    });
    expectLimitedInGerman(limited);
    expect(await countWhere(sessions, u.user.id)).toBe(sessionsBefore);
    // The key is the address as the user types it, in any case.
    const shouting = await call(ctx.app, 'POST', '/api/auth/login', {
      headers: { ...client, cookie: `${LOCALE_COOKIE}=de` },
      body: { email: u.email.toUpperCase(), password: u.password },
    });
    expectLimitedInGerman(shouting);

    // The same e-mail from another client address, and another e-mail from this one, are not limited.
    expect(
      (
        await call(ctx.app, 'POST', '/api/auth/login', {
          headers: newClient(),
          body: { email: u.email, password: u.password },
        })
      ).statusCode,
    ).toBe(200);
    const v = await registerUser(ctx.app);
    expect(
      (
        await call(ctx.app, 'POST', '/api/auth/login', {
          headers: client,
          body: { email: v.email, password: v.password },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('forgot-password', () => {
  it('answers 429 after the configured number of requests and queues no further reset mail', async () => {
    const max = ctx.app.deps.config.authRateLimit.max;
    const u = await registerUser(ctx.app);
    const client = newClient();
    for (let i = 0; i < max; i++) {
      expect(
        (await call(ctx.app, 'POST', '/api/auth/forgot-password', { headers: client, body: { email: u.email } }))
          .statusCode,
      ).toBe(200);
    }
    expect(await mailsTo(u.email)).toBe(max + 1); // the sign-up confirmation and one reset mail per request
    expect(await countWhere(passwordResets, u.user.id)).toBe(max);

    const limited = await call(ctx.app, 'POST', '/api/auth/forgot-password', {
      headers: { ...client, cookie: `${LOCALE_COOKIE}=de` },
      body: { email: u.email },
    });
    expectLimitedInGerman(limited);
    expect(await mailsTo(u.email)).toBe(max + 1);
    expect(await countWhere(passwordResets, u.user.id)).toBe(max);

    // Another client address, and another e-mail from this address, still get their mail.
    expect(
      (await call(ctx.app, 'POST', '/api/auth/forgot-password', { headers: newClient(), body: { email: u.email } }))
        .statusCode,
    ).toBe(200);
    expect(await mailsTo(u.email)).toBe(max + 2);
    const v = await registerUser(ctx.app);
    expect(
      (await call(ctx.app, 'POST', '/api/auth/forgot-password', { headers: client, body: { email: v.email } }))
        .statusCode,
    ).toBe(200);
    expect(await mailsTo(v.email)).toBe(2);
  });
});

describe('reset-password', () => {
  it('stops guessing tokens from one client address: after the limit even a valid token changes nothing', async () => {
    const max = ctx.app.deps.config.authRateLimit.max;
    const u = await registerUser(ctx.app);
    const sent = ctx.smtp.received.length;
    expect(
      (await call(ctx.app, 'POST', '/api/auth/forgot-password', { headers: newClient(), body: { email: u.email } }))
        .statusCode,
    ).toBe(200);
    const token = await linkToken(ctx.smtp, u.email, '/auth/reset-password/', sent);

    const client = newClient();
    const body = { password: 'brand-new-password', password_confirmation: 'brand-new-password' };
    for (let i = 0; i < max; i++) {
      const guess = await call(
        ctx.app,
        'POST',
        `/api/auth/reset-password/guess${i}aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`,
        { headers: client, body },
      );
      expect(guess.statusCode).toBe(400);
      expect(guess.json().error.code).toBe('INVALID_RESET_TOKEN');
    }
    expectLimitedInGerman(
      await call(ctx.app, 'POST', `/api/auth/reset-password/${token}`, { headers: client, locale: 'de', body }),
    );
    // The password is unchanged; the link still works from elsewhere.
    expect(
      (
        await call(ctx.app, 'POST', '/api/auth/login', {
          headers: newClient(),
          body: { email: u.email, password: u.password },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(ctx.app, 'POST', `/api/auth/reset-password/${token}`, { headers: newClient(), body })).statusCode,
    ).toBe(200);
  });
});

describe('register', () => {
  it('limits sign-ups per client address, whatever the e-mail, and stores or mails nothing past the limit; link guesses too', async () => {
    const own = await createTestApp({ env: { REGISTER_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'loopback' } });
    try {
      const max = own.app.deps.config.registerRateLimitMax;
      expect(max).toBe(3);
      const client = newClient();
      const signUp = (email: string, headers: Record<string, string>, locale?: string) =>
        call(own.app, 'POST', '/api/auth/register', {
          headers,
          locale,
          body: {
            name: 'Sign Up',
            email,
            password: 'correct horse battery',
            password_confirmation: 'correct horse battery',
            accept_terms: true,
            timezone: 'Europe/Berlin',
          },
        });
      for (let i = 0; i < max; i++) expect((await signUp(`signup-${i}@example.test`, client)).statusCode).toBe(202);
      expectLimitedInGerman(await signUp('signup-late@example.test', client, 'de'));
      const [late] = await own.app.deps.database.db
        .select()
        .from(signupRequests)
        .where(eq(signupRequests.email, 'signup-late@example.test'));
      expect(late).toBeUndefined();
      expect(
        (
          await own.app.deps.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(outbox)
            .where(sql`${outbox.payload}->>'to' = 'signup-late@example.test'`)
        )[0]!.n,
      ).toBe(0);
      // Another client address signs up.
      expect((await signUp('signup-late@example.test', newClient())).statusCode).toBe(202);

      // Opening links has a budget of its own per client address: guesses use it up, the real link then waits.
      const token = await signUpLinkToken(own.app, 'signup-late@example.test');
      const guesser = newClient();
      for (let i = 0; i < max; i++) {
        const guess = await call(
          own.app,
          'POST',
          `/api/auth/confirm-sign-up/guess${i}aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`,
          { headers: guesser },
        );
        expect(guess.json().error.code).toBe('INVALID_SIGNUP_LINK');
      }
      expectLimitedInGerman(
        await call(own.app, 'POST', `/api/auth/confirm-sign-up/${token}`, { headers: guesser, locale: 'de' }),
      );
      expect(
        await own.app.deps.database.db.select().from(users).where(eq(users.email, 'signup-late@example.test')),
      ).toEqual([]);
      expect(
        (await call(own.app, 'POST', `/api/auth/confirm-sign-up/${token}`, { headers: newClient() })).statusCode,
      ).toBe(200);
    } finally {
      await own.close();
    }
  }, 120_000); // a second app and database of its own
});

describe('checkout reservation', () => {
  it('answers 429 after the configured number of reservations per client address and holds no more tickets', async () => {
    const max = ctx.app.deps.config.checkoutRateLimitMax;
    const { event, tickets } = await liveEvent(ctx.app, [
      { name: 'General', type: 'PAID', price: 1250, quantity: 100 },
    ]);
    const items = [{ ticket_id: tickets[0]!.id, quantity: 1 }];
    const ordersOfEvent = async () =>
      (
        await ctx.app.deps.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .where(eq(orders.event_id, event.id))
      )[0]!.n;
    const client = newClient();
    for (let i = 0; i < max; i++) expect((await reserve(ctx.app, event.id, { items }, client)).statusCode).toBe(201);
    expect(await ordersOfEvent()).toBe(max);

    const limited = await reserve(ctx.app, event.id, { items }, { ...client, cookie: `${LOCALE_COOKIE}=de` });
    expectLimitedInGerman(limited);
    expect(await ordersOfEvent()).toBe(max);

    // Another client address still reserves.
    expect((await reserve(ctx.app, event.id, { items }, newClient())).statusCode).toBe(201);
    expect(await ordersOfEvent()).toBe(max + 1);
  });
});
