import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { addDate, firstDateOf, liveEvent, reserve } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Buyers and dates (issue #39): the public event names the date its tickets are for, lists the next
 * dates and a month of the calendar with sold-out and few-left marked, and sells each date's own
 * tickets at its prices and stock. The calendar and day routes, and their errors.
 */
type App = TestContext['app'];

interface PublicDate {
  id: number;
  start_date: string;
  label: string | null;
  state: string;
  remaining: number | null;
  location: { venue_name?: string } | null;
}
interface PublicDay {
  day: string;
  dates: number;
  state: string;
  first_date_id: number;
}
interface PublicTicket {
  id: number;
  sale_state: string;
  max_selectable: number;
  remaining: number | null;
  unit: { base: number } | null;
}
interface PublicEvent {
  start_date: string;
  tickets: PublicTicket[];
  location: { venue_name?: string };
  dates: {
    count: number;
    upcoming: PublicDate[];
    chosen: PublicDate | null;
    date_unavailable: boolean;
    calendar: { month: string; days: PublicDay[] } | null;
    same_day: PublicDate[];
  };
}

const publicEvent = async (app: App, eventId: number, query = '') => {
  const r = await call(app, 'GET', `/api/public/events/${eventId}${query}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as PublicEvent;
};

describe('the public event and its dates', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('a one-date event lists its tickets as before, for its only date, with no calendar', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 2500, quantity: 5 }]);
    const view = await publicEvent(ctx.app, event.id);
    expect(view.dates.count).toBe(1);
    expect(view.dates.chosen?.id).toBe(await firstDateOf(ctx.app, event.id));
    expect(view.dates).toMatchObject({ date_unavailable: false, calendar: null, same_day: [] });
    expect(view.tickets.map((t) => [t.id, t.sale_state, t.max_selectable])).toEqual([[tickets[0]!.id, 'ON_SALE', 5]]);
  });

  it('with several dates nothing is listed until a date is chosen; then that date’s times, prices and stock', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [
      { name: 'Seat', type: 'PAID', price: 2500, quantity: 40 },
      { name: 'Box', type: 'PAID', price: 9000, quantity: 20 },
    ]);
    const [seat, box] = tickets.map((t) => t.id) as [number, number];
    const first = await firstDateOf(ctx.app, event.id);
    const second = await addDate(ctx.app, u.token, event.id, '2027-06-08T19:00', { label: 'Premiere' });
    const hidden = await addDate(ctx.app, u.token, event.id, '2027-06-09T19:00', { status: 'HIDDEN' });
    // On the second date the seat costs more and the box is not sold.
    const patch = (ticket: number, body: object) =>
      call(ctx.app, 'PATCH', `/api/events/${event.id}/dates/${second}/tickets/${ticket}`, { token: u.token, body });
    expect((await patch(seat, { price: 3000 })).statusCode).toBe(200);
    expect((await patch(box, { enabled: false })).statusCode).toBe(200);

    const none = await publicEvent(ctx.app, event.id);
    expect(none.tickets).toEqual([]);
    expect(none.dates.chosen).toBeNull();
    expect(none.dates.count).toBe(2);
    expect(none.dates.upcoming.map((d) => [d.id, d.label, d.state])).toEqual([
      [first, null, 'ON_SALE'],
      [second, 'Premiere', 'ON_SALE'],
    ]);
    expect(none.dates.calendar).toMatchObject({
      month: '2027-06',
      days: [
        { day: '2027-06-01', dates: 1, state: 'ON_SALE', first_date_id: first },
        { day: '2027-06-08', dates: 1, state: 'ON_SALE', first_date_id: second },
      ],
    });

    // Two seats sold on the first date leave 38 there and 40 on the second.
    const sold = await reserve(ctx.app, event.id, { items: [{ ticket_id: seat, quantity: 2 }], event_date_id: first });
    expect(sold.statusCode, sold.body).toBe(201);
    const onFirst = await publicEvent(ctx.app, event.id, `?date=${first}`);
    expect(onFirst.dates.chosen?.id).toBe(first);
    expect(onFirst.tickets.map((t) => [t.id, t.max_selectable, t.unit?.base])).toEqual([
      [seat, 38, 2500],
      [box, 20, 9000],
    ]);
    const onSecond = await publicEvent(ctx.app, event.id, `?date=${second}`);
    expect(onSecond.start_date).toBe(onSecond.dates.chosen!.start_date);
    expect(onSecond.dates.chosen?.start_date).toBe('2027-06-08T17:00:00.000Z');
    expect(onSecond.tickets.map((t) => [t.id, t.max_selectable, t.unit?.base])).toEqual([[seat, 40, 3000]]);

    // A hidden date, another event's date or nonsense: nothing chosen, and the answer says so.
    const other = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE' }]);
    for (const date of [hidden, await firstDateOf(ctx.app, other.event.id)]) {
      const view = await publicEvent(ctx.app, event.id, `?date=${date}`);
      expect(view.dates).toMatchObject({ chosen: null, date_unavailable: true });
      expect(view.tickets).toEqual([]);
    }
    expect((await publicEvent(ctx.app, event.id, '?date=abc')).dates.date_unavailable).toBe(false);
  });

  it("a date's capacity and its tickets decide its state: few left, sold out; a cancelled date lists nothing", async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 40 }]);
    const seat = tickets[0]!.id;
    const first = await firstDateOf(ctx.app, event.id);
    const small = await addDate(ctx.app, u.token, event.id, '2027-06-08T19:00', { capacity: 6 });
    const gone = await addDate(ctx.app, u.token, event.id, '2027-06-09T19:00', { capacity: 1 });
    const buy = async (date: number, quantity: number) =>
      expect(
        (await reserve(ctx.app, event.id, { items: [{ ticket_id: seat, quantity }], event_date_id: date })).statusCode,
      ).toBe(201);
    await buy(small, 2);
    await buy(gone, 1);
    // The organizer shows what is left.
    const shown = await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: { show_remaining_tickets: true },
    });
    expect(shown.statusCode, shown.body).toBe(200);

    const view = await publicEvent(ctx.app, event.id);
    expect(view.dates.upcoming.map((d) => [d.id, d.state, d.remaining])).toEqual([
      [first, 'ON_SALE', 40],
      [small, 'FEW_LEFT', 4],
      [gone, 'SOLD_OUT', null],
    ]);
    expect(view.dates.calendar?.days.map((d) => d.state)).toEqual(['ON_SALE', 'FEW_LEFT', 'SOLD_OUT']);
    const onSmall = await publicEvent(ctx.app, event.id, `?date=${small}`);
    expect(onSmall.tickets.map((t) => [t.max_selectable, t.remaining])).toEqual([[4, 4]]);
    const onGone = await publicEvent(ctx.app, event.id, `?date=${gone}`);
    expect(onGone.tickets.map((t) => [t.sale_state, t.max_selectable])).toEqual([['SOLD_OUT', 0]]);

    const cancelled = await call(ctx.app, 'PATCH', `/api/events/${event.id}/dates/${small}`, {
      token: u.token,
      body: { status: 'SOLD_OUT' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await publicEvent(ctx.app, event.id, `?date=${small}`)).dates.chosen?.state).toBe('SOLD_OUT');
    await ctx.app.deps.database.db.execute(sql`update event_dates set status = 'CANCELLED' where id = ${small}`);
    ctx.app.deps.publicEvents.invalidate(event.id);
    const onCancelled = await publicEvent(ctx.app, event.id, `?date=${small}`);
    expect(onCancelled.dates.chosen?.state).toBe('CANCELLED');
    expect(onCancelled.tickets).toEqual([]);
  });

  it('a chosen time slot brings its day’s other slots; the day route lists them; the calendar pages by month', async () => {
    const { u, event } = await liveEvent(ctx.app, [{ name: 'Entry', type: 'FREE' }]);
    const generated = await call(ctx.app, 'POST', `/api/events/${event.id}/dates/generate`, {
      token: u.token,
      body: {
        frequency: 'DAILY',
        start_on: '2027-07-30',
        count: 4,
        slots: { from: '10:00', to: '12:00', every_minutes: 30 },
        duration_minutes: 30,
      },
    });
    expect(generated.statusCode, generated.body).toBe(201);
    const slots = await call(ctx.app, 'GET', `/api/public/events/${event.id}/dates?day=2027-07-31`);
    expect(slots.statusCode, slots.body).toBe(200);
    const day = slots.json().data as PublicDate[];
    // 10:00, 10:30, 11:00, 11:30 in Berlin (UTC+2 in summer).
    expect(day.map((d) => d.start_date)).toEqual([
      '2027-07-31T08:00:00.000Z',
      '2027-07-31T08:30:00.000Z',
      '2027-07-31T09:00:00.000Z',
      '2027-07-31T09:30:00.000Z',
    ]);
    const view = await publicEvent(ctx.app, event.id, `?date=${day[1]!.id}`);
    expect(view.dates.same_day.map((d) => d.id)).toEqual(day.map((d) => d.id));
    expect(view.dates.calendar?.month).toBe('2027-07');

    const july = await call(ctx.app, 'GET', `/api/public/events/${event.id}/dates/calendar?month=2027-07`);
    expect(july.json().data).toMatchObject({
      month: '2027-07',
      days: [
        { day: '2027-07-30', dates: 4 },
        { day: '2027-07-31', dates: 4 },
      ],
      previous_month: '2027-06',
      next_month: '2027-08',
    });
    const august = await call(ctx.app, 'GET', `/api/public/events/${event.id}/dates/calendar?month=2027-08`);
    expect(august.json().data).toMatchObject({
      days: [
        { day: '2027-08-01', dates: 4 },
        { day: '2027-08-02', dates: 4 },
      ],
      previous_month: '2027-07',
      next_month: null,
    });
    // No month: the first with dates ahead.
    const first = await call(ctx.app, 'GET', `/api/public/events/${event.id}/dates/calendar`);
    expect(first.json().data.month).toBe('2027-06');
  });

  it('refuses a malformed month or day on the field, and answers 404 for an event that is not live', async () => {
    const { event } = await liveEvent(ctx.app, [{ name: 'Entry', type: 'FREE' }]);
    const month = await call(ctx.app, 'GET', `/api/public/events/${event.id}/dates/calendar?month=2027-13`);
    expect(month.statusCode).toBe(422);
    expect(Object.keys(month.json().error.field_errors)).toEqual(['month']);
    const day = await call(ctx.app, 'GET', `/api/public/events/${event.id}/dates?day=31-07-2027`);
    expect(day.statusCode).toBe(422);
    expect(Object.keys(day.json().error.field_errors)).toEqual(['day']);
    const none = await call(ctx.app, 'GET', `/api/public/events/${event.id}/dates`);
    expect(none.statusCode).toBe(422);
    for (const url of [`/api/public/events/999999/dates/calendar`, `/api/public/events/999999/dates?day=2027-07-31`])
      expect((await call(ctx.app, 'GET', url)).statusCode).toBe(404);
  });
});
