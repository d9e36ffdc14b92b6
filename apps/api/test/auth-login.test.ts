import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { accountUsers } from '../src/db/schema/index.js';
import { createAccountWithOwner } from '../src/modules/accounts/accounts.repository.js';
import { registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '5' } });
});
afterAll(() => ctx.close());

const MESSAGE = 'Please check your email and password and try again';

describe('POST /api/auth/login', () => {
  it('logs in with the right password and answers token, user and accounts', async () => {
    const u = await registerUser(ctx.app);
    const res = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: u.email.toUpperCase(), password: u.password },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toBeTruthy();
    expect(body.token).not.toBe(u.token);
    expect(body.user.email).toBe(u.email);
    expect(body.accounts).toHaveLength(1);
  });

  it('gives the same answer for a wrong password and an unknown address', async () => {
    const u = await registerUser(ctx.app);
    const wrong = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: u.email, password: 'wrong-password' },
    });
    const unknown = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: 'nobody@example.test', password: 'wrong-password' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: MESSAGE } });
    }
  });

  it('refuses an inactive user with the same message', async () => {
    const u = await registerUser(ctx.app);
    await ctx.app.deps.database.db
      .update(accountUsers)
      .set({ status: 'INACTIVE' })
      .where(eq(accountUsers.user_id, u.user.id));
    const res = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(MESSAGE);
    // An existing session of an inactive user stops working too.
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).statusCode).toBe(401);
  });

  it('lets a user of several accounts choose one', async () => {
    const u = await registerUser(ctx.app);
    const second = await createAccountWithOwner(
      ctx.app.deps.database.db,
      { name: 'Second Co', currency: 'EUR', timezone: 'UTC', ownerId: u.user.id },
      ctx.app.deps.clock.now(),
    );
    const first = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    expect(first.statusCode).toBe(200);
    expect(first.json().token).toBeNull();
    expect(first.json().accounts.map((a: { name: string }) => a.name)).toEqual(["Ada Organizer's events", 'Second Co']);

    const chosen = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: u.email, password: u.password, account_id: second.id },
    });
    expect(chosen.statusCode).toBe(200);
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: chosen.json().token });
    expect(me.json().data.account).toMatchObject({ id: second.id, name: 'Second Co' });

    const other = await registerUser(ctx.app);
    const foreign = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: u.email, password: u.password, account_id: other.accounts[0]!.id },
    });
    expect(foreign.statusCode).toBe(401);
  });

  it('checks the body', async () => {
    const res = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: 'nope', password: '' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.field_errors).sort()).toEqual(['email', 'password']);
  });

  it('limits repeated attempts per address', async () => {
    const u = await registerUser(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: 'wrong-password' } }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const limited = await call(ctx.app, 'POST', '/api/auth/login', {
      locale: 'es',
      body: { email: u.email, password: u.password },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.json().error.message).not.toMatch(/Too many/);
    // Another address from the same client is not locked out.
    const v = await registerUser(ctx.app);
    expect(
      (await call(ctx.app, 'POST', '/api/auth/login', { body: { email: v.email, password: v.password } })).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token', async () => {
    const u = await registerUser(ctx.app);
    expect((await call(ctx.app, 'POST', '/api/auth/logout', { token: u.token })).statusCode).toBe(204);
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: u.token });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('needs a token', async () => {
    expect((await call(ctx.app, 'POST', '/api/auth/logout')).statusCode).toBe(401);
  });
});
