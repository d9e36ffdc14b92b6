import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  attendees,
  dateMoves,
  eventDates,
  events,
  mailBudgetEntries,
  orderEvents,
  orders,
  outbox,
} from '../src/db/schema/index.js';
import { loadCatalogs } from '../src/i18n/i18n.js';
import { settleDateMoves } from '../src/modules/event-dates/date-move-work.js';
import { updateDate } from '../src/modules/event-dates/save-dates.js';
import { TestClock } from '../src/shared/clock.js';
import { addDate, firstDateOf, liveEvent, placeOrder } from './checkout-factory.js';
import { call, createTestApp, mailSettled, type TestContext } from './test-app.js';

/**
 * Moving a date (PATCH .../dates/{id} with new times): its tickets stay valid, its calendar files' SEQUENCE goes
 * up, and with `notify_buyers` each buyer of the date (and each ticket holder at an address of their own) is
 * mailed once the old and the new time with new calendar files (move-date.ts, date-move-work.ts). Those mails
 * count against the account's hourly budget as a message's do.
 */
let ctx: TestContext;
const clock = new TestClock(new Date('2027-05-20T12:00:00Z'));
const NOTE = 'The theatre needs the stage that evening.';

beforeAll(async () => {
  await loadCatalogs();
  ctx = await createTestApp({ clock, env: { PAYMENT_DEADLINE_SWEEP_SECONDS: '3600', MAIL_BUDGET_PER_HOUR: '4' } });
});
afterAll(() => ctx.close());

const db = () => ctx.app.deps.database.db;
let worlds = 0;

/** A free ticket on 1 June and on "Closing night", 8 June 19:00 (Berlin). */
async function world() {
  const w = await liveEvent(ctx.app, [{ name: 'Guest', type: 'FREE', quantity: 50 }], { title: 'Hamlet' });
  const first = await firstDateOf(ctx.app, w.event.id);
  const second = await addDate(ctx.app, w.u.token, w.event.id, '2027-06-08T19:00', {
    end_date: '2027-06-08T22:00',
    label: 'Closing night',
  });
  const [row] = await db().select({ account: events.account_id }).from(events).where(eq(events.id, w.event.id));
  const n = ++worlds;
  const c = { eventId: w.event.id, organizerToken: w.u.token };
  /** A free order on a date: the buyer at `buyer`, the holders at `holders` (else the buyer's address). */
  const order = (dateId: number, buyer: string, holders: string[] = []) =>
    placeOrder(ctx.app, c, [{ ticket_id: w.tickets[0]!.id, quantity: Math.max(1, holders.length) }], {
      buyer: { email: `${buyer}-${n}@example.test` },
      extra: { event_date_id: dateId },
    }).then(async (o) => {
      // The holders' own addresses (the organizer may set them; a buyer gives them at checkout).
      for (const [i, a] of o.attendees.entries())
        await db()
          .update(attendees)
          .set({ email: holders[i] ? `${holders[i]}-${n}@example.test` : `${buyer}-${n}@example.test` })
          .where(eq(attendees.short_id, a.short_id));
      const [r] = await db().select({ id: orders.id }).from(orders).where(eq(orders.short_id, o.short_id));
      return { id: r!.id, shortId: o.short_id };
    });
  const move = (dateId: number, body: object) =>
    call(ctx.app, 'PATCH', `/api/events/${w.event.id}/dates/${dateId}`, { token: w.u.token, body });
  const mail = (name: string) => `${name}-${n}@example.test`;
  return { ...w, first, second, accountId: row!.account, order, move, mail };
}

/** The mails about moved dates written for an order. */
const movedMails = (orderId: number) =>
  db()
    .select({ to: sql<string>`${outbox.payload}->>'to'`, at: outbox.available_at })
    .from(outbox)
    .where(and(eq(outbox.order_id, orderId), sql`${outbox.payload}->>'template' = 'date_moved'`));

/** New times for "Closing night" (three hours, as before). */
const at = (start: string) => ({
  start_date: start,
  end_date: start.replace(/T\d\d/, (h) => `T${Number(h.slice(1)) + 3}`),
});

const sequenceOf = async (dateId: number) =>
  (await db().select().from(eventDates).where(eq(eventDates.id, dateId)))[0]!.calendar_sequence;

describe('moving a date', () => {
  it('tells each buyer and holder of the date once, with the old and new times and new calendar files', async () => {
    const w = await world();
    const group = await w.order(w.second, 'buyer', ['', 'friend']);
    const solo = await w.order(w.second, 'solo');
    const elsewhere = await w.order(w.first, 'other');
    const gone = await w.order(w.second, 'gone');
    const cancel = await call(ctx.app, 'POST', `/api/events/${w.event.id}/orders/${gone.id}/cancel`, {
      token: w.u.token,
      body: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const res = await w.move(w.second, {
      start_date: '2027-06-09T20:00',
      end_date: '2027-06-09T23:00',
      notify_buyers: true,
      move_message: NOTE,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().move).toEqual({ orders: 2 });
    expect(res.json().data.start_date).toBe('2027-06-09T18:00:00.000Z');
    expect(await sequenceOf(w.second)).toBe(1);
    await ctx.app.deps.jobs.settleDateChanges();

    // The buyer: the old and the new time, the organizer's words, a calendar file per ticket that replaces the old.
    const told = await ctx.smtp.waitFor(w.mail('buyer'), (m) => m.subject === 'New time for Hamlet');
    expect(told.text).toMatch(/Before: Tuesday, June 8, 2027, 7:00\s*–\s*10:00\s*PM GMT\+2 \(Closing night\)/);
    expect(told.text).toMatch(/When: Wednesday, June 9, 2027, 8:00\s*–\s*11:00\s*PM GMT\+2 \(Closing night\)/);
    expect(told.text).toContain(NOTE);
    expect(told.text).toContain('Your tickets stay valid');
    const calendars = told.attachments.filter((a) => a.filename?.endsWith('.ics'));
    expect(calendars).toHaveLength(2);
    for (const ics of calendars.map((a) => a.content.toString('utf8'))) {
      expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20270609T200000');
      expect(ics).toContain('SEQUENCE:1');
    }
    // The friend at an address of their own: their ticket's file; the holder at the buyer's address no second mail.
    const friend = await ctx.smtp.waitFor(w.mail('friend'), (m) => m.subject === 'New time for Hamlet');
    expect(friend.attachments.filter((a) => a.filename?.endsWith('.ics'))).toHaveLength(1);
    expect(friend.text).toContain('View your ticket');
    expect((await movedMails(group.id)).map((m) => m.to).sort()).toEqual([w.mail('buyer'), w.mail('friend')]);
    expect((await movedMails(solo.id)).map((m) => m.to)).toEqual([w.mail('solo')]);
    expect(await movedMails(elsewhere.id)).toEqual([]);
    expect(await movedMails(gone.id)).toEqual([]);

    // The tickets stay valid; the order's history says the date moved.
    const holders = await db().select().from(attendees).where(eq(attendees.order_id, group.id));
    expect(holders.map((a) => a.status)).toEqual(['ACTIVE', 'ACTIVE']);
    const history = await db()
      .select({ data: orderEvents.data })
      .from(orderEvents)
      .where(and(eq(orderEvents.order_id, group.id), eq(orderEvents.kind, 'DATE_MOVED')));
    expect(history).toEqual([
      { data: { previous_start: '2027-06-08T17:00:00.000Z', start_date: '2027-06-09T18:00:00.000Z', mails: 2 } },
    ]);
    const order = await call(ctx.app, 'GET', `/api/events/${w.event.id}/orders/${group.id}`, { token: w.u.token });
    expect(order.json().data.date.start_date).toBe('2027-06-09T18:00:00.000Z');

    // Exactly once: another pass writes nothing more, and the move is finished.
    await ctx.app.deps.jobs.settleDateChanges();
    await mailSettled(ctx.app);
    expect(await movedMails(group.id)).toHaveLength(2);
    const [move] = await db().select().from(dateMoves).where(eq(dateMoves.event_date_id, w.second));
    expect(move!.finished_at).not.toBeNull();
  });

  it('without notify_buyers, or without new times, nobody is mailed; only new times raise the sequence', async () => {
    const w = await world();
    const o = await w.order(w.second, 'quiet');
    const label = await w.move(w.second, { label: 'Last night', notify_buyers: true });
    expect(label.statusCode, label.body).toBe(200);
    expect(label.json().move).toBeNull();
    expect(await sequenceOf(w.second)).toBe(0);
    const silent = await w.move(w.second, { start_date: '2027-06-08T18:00' });
    expect(silent.json().move).toBeNull();
    expect(await sequenceOf(w.second)).toBe(1);
    // A date nobody has a ticket for moves with nobody to tell.
    const empty = await w.move(w.first, { start_date: '2027-06-02T19:00', end_date: null, notify_buyers: true });
    expect(empty.json().move).toBeNull();
    await ctx.app.deps.jobs.settleDateChanges();
    expect(await movedMails(o.id)).toEqual([]);
    expect(await db().select().from(dateMoves).where(eq(dateMoves.event_id, w.event.id))).toEqual([]);
  });

  it('refuses a start in the past, an end before the start and another account’s date, moving nothing', async () => {
    const w = await world();
    const past = await w.move(w.second, { start_date: '2027-05-01T19:00', notify_buyers: true });
    expect(past.statusCode).toBe(422);
    expect(Object.keys(past.json().error.field_errors)).toEqual(['start_date']);
    const backwards = await w.move(w.second, { end_date: '2027-06-08T18:00' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().error.field_errors.end_date).toEqual(['The end must be after the start.']);
    const stranger = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 5 }]);
    const theirs = await call(ctx.app, 'PATCH', `/api/events/${w.event.id}/dates/${w.second}`, {
      token: stranger.u.token,
      body: { ...at('2027-06-10T19:00'), notify_buyers: true },
    });
    expect(theirs.statusCode).toBe(404);
    expect(await sequenceOf(w.second)).toBe(0);
  });

  it('a second move takes over a first still under way: nobody is told a time they never knew', async () => {
    const w = await world();
    const a = await w.order(w.second, 'early');
    const b = await w.order(w.second, 'late');
    // (Straight to the module: the route would set the worker going at once.)
    const scope = { accountId: w.accountId, eventId: w.event.id };
    await updateDate({ db: db(), clock }, scope, w.second, { ...at('2027-06-09T19:00'), notify_buyers: true });
    // The worker tells the first order and stops.
    const deps = { appUrl: ctx.app.deps.config.appUrl, storage: ctx.app.deps.storage, clock };
    expect((await settleDateMoves(db(), deps, { limit: 1 })).told).toBe(1);
    expect((await w.move(w.second, { ...at('2027-06-10T19:00'), notify_buyers: true })).statusCode).toBe(200);
    await settleDateMoves(db(), deps);
    // The first buyer heard of both moves; the second only of the last, from the time they knew.
    expect(await movedMails(a.id)).toHaveLength(2);
    expect(await movedMails(b.id)).toHaveLength(1);
    const entries = await db()
      .select({ data: orderEvents.data })
      .from(orderEvents)
      .where(and(eq(orderEvents.order_id, b.id), eq(orderEvents.kind, 'DATE_MOVED')));
    expect(entries).toEqual([
      { data: { previous_start: '2027-06-08T17:00:00.000Z', start_date: '2027-06-10T17:00:00.000Z', mails: 1 } },
    ]);
    expect(await sequenceOf(w.second)).toBe(2);
  });

  it('counts its mails against the hourly budget: none left, the date does not move; else paced', async () => {
    const w = await world();
    const buyers = ['p1', 'p2', 'p3', 'p4', 'p5'];
    const placed = [];
    for (const b of buyers) placed.push(await w.order(w.second, b));
    const used = (mails: number) =>
      db()
        .insert(mailBudgetEntries)
        .values({ account_id: w.accountId, user_id: w.u.user.id, kind: 'ORDER', mails, created_at: clock.now() });
    // The hour's 4 are spent: not even the first mail fits; the date stays where it was.
    await used(4);
    const refused = await w.move(w.second, { ...at('2027-06-09T19:00'), notify_buyers: true });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.code).toBe('MAIL_BUDGET_EXCEEDED');
    expect(await sequenceOf(w.second)).toBe(0);

    // An hour on, one of the hour's 4 is used: three buyers are told now, the other two an hour later.
    clock.advance(3_600_001);
    await used(1);
    const movedAt = clock.now();
    expect((await w.move(w.second, { ...at('2027-06-09T19:00'), notify_buyers: true })).statusCode).toBe(200);
    await ctx.app.deps.jobs.settleDateChanges();
    const delays = [];
    for (const o of placed) for (const m of await movedMails(o.id)) delays.push(m.at.getTime() - movedAt.getTime());
    expect(delays).toEqual([0, 0, 0, 3_600_000, 3_600_000]);
  });
});
