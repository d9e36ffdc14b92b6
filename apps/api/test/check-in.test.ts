import { randomUUID } from 'node:crypto';

import type { PublicOrderDto } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attendees, checkIns, orders } from '../src/db/schema/index.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent, placeOrder } from './checkout-factory.js';
import { createEvent, createOrganizer, inviteAndAccept, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2027-06-01T18:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

/** An event with a free and a paid ticket (offline payments on) and one completed order of two. */
async function door() {
  const setup = await liveEvent(ctx.app, [
    { name: 'Standing', type: 'FREE' },
    { name: 'Seat', type: 'PAID', price: 2500 },
  ]);
  const { u, event, tickets } = setup;
  await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
    token: u.token,
    body: { offline_payments_enabled: true },
  });
  const order = await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
    { ticket_id: tickets[0]!.id, quantity: 2 },
  ]);
  const scan = (body: Record<string, unknown>, token = u.token) =>
    call(ctx.app, 'POST', `/api/events/${event.id}/check-ins`, { token, body });
  const stats = async () =>
    (await call(ctx.app, 'GET', `/api/events/${event.id}/check_in_stats`, { token: u.token })).json().data;
  return { ...setup, order, scan, stats };
}

const orderId = async (o: PublicOrderDto) =>
  (await ctx.app.deps.database.db.select({ id: orders.id }).from(orders).where(eq(orders.short_id, o.short_id)))[0]!.id;

describe('check-in', () => {
  it('checks a valid ticket in by its QR code, then says who admitted it and when; check-out reverses it', async () => {
    const { u, order, scan, stats, tickets } = await door();
    const code = order.attendees[0]!.short_id;
    expect(await stats()).toEqual({
      checked_in: 0,
      total: 2,
      by_ticket: [
        { ticket_id: tickets[0]!.id, ticket_name: 'Standing', checked_in: 0, total: 2 },
        { ticket_id: tickets[1]!.id, ticket_name: 'Seat', checked_in: 0, total: 0 },
      ],
    });

    const first = await scan({ code, action: 'CHECK_IN' });
    expect(first.statusCode).toBe(200);
    const me = { id: u.user.id, name: 'Ada Organizer' };
    expect(first.json().data).toMatchObject({
      result: 'CHECKED_IN',
      checked_in_at: '2027-06-01T18:00:00.000Z',
      checked_in_by: me,
    });
    expect(first.json().data.attendee).toMatchObject({
      short_id: code,
      first_name: 'Guest1',
      ticket_name: 'Standing',
      order_number: expect.stringMatching(/^O-/),
      status: 'ACTIVE',
      checked_in_by: me,
    });
    expect((await stats()).checked_in).toBe(1);

    clock.advance(60_000);
    const again = (await scan({ code: ` ${code} `, action: 'CHECK_IN' })).json().data;
    expect(again).toMatchObject({
      result: 'ALREADY_CHECKED_IN',
      checked_in_at: '2027-06-01T18:00:00.000Z',
      checked_in_by: me,
    });

    const out = (await scan({ code, action: 'CHECK_OUT' })).json().data;
    expect(out).toMatchObject({ result: 'CHECKED_OUT', checked_in_at: null, checked_in_by: null });
    expect((await scan({ code, action: 'CHECK_OUT' })).json().data.result).toBe('NOT_CHECKED_IN');
    expect((await stats()).checked_in).toBe(0);

    // By attendee id (the list's button), and a ticket link whose last segment is the short id.
    expect((await scan({ attendee_id: first.json().data.attendee.id, action: 'CHECK_IN' })).json().data.result).toBe(
      'CHECKED_IN',
    );
    expect(
      (await scan({ code: `http://admitone.test/ticket/1/${order.attendees[1]!.short_id}`, action: 'CHECK_IN' })).json()
        .data.result,
    ).toBe('CHECKED_IN');
    expect((await stats()).checked_in).toBe(2);

    // Every real change is recorded with who and when; answers that changed nothing are not.
    const rows = await ctx.app.deps.database.db
      .select()
      .from(checkIns)
      .where(eq(checkIns.attendee_id, first.json().data.attendee.id));
    expect(rows.map((r) => [r.action, r.user_id])).toEqual([
      ['CHECK_IN', u.user.id],
      ['CHECK_OUT', u.user.id],
      ['CHECK_IN', u.user.id],
    ]);
  });

  it('ticket codes have no look-alike characters and are found in any case, by the search and when typed', async () => {
    const { u, event, order, scan } = await door();
    const code = order.attendees[0]!.short_id;
    // Capitals and digits without I, L, O, 0 or 1, so "l", "I" and "1" are never a question at the door.
    for (const a of order.attendees) expect(a.short_id).toMatch(/^A[A-HJKMNP-Z2-9]{20}$/);
    const search = async (query: string) =>
      (
        await call(ctx.app, 'GET', `/api/events/${event.id}/attendees?query=${encodeURIComponent(query)}`, {
          token: u.token,
        })
      )
        .json()
        .data.map((a: { short_id: string }) => a.short_id);
    expect(await search(code.toLowerCase())).toEqual([code]);
    expect(await search(` ${code} `)).toEqual([code]);
    // A code typed in small letters checks the same ticket in.
    expect((await scan({ code: code.toLowerCase(), action: 'CHECK_IN' })).json().data).toMatchObject({
      result: 'CHECKED_IN',
      attendee: { short_id: code },
    });
    // A code of the older kind (mixed case is part of it) is still found by the search in any case.
    const older = 'aXk9_lI0Qb-7TzWmPq2R';
    await ctx.app.deps.database.db
      .update(attendees)
      .set({ short_id: older })
      .where(eq(attendees.short_id, order.attendees[1]!.short_id));
    expect(await search(older.toUpperCase())).toEqual([older]);
    expect((await scan({ code: older, action: 'CHECK_IN' })).json().data.result).toBe('CHECKED_IN');
  });

  it('answers unknown, cancelled, awaiting payment and wrong event without changing anything', async () => {
    const { u, event, order, scan, tickets, stats } = await door();
    expect((await scan({ code: 'no-such-ticket', action: 'CHECK_IN' })).json().data).toEqual({
      result: 'UNKNOWN',
      attendee: null,
      checked_in_at: null,
      checked_in_by: null,
      checked_in_by_link: false,
    });

    const unpaid = await placeOrder(
      ctx.app,
      { eventId: event.id, organizerToken: u.token },
      [{ ticket_id: tickets[1]!.id, quantity: 1 }],
      { paid: false },
    );
    const waiting = (await scan({ code: unpaid.attendees[0]!.short_id, action: 'CHECK_IN' })).json().data;
    expect(waiting).toMatchObject({ result: 'AWAITING_PAYMENT', attendee: { status: 'AWAITING_PAYMENT' } });

    expect((await scan({ code: order.attendees[0]!.short_id, action: 'CHECK_IN' })).json().data.result).toBe(
      'CHECKED_IN',
    );
    expect(
      (await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${await orderId(order)}/cancel`, { token: u.token }))
        .statusCode,
    ).toBe(200);
    const cancelled = (await scan({ code: order.attendees[1]!.short_id, action: 'CHECK_IN' })).json().data;
    expect(cancelled).toMatchObject({ result: 'CANCELLED', attendee: { status: 'CANCELLED' } });
    // A cancelled ticket that was admitted can still be checked out; one that was not says cancelled.
    expect((await scan({ code: order.attendees[0]!.short_id, action: 'CHECK_OUT' })).json().data.result).toBe(
      'CHECKED_OUT',
    );
    expect((await scan({ code: order.attendees[1]!.short_id, action: 'CHECK_OUT' })).json().data.result).toBe(
      'CANCELLED',
    );

    // Another event of the same account: wrong event. Another account's ticket: unknown.
    const organizer = await createOrganizer(ctx.app, u.token);
    const otherEvent = await createEvent(ctx.app, u.token, organizer.id);
    const wrong = (
      await call(ctx.app, 'POST', `/api/events/${otherEvent.id}/check-ins`, {
        token: u.token,
        body: { code: unpaid.attendees[0]!.short_id, action: 'CHECK_IN' },
      })
    ).json().data;
    expect(wrong).toMatchObject({ result: 'WRONG_EVENT', attendee: { short_id: unpaid.attendees[0]!.short_id } });
    const foreign = await door();
    const fCode = foreign.order.attendees[0]!.short_id;
    expect((await scan({ code: fCode, action: 'CHECK_IN' })).json().data).toEqual({
      result: 'UNKNOWN',
      attendee: null,
      checked_in_at: null,
      checked_in_by: null,
      checked_in_by_link: false,
    });
    const fId = (await foreign.scan({ code: fCode, action: 'CHECK_OUT' })).json().data.attendee.id;
    expect((await scan({ attendee_id: fId, action: 'CHECK_IN' })).json().data.result).toBe('UNKNOWN');
    expect((await foreign.stats()).checked_in).toBe(0);
    expect(await stats()).toMatchObject({ checked_in: 0, total: 0 });
  });

  it('a repeated client scan id answers the first outcome and changes nothing; a batch answers in order', async () => {
    const { order, scan, event, u, stats } = await door();
    const [a, b] = order.attendees.map((x) => x.short_id);
    const id = randomUUID();
    const first = (
      await scan({ code: a, action: 'CHECK_IN', client_scan_id: id, scanned_at: '2027-06-01T17:55:00+00:00' })
    ).json().data;
    expect(first.result).toBe('CHECKED_IN');
    clock.advance(5 * 60_000);
    expect((await scan({ code: a, action: 'CHECK_OUT' })).json().data.result).toBe('CHECKED_OUT');
    // The same queued scan sent again: the original answer, and the attendee stays checked out.
    const repeat = (
      await scan({ code: a, action: 'CHECK_IN', client_scan_id: id, scanned_at: '2027-06-01T17:55:00+00:00' })
    ).json().data;
    expect(repeat).toMatchObject({
      result: 'CHECKED_IN',
      checked_in_at: first.checked_in_at,
      checked_in_by: first.checked_in_by,
    });
    expect(repeat.attendee.checked_in_at).toBeNull();
    const rows = await ctx.app.deps.database.db.select().from(checkIns).where(eq(checkIns.client_scan_id, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.scanned_at.toISOString()).toBe('2027-06-01T17:55:00.000Z');

    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const batch = await call(ctx.app, 'POST', `/api/events/${event.id}/check-ins/batch`, {
      token: u.token,
      body: {
        scans: [
          { code: b, action: 'CHECK_IN', client_scan_id: ids[0] },
          { code: b, action: 'CHECK_IN', client_scan_id: ids[1] },
          { code: 'garbage', action: 'CHECK_IN', client_scan_id: ids[2] },
          { code: a, action: 'CHECK_IN' },
        ],
      },
    });
    expect(batch.statusCode).toBe(200);
    expect(batch.json().data.map((r: { result: string }) => r.result)).toEqual([
      'CHECKED_IN',
      'ALREADY_CHECKED_IN',
      'UNKNOWN',
      'CHECKED_IN',
    ]);
    // The whole batch sent again (the device never saw the answer): nothing changes.
    const twice = await call(ctx.app, 'POST', `/api/events/${event.id}/check-ins/batch`, {
      token: u.token,
      body: { scans: [{ code: b, action: 'CHECK_IN', client_scan_id: ids[0] }] },
    });
    expect(twice.json().data[0].result).toBe('CHECKED_IN');
    expect((await stats()).checked_in).toBe(2);
    expect(await ctx.app.deps.database.db.select().from(checkIns).where(eq(checkIns.event_id, event.id))).toHaveLength(
      4,
    );
  });

  it('refuses malformed bodies with field errors, and other accounts with 404', async () => {
    const { scan, event, u, order } = await door();
    const noCode = await scan({ action: 'CHECK_IN' });
    expect(noCode.statusCode).toBe(422);
    expect(Object.keys(noCode.json().error.field_errors)).toEqual(['code']);
    const bad = await scan({ code: 'x', action: 'ADMIT', client_scan_id: 'not-a-uuid', scanned_at: 'yesterday' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.field_errors).sort()).toEqual(['action', 'client_scan_id', 'scanned_at']);
    const tooMany = await call(ctx.app, 'POST', `/api/events/${event.id}/check-ins/batch`, {
      token: u.token,
      body: { scans: Array.from({ length: 501 }, () => ({ code: 'x', action: 'CHECK_IN' })) },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(
      (await call(ctx.app, 'POST', `/api/events/${event.id}/check-ins/batch`, { token: u.token, body: { scans: [] } }))
        .statusCode,
    ).toBe(422);

    const other = await registerUser(ctx.app);
    const body = { code: order.attendees[0]!.short_id, action: 'CHECK_IN' };
    expect((await scan(body, other.token)).statusCode).toBe(404);
    expect(
      (
        await call(ctx.app, 'POST', `/api/events/${event.id}/check-ins/batch`, {
          token: other.token,
          body: { scans: [body] },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'GET', `/api/events/${event.id}/check_in_stats`, { token: other.token })).statusCode,
    ).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/events/${event.id}/check_in_stats`)).statusCode).toBe(401);
  });

  it('an organizer (not admin) may check in, and is named as the one who did', async () => {
    const { scan, order, u, event } = await door();
    const org = await inviteAndAccept(ctx.app, ctx.smtp, u.token, 'ORGANIZER', 'Door Keeper');
    const r = (await scan({ code: order.attendees[0]!.short_id, action: 'CHECK_IN' }, org.token)).json().data;
    expect(r).toMatchObject({ result: 'CHECKED_IN', checked_in_by: { name: 'Door Keeper' } });
    expect((await scan({ code: order.attendees[0]!.short_id, action: 'CHECK_IN' })).json().data).toMatchObject({
      result: 'ALREADY_CHECKED_IN',
      checked_in_by: { name: 'Door Keeper' },
    });
    expect(
      (await call(ctx.app, 'GET', `/api/events/${event.id}/check_in_stats`, { token: org.token })).json().data,
    ).toMatchObject({ checked_in: 1, total: 2 });
    const dash = (await call(ctx.app, 'GET', `/api/events/${event.id}/stats`, { token: u.token })).json().data;
    expect(dash).toMatchObject({ tickets_sold: 2, tickets_checked_in: 1 });
  });
});
