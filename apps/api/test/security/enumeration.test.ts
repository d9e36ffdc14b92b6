import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../../src/config.js';
import { PASSWORD, registerConfirmedUser, registerUser } from '../factories.js';
import { call, createTestApp, type TestContext } from '../test-app.js';

/**
 * The review found that sign-up answered 409 for a registered address, so anyone could test whether an
 * address has a login. Sign-up and forgot-password must answer a registered address exactly as an
 * unregistered one: the same status, the same header names, the same body (apart from the address the
 * caller typed, which they know anyway), and no difference in how long the answer takes. The answer
 * floor is the product's default here (the other test files set it to 0).
 */
const FLOOR_MS = loadConfig({}).authRateLimit.answerFloorMs;
const DEFAULTS = loadConfig({});
const TRIES = 15;

let ctx: TestContext;
beforeAll(async () => {
  // The mail budget is raised only so the invitation timing can send its 32 invitations in one hour.
  ctx = await createTestApp({
    env: {
      AUTH_ANSWER_FLOOR_MS: String(FLOOR_MS),
      AUTH_RATE_LIMIT_MAX: '1000',
      MAIL_BUDGET_PER_HOUR: String(Math.max(DEFAULTS.mailBudgetPerHour, 100)),
    },
  });
});
afterAll(() => ctx.close());

type Answer = Awaited<ReturnType<typeof call>>;

/**
 * Headers whose values change from one request to the next whatever the address (the clock, the caller's own count, the
 * request's own random id).
 */
const VARYING = new Set(['date', 'ratelimit-remaining', 'ratelimit-reset', 'x-request-id']);

/** What a caller can see of an answer, with the typed address replaced by a placeholder. */
function visible(res: Answer, typed: string) {
  const headers = Object.fromEntries(
    Object.entries(res.headers).map(([k, v]) => [k, VARYING.has(k) ? '(varies)' : String(v)]),
  );
  return { status: res.statusCode, headers, body: res.body.split(typed).join('<typed address>') };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};

/**
 * Times `TRIES` requests for a registered address and `TRIES` for unregistered ones, interleaved (so
 * both see the same load), after one untimed warm-up of each. Answers the two medians.
 */
async function timings(
  send: (email: string) => Promise<Answer>,
  known: string,
  unknown: (i: number) => string,
  after?: (answer: Answer) => Promise<unknown>,
) {
  const untimed = async (email: string) => after?.(await send(email));
  await untimed(known);
  await untimed(unknown(-1));
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < TRIES; i++) {
    for (const [email, into] of [
      [known, times.known],
      [unknown(i), times.unknown],
    ] as const) {
      const t = performance.now();
      const answer = await send(email);
      into.push(performance.now() - t);
      await after?.(answer);
    }
  }
  return { known: median(times.known), unknown: median(times.unknown) };
}

/** The two medians differ by less than a fifth of the larger one (a generous margin; no absolute times). */
function expectSameTiming(m: { known: number; unknown: number }) {
  expect(
    Math.abs(m.known - m.unknown),
    `medians: registered ${m.known.toFixed(1)} ms, unregistered ${m.unknown.toFixed(1)} ms`,
  ).toBeLessThan(Math.max(m.known, m.unknown) / 5);
}

// Registered and unregistered addresses of the same length, so even Content-Length must agree.
const known = async () => (await registerUser(ctx.app, { email: `known-${Date.now()}@example.test` })).email;
const fresh = (i: number) => `fresh-${Date.now() + i}@example.test`;

describe('sign-up does not tell whether an address is registered', () => {
  const signUp = (email: string) =>
    call(ctx.app, 'POST', '/api/auth/register', {
      body: {
        name: 'Someone',
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        accept_terms: true,
        timezone: 'UTC',
      },
    });

  it('answers a registered address exactly as a new one: status, headers, body; no token, no user', async () => {
    const registered = await known();
    const unregistered = fresh(0);
    expect(unregistered).toHaveLength(registered.length);
    const a = await signUp(unregistered);
    const b = await signUp(registered);
    expect(visible(b, registered)).toEqual(visible(a, unregistered));
    expect(a.statusCode).toBe(202);
    expect(Object.keys(a.json())).toEqual(['message']);
    expect(a.json().message).toContain(unregistered);
  });

  it('takes as long for a registered address as for a new one', { timeout: 120_000 }, async () => {
    const registered = await known();
    expectSameTiming(await timings(signUp, registered, (i) => `timing-${i + 2}-${registered}`));
  });
});

describe('forgot-password does not tell whether an address is registered', () => {
  const forgot = (email: string) => call(ctx.app, 'POST', '/api/auth/forgot-password', { body: { email } });

  it('answers a registered address exactly as an unknown one', async () => {
    const registered = await known();
    const unknown = fresh(1);
    const a = await forgot(unknown);
    const b = await forgot(registered);
    expect(visible(b, registered)).toEqual(visible(a, unknown));
    expect(a.statusCode).toBe(200);
  });

  it('takes as long for a registered address as for an unknown one', { timeout: 120_000 }, async () => {
    const registered = await known();
    expectSameTiming(await timings(forgot, registered, (i) => `nobody-${i + 2}-${registered}`));
  });
});

describe('inviting does not tell an admin whether an address is registered', () => {
  let admin: { token: string };
  beforeAll(async () => {
    admin = await registerConfirmedUser(ctx.app, ctx.smtp);
  });
  const invite = (email: string) =>
    call(ctx.app, 'POST', '/api/users', { token: admin.token, body: { email, role: 'ORGANIZER' } });
  const withdraw = (answer: Answer) =>
    call(ctx.app, 'DELETE', `/api/users/${answer.json().data.id}/invitation`, { token: admin.token });

  it('answers a registered address exactly as an unknown one (the id is a fresh membership id for both)', async () => {
    const registered = await known();
    const unknown = fresh(2);
    const a = await invite(unknown);
    const b = await invite(registered);
    const shown = (res: Answer, typed: string) => ({
      ...visible(res, typed),
      body: visible(res, typed).body.replace(/"(id|created_at|invitation_expires_at)":("[^"]*"|\d+)/g, '"$1":_'),
    });
    expect(shown(b, registered)).toEqual(shown(a, unknown));
    expect(b.json().data.id).toBe(a.json().data.id + 1);
  });

  it('takes as long for a registered address as for an unknown one', { timeout: 120_000 }, async () => {
    const registered = await known();
    expectSameTiming(await timings(invite, registered, (i) => `invitee-${i + 2}-${registered}`, withdraw));
  });
});
