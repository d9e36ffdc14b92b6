import { API_VERSIONS } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { accounts } from '../src/db/schema/index.js';
import { liveEvent } from './checkout-factory.js';
import { registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * HTTP as an integrator's client expects it (issue #37, "The API as integrators use it"): a request id on
 * every answer, CORS on the public reads, `WWW-Authenticate` on 401, 405 with `Allow` for a wrong method.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('request ids', () => {
  it('every answer carries one, a fresh one each time: a success, a refusal, an unknown address', async () => {
    const user = await registerUser(ctx.app);
    const answers = [
      await call(ctx.app, 'GET', '/api/users/me', { token: user.token }),
      await call(ctx.app, 'GET', '/api/users/me'),
      await call(ctx.app, 'GET', '/api/no-such-thing'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it("keeps a client's own id when it looks like one, and replaces one that does not", async () => {
    const kept = await call(ctx.app, 'GET', '/api/health/live', { headers: { 'x-request-id': 'shop-7f3a9c21' } });
    expect(kept.headers['x-request-id']).toBe('shop-7f3a9c21');
    const replaced = await call(ctx.app, 'GET', '/api/health/live', { headers: { 'x-request-id': 'x'.repeat(300) } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('401 and 405', () => {
  it('a 401 says how to authenticate (WWW-Authenticate: Bearer)', async () => {
    const res = await call(ctx.app, 'GET', '/api/events', { token: 'a1k_not-a-real-key' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
    expect((await call(ctx.app, 'GET', '/api/users/me')).headers['www-authenticate']).toMatch(/^Bearer /);
  });

  it('a known address asked with a method it does not take answers 405 with Allow, translated', async () => {
    const login = await call(ctx.app, 'GET', '/api/auth/login', { locale: 'de' });
    expect(login.statusCode).toBe(405);
    expect(login.headers.allow).toBe('POST');
    expect(login.json().error.code).toBe('METHOD_NOT_ALLOWED');
    expect(login.json().error.message).toContain('Methode');
    const event = await call(ctx.app, 'DELETE', '/api/public/events/12');
    expect(event.statusCode).toBe(405);
    expect(event.headers.allow).toBe('GET, HEAD');
    // An address nobody serves stays 404.
    expect((await call(ctx.app, 'DELETE', '/api/public/nothing-here/12')).statusCode).toBe(404);
  });
});

describe('API versions', () => {
  it('every API answer names its version; a client may ask for a known one and is refused an unknown one on the header', async () => {
    const plain = await call(ctx.app, 'GET', '/api/health/live');
    expect(plain.headers['admitone-version']).toBe('2026-12-01');
    const asked = await call(ctx.app, 'GET', '/api/health/live', { headers: { 'admitone-version': '2026-12-01' } });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['admitone-version']).toBe('2026-12-01');
    const unknown = await call(ctx.app, 'GET', '/api/health/live', { headers: { 'admitone-version': '2031-01-01' } });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().error.field_errors)).toEqual(['AdmitOne-Version']);
  });
});

describe("an account's pinned version", () => {
  it('answers its calls without the header, sessions and keys alike, while a newer version is out; an admin moves it on', async () => {
    const admin = await registerUser(ctx.app);
    const accountId = admin.accounts[0]!.id;
    const account = await call(ctx.app, 'GET', `/api/accounts/${accountId}`, { token: admin.token });
    expect(account.json().data.api_version).toBe('2026-12-01');
    const key = await call(ctx.app, 'POST', '/api/api-keys', {
      token: admin.token,
      body: { name: 'Shop sync', access: 'READ' },
    });
    expect(key.statusCode, key.body).toBe(201);
    const keyToken = key.json().data.secret as string;
    // A newer version comes out (in this process only): the account stays on its own.
    (API_VERSIONS as unknown as string[]).push('2027-03-01');
    try {
      const version = async (token: string, headers: Record<string, string> = {}) =>
        (await call(ctx.app, 'GET', '/api/events', { token, headers })).headers['admitone-version'];
      expect(await version(admin.token)).toBe('2026-12-01');
      expect(await version(keyToken)).toBe('2026-12-01');
      expect(await version(admin.token, { 'admitone-version': '2027-03-01' })).toBe('2027-03-01');
      await ctx.app.deps.database.db
        .update(accounts)
        .set({ api_version: '2027-03-01' as never })
        .where(eq(accounts.id, accountId));
      expect(await version(admin.token)).toBe('2027-03-01');
      expect(await version(keyToken)).toBe('2027-03-01');
      expect(await version(admin.token, { 'admitone-version': '2026-12-01' })).toBe('2026-12-01');
    } finally {
      (API_VERSIONS as unknown as string[]).pop();
    }
    // An admin sets it; a version that does not exist is refused on the field.
    const set = await call(ctx.app, 'PUT', `/api/accounts/${accountId}`, {
      token: admin.token,
      body: { api_version: '2026-12-01' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.api_version).toBe('2026-12-01');
    const wrong = await call(ctx.app, 'PUT', `/api/accounts/${accountId}`, {
      token: admin.token,
      body: { api_version: '2020-01-01' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().error.field_errors)).toEqual(['api_version']);
  });
});

describe('CORS on the public reads', () => {
  it('the public event and its catalogue can be read from any site, and its preflight is answered', async () => {
    const { event } = await liveEvent(ctx.app, [{ name: 'Entry', type: 'FREE', quantity: 10 }]);
    const eventId = event.id;
    const read = await call(ctx.app, 'GET', `/api/public/events/${eventId}`, {
      headers: { origin: 'https://organizer.example' },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe('*');
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: `/api/public/events/${eventId}`,
      headers: {
        origin: 'https://organizer.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-request-id',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('GET');
  });

  it("an organizer's routes are not opened to other sites", async () => {
    const user = await registerUser(ctx.app);
    const res = await call(ctx.app, 'GET', '/api/events', {
      token: user.token,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
