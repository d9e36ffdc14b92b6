import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../src/db/schema/index.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent, placeOrder, publicEvent, reserve } from './checkout-factory.js';
import { inviteAndAccept, registerUser } from './factories.js';
import { call, createTestApp, mailSettled, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

const idOf = async (shortId: string) =>
  (await ctx.app.deps.database.db.select({ id: orders.id }).from(orders).where(eq(orders.short_id, shortId)))[0]!.id;

async function world() {
  const w = await liveEvent(ctx.app, [
    { name: 'Seat', type: 'PAID', price: 2_000, quantity: 5 },
    { name: 'Free', type: 'FREE' },
  ]);
  await call(ctx.app, 'PUT', `/api/events/${w.event.id}/settings`, {
    token: w.u.token,
    body: { offline_payments_enabled: true },
  });
  const c = { eventId: w.event.id, organizerToken: w.u.token };
  return { ...w, c };
}

describe('the organizer order list', () => {
  it('lists orders (not checkouts in progress) newest first, searches, filters, sorts and pages', async () => {
    const { u, event, tickets, c } = await world();
    const a = await placeOrder(ctx.app, c, [{ ticket_id: tickets[1]!.id, quantity: 2 }], {
      buyer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' },
    });
    clock.advance(60_000);
    const b = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 1 }], {
      paid: false,
      buyer: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test' },
    });
    clock.advance(60_000);
    await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[1]!.id, quantity: 1 }] }); // a checkout in progress
    const list = await call(ctx.app, 'GET', `/api/events/${event.id}/orders`, { token: u.token });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.meta).toMatchObject({ total: 2, current_page: 1, per_page: 20 });
    expect(body.data.map((o: { order_number: string }) => o.order_number)).toEqual([b.order_number, a.order_number]);
    expect(body.data[1]).toMatchObject({
      status: 'COMPLETED',
      payment_status: 'NO_PAYMENT_REQUIRED',
      first_name: 'Ada',
      email: 'ada@example.test',
      ticket_count: 2,
      total: 0,
      affiliate: null,
    });
    expect(body.data[0]).toMatchObject({
      status: 'AWAITING_PAYMENT',
      payment_provider: 'OFFLINE',
      total: 2_000,
      ticket_count: 1,
    });

    const q = async (qs: string) =>
      (await call(ctx.app, 'GET', `/api/events/${event.id}/orders?${qs}`, { token: u.token }))
        .json()
        .data.map((o: { order_number: string }) => o.order_number);
    expect(await q('query=lovelace')).toEqual([a.order_number]);
    expect(await q('query=Ada%20Love')).toEqual([a.order_number]);
    expect(await q(`query=${encodeURIComponent(b.order_number)}`)).toEqual([b.order_number]);
    expect(await q('query=grace%40example')).toEqual([b.order_number]);
    expect(await q('query=%25')).toEqual([]);
    expect(await q('filter_fields[status]=AWAITING_PAYMENT')).toEqual([b.order_number]);
    expect(await q('filter_fields[payment_status]=NO_PAYMENT_REQUIRED')).toEqual([a.order_number]);
    expect(await q(`filter_fields[ticket_id]=${tickets[0]!.id}`)).toEqual([b.order_number]);
    expect(await q(`filter_fields[ticket_id]=${tickets[0]!.id},${tickets[1]!.id}`)).toHaveLength(2);
    expect(await q('sort_by=total&sort_direction=asc')).toEqual([a.order_number, b.order_number]);
    expect(await q('sort_by=last_name&sort_direction=desc')).toEqual([a.order_number, b.order_number]);
    expect(await q('per_page=1&page=2')).toEqual([a.order_number]);

    const bad = await call(
      ctx.app,
      'GET',
      `/api/events/${event.id}/orders?sort_by=password&filter_fields[status]=NOPE`,
      { token: u.token },
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.field_errors).sort()).toEqual(['filter_fields.status', 'sort_by']);
  });

  it('sorts by when an order was placed or when it was completed, orders not completed last either way', async () => {
    const { u, event, tickets, c } = await world();
    // Placed first, paid last; placed second and completed at once (free); placed last, still unpaid.
    const paidLate = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 1 }], { paid: false });
    clock.advance(60_000);
    const free = await placeOrder(ctx.app, c, [{ ticket_id: tickets[1]!.id, quantity: 1 }]);
    clock.advance(60_000);
    const unpaid = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 1 }], { paid: false });
    clock.advance(60_000);
    expect(
      (
        await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${await idOf(paidLate.short_id)}/mark-as-paid`, {
          token: u.token,
        })
      ).statusCode,
    ).toBe(200);

    const list = async (qs: string) =>
      (await call(ctx.app, 'GET', `/api/events/${event.id}/orders?${qs}`, { token: u.token })).json().data as {
        order_number: string;
        created_at: string;
        completed_at: string | null;
      }[];
    const numbers = async (qs: string) => (await list(qs)).map((o) => o.order_number);
    expect(await numbers('sort_by=created_at&sort_direction=desc')).toEqual([
      unpaid.order_number,
      free.order_number,
      paidLate.order_number,
    ]);
    expect(await numbers('sort_by=completed_at&sort_direction=desc')).toEqual([
      paidLate.order_number,
      free.order_number,
      unpaid.order_number,
    ]);
    expect(await numbers('sort_by=completed_at&sort_direction=asc')).toEqual([
      free.order_number,
      paidLate.order_number,
      unpaid.order_number,
    ]);
    // Both times travel with each row, for the list's two columns.
    const row = (await list('sort_by=completed_at')).find((o) => o.order_number === paidLate.order_number)!;
    expect(Date.parse(row.completed_at!) - Date.parse(row.created_at)).toBe(180_000);
    expect((await list('')).find((o) => o.order_number === unpaid.order_number)!.completed_at).toBeNull();
  });

  it("the buyer's mail lists the lines at list price, so they sum to the subtotal and the rows add up to the total", async () => {
    const { u, event, tickets, c } = await world();
    await call(ctx.app, 'POST', `/api/events/${event.id}/promo-codes`, {
      token: u.token,
      body: { code: 'HALF', discount_type: 'PERCENTAGE', discount: 50 },
    });
    const order = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 2 }], {
      paid: false,
      extra: { promo_code: 'HALF' },
    });
    expect(order.totals).toMatchObject({ subtotal: 4_000, discount: 2_000, total: 2_000 });
    // The mail as the buyer receives it (its data in the outbox is wiped once sent, so read what arrived).
    const mail = await ctx.smtp.waitFor(
      'grace@example.test',
      (m) => m.subject.includes(order.order_number) && !m.subject.includes('received'),
    );
    const text = mail.text.replace(/\s+/g, ' ');
    // The line at list price (2 x €20.00 = €40.00), then the subtotal equal to it, the discount, the total.
    const at = (piece: string) => {
      const i = text.indexOf(piece);
      expect(i, `"${piece}" in: ${text}`).toBeGreaterThan(-1);
      return i;
    };
    const line = at('2 × Seat');
    const subtotal = at('Subtotal: €40.00');
    const discount = at('Discount (HALF): -€20.00');
    const total = at('Total: €20.00');
    expect(line < subtotal && subtotal < discount && discount < total).toBe(true);
    expect(text.slice(line, subtotal)).toContain('€40.00');
  });

  it('shows an order with lines, attendees, answers, history and the actions it allows', async () => {
    const { u, event, tickets, c } = await world();
    const o = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 2 }], { paid: false });
    const id = await idOf(o.short_id);
    const d = (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${id}`, { token: u.token })).json().data;
    expect(d).toMatchObject({
      id,
      status: 'AWAITING_PAYMENT',
      totals: { total: 4_000 },
      refundable: 4_000,
      ticket_count: 2,
    });
    expect(d.items).toEqual([expect.objectContaining({ ticket_name: 'Seat', quantity: 2, total: 4_000 })]);
    expect(d.attendees.map((a: { first_name: string; status: string }) => [a.first_name, a.status])).toEqual([
      ['Guest1', 'AWAITING_PAYMENT'],
      ['Guest2', 'AWAITING_PAYMENT'],
    ]);
    expect(d.actions).toEqual({
      cancel: true,
      mark_as_paid: true,
      refund: false,
      resend_confirmation: true,
      edit_buyer: true,
      message_buyer: true,
      send_link: true,
      change_date: true,
    });
    expect(d.history.map((h: { kind: string }) => h.kind)).toEqual(['RESERVED', 'AWAITING_PAYMENT']);

    const paid = await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${id}/mark-as-paid`, { token: u.token });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'COMPLETED', actions: { mark_as_paid: false, cancel: true } });
    const last = paid.json().data.history.at(-1);
    expect(last).toMatchObject({ kind: 'MARKED_PAID', by: { name: expect.any(String) }, data: { amount: 4_000 } });
    const again = await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${id}/mark-as-paid`, { token: u.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This order has already been paid.');
  });

  it('cancels an order: its tickets return to the pool, the buyer is told, and it cannot be cancelled twice', async () => {
    const { u, event, tickets, c } = await world();
    const o = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 5 }], {
      buyer: { email: 'sold-out@example.test' },
    });
    expect((await publicEvent(ctx.app, event.id)).tickets.find((t) => t.id === tickets[0]!.id)!.sale_state).toBe(
      'SOLD_OUT',
    );
    const id = await idOf(o.short_id);
    const res = await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${id}/cancel`, { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'CANCELLED',
      actions: { cancel: false, resend_confirmation: false },
    });
    expect(res.json().data.attendees.every((a: { status: string }) => a.status === 'CANCELLED')).toBe(true);
    expect((await publicEvent(ctx.app, event.id)).tickets.find((t) => t.id === tickets[0]!.id)!.sale_state).toBe(
      'ON_SALE',
    );
    await ctx.smtp.waitFor('sold-out@example.test', (m) => /cancel/i.test(m.subject));
    const twice = await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${id}/cancel`, { token: u.token });
    expect(twice.statusCode).toBe(409);
  });

  it('resends the confirmation (only the confirmation) and corrects the buyer, keeping both in the history', async () => {
    const { u, event, tickets, c } = await world();
    const o = await placeOrder(ctx.app, c, [{ ticket_id: tickets[1]!.id, quantity: 1 }], {
      buyer: { email: 'typo@exmaple.test' },
    });
    const id = await idOf(o.short_id);
    const fixed = await call(ctx.app, 'PUT', `/api/events/${event.id}/orders/${id}/buyer`, {
      token: u.token,
      body: { first_name: 'Grace', last_name: 'Buyer', email: 'Right@Example.test' },
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().data).toMatchObject({ email: 'right@example.test' });
    const mailsTo = () => ctx.smtp.received.filter((m) => m.to.includes('right@example.test')).length;
    const resent = await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${id}/resend-confirmation`, {
      token: u.token,
    });
    expect(resent.statusCode).toBe(200);
    const mail = await ctx.smtp.waitFor('right@example.test');
    expect(mail.subject).toContain(o.order_number);
    await mailSettled(ctx.app);
    expect(mailsTo()).toBe(1);
    expect(
      resent
        .json()
        .data.history.map((h: { kind: string }) => h.kind)
        .slice(-2),
    ).toEqual(['BUYER_EDITED', 'CONFIRMATION_RESENT']);
    expect(resent.json().data.history.at(-2).data).toEqual({ fields: ['email'] });

    const bad = await call(ctx.app, 'PUT', `/api/events/${event.id}/orders/${id}/buyer`, {
      token: u.token,
      body: { first_name: '', last_name: 'x', email: 'nope' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.field_errors).sort()).toEqual(['email', 'first_name']);
  });

  it('a manual or offline order cannot be refunded through Stripe (no Stripe here either)', async () => {
    const { u, event, tickets, c } = await world();
    const o = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 1 }]);
    const res = await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${await idOf(o.short_id)}/refund`, {
      token: u.token,
      body: {},
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('REFUND_NOT_POSSIBLE');
    const manual = await call(ctx.app, 'POST', `/api/events/${event.id}/attendees`, {
      token: u.token,
      body: {
        ticket_id: tickets[0]!.id,
        first_name: 'Walk',
        last_name: 'In',
        email: 'walkin@example.test',
        amount_paid: 2_000,
        send_ticket: false,
      },
    });
    const m = await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${manual.json().data.order_id}/refund`, {
      token: u.token,
      body: {},
    });
    expect(m.statusCode).toBe(409);
    expect(m.json().error.message).toBe('A manually created order cannot be refunded.');
  });

  it('checks every id against the caller: other accounts get 404, checkouts in progress are not orders, organizers may act', async () => {
    const { u, event, tickets, c } = await world();
    const o = await placeOrder(ctx.app, c, [{ ticket_id: tickets[1]!.id, quantity: 1 }]);
    const id = await idOf(o.short_id);
    const other = await registerUser(ctx.app);
    for (const [m, p] of [
      ['GET', `/api/events/${event.id}/orders`],
      ['GET', `/api/events/${event.id}/orders/${id}`],
      ['POST', `/api/events/${event.id}/orders/${id}/cancel`],
      ['POST', `/api/events/${event.id}/orders/${id}/resend-confirmation`],
      ['POST', `/api/events/${event.id}/orders/${id}/refund`],
    ] as const) {
      expect(
        (await call(ctx.app, m, p, { token: other.token, body: m === 'POST' ? {} : undefined })).statusCode,
        `${m} ${p}`,
      ).toBe(404);
    }
    expect((await call(ctx.app, 'GET', `/api/events/${event.id}/orders`)).statusCode).toBe(401);
    // An order id of another event of the same account is not found under this event.
    const second = await world();
    expect(
      (await call(ctx.app, 'GET', `/api/events/${second.event.id}/orders/${id}`, { token: second.u.token })).statusCode,
    ).toBe(404);
    const held = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[1]!.id, quantity: 1 }] })).json();
    const heldId = await idOf(held.data.short_id);
    expect(
      (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${heldId}`, { token: u.token })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${heldId}/cancel`, { token: u.token })).statusCode,
    ).toBe(404);
    const organizer = await inviteAndAccept(ctx.app, ctx.smtp, u.token, 'ORGANIZER');
    expect(
      (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${id}`, { token: organizer.token })).statusCode,
    ).toBe(200);
  });
});
