import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { addDate, firstDateOf, liveEvent, reserve } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * The dates part of the public event comes from memory (issue #39): the event's dates with their counters
 * are read once for all its dates and kept as long as the stock counts are (2 s), so the answer for any
 * date is built without the database. A sale in this process and an organizer's change show at once; a
 * sale elsewhere (another web process: here, a change made straight in the database) within the window.
 */
let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

interface DateView {
  id: number;
  state: string;
  remaining: number | null;
}
interface Answer {
  tickets: Array<{ id: number; remaining: number | null; sale_state: string }>;
  dates: { chosen: DateView | null; upcoming: DateView[]; calendar: { days: Array<{ state: string }> } | null };
}

const answer = async (eventId: number, date: number) => {
  const r = await call(ctx.app, 'GET', `/api/public/events/${eventId}?date=${date}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ data: Answer }>().data;
};
/** What the next dates list says of each date: [id, state, remaining]. */
const upcoming = (a: Answer) => a.dates.upcoming.map((d) => [d.id, d.state, d.remaining]);

async function run() {
  const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 10 }]);
  const shown = await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
    token: u.token,
    body: { show_remaining_tickets: true },
  });
  expect(shown.statusCode, shown.body).toBe(200);
  const first = await firstDateOf(ctx.app, event.id);
  const second = await addDate(ctx.app, u.token, event.id, '2027-06-08T19:00');
  const third = await addDate(ctx.app, u.token, event.id, '2027-06-15T19:00');
  return { u, event, seat: tickets[0]!.id, first, second, third };
}

describe("the dates part, kept in memory for all of an event's dates", () => {
  it('shows a sale made elsewhere on every date’s answer once the stock counts are older than their limit', async () => {
    const { event, seat, first, second, third } = await run();
    expect(upcoming(await answer(event.id, first))).toEqual([
      [first, 'ON_SALE', 10],
      [second, 'ON_SALE', 10],
      [third, 'ON_SALE', 10],
    ]);
    // Another process sells 6 on the second date (its counters, as the stock module keeps them).
    const db = ctx.app.deps.database.db;
    await db.execute(sql`update ticket_dates set taken = 6 where event_date_id = ${second} and ticket_id = ${seat}`);
    await db.execute(sql`update event_dates set taken = 6 where id = ${second}`);
    // Within the window, a date never asked for before is built from what was read: no query per date.
    const kept = await answer(event.id, second);
    expect(kept.dates.chosen).toMatchObject({ id: second, remaining: 10 });
    expect(kept.tickets.map((t) => [t.id, t.remaining])).toEqual([[seat, 10]]);

    clock.advance(ctx.app.deps.publicEvents.stockMs);
    for (const date of [first, second, third])
      expect(upcoming(await answer(event.id, date))).toEqual([
        [first, 'ON_SALE', 10],
        [second, 'FEW_LEFT', 4],
        [third, 'ON_SALE', 10],
      ]);
    const onSecond = await answer(event.id, second);
    expect(onSecond.dates.chosen).toMatchObject({ id: second, state: 'FEW_LEFT', remaining: 4 });
    expect(onSecond.tickets.map((t) => [t.id, t.remaining])).toEqual([[seat, 4]]);
    const calendar = await call(ctx.app, 'GET', `/api/public/events/${event.id}/dates/calendar?month=2027-06`);
    expect(calendar.json().data.days.map((d: { state: string }) => d.state)).toEqual([
      'ON_SALE',
      'FEW_LEFT',
      'ON_SALE',
    ]);
  });

  it('shows a sale made here on the date’s answers and the other dates’ lists at once', async () => {
    const { event, seat, first, second, third } = await run();
    expect(upcoming(await answer(event.id, first))).toEqual([
      [first, 'ON_SALE', 10],
      [second, 'ON_SALE', 10],
      [third, 'ON_SALE', 10],
    ]);
    const sold = await reserve(ctx.app, event.id, { items: [{ ticket_id: seat, quantity: 3 }], event_date_id: third });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(upcoming(await answer(event.id, first))).toEqual([
      [first, 'ON_SALE', 10],
      [second, 'ON_SALE', 10],
      [third, 'ON_SALE', 7],
    ]);
    const onThird = await answer(event.id, third);
    expect(onThird.dates.chosen).toMatchObject({ id: third, remaining: 7 });
    expect(onThird.tickets.map((t) => [t.id, t.remaining])).toEqual([[seat, 7]]);
  });

  it("shows an organizer's change to a date (status, capacity) at once, on the answers, the calendar and the day", async () => {
    const { u, event, seat, first, second, third } = await run();
    expect(upcoming(await answer(event.id, third))).toEqual([
      [first, 'ON_SALE', 10],
      [second, 'ON_SALE', 10],
      [third, 'ON_SALE', 10],
    ]);
    const day = async () =>
      (await call(ctx.app, 'GET', `/api/public/events/${event.id}/dates?day=2027-06-08`)).json<{ data: DateView[] }>()
        .data;
    expect((await day()).map((d) => [d.id, d.state])).toEqual([[second, 'ON_SALE']]);

    const patch = (date: number, body: object) =>
      call(ctx.app, 'PATCH', `/api/events/${event.id}/dates/${date}`, { token: u.token, body });
    expect((await patch(second, { status: 'SOLD_OUT' })).statusCode).toBe(200);
    expect((await patch(first, { capacity: 3 })).statusCode).toBe(200);
    expect(upcoming(await answer(event.id, third))).toEqual([
      [first, 'FEW_LEFT', 3],
      [second, 'SOLD_OUT', null],
      [third, 'ON_SALE', 10],
    ]);
    const onFirst = await answer(event.id, first);
    expect(onFirst.tickets.map((t) => [t.id, t.remaining])).toEqual([[seat, 3]]);
    expect((await day()).map((d) => [d.id, d.state])).toEqual([[second, 'SOLD_OUT']]);
    const calendar = await call(ctx.app, 'GET', `/api/public/events/${event.id}/dates/calendar?month=2027-06`);
    expect(calendar.json().data.days.map((d: { state: string }) => d.state)).toEqual([
      'FEW_LEFT',
      'SOLD_OUT',
      'ON_SALE',
    ]);

    // Hidden: gone from every list and answered as no date, at once.
    expect((await patch(third, { status: 'HIDDEN' })).statusCode).toBe(200);
    const hidden = await answer(event.id, third);
    expect(hidden.dates.chosen).toBeNull();
    expect(upcoming(hidden).map(([id]) => id)).toEqual([first, second]);
  });
});
