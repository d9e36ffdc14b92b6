import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { createEvent, createOrganizer, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

async function setup() {
  const u = await registerUser(ctx.app);
  const event = await createEvent(ctx.app, u.token, (await createOrganizer(ctx.app, u.token)).id, {
    title: 'Jazz Night',
    timezone: 'Europe/Berlin',
  });
  return { u, event, base: `/api/events/${event.id}/promo-codes` };
}

describe('promo codes', () => {
  it('creates codes of each kind with a copyable link, lists and deletes them', async () => {
    const { u, event, base } = await setup();
    const ticket = (
      await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
        token: u.token,
        body: { name: 'VIP', type: 'PAID', price: 5000 },
      })
    ).json().data;
    const pct = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: {
        code: 'EARLY-bird_2027',
        discount_type: 'PERCENTAGE',
        discount: 12.5,
        max_uses: 100,
        expires_at: '2027-03-10T23:59',
      },
    });
    expect(pct.statusCode).toBe(201);
    expect(pct.json().data).toMatchObject({
      code: 'EARLY-bird_2027',
      discount_type: 'PERCENTAGE',
      discount: 12.5,
      ticket_ids: [],
      max_uses: 100,
      expires_at: '2027-03-10T22:59:00.000Z',
      times_used: 0,
      is_active: true,
      link: `/event/${event.id}/jazz-night?promo_code=EARLY-bird_2027`,
    });
    const fixed = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { code: 'TENOFF', discount_type: 'FIXED', discount: 1000, ticket_ids: [ticket.id] },
    });
    expect(fixed.json().data).toMatchObject({
      discount: 1000,
      ticket_ids: [ticket.id],
      max_uses: null,
      expires_at: null,
    });
    const unlock = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { code: 'backstage', discount_type: 'NONE', discount: 50 },
    });
    expect(unlock.json().data).toMatchObject({ discount_type: 'NONE', discount: 0 });

    const list = await call(ctx.app, 'GET', `${base}?sort_by=code&sort_direction=asc`, { token: u.token });
    expect(list.json().data.map((p: { code: string }) => p.code)).toEqual(['backstage', 'EARLY-bird_2027', 'TENOFF']);
    expect((await call(ctx.app, 'GET', `${base}?query=ten`, { token: u.token })).json().meta.total).toBe(1);

    clock.set(new Date('2027-03-11T00:00:00Z'));
    expect(
      (await call(ctx.app, 'GET', `${base}/${pct.json().data.id}`, { token: u.token })).json().data.is_active,
    ).toBe(false);
    clock.set(new Date('2027-03-01T12:00:00Z'));

    expect((await call(ctx.app, 'DELETE', `${base}/${fixed.json().data.id}`, { token: u.token })).statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', base, { token: u.token })).json().meta.total).toBe(2);
  });

  it('keeps codes unique per event whatever the case, and marks bad input', async () => {
    const { u, base } = await setup();
    await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { code: 'SUMMER', discount_type: 'PERCENTAGE', discount: 10 },
    });
    const dup = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { code: 'summer', discount_type: 'FIXED', discount: 100 },
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().error.field_errors).toEqual({ code: ['This event already has a promo code with this name.'] });
    // Another event may use the same code.
    const other = await setup();
    expect(
      (
        await call(ctx.app, 'POST', other.base, {
          token: other.u.token,
          body: { code: 'SUMMER', discount_type: 'PERCENTAGE', discount: 10 },
        })
      ).statusCode,
    ).toBe(201);

    const err = async (body: object) =>
      (await call(ctx.app, 'POST', base, { token: u.token, body })).json().error.field_errors;
    expect(await err({ code: 'AB', discount_type: 'PERCENTAGE', discount: 10 })).toEqual({
      code: ['Must be at least 3 characters.'],
    });
    expect(await err({ code: 'A'.repeat(51), discount_type: 'PERCENTAGE', discount: 10 })).toEqual({
      code: ['Must be at most 50 characters.'],
    });
    expect(await err({ code: 'NO SPACES', discount_type: 'PERCENTAGE', discount: 10 })).toEqual({
      code: ['Use letters, digits, dashes and underscores only.'],
    });
    expect(await err({ code: 'TOOMUCH', discount_type: 'PERCENTAGE', discount: 120 })).toEqual({
      discount: ['Must be at most 100.'],
    });
    expect(await err({ code: 'HALFCENT', discount_type: 'FIXED', discount: 10.5 })).toEqual({
      discount: ['Enter a whole number.'],
    });
    expect(await err({ code: 'ZERO', discount_type: 'FIXED', discount: 0 })).toEqual({
      discount: ['This field is required.'],
    });
    expect(
      Object.keys(await err({ code: 'X1X', discount_type: 'BOGO', max_uses: 0, expires_at: 'soon' })).sort(),
    ).toEqual(['discount_type', 'expires_at', 'max_uses']);
  });

  it('checks ids against the event and the account, also for updates', async () => {
    const a = await setup();
    const b = await setup();
    const theirs = (
      await call(ctx.app, 'POST', b.base, {
        token: b.u.token,
        body: { code: 'THEIRS', discount_type: 'PERCENTAGE', discount: 50 },
      })
    ).json().data;
    const theirTicket = (
      await call(ctx.app, 'POST', `/api/events/${b.event.id}/tickets`, {
        token: b.u.token,
        body: { name: 'T', type: 'FREE' },
      })
    ).json().data;
    const body = { code: 'MINE-2027', discount_type: 'PERCENTAGE', discount: 100 };
    for (const [method, url] of [
      ['GET', `${b.base}/${theirs.id}`],
      ['PUT', `${b.base}/${theirs.id}`],
      ['DELETE', `${b.base}/${theirs.id}`],
      ['GET', `${a.base}/${theirs.id}`],
      ['PUT', `${a.base}/${theirs.id}`],
      ['DELETE', `${a.base}/${theirs.id}`],
      ['GET', b.base],
      ['POST', b.base],
    ] as const) {
      const res = await call(ctx.app, method, url, {
        token: a.u.token,
        body: method === 'PUT' || method === 'POST' ? body : undefined,
      });
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    const foreignTicket = await call(ctx.app, 'POST', a.base, {
      token: a.u.token,
      body: { ...body, ticket_ids: [theirTicket.id] },
    });
    expect(foreignTicket.json().error.field_errors).toEqual({ ticket_ids: ['This choice does not exist.'] });
    expect((await call(ctx.app, 'GET', `${b.base}/${theirs.id}`, { token: b.u.token })).json().data.code).toBe(
      'THEIRS',
    );
  });

  it('updates a code, including its tickets', async () => {
    const { u, event, base } = await setup();
    const t = (
      await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
        token: u.token,
        body: { name: 'A', type: 'PAID', price: 100 },
      })
    ).json().data;
    const p = (
      await call(ctx.app, 'POST', base, {
        token: u.token,
        body: { code: 'FIRST', discount_type: 'PERCENTAGE', discount: 10 },
      })
    ).json().data;
    const res = await call(ctx.app, 'PUT', `${base}/${p.id}`, {
      token: u.token,
      body: { code: 'SECOND', discount_type: 'FIXED', discount: 50, ticket_ids: [t.id], max_uses: 3 },
    });
    expect(res.json().data).toMatchObject({
      code: 'SECOND',
      discount_type: 'FIXED',
      discount: 50,
      ticket_ids: [t.id],
      max_uses: 3,
    });
    // Renaming to its own name in another case is fine.
    expect(
      (
        await call(ctx.app, 'PUT', `${base}/${p.id}`, {
          token: u.token,
          body: { code: 'second', discount_type: 'FIXED', discount: 50 },
        })
      ).statusCode,
    ).toBe(200);
  });
});
