import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('/api/users/me', () => {
  it('needs a valid bearer token', async () => {
    expect((await call(ctx.app, 'GET', '/api/users/me')).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: 'made-up' })).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/users/me', { headers: { authorization: 'Basic abc' } })).statusCode).toBe(
      401,
    );
  });

  it('does not accept the token from a cookie', async () => {
    const u = await registerUser(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/users/me', { headers: { cookie: `token=${u.token}` } })).statusCode).toBe(
      401,
    );
  });

  it('updates name, time zone and language', async () => {
    const u = await registerUser(ctx.app);
    const res = await call(ctx.app, 'PUT', '/api/users/me', {
      token: u.token,
      body: { name: 'Ada L.', timezone: 'Asia/Shanghai', locale: 'zh-CN' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Ada L.', timezone: 'Asia/Shanghai', locale: 'zh-CN' });
    // The saved language now answers this user's errors when no cookie says otherwise.
    const bad = await call(ctx.app, 'PUT', '/api/users/me', {
      token: u.token,
      locale: 'en',
      body: { timezone: 'Nowhere/Land' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.field_errors.timezone).toEqual(['请选择有效的时区。']);
  });

  it('refuses an unknown language', async () => {
    const u = await registerUser(ctx.app);
    const res = await call(ctx.app, 'PUT', '/api/users/me', { token: u.token, body: { locale: 'xx' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.field_errors)).toEqual(['locale']);
  });
});
