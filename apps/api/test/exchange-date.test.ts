import { ORDER_SECRET_HEADER, type PublicOrderDto } from '@admitone/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  attendees,
  eventDates,
  events,
  orderEvents,
  orderItems,
  orders,
  outbox,
  ticketDates,
} from '../src/db/schema/index.js';
import { loadCatalogs } from '../src/i18n/i18n.js';
import { TestClock } from '../src/shared/clock.js';
import { addDate, buyerHeaders, details, firstDateOf, liveEvent, reserve } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * A buyer moves their order to another date of the event (self-service/exchange.ts), as the event allows: to a
 * date on sale, not begun, where each ticket costs the same; the units move through the stock module; the tickets
 * keep their codes; the buyer is mailed the new time with new calendar files.
 */
let ctx: TestContext;
const clock = new TestClock(new Date('2027-05-20T12:00:00Z'));

beforeAll(async () => {
  await loadCatalogs();
  ctx = await createTestApp({ clock, env: { PAYMENT_DEADLINE_SWEEP_SECONDS: '3600' } });
});
afterAll(() => ctx.close());

const db = () => ctx.app.deps.database.db;
let worlds = 0;

/**
 * A free ticket (5 per date) and a paid one (20 €), on 1 June (the event's own), 8 June, 15 June (the paid ticket
 * at 25 € there) and 22 June (the free ticket not sold there); buyers may change dates until 24 hours before.
 */
async function world(exchanges: 'OFF' | 'SAME_PRICE' = 'SAME_PRICE') {
  const n = ++worlds;
  const w = await liveEvent(ctx.app, [
    { name: 'Guest', type: 'FREE', quantity: 5 },
    { name: 'Seat', type: 'PAID', price: 2000, quantity: 50 },
  ]);
  await db()
    .update(events)
    .set({ date_exchanges: exchanges, offline_payments_enabled: true })
    .where(eq(events.id, w.event.id));
  const june1 = await firstDateOf(ctx.app, w.event.id);
  const june8 = await addDate(ctx.app, w.u.token, w.event.id, '2027-06-08T19:00', { label: 'Second night' });
  const june15 = await addDate(ctx.app, w.u.token, w.event.id, '2027-06-15T19:00');
  const june22 = await addDate(ctx.app, w.u.token, w.event.id, '2027-06-22T19:00');
  const [guest, seat] = [w.tickets[0]!.id, w.tickets[1]!.id];
  await db()
    .update(ticketDates)
    .set({ price: 2500 })
    .where(and(eq(ticketDates.ticket_id, seat), eq(ticketDates.event_date_id, june15)));
  await db()
    .update(ticketDates)
    .set({ enabled: false })
    .where(and(eq(ticketDates.ticket_id, guest), eq(ticketDates.event_date_id, june22)));
  /** An order of `quantity` of a ticket on a date, details in (a free one completes; a paid one waits for payment). */
  const order = async (ticketId: number, quantity: number, dateId: number, name: string) => {
    const r = (
      await reserve(ctx.app, w.event.id, { items: [{ ticket_id: ticketId, quantity }], event_date_id: dateId })
    ).json<{ data: PublicOrderDto; checkout_token: string; order_secret: string }>();
    const headers = buyerHeaders(r);
    const base = `/api/public/events/${w.event.id}/order/${r.data.short_id}`;
    const email = `${name}-${n}@example.test`;
    const put = await call(ctx.app, 'PUT', `${base}/details`, { headers, body: details(r.data, { email }) });
    expect(put.statusCode, put.body).toBe(200);
    if (put.json().data.status === 'RESERVED')
      expect((await call(ctx.app, 'POST', `${base}/offline-payment`, { headers })).statusCode).toBe(200);
    const secret = { [ORDER_SECRET_HEADER]: r.order_secret };
    const [row] = await db().select({ id: orders.id }).from(orders).where(eq(orders.short_id, r.data.short_id));
    return { id: row!.id, base, secret, email, shortId: r.data.short_id };
  };
  return { ...w, guest, seat, june1, june8, june15, june22, order };
}

const takenOn = async (dateId: number) =>
  (await db().select().from(eventDates).where(eq(eventDates.id, dateId)))[0]!.taken;
const datesOf = async (orderId: number) => ({
  lines: (await db().select().from(orderItems).where(eq(orderItems.order_id, orderId))).map((i) => i.event_date_id),
  tickets: (await db().select().from(attendees).where(eq(attendees.order_id, orderId))).map((a) => a.event_date_id),
});

describe('a buyer moves their order to another date', () => {
  it('offers the dates where each ticket costs the same, moves the stock and the tickets, and mails the new time', async () => {
    const w = await world();
    const o = await w.order(w.guest, 2, w.june1, 'ada');
    const page = await call(ctx.app, 'GET', o.base, { headers: o.secret });
    expect(page.json().data.self_service).toMatchObject({
      can_exchange: true,
      exchange_until: '2027-05-31T17:00:00.000Z',
    });
    const offered = await call(ctx.app, 'GET', `${o.base}/exchange`, { headers: o.secret });
    expect(offered.statusCode, offered.body).toBe(200);
    // Not the order's own date, nor 22 June (the ticket is not sold there).
    expect(offered.json().data).toEqual([
      { id: w.june8, start_date: '2027-06-08T17:00:00.000Z', end_date: null, label: 'Second night', enough: true },
      { id: w.june15, start_date: '2027-06-15T17:00:00.000Z', end_date: null, label: null, enough: true },
    ]);
    const codes = (await db().select().from(attendees).where(eq(attendees.order_id, o.id))).map((a) => a.short_id);

    const moved = await call(ctx.app, 'POST', `${o.base}/exchange`, {
      headers: o.secret,
      body: { event_date_id: w.june8 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.date).toMatchObject({ id: w.june8, label: 'Second night' });
    expect(await datesOf(o.id)).toEqual({ lines: [w.june8], tickets: [w.june8, w.june8] });
    expect([await takenOn(w.june1), await takenOn(w.june8)]).toEqual([0, 2]);
    // The same codes admit on the new date.
    const after = await db().select().from(attendees).where(eq(attendees.order_id, o.id));
    expect(after.map((a) => [a.short_id, a.status])).toEqual(codes.map((c) => [c, 'ACTIVE']));
    const [entry] = await db()
      .select({ data: orderEvents.data })
      .from(orderEvents)
      .where(and(eq(orderEvents.order_id, o.id), eq(orderEvents.kind, 'DATE_EXCHANGED')));
    expect(entry!.data).toEqual({ previous_start: '2027-06-01T17:00:00.000Z', start_date: '2027-06-08T17:00:00.000Z' });

    const mail = await ctx.smtp.waitFor(o.email, (m) => m.subject.includes('are for a new date'));
    expect(mail.text).toContain('As you asked, your tickets');
    expect(mail.text).toMatch(/Before: Tuesday, June 1, 2027/);
    expect(mail.text).toMatch(/When: Tuesday, June 8, 2027 at 7:00\s*PM GMT\+2 \(Second night\)/);
    const ics = mail.attachments.filter((a) => a.filename?.endsWith('.ics')).map((a) => a.content.toString('utf8'));
    expect(ics).toHaveLength(2);
    expect(ics[0]).toContain('DTSTART;TZID=Europe/Berlin:20270608T190000');
    expect(ics[0]).toContain('SEQUENCE:1000');
  });

  it('a date at another price, not on sale, begun, of another event or the same one is refused on the field', async () => {
    const w = await world();
    const o = await w.order(w.seat, 1, w.june1, 'bea');
    const other = await world();
    await db().update(eventDates).set({ status: 'HIDDEN' }).where(eq(eventDates.id, w.june8));
    const offered = await call(ctx.app, 'GET', `${o.base}/exchange`, { headers: o.secret });
    // 8 June is hidden, 15 June costs more; 22 June is left.
    expect(offered.json().data.map((d: { id: number }) => d.id)).toEqual([w.june22]);
    for (const dateId of [w.june8, w.june15, w.june1, other.june8, 999_999]) {
      const res = await call(ctx.app, 'POST', `${o.base}/exchange`, {
        headers: o.secret,
        body: { event_date_id: dateId },
      });
      expect(res.statusCode, `${dateId}: ${res.body}`).toBe(422);
      expect(res.json().error.field_errors.event_date_id).toEqual([
        'Your tickets cannot move to this date. Choose one of the dates offered.',
      ]);
    }
    expect(await datesOf(o.id)).toEqual({ lines: [w.june1], tickets: [w.june1] });
    // An unpaid offline order may move too: its units are held on the new date.
    const moved = await call(ctx.app, 'POST', `${o.base}/exchange`, {
      headers: o.secret,
      body: { event_date_id: w.june22 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect([await takenOn(w.june1), await takenOn(w.june22)]).toEqual([0, 1]);
  });

  it('a date without room for the order is refused and nothing moves', async () => {
    const w = await world();
    const mine = await w.order(w.guest, 2, w.june1, 'cy');
    // Four of the five free tickets on 8 June are gone: two do not fit.
    await w.order(w.guest, 4, w.june8, 'crowd');
    const res = await call(ctx.app, 'POST', `${mine.base}/exchange`, {
      headers: mine.secret,
      body: { event_date_id: w.june8 },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('NO_TICKETS_AVAILABLE');
    expect(await datesOf(mine.id)).toEqual({ lines: [w.june1], tickets: [w.june1, w.june1] });
    expect([await takenOn(w.june1), await takenOn(w.june8)]).toEqual([2, 4]);
  });

  it('only as the event allows, until its cut-off, with the order’s secret', async () => {
    const off = await world('OFF');
    const o = await off.order(off.guest, 1, off.june1, 'dee');
    expect((await call(ctx.app, 'GET', `${o.base}/exchange`, { headers: o.secret })).json().data).toEqual([]);
    const refused = await call(ctx.app, 'POST', `${o.base}/exchange`, {
      headers: o.secret,
      body: { event_date_id: off.june8 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SELF_SERVICE_CLOSED');

    const w = await world();
    const late = await w.order(w.guest, 1, w.june8, 'eve');
    const stranger = await call(ctx.app, 'POST', `${late.base}/exchange`, { body: { event_date_id: w.june15 } });
    expect(stranger.statusCode).toBe(404);
    // Within 24 hours of 8 June, 19:00: closed.
    const saved = clock.now();
    clock.set(new Date('2027-06-07T18:00:00Z'));
    try {
      const closed = await call(ctx.app, 'POST', `${late.base}/exchange`, {
        headers: late.secret,
        body: { event_date_id: w.june15 },
      });
      expect(closed.json().error.code).toBe('SELF_SERVICE_CLOSED');
    } finally {
      clock.set(saved);
    }
  });

  it('the organizer moves an order at any price, never to a cancelled date or one where its ticket is not sold', async () => {
    const w = await world();
    const o = await w.order(w.seat, 1, w.june1, 'fay');
    const move = (body: object, token = w.u.token) =>
      call(ctx.app, 'POST', `/api/events/${w.event.id}/orders/${o.id}/date`, { token, body });
    const detail = await call(ctx.app, 'GET', `/api/events/${w.event.id}/orders/${o.id}`, { token: w.u.token });
    expect(detail.json().data.actions.change_date).toBe(true);
    // 15 June costs more: the organizer may still move it there (the order keeps what was paid), quietly.
    const moved = await move({ event_date_id: w.june15, notify_buyer: false });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.date.id).toBe(w.june15);
    expect(await datesOf(o.id)).toEqual({ lines: [w.june15], tickets: [w.june15] });
    const [entry] = await db()
      .select({ data: orderEvents.data, user: orderEvents.user_id })
      .from(orderEvents)
      .where(and(eq(orderEvents.order_id, o.id), eq(orderEvents.kind, 'DATE_EXCHANGED')));
    expect(entry).toEqual({
      data: { previous_start: '2027-06-01T17:00:00.000Z', start_date: '2027-06-15T17:00:00.000Z', by_organizer: true },
      user: w.u.user.id,
    });
    const mailed = await db()
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.order_id, o.id), sql`${outbox.payload}->>'template' = 'date_moved'`));
    expect(mailed).toEqual([]);

    // The buyer told this time: the organizer's wording.
    expect((await move({ event_date_id: w.june1 })).statusCode).toBe(200);
    const told = await ctx.smtp.waitFor(o.email, (m) => m.text.includes('The organizer has moved your order'));
    expect(told.subject).toContain('are for a new date');

    const free = await w.order(w.guest, 1, w.june1, 'gus');
    await db().update(eventDates).set({ status: 'CANCELLED' }).where(eq(eventDates.id, w.june8));
    for (const [orderId, dateId] of [
      [free.id, w.june22], // the free ticket is not sold on 22 June
      [o.id, w.june8], // cancelled
      [o.id, w.june1], // its own date
    ] as const) {
      const res = await call(ctx.app, 'POST', `/api/events/${w.event.id}/orders/${orderId}/date`, {
        token: w.u.token,
        body: { event_date_id: dateId },
      });
      expect(res.statusCode, `${dateId}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().error.field_errors)).toEqual(['event_date_id']);
    }
    const stranger = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 5 }]);
    expect((await move({ event_date_id: w.june22 }, stranger.u.token)).statusCode).toBe(404);
  });
});
