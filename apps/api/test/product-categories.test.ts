import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { ProductCategoryDto } from '@admitone/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { liveEvent, placeOrder, publicEvent } from './checkout-factory.js';
import { createEvent } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => ctx.close());
const db = () => ctx.app.deps.database.db;

async function setup() {
  const { u, event, tickets } = await liveEvent(ctx.app, [
    { name: 'Standing', type: 'FREE', quantity: 50 },
    { name: 'Seated', type: 'PAID', price: 2500, quantity: 20 },
  ]);
  const base = `/api/events/${event.id}/product-categories`;
  const as = { token: u.token };
  const list = async () => (await call(ctx.app, 'GET', base, as)).json<{ data: ProductCategoryDto[] }>().data;
  return { u, event, tickets, base, as, list };
}

describe('product categories', () => {
  it('a new event has one unnamed category holding every ticket; categories are added, named, hidden, collapsed', async () => {
    const { base, as, list, tickets, event } = await setup();
    const [first] = await list();
    expect(first).toMatchObject({
      name: null,
      description: null,
      is_hidden: false,
      starts_collapsed: false,
      sort_order: 0,
      ticket_ids: tickets.map((t) => t.id),
    });
    expect(tickets.every((t) => t.category_id === first!.id)).toBe(true);

    const extras = await call(ctx.app, 'POST', base, {
      ...as,
      body: { name: '  Add-ons ', description: '<p>Extras<script>x()</script></p>', starts_collapsed: true },
    });
    expect(extras.statusCode).toBe(201);
    expect(extras.json().data).toMatchObject({
      name: 'Add-ons',
      description: '<p>Extras</p>',
      starts_collapsed: true,
      sort_order: 1,
      ticket_ids: [],
    });
    const renamed = await call(ctx.app, 'PUT', `${base}/${first!.id}`, {
      ...as,
      body: { name: 'Admission', is_hidden: false },
    });
    expect(renamed.json().data).toMatchObject({ name: 'Admission', ticket_ids: tickets.map((t) => t.id) });
    // A blank name returns to the default name.
    expect(
      (await call(ctx.app, 'PUT', `${base}/${first!.id}`, { ...as, body: { name: '   ' } })).json().data.name,
    ).toBeNull();

    // A ticket created into the new category; one changed without naming a category stays where it is.
    const shirt = await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
      ...as,
      body: { name: 'Parking', type: 'PAID', price: 800, category_id: extras.json().data.id },
    });
    expect(shirt.json().data.category_id).toBe(extras.json().data.id);
    const edited = await call(ctx.app, 'PUT', `/api/events/${event.id}/tickets/${shirt.json().data.id}`, {
      ...as,
      body: { name: 'Parking spot', type: 'PAID', price: 900 },
    });
    expect(edited.json().data.category_id).toBe(extras.json().data.id);
    expect((await list()).map((c) => c.ticket_ids)).toEqual([tickets.map((t) => t.id), [shirt.json().data.id]]);
  });

  it('arranges categories and moves tickets between them in one call, naming every category and ticket once', async () => {
    const { base, as, list, tickets } = await setup();
    const [standing, seated] = tickets;
    const [main] = await list();
    const vip = (await call(ctx.app, 'POST', base, { ...as, body: { name: 'VIP' } })).json().data;

    const arranged = await call(ctx.app, 'PUT', `${base}/arrangement`, {
      ...as,
      body: {
        categories: [
          { id: vip.id, ticket_ids: [seated!.id] },
          { id: main!.id, ticket_ids: [standing!.id] },
        ],
      },
    });
    expect(arranged.statusCode).toBe(200);
    expect(arranged.json().data.map((c: ProductCategoryDto) => [c.name, c.sort_order, c.ticket_ids])).toEqual([
      ['VIP', 0, [seated!.id]],
      [null, 1, [standing!.id]],
    ]);
    const ticketList = (await call(ctx.app, 'GET', `/api/events/${tickets[0]!.event_id}/tickets`, as)).json().data;
    expect(ticketList.find((t: { id: number }) => t.id === seated!.id).category_id).toBe(vip.id);

    // Leaving out a ticket or a category, naming one twice, or another event's ids: refused, nothing changes.
    for (const categories of [
      [
        { id: vip.id, ticket_ids: [seated!.id] },
        { id: main!.id, ticket_ids: [] },
      ],
      [{ id: vip.id, ticket_ids: [seated!.id, standing!.id] }],
      [
        { id: vip.id, ticket_ids: [seated!.id, standing!.id] },
        { id: main!.id, ticket_ids: [standing!.id] },
      ],
      [
        { id: vip.id, ticket_ids: [seated!.id] },
        { id: main!.id, ticket_ids: [standing!.id, 999_999] },
      ],
    ]) {
      const res = await call(ctx.app, 'PUT', `${base}/arrangement`, { ...as, body: { categories } });
      expect(res.statusCode, JSON.stringify(categories)).toBe(422);
      expect(res.json().error.field_errors).toHaveProperty('categories');
    }
    expect((await list()).map((c) => c.ticket_ids)).toEqual([[seated!.id], [standing!.id]]);
  });

  it('deletes only an empty category, never the last; ids of other events and accounts are not found', async () => {
    const { base, as, list, event } = await setup();
    const [main] = await list();
    expect((await call(ctx.app, 'DELETE', `${base}/${main!.id}`, as)).json().error.code).toBe('LAST_CATEGORY');
    const spare = (await call(ctx.app, 'POST', base, { ...as, body: { name: 'Spare' } })).json().data;
    const full = await call(ctx.app, 'DELETE', `${base}/${main!.id}`, as);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toEqual({
      code: 'CATEGORY_NOT_EMPTY',
      message: 'This category still holds tickets. Move them to another category first.',
    });
    expect((await call(ctx.app, 'DELETE', `${base}/${spare.id}`, as)).statusCode).toBe(204);
    expect(await list()).toHaveLength(1);

    // Another account's event and category: not found; a category of another event of the same account
    // cannot receive this event's tickets.
    const other = await setup();
    const [theirs] = await other.list();
    expect(
      (await call(ctx.app, 'PUT', `${base}/${theirs!.id}`, { ...as, body: { name: 'Mine now' } })).statusCode,
    ).toBe(404);
    expect((await call(ctx.app, 'DELETE', `${base}/${theirs!.id}`, as)).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', other.base, as)).statusCode).toBe(404);
    const second = await createEvent(ctx.app, as.token, event.organizer.id);
    const [secondCategory] = (await call(ctx.app, 'GET', `/api/events/${second.id}/product-categories`, as)).json()
      .data;
    const moved = await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
      ...as,
      body: { name: 'Stray', type: 'FREE', category_id: secondCategory.id },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().error.field_errors.category_id).toEqual(['This choice does not exist.']);
  });

  it('a duplicated event copies the categories with its tickets in them', async () => {
    const { base, as, list, event, tickets } = await setup();
    const [main] = await list();
    const vip = (await call(ctx.app, 'POST', base, { ...as, body: { name: 'VIP', starts_collapsed: true } })).json()
      .data;
    await call(ctx.app, 'PUT', `${base}/arrangement`, {
      ...as,
      body: {
        categories: [
          { id: main!.id, ticket_ids: [tickets[0]!.id] },
          { id: vip.id, ticket_ids: [tickets[1]!.id] },
        ],
      },
    });
    const copy = (
      await call(ctx.app, 'POST', `/api/events/${event.id}/duplicate`, {
        ...as,
        body: { title: 'Again', copy_tickets: true },
      })
    ).json().data;
    const copied = (await call(ctx.app, 'GET', `/api/events/${copy.id}/product-categories`, as)).json()
      .data as ProductCategoryDto[];
    expect(copied.map((c) => [c.name, c.starts_collapsed, c.ticket_ids.length])).toEqual([
      [null, false, 1],
      ['VIP', true, 1],
    ]);
    const copiedTickets = (await call(ctx.app, 'GET', `/api/events/${copy.id}/tickets`, as)).json().data as Array<{
      name: string;
      category_id: number;
    }>;
    expect(copiedTickets.find((t) => t.name === 'Seated')!.category_id).toBe(copied[1]!.id);
  });

  it('buyers see the categories grouping the tickets, in their language where the organizer gave one; a hidden category hides its tickets', async () => {
    const { base, as, list, event, tickets } = await setup();
    const [main] = await list();
    const extras = (
      await call(ctx.app, 'POST', base, {
        ...as,
        body: { name: 'Extras', description: '<p>More</p>', starts_collapsed: true },
      })
    ).json().data;
    const secret = (await call(ctx.app, 'POST', base, { ...as, body: { name: 'Crew', is_hidden: true } })).json().data;
    const crewPass = (
      await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
        ...as,
        body: { name: 'Crew pass', type: 'FREE', category_id: secret.id },
      })
    ).json().data;
    await call(ctx.app, 'PUT', `${base}/arrangement`, {
      ...as,
      body: {
        categories: [
          { id: extras.id, ticket_ids: [tickets[1]!.id] },
          { id: main!.id, ticket_ids: [tickets[0]!.id] },
          { id: secret.id, ticket_ids: [crewPass.id] },
        ],
      },
    });

    const saved = await call(ctx.app, 'PUT', `/api/events/${event.id}/translations/de`, {
      ...as,
      body: {
        event: {},
        categories: [{ id: extras.id, name: 'Zusätze', description: '<p>Mehr<script>x()</script></p>' }],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.categories.find((c: { id: number }) => c.id === extras.id).translations).toEqual({
      de: { name: 'Zusätze', description: '<p>Mehr</p>' },
    });
    const foreign = await call(ctx.app, 'PUT', `/api/events/${event.id}/translations/de`, {
      ...as,
      body: { event: {}, categories: [{ id: 999_999, name: 'x' }] },
    });
    expect(foreign.json().error.field_errors).toHaveProperty(['categories.0.id']);

    const page = await publicEvent(ctx.app, event.id);
    expect(page.categories).toEqual([
      { id: extras.id, name: 'Extras', description: '<p>More</p>', starts_collapsed: true },
      { id: main!.id, name: null, description: null, starts_collapsed: false },
    ]);
    expect(page.tickets.map((t) => [t.name, t.category_id])).toEqual([
      ['Seated', extras.id],
      ['Standing', main!.id],
    ]);
    const de = (
      await call(ctx.app, 'GET', `/api/public/events/${event.id}`, { headers: { cookie: 'admitone_locale=de' } })
    ).json().data;
    expect(de.categories[0]).toMatchObject({ name: 'Zusätze', description: '<p>Mehr</p>' });
    // A ticket of a hidden category cannot be reserved either.
    const held = await call(ctx.app, 'POST', `/api/public/events/${event.id}/order`, {
      body: { items: [{ ticket_id: crewPass.id, quantity: 1 }], expected_total: 0 },
      headers: { 'idempotency-key': 'crew-1' },
    });
    expect(held.statusCode).not.toBe(201);
  });

  it('the dashboard counts what each ticket sold, in the order buyers see them; an order awaiting payment counts nothing yet', async () => {
    const { base, as, list, event, tickets, u } = await setup();
    const [standing, seated] = tickets;
    const [main] = await list();
    const vip = (await call(ctx.app, 'POST', base, { ...as, body: { name: 'VIP' } })).json().data;
    await call(ctx.app, 'PUT', `${base}/arrangement`, {
      ...as,
      body: {
        categories: [
          { id: vip.id, ticket_ids: [seated!.id] },
          { id: main!.id, ticket_ids: [standing!.id] },
        ],
      },
    });
    await db().execute(sql.raw(`update events set offline_payments_enabled = true where id = ${event.id}`));
    const organizer = { eventId: event.id, organizerToken: u.token };
    await placeOrder(ctx.app, organizer, [{ ticket_id: seated!.id, quantity: 2 }]);
    await placeOrder(ctx.app, organizer, [{ ticket_id: standing!.id, quantity: 3 }]);
    // Waiting for an offline payment: not sold yet.
    await placeOrder(ctx.app, organizer, [{ ticket_id: seated!.id, quantity: 1 }], { paid: false });
    const stats = (await call(ctx.app, 'GET', `/api/events/${event.id}/stats`, as)).json().data;
    expect(stats.by_product).toEqual([
      { ticket_id: seated!.id, name: 'Seated', category_id: vip.id, sold: 2, gross: 5000 },
      { ticket_id: standing!.id, name: 'Standing', category_id: main!.id, sold: 3, gross: 0 },
    ]);
  });

  it('the migration puts every existing ticket of every event in a default category', async () => {
    const { event, tickets, u } = await setup();
    await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
      { ticket_id: tickets[0]!.id, quantity: 1 },
    ]);
    const bare = await createEvent(ctx.app, u.token, event.organizer.id);
    // As before the migration: no categories, tickets without one. Then its statements, as written in the file.
    await db().execute(sql.raw('alter table tickets alter column category_id drop not null'));
    await db().execute(sql.raw('update tickets set category_id = null'));
    await db().execute(sql.raw('delete from product_categories'));
    const file = readFileSync(
      path.resolve(import.meta.dirname, '../src/db/migrations/0032_product_categories.sql'),
      'utf8',
    );
    const backfill = file
      .slice(file.indexOf('-- Every event gets its default category'))
      .split('--> statement-breakpoint');
    for (const statement of backfill.slice(0, 3)) await db().execute(sql.raw(statement));
    const rows = async <T>(text: string) => ((await db().execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
    expect(await rows('select count(*)::int as n from tickets where category_id is null')).toEqual([{ n: 0 }]);
    expect(
      await rows(
        `select count(*)::int as n from product_categories where event_id in (${event.id}, ${bare.id}) and name is null`,
      ),
    ).toEqual([{ n: 2 }]);
    expect(
      await rows(
        'select count(*)::int as n from events e where (select count(*) from product_categories c where c.event_id = e.id) <> 1',
      ),
    ).toEqual([{ n: 0 }]);
    const [category] = await rows<{ id: number }>(`select id from product_categories where event_id = ${event.id}`);
    expect(await rows(`select distinct category_id from tickets where event_id = ${event.id}`)).toEqual([
      { category_id: category!.id },
    ]);
    // The event still sells.
    expect((await publicEvent(ctx.app, event.id)).tickets).toHaveLength(2);
  });
});
