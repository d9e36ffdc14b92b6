import { readFileSync } from 'node:fs';
import path from 'node:path';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attendees, orders } from '../src/db/schema/index.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent, placeOrder, publicEvent, reserve } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2027-06-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

/** An event with a ticket, a T-shirt (a general product, one left) and a dinner add-on (at most one per ticket). */
async function shop() {
  const setup = await liveEvent(ctx.app, [
    { name: 'Standing', type: 'FREE' },
    { name: 'T-shirt', type: 'FREE', product_type: 'GENERAL', quantity: 1 },
    { name: 'Dinner', type: 'FREE', product_type: 'GENERAL', addon_max_per_ticket: 1 },
  ]);
  const [standing, shirt, dinner] = setup.tickets;
  return { ...setup, standing: standing!, shirt: shirt!, dinner: dinner! };
}

const units = (orderId: number) =>
  ctx.app.deps.database.db.select().from(attendees).where(eq(attendees.order_id, orderId));
const orderIdOf = async (shortId: string) =>
  (await ctx.app.deps.database.db.select({ id: orders.id }).from(orders).where(eq(orders.short_id, shortId)))[0]!.id;

describe('general products and add-ons', () => {
  it('a product is a ticket or a general product; only a general product can be an add-on; both are sold on the event page', async () => {
    const { u, event, standing, shirt, dinner } = await shop();
    expect([standing, shirt, dinner].map((t) => [t.product_type, t.addon_max_per_ticket])).toEqual([
      ['TICKET', null],
      ['GENERAL', null],
      ['GENERAL', 1],
    ]);
    const bad = await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
      token: u.token,
      body: { name: 'Odd', type: 'FREE', product_type: 'TICKET', addon_max_per_ticket: 2 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.field_errors)).toEqual(['addon_max_per_ticket']);
    const page = await publicEvent(ctx.app, event.id);
    expect(page.tickets.map((t) => [t.name, t.product_type, t.addon_max_per_ticket])).toEqual([
      ['Standing', 'TICKET', null],
      ['T-shirt', 'GENERAL', null],
      ['Dinner', 'GENERAL', 1],
    ]);
  });

  it('an add-on is refused without tickets and beyond its number per ticket, at reservation', async () => {
    const { event, standing, dinner } = await shop();
    const alone = await reserve(ctx.app, event.id, { items: [{ ticket_id: dinner.id, quantity: 1 }] });
    expect(alone.statusCode).toBe(422);
    expect(alone.json().error.field_errors).toEqual({
      'items.0.quantity': ['Sold only with tickets: at most 1 per ticket in this order. Add tickets first.'],
    });
    const tooMany = await reserve(ctx.app, event.id, {
      items: [
        { ticket_id: standing.id, quantity: 2 },
        { ticket_id: dinner.id, quantity: 3 },
      ],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(Object.keys(tooMany.json().error.field_errors)).toEqual(['items.1.quantity']);
    const ok = await reserve(ctx.app, event.id, {
      items: [
        { ticket_id: standing.id, quantity: 2 },
        { ticket_id: dinner.id, quantity: 2 },
      ],
    });
    expect(ok.statusCode).toBe(201);
  });

  it('general products are order lines: no attendee details, no ticket, no check-in; their stock is taken like a ticket’s', async () => {
    const { u, event, standing, shirt, dinner } = await shop();
    const order = await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
      { ticket_id: standing.id, quantity: 1 },
      { ticket_id: shirt.id, quantity: 1 },
      { ticket_id: dinner.id, quantity: 1 },
    ]);
    expect(order.status).toBe('COMPLETED');
    // The buyer named one person; the order shows three lines.
    expect(order.attendees).toHaveLength(1);
    expect(order.items.map((i) => i.ticket_name)).toEqual(['Standing', 'T-shirt', 'Dinner']);
    const id = await orderIdOf(order.short_id);
    const rows = await units(id);
    expect(rows.map((r) => [r.is_admission, r.status])).toEqual(
      expect.arrayContaining([
        [true, 'ACTIVE'],
        [false, 'ACTIVE'],
        [false, 'ACTIVE'],
      ]),
    );

    // The organizer: one attendee, the order's three lines; the T-shirt is gone (one was left).
    const list = (await call(ctx.app, 'GET', `/api/events/${event.id}/attendees`, { token: u.token })).json();
    expect(list.data.map((a: { ticket_name: string }) => a.ticket_name)).toEqual(['Standing']);
    const detail = (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${id}`, { token: u.token })).json().data;
    expect(detail.attendees).toHaveLength(1);
    expect(detail.items).toHaveLength(3);
    expect((await publicEvent(ctx.app, event.id)).tickets.find((t) => t.name === 'T-shirt')?.sale_state).toBe(
      'SOLD_OUT',
    );
    const again = await reserve(ctx.app, event.id, { items: [{ ticket_id: shirt.id, quantity: 1 }] });
    expect(again.statusCode).toBe(409);

    // A product's unit is no ticket: its code is unknown at the door and has no ticket page.
    const product = rows.find((r) => !r.is_admission)!;
    expect(
      (
        await call(ctx.app, 'POST', `/api/events/${event.id}/check-ins`, {
          token: u.token,
          body: { code: product.short_id, action: 'CHECK_IN' },
        })
      ).json().data.result,
    ).toBe('UNKNOWN');
    expect(
      (await call(ctx.app, 'GET', `/api/public/events/${event.id}/attendees/${product.short_id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'GET', `/api/events/${event.id}/check_in_stats`, { token: u.token })).json().data,
    ).toMatchObject({ total: 1, by_ticket: [{ ticket_name: 'Standing', total: 1 }] });

    // The buyer's confirmation lists the three lines and attaches one ticket (for the one person), not three.
    const confirmation = await ctx.smtp.waitFor('grace@example.test', (m) => m.text.includes(order.order_number));
    expect(confirmation.text).toContain('1 × T-shirt');
    expect(confirmation.text).toContain('1 × Dinner');
    expect((confirmation.attachments ?? []).map((a) => a.mimeType)).toEqual(['application/pdf']);

    // What was sold stays what it was: a sold product cannot become a ticket; it cannot be an attendee's ticket or a
    // check-in list's.
    const flip = await call(ctx.app, 'PUT', `/api/events/${event.id}/tickets/${shirt.id}`, {
      token: u.token,
      body: { name: 'T-shirt', type: 'FREE', product_type: 'TICKET', quantity: 1 },
    });
    expect(flip.json().error.code).toBe('TICKET_TYPE_LOCKED');
    const manual = await call(ctx.app, 'POST', `/api/events/${event.id}/attendees`, {
      token: u.token,
      body: {
        ticket_id: dinner.id,
        first_name: 'Ann',
        last_name: 'Other',
        email: 'ann@example.test',
        send_ticket: false,
      },
    });
    expect(manual.statusCode).toBe(422);
    expect(Object.keys(manual.json().error.field_errors)).toEqual(['ticket_id']);
    const list2 = await call(ctx.app, 'POST', `/api/events/${event.id}/check-in-lists`, {
      token: u.token,
      body: { name: 'Dinner hall', all_tickets: false, ticket_ids: [dinner.id] },
    });
    expect(list2.json().error.field_errors).toEqual({ ticket_ids: ['This choice does not exist.'] });
  });

  it('migration 0034: tickets and their sold units from before are ticket products and admissions, and keep selling', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Early bird', type: 'FREE' }]);
    await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
      { ticket_id: tickets[0]!.id, quantity: 2 },
    ]);
    const db = ctx.app.deps.database.db;
    const rows = async <T>(text: string) => ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
    // As before the migration: no product columns. Then its statements, as written in the file.
    await db.execute(sql.raw('alter table attendees drop column is_admission'));
    await db.execute(sql.raw('alter table tickets drop column product_type, drop column addon_max_per_ticket'));
    const file = readFileSync(
      path.resolve(import.meta.dirname, '../src/db/migrations/0034_general_products.sql'),
      'utf8',
    );
    for (const statement of file.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    expect(await rows(`select product_type, addon_max_per_ticket from tickets where event_id = ${event.id}`)).toEqual([
      { product_type: 'TICKET', addon_max_per_ticket: null },
    ]);
    expect(
      await rows(`select count(*)::int as n from attendees where event_id = ${event.id} and is_admission`),
    ).toEqual([{ n: 2 }]);
    expect(
      (await call(ctx.app, 'GET', `/api/events/${event.id}/attendees`, { token: u.token })).json().data,
    ).toHaveLength(2);
    const more = await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
      { ticket_id: tickets[0]!.id, quantity: 1 },
    ]);
    expect(more.attendees).toHaveLength(1);
  });
});
