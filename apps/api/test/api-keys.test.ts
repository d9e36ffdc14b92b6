import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiKeys, idempotencyKeys } from '../src/db/schema/index.js';
import { TestClock } from '../src/shared/clock.js';
import { purgeIdempotencyKeys } from '../src/shared/idempotency.js';
import { hashToken } from '../src/shared/tokens.js';
import { createEvent, createOrganizer, inviteAndAccept, ownMemberId, registerConfirmedUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2026-11-27T10:00:00Z'));
const RATE = 25;
beforeAll(async () => {
  ctx = await createTestApp({ clock, env: { API_KEY_RATE_LIMIT_MAX: String(RATE), AUTH_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => ctx.close());

async function admin(locale?: string) {
  const a = await registerConfirmedUser(ctx.app, ctx.smtp, { name: 'Ada Admin', ...(locale ? { locale } : {}) });
  const organizer = await createOrganizer(ctx.app, a.token);
  const event = await createEvent(ctx.app, a.token, organizer.id, { title: 'Main Event' });
  const other = await createEvent(ctx.app, a.token, organizer.id, { title: 'Side Event' });
  return { token: a.token, organizer, event, other };
}

async function makeKey(token: string, body: Record<string, unknown>) {
  const res = await call(ctx.app, 'POST', '/api/api-keys', {
    token,
    body: { name: 'CRM sync', access: 'READ_WRITE', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; secret: string; prefix: string; state: string };
}

describe('making, listing and revoking keys', () => {
  it('shows the secret once, stores only its hash, lists keys with their maker and last use, and revokes', async () => {
    const a = await admin();
    const made = await call(ctx.app, 'POST', '/api/api-keys', {
      token: a.token,
      body: {
        name: '  Newsletter  ',
        access: 'READ',
        event_ids: [a.event.id],
        expires_at: '2027-01-31T23:59:59+01:00',
      },
    });
    expect(made.statusCode).toBe(201);
    expect(made.headers['cache-control']).toBe('no-store');
    const key = made.json().data;
    expect(key).toMatchObject({
      name: 'Newsletter',
      access: 'READ',
      event_ids: [a.event.id],
      expires_at: '2027-01-31T22:59:59.000Z',
      last_used_at: null,
      state: 'ACTIVE',
      created_by: { name: 'Ada Admin' },
    });
    expect(key.secret).toMatch(/^a1k_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);

    const [row] = await ctx.app.deps.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.token_hash).toBe(hashToken(key.secret));
    expect(JSON.stringify(row)).not.toContain(key.secret);

    clock.advance(5_000);
    expect((await call(ctx.app, 'GET', `/api/events/${a.event.id}`, { token: key.secret })).statusCode).toBe(200);
    const list = await call(ctx.app, 'GET', '/api/api-keys', { token: a.token });
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ id: key.id, last_used_at: clock.now().toISOString(), state: 'ACTIVE' });
    expect(list.json().data[0].secret).toBeUndefined();

    expect((await call(ctx.app, 'DELETE', `/api/api-keys/${key.id}`, { token: a.token })).statusCode).toBe(204);
    expect((await call(ctx.app, 'DELETE', `/api/api-keys/${key.id}`, { token: a.token })).statusCode).toBe(204);
    const revoked = await call(ctx.app, 'GET', `/api/events/${a.event.id}`, { token: key.secret });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.code).toBe('UNAUTHENTICATED');
    expect((await call(ctx.app, 'GET', '/api/api-keys', { token: a.token })).json().data[0].state).toBe('REVOKED');
  });

  it('marks bad input on its field, in the caller’s language', async () => {
    const a = await admin('de');
    const past = await call(ctx.app, 'POST', '/api/api-keys', {
      token: a.token,
      body: { name: 'x', access: 'READ', expires_at: '2026-11-27T09:00:00Z' },
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().error.field_errors).toEqual({ expires_at: ['Wählen Sie einen Zeitpunkt in der Zukunft.'] });
    const stranger = await admin();
    const foreign = await call(ctx.app, 'POST', '/api/api-keys', {
      token: a.token,
      body: { name: 'x', access: 'READ', event_ids: [stranger.event.id] },
    });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().error.field_errors)).toEqual(['event_ids']);
    const bad = await call(ctx.app, 'POST', '/api/api-keys', { token: a.token, body: { name: '', access: 'ALL' } });
    expect(Object.keys(bad.json().error.field_errors).sort()).toEqual(['access', 'name']);
    expect((await call(ctx.app, 'DELETE', `/api/api-keys/999999`, { token: a.token })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/api-keys', { token: a.token })).json().data).toEqual([]);
  });

  it('lets only admins manage keys, never a key itself; other accounts’ keys are not found', async () => {
    const a = await admin();
    const organizer = await inviteAndAccept(ctx.app, ctx.smtp, a.token, 'ORGANIZER');
    expect((await call(ctx.app, 'GET', '/api/api-keys', { token: organizer.token })).statusCode).toBe(403);
    expect(
      (await call(ctx.app, 'POST', '/api/api-keys', { token: organizer.token, body: { name: 'x', access: 'READ' } }))
        .statusCode,
    ).toBe(403);
    const key = await makeKey(a.token, {});
    const byKey = await call(ctx.app, 'POST', '/api/api-keys', {
      token: key.secret,
      body: { name: 'more', access: 'READ_WRITE' },
    });
    expect(byKey.statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/api-keys', { token: key.secret })).statusCode).toBe(403);
    const b = await admin();
    expect((await call(ctx.app, 'DELETE', `/api/api-keys/${key.id}`, { token: b.token })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/events/${a.event.id}`, { token: key.secret })).statusCode).toBe(200);
  });
});

describe('what a key may do', () => {
  it('acts as its maker: writes with a read-write key are theirs; personal and team routes refuse keys', async () => {
    const a = await admin();
    const key = await makeKey(a.token, {});
    const ticket = await call(ctx.app, 'POST', `/api/events/${a.event.id}/tickets`, {
      token: key.secret,
      body: { name: 'By the CRM', type: 'FREE' },
    });
    expect(ticket.statusCode).toBe(201);
    for (const [method, url] of [
      ['GET', '/api/users/me'],
      ['PUT', '/api/users/me/password'],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/auth/switch-account'],
      ['GET', '/api/users'],
    ] as const) {
      const res = await call(ctx.app, method, url, { token: key.secret, body: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(['API_KEY_NOT_ALLOWED', 'FORBIDDEN']).toContain(res.json().error.code);
    }
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: key.secret })).json().error.code).toBe(
      'API_KEY_NOT_ALLOWED',
    );
    // A key that is not one (or no longer one) is simply unauthenticated, on personal routes too.
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: 'a1k_not-a-real-key' })).statusCode).toBe(401);
  });

  it('refuses every write with a read-only key (403) and changes nothing', async () => {
    const a = await admin();
    const key = await makeKey(a.token, { access: 'READ' });
    expect((await call(ctx.app, 'GET', `/api/events/${a.event.id}/tickets`, { token: key.secret })).statusCode).toBe(
      200,
    );
    const write = await call(ctx.app, 'POST', `/api/events/${a.event.id}/tickets`, {
      token: key.secret,
      body: { name: 'Nope', type: 'FREE' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toMatchObject({
      code: 'API_KEY_READ_ONLY',
      message: 'This API key is read-only: it cannot change anything.',
    });
    expect((await call(ctx.app, 'DELETE', `/api/events/${a.event.id}`, { token: key.secret })).statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', `/api/events/${a.event.id}/tickets`, { token: a.token })).json().data).toEqual(
      [],
    );
  });

  it('keeps a key limited to some events to them: others are not found, account-wide calls refused, lists filtered', async () => {
    const a = await admin();
    const key = await makeKey(a.token, { event_ids: [a.event.id] });
    expect((await call(ctx.app, 'GET', `/api/events/${a.event.id}/orders`, { token: key.secret })).statusCode).toBe(
      200,
    );
    const other = await call(ctx.app, 'GET', `/api/events/${a.other.id}/orders`, { token: key.secret });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('NOT_FOUND');
    expect(
      (await call(ctx.app, 'PUT', `/api/events/${a.other.id}`, { token: key.secret, body: { title: 'Taken over' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'POST', `/api/events/${a.event.id}/duplicate`, { token: key.secret, body: {} })).json().error
        .code,
    ).toBe('API_KEY_EVENT_SCOPE');
    const organizers = await call(ctx.app, 'GET', '/api/organizers', { token: key.secret });
    expect(organizers.statusCode).toBe(403);
    expect(organizers.json().error.code).toBe('API_KEY_EVENT_SCOPE');
    const list = await call(ctx.app, 'GET', '/api/events', { token: key.secret });
    expect(list.json().data.map((e: { id: number }) => e.id)).toEqual([a.event.id]);
    expect(list.json().meta.total).toBe(1);
  });

  it('stops working when it expires or its maker leaves the account, and again when they are back', async () => {
    const a = await admin();
    const colleague = await inviteAndAccept(ctx.app, ctx.smtp, a.token, 'ADMIN', 'Colin Admin');
    const expiring = await makeKey(colleague.token, {
      expires_at: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    const key = await makeKey(colleague.token, {});
    expect((await call(ctx.app, 'GET', '/api/events', { token: key.secret })).statusCode).toBe(200);
    clock.advance(3_600_000);
    expect((await call(ctx.app, 'GET', '/api/events', { token: expiring.secret })).statusCode).toBe(401);

    expect(
      (await call(ctx.app, 'PUT', `/api/users/${colleague.memberId}`, { token: a.token, body: { status: 'INACTIVE' } }))
        .statusCode,
    ).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/events', { token: key.secret })).statusCode).toBe(401);
    const states = (await call(ctx.app, 'GET', '/api/api-keys', { token: a.token }))
      .json()
      .data.map((k: { id: number; state: string }) => [k.id, k.state]);
    expect(states).toEqual([
      [key.id, 'PAUSED'],
      [expiring.id, 'EXPIRED'],
    ]);
    // A maker made Organizer: the key keeps working with an Organizer's permissions.
    expect(
      (
        await call(ctx.app, 'PUT', `/api/users/${colleague.memberId}`, {
          token: a.token,
          body: { status: 'ACTIVE', role: 'ORGANIZER' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/events', { token: key.secret })).statusCode).toBe(200);
    expect(
      (
        await call(ctx.app, 'GET', '/api/accounts/0/taxes-and-fees'.replace('0', String(await accountIdOf(a.token))), {
          token: key.secret,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(ctx.app, 'POST', `/api/accounts/${await accountIdOf(a.token)}/taxes-and-fees`, {
          token: key.secret,
          body: { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 19 },
        })
      ).statusCode,
    ).toBe(403);
    expect(await ownMemberId(ctx.app, a.token)).toBeGreaterThan(0);
  });
});

async function accountIdOf(token: string): Promise<number> {
  return (await call(ctx.app, 'GET', '/api/users/me', { token })).json().data.account.id as number;
}

describe('rate limit and idempotency', () => {
  it(`answers each key's calls with RateLimit headers and refuses the ${RATE + 1}th in a minute (429, Retry-After); sessions are not counted`, async () => {
    const a = await admin();
    const key = await makeKey(a.token, { access: 'READ' });
    const other = await makeKey(a.token, { access: 'READ' });
    const first = await call(ctx.app, 'GET', '/api/events', { token: key.secret });
    expect(first.headers['ratelimit-limit']).toBe(String(RATE));
    expect(first.headers['ratelimit-remaining']).toBe(String(RATE - 1));
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    for (let i = 1; i < RATE; i++)
      expect((await call(ctx.app, 'GET', '/api/events', { token: key.secret })).statusCode).toBe(200);
    const refused = await call(ctx.app, 'GET', '/api/events', { token: key.secret });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(ctx.app, 'GET', '/api/events', { token: other.secret })).statusCode).toBe(200);
    const session = await call(ctx.app, 'GET', '/api/events', { token: a.token });
    expect(session.statusCode).toBe(200);
    expect(session.headers['ratelimit-limit']).toBeUndefined();
  });

  it('runs a write once per Idempotency-Key: a repeat gets the first answer, another request with the key is refused, a failure frees it', async () => {
    const a = await admin();
    const key = await makeKey(a.token, {});
    const send = (idem: string, body: unknown) =>
      call(ctx.app, 'POST', `/api/events/${a.event.id}/tickets`, {
        token: key.secret,
        body,
        headers: { 'idempotency-key': idem },
      });
    const first = await send('ticket-1', { name: 'Early bird', type: 'FREE' });
    expect(first.statusCode).toBe(201);
    const again = await send('ticket-1', { name: 'Early bird', type: 'FREE' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const tickets = await call(ctx.app, 'GET', `/api/events/${a.event.id}/tickets`, { token: a.token });
    expect(tickets.json().data).toHaveLength(1);

    const reused = await send('ticket-1', { name: 'Late bird', type: 'FREE' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');

    // A refused write keeps nothing: the retry with the same key runs.
    const invalid = await send('ticket-2', { name: 'Paid', type: 'PAID', price: -5 });
    expect(invalid.statusCode).toBe(422);
    const refused = await send('ticket-3', {
      name: 'Donation',
      type: 'DONATION',
      price: 100,
      max_per_order: 1,
      min_per_order: 5,
    });
    expect(refused.statusCode).toBe(422);
    const retried = await send('ticket-3', {
      name: 'Donation',
      type: 'DONATION',
      price: 100,
      max_per_order: 1,
      min_per_order: 5,
    });
    expect(retried.headers['idempotent-replayed']).toBeUndefined();

    // 204 answers replay too; the value is per key (another key may use it).
    const deleted = await call(ctx.app, 'DELETE', `/api/events/${a.event.id}/tickets/${first.json().data.id}`, {
      token: key.secret,
      headers: { 'idempotency-key': 'del-1' },
    });
    expect(deleted.statusCode).toBe(204);
    const deletedAgain = await call(ctx.app, 'DELETE', `/api/events/${a.event.id}/tickets/${first.json().data.id}`, {
      token: key.secret,
      headers: { 'idempotency-key': 'del-1' },
    });
    expect(deletedAgain.statusCode).toBe(204);
    expect(deletedAgain.headers['idempotent-replayed']).toBe('true');
    const second = await makeKey(a.token, {});
    const otherKey = await call(ctx.app, 'POST', `/api/events/${a.event.id}/tickets`, {
      token: second.secret,
      body: { name: 'Early bird', type: 'FREE' },
      headers: { 'idempotency-key': 'ticket-1' },
    });
    expect(otherKey.statusCode).toBe(201);
    expect(otherKey.headers['idempotent-replayed']).toBeUndefined();

    // A repeat while the first is still being answered is refused, not run twice.
    await ctx.app.deps.database.db
      .insert(idempotencyKeys)
      .values({ scope: `api-key:${key.id}`, key: 'in-flight', request_hash: 'x' });
    const busy = await send('in-flight', { name: 'x', type: 'FREE' });
    expect(busy.statusCode).toBe(422);
    const bad = await send('', { name: 'x', type: 'FREE' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.field_errors)).toEqual(['Idempotency-Key']);
  });

  it('refuses a concurrent repeat of a running write with IDEMPOTENCY_KEY_IN_USE', async () => {
    const a = await admin();
    const key = await makeKey(a.token, {});
    const body = { name: 'Same', type: 'FREE' };
    const hash = await requestHashOf(key.secret, a.event.id, body);
    await ctx.app.deps.database.db
      .insert(idempotencyKeys)
      .values({ scope: `api-key:${key.id}`, key: 'running', request_hash: hash });
    const busy = await call(ctx.app, 'POST', `/api/events/${a.event.id}/tickets`, {
      token: key.secret,
      body,
      headers: { 'idempotency-key': 'running' },
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
  });
});

describe('how long idempotency keys are kept', () => {
  it('forgets keys older than a day (the worker runs this every hour): a repeat then runs again', async () => {
    const a = await admin();
    const key = await makeKey(a.token, {});
    const send = () =>
      call(ctx.app, 'POST', `/api/events/${a.event.id}/tickets`, {
        token: key.secret,
        body: { name: 'Daily', type: 'FREE' },
        headers: { 'idempotency-key': 'daily-1' },
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).headers['idempotent-replayed']).toBe('true');
    const db = ctx.app.deps.database.db;
    await db.insert(idempotencyKeys).values({
      scope: 'checkout:1',
      key: 'yesterday',
      request_hash: 'x',
      created_at: new Date(Date.now() - 25 * 3_600_000),
    });
    await db
      .update(idempotencyKeys)
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(idempotencyKeys.key, 'daily-1'));
    await db.insert(idempotencyKeys).values({ scope: 'checkout:1', key: 'today', request_hash: 'x' });
    expect(await purgeIdempotencyKeys(db)).toBe(2);
    const left = (await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key);
    expect(left).toContain('today');
    expect(left).not.toContain('yesterday');
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });
});

/**
 * The hash the first call of a request would have claimed its key with (made by running it once under another key
 * value).
 */
async function requestHashOf(secret: string, eventId: number, body: unknown): Promise<string> {
  const res = await call(ctx.app, 'POST', `/api/events/${eventId}/tickets`, {
    token: secret,
    body,
    headers: { 'idempotency-key': 'probe' },
  });
  expect(res.statusCode).toBe(201);
  const [row] = await ctx.app.deps.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'probe'));
  return row!.request_hash;
}
