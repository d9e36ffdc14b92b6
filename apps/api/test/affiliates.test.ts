import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../src/db/schema/index.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent, placeOrder, reserve } from './checkout-factory.js';
import { registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

async function setup() {
  const world = await liveEvent(ctx.app, [
    { name: 'Seat', type: 'PAID', price: 2500 },
    { name: 'Lawn', type: 'FREE' },
  ]);
  await call(ctx.app, 'PUT', `/api/events/${world.event.id}/settings`, {
    token: world.u.token,
    body: { offline_payments_enabled: true },
  });
  return { ...world, base: `/api/events/${world.event.id}/affiliates` };
}

const orderRow = async (shortId: string) =>
  (await ctx.app.deps.database.db.select().from(orders).where(eq(orders.short_id, shortId)))[0]!;

describe('affiliates', () => {
  it('creates, reads, changes and deletes affiliates with a public link', async () => {
    const { u, event, base } = await setup();
    const created = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { name: ' Radio Blue ', code: 'Radio-Blue_1', email: 'Promo@Radio.example' },
    });
    expect(created.statusCode).toBe(201);
    const a = created.json().data;
    expect(a).toMatchObject({
      event_id: event.id,
      name: 'Radio Blue',
      code: 'Radio-Blue_1',
      email: 'promo@radio.example',
      enabled: true,
      orders_count: 0,
      tickets_sold: 0,
      revenue: 0,
      currency: 'EUR',
      link: `/event/${event.id}/${event.slug}?aff=Radio-Blue_1`,
    });
    expect((await call(ctx.app, 'GET', `${base}/${a.id}`, { token: u.token })).json().data.code).toBe('Radio-Blue_1');
    const put = await call(ctx.app, 'PUT', `${base}/${a.id}`, {
      token: u.token,
      body: { name: 'Radio Blue FM', code: 'RADIO', email: '', enabled: false },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ name: 'Radio Blue FM', code: 'RADIO', email: null, enabled: false });
    expect((await call(ctx.app, 'DELETE', `${base}/${a.id}`, { token: u.token })).statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', `${base}/${a.id}`, { token: u.token })).statusCode).toBe(404);
  });

  it('refuses bad input with field errors and a code taken in any case', async () => {
    const { u, base } = await setup();
    await call(ctx.app, 'POST', base, { token: u.token, body: { name: 'Blog', code: 'BLOG' } });
    const dup = await call(ctx.app, 'POST', base, { token: u.token, body: { name: 'Other blog', code: 'blog' } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().error.field_errors).toEqual({ code: ['This event already has an affiliate with this code.'] });
    const other = (await call(ctx.app, 'POST', base, { token: u.token, body: { name: 'Other', code: 'OTHER' } })).json()
      .data;
    const rename = await call(ctx.app, 'PUT', `${base}/${other.id}`, {
      token: u.token,
      body: { name: 'Other', code: 'Blog' },
    });
    expect(rename.json().error.field_errors).toEqual({ code: ['This event already has an affiliate with this code.'] });
    const bad = await call(ctx.app, 'POST', base, { token: u.token, body: { name: '', code: 'a b', email: 'nope' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.field_errors).sort()).toEqual(['code', 'email', 'name']);
    expect(bad.json().error.field_errors.code).toEqual(['Use letters, digits, dashes and underscores only.']);
    const short = await call(ctx.app, 'POST', base, { token: u.token, body: { name: 'X', code: 'ab' } });
    expect(short.json().error.field_errors).toEqual({ code: ['Must be at least 3 characters.'] });
    const long = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { name: 'x'.repeat(150), code: 'LONGNAME' },
    });
    expect(long.json().error.field_errors).toEqual({ name: ['Must be at most 149 characters.'] });
    // The same code on another event is fine.
    const second = await setup();
    const sameCode = await call(ctx.app, 'POST', second.base, {
      token: second.u.token,
      body: { name: 'Blog', code: 'BLOG' },
    });
    expect(sameCode.statusCode).toBe(201);
  });

  it("another account's event or affiliate is not found", async () => {
    const { u, event, base } = await setup();
    const a = (await call(ctx.app, 'POST', base, { token: u.token, body: { name: 'Blog', code: 'BLOG' } })).json().data;
    const stranger = await registerUser(ctx.app);
    for (const [method, url, body] of [
      ['GET', base, undefined],
      ['GET', `${base}/export`, undefined],
      ['POST', base, { name: 'Mine', code: 'MINE' }],
      ['GET', `${base}/${a.id}`, undefined],
      ['PUT', `${base}/${a.id}`, { name: 'Mine', code: 'MINE' }],
      ['DELETE', `${base}/${a.id}`, undefined],
    ] as const) {
      expect((await call(ctx.app, method, url, { token: stranger.token, body })).statusCode, `${method} ${url}`).toBe(
        404,
      );
    }
    // An affiliate id of another event of the same account is not found either.
    const other = await setup();
    expect(
      (await call(ctx.app, 'GET', `/api/events/${other.event.id}/affiliates/${a.id}`, { token: other.u.token }))
        .statusCode,
    ).toBe(404);
    expect((await call(ctx.app, 'GET', `${base}/${a.id}`, { token: u.token })).json().data.name).toBe('Blog');
    expect(event.id).toBeGreaterThan(0);
  });

  it('attributes orders reserved with an enabled code (any case) and counts orders, tickets and revenue', async () => {
    const { u, event, tickets, base } = await setup();
    const ctxOrder = { eventId: event.id, organizerToken: u.token };
    const radio = (await call(ctx.app, 'POST', base, { token: u.token, body: { name: 'Radio', code: 'RADIO' } })).json()
      .data;
    const blog = (
      await call(ctx.app, 'POST', base, { token: u.token, body: { name: 'Blog', code: 'BLOG', enabled: false } })
    ).json().data;
    const [seat, lawn] = tickets;

    const paid = await placeOrder(ctx.app, ctxOrder, [{ ticket_id: seat!.id, quantity: 2 }], {
      extra: { affiliate_code: 'radio' },
    });
    const free = await placeOrder(ctx.app, ctxOrder, [{ ticket_id: lawn!.id, quantity: 3 }], {
      extra: { affiliate_code: 'RADIO' },
    });
    expect((await orderRow(paid.short_id)).affiliate_id).toBe(radio.id);
    expect((await orderRow(free.short_id)).affiliate_id).toBe(radio.id);
    // A disabled or unknown code attributes nothing and never fails the checkout.
    const viaDisabled = await placeOrder(ctx.app, ctxOrder, [{ ticket_id: lawn!.id, quantity: 1 }], {
      extra: { affiliate_code: 'BLOG' },
    });
    const viaUnknown = await placeOrder(ctx.app, ctxOrder, [{ ticket_id: lawn!.id, quantity: 1 }], {
      extra: { affiliate_code: 'NOPE' },
    });
    expect((await orderRow(viaDisabled.short_id)).affiliate_id).toBeNull();
    expect((await orderRow(viaUnknown.short_id)).affiliate_id).toBeNull();
    // An order awaiting payment or still in checkout is attributed but not counted yet.
    const awaiting = await placeOrder(ctx.app, ctxOrder, [{ ticket_id: seat!.id, quantity: 1 }], {
      paid: false,
      extra: { affiliate_code: 'RADIO' },
    });
    expect((await orderRow(awaiting.short_id)).affiliate_id).toBe(radio.id);
    const held = await reserve(ctx.app, event.id, {
      items: [{ ticket_id: lawn!.id, quantity: 1 }],
      affiliate_code: 'RADIO',
    });
    expect(held.statusCode).toBe(201);
    // A code of another event attributes nothing here.
    const elsewhere = await setup();
    await call(ctx.app, 'POST', elsewhere.base, { token: elsewhere.u.token, body: { name: 'Far', code: 'FAR' } });
    const far = await placeOrder(ctx.app, ctxOrder, [{ ticket_id: lawn!.id, quantity: 1 }], {
      extra: { affiliate_code: 'FAR' },
    });
    expect((await orderRow(far.short_id)).affiliate_id).toBeNull();

    const list = (await call(ctx.app, 'GET', base, { token: u.token })).json();
    const byCode = Object.fromEntries(list.data.map((a: { code: string }) => [a.code, a]));
    expect(byCode.RADIO).toMatchObject({ orders_count: 2, tickets_sold: 5, revenue: 5000 });
    expect(byCode.BLOG).toMatchObject({ id: blog.id, orders_count: 0, tickets_sold: 0, revenue: 0 });

    // A partial refund lowers the revenue; a refunded order still counts as an order.
    await ctx.app.deps.database.db
      .update(orders)
      .set({ status: 'PARTIALLY_REFUNDED', refunded_total: 1500 })
      .where(eq(orders.short_id, paid.short_id));
    expect((await call(ctx.app, 'GET', `${base}/${radio.id}`, { token: u.token })).json().data).toMatchObject({
      orders_count: 2,
      revenue: 3500,
    });

    // Deleting the affiliate keeps its orders, no longer attributed.
    expect((await call(ctx.app, 'DELETE', `${base}/${radio.id}`, { token: u.token })).statusCode).toBe(204);
    const kept = await orderRow(paid.short_id);
    expect(kept.affiliate_id).toBeNull();
    expect(kept.status).toBe('PARTIALLY_REFUNDED');
  });

  it('sorts by figures and searches by name or code', async () => {
    const { u, event, tickets, base } = await setup();
    const mk = async (name: string, code: string) =>
      (await call(ctx.app, 'POST', base, { token: u.token, body: { name, code } })).json().data;
    await mk('Zeta magazine', 'ZETA');
    await mk('alpha blog', 'ALPHA');
    await mk('Mid radio', 'MID');
    const ctxOrder = { eventId: event.id, organizerToken: u.token };
    await placeOrder(ctx.app, ctxOrder, [{ ticket_id: tickets[0]!.id, quantity: 1 }], {
      extra: { affiliate_code: 'MID' },
    });
    await placeOrder(ctx.app, ctxOrder, [{ ticket_id: tickets[0]!.id, quantity: 3 }], {
      extra: { affiliate_code: 'ZETA' },
    });
    await placeOrder(ctx.app, ctxOrder, [{ ticket_id: tickets[1]!.id, quantity: 1 }], {
      extra: { affiliate_code: 'MID' },
    });
    const codes = async (qs: string) =>
      (await call(ctx.app, 'GET', `${base}?${qs}`, { token: u.token }))
        .json()
        .data.map((a: { code: string }) => a.code);
    expect(await codes('sort_by=name')).toEqual(['ALPHA', 'MID', 'ZETA']);
    expect(await codes('sort_by=name&sort_direction=desc')).toEqual(['ZETA', 'MID', 'ALPHA']);
    expect(await codes('sort_by=code')).toEqual(['ALPHA', 'MID', 'ZETA']);
    expect(await codes('sort_by=revenue')).toEqual(['ZETA', 'MID', 'ALPHA']);
    expect(await codes('sort_by=orders')).toEqual(['MID', 'ZETA', 'ALPHA']);
    expect(await codes('sort_by=orders&sort_direction=asc')).toEqual(['ALPHA', 'ZETA', 'MID']);
    expect(await codes('query=radio')).toEqual(['MID']);
    expect(await codes('query=alp')).toEqual(['ALPHA']);
    const page = (await call(ctx.app, 'GET', `${base}?per_page=2&sort_by=code`, { token: u.token })).json();
    expect(page.meta).toMatchObject({ total: 3, last_page: 2, per_page: 2 });
    expect(page.data).toHaveLength(2);
    const badSort = await call(ctx.app, 'GET', `${base}?sort_by=email`, { token: u.token });
    expect(badSort.statusCode).toBe(422);
  });

  it('exports every affiliate as CSV with headings in the request language', async () => {
    const { u, event, tickets, base } = await setup();
    await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { name: 'Radio, "Blue"', code: 'RADIO', email: 'promo@radio.example' },
    });
    await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { name: '=HYPERLINK("x")', code: 'SNEAKY', enabled: false },
    });
    await placeOrder(
      ctx.app,
      { eventId: event.id, organizerToken: u.token },
      [{ ticket_id: tickets[0]!.id, quantity: 2 }],
      { extra: { affiliate_code: 'RADIO' } },
    );

    const res = await call(ctx.app, 'GET', `${base}/export`, { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${event.slug}-affiliates-2027-03-01.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Name,Code,E-mail,Enabled,Orders,Tickets,Revenue (EUR),Link',
      // Sorted by name; a cell a spreadsheet would run as a formula starts with an apostrophe.
      `"'=HYPERLINK(""x"")",SNEAKY,,No,0,0,0.00,http://admitone.test/event/${event.id}/${event.slug}?aff=SNEAKY`,
      `"Radio, ""Blue""",RADIO,promo@radio.example,Yes,1,2,50.00,http://admitone.test/event/${event.id}/${event.slug}?aff=RADIO`,
    ]);
  });

  it('translates the export headings (German catalog)', async () => {
    const { u, base } = await setup();
    const de = await call(ctx.app, 'GET', `${base}/export`, {
      token: u.token,
      headers: { cookie: 'admitone_locale=de' },
    });
    expect(de.body.slice(1).split('\r\n')[0]).toBe('Name,Code,E-Mail,Aktiv,Bestellungen,Tickets,Umsatz (EUR),Link');
  });
});
