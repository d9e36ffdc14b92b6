import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { call, createTestApp, type TestContext } from '../../test/test-app.js';
import { DEMO_LOGIN, seed } from './seed.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('seed', () => {
  it('creates a demo world once and changes nothing the second time', async () => {
    const first = await seed(ctx.app.deps.database.db, ctx.app.deps.clock);
    expect(first.created).toBe(true);
    expect(first.eventIds).toHaveLength(4);
    const again = await seed(ctx.app.deps.database.db, ctx.app.deps.clock);
    expect(again).toEqual({ ...first, created: false });

    const login = await call(ctx.app, 'POST', '/api/auth/login', { body: DEMO_LOGIN });
    expect(login.statusCode).toBe(200);
    const list = await call(ctx.app, 'GET', '/api/events?sort_by=title&sort_direction=asc', {
      token: login.json().token,
    });
    expect(list.json().data.map((e: { title: string; status: string }) => [e.title, e.status])).toEqual([
      ['Autumn Lecture Series', 'DRAFT'],
      ['New Year Warm-up', 'LIVE'],
      ['Riverside Open Air', 'LIVE'],
      ['Summer Jazz Festival', 'LIVE'],
    ]);
  });
});
