import { randomInt } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { call, createTestApp, type TestContext } from '../test-app.js';

/**
 * Rate limits count together across web processes and hosts: two apps on one PostgreSQL database (as
 * two processes or two hosts), with the counts in PostgreSQL (the default there) or in Redis
 * (REDIS_URL). Each process used to count alone: N processes let N times the limit through.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const redisUrl = process.env.TEST_REDIS_URL;
const LIMIT = 3;

/** A client address of its own per run (Redis keeps counts between runs until their window ends). */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function sharedLimits(store: 'database' | 'redis') {
  let one: TestContext;
  let other: TestContext;
  const env = {
    AUTH_RATE_LIMIT_MAX: String(LIMIT),
    AUTH_ACCOUNT_RATE_LIMIT_MAX: '1000',
    RATE_LIMIT_STORE: store,
    ...(store === 'redis' ? { REDIS_URL: redisUrl! } : {}),
  };

  beforeAll(async () => {
    one = await createTestApp({ env });
    other = await createTestApp({ env, sharedDatabaseUrl: one.app.deps.config.databaseUrl });
  });
  afterAll(async () => {
    await other?.close();
    await one?.close();
  });

  it('refuses the attempt past the limit whichever process gets it, with the draft headers', async () => {
    const ip = someAddress();
    const attempt = (ctx: TestContext) =>
      call(ctx.app, 'POST', '/api/auth/forgot-password', { ip, body: { email: 'nobody@example.test' } });
    const answers = [];
    for (let i = 0; i < LIMIT; i++) answers.push(await attempt(i % 2 === 0 ? one : other));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(LIMIT).fill(200));
    expect(answers.map((a) => a.headers['ratelimit-remaining'])).toEqual(
      Array.from({ length: LIMIT }, (_, i) => String(LIMIT - 1 - i)),
    );
    const refused = await attempt(other);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(one)).statusCode).toBe(429);
    // Another client address is counted on its own.
    expect(
      (
        await call(one.app, 'POST', '/api/auth/forgot-password', {
          ip: someAddress(),
          body: { email: 'nobody@example.test' },
        })
      ).statusCode,
    ).toBe(200);
  });
}

describe.skipIf(!onPostgres)('rate limits shared through PostgreSQL', () => sharedLimits('database'));
describe.skipIf(!onPostgres || !redisUrl)('rate limits shared through Redis', () => sharedLimits('redis'));
