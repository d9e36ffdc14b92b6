import { readFileSync } from 'node:fs';
import path from 'node:path';

import { type EventDateDto, type EventDto, LOCALE_COOKIE } from '@admitone/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventDates, events, ticketDates } from '../src/db/schema/index.js';
import { utcToZoned } from '../src/shared/dates.js';
import { liveEvent, reserve } from './checkout-factory.js';
import { createEvent, createOrganizer, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * The dates of an event (issue #39): one by one, from rules, changed one by one and in bulk, deleted; the
 * event's span; events made, edited and copied with their dates; tickets on every date; other accounts.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const db = () => ctx.app.deps.database.db;

async function setup(overrides: Record<string, unknown> = {}, locale?: string) {
  const u = await registerUser(ctx.app, locale ? { locale } : {});
  const organizer = await createOrganizer(ctx.app, u.token);
  const event = await createEvent(ctx.app, u.token, organizer.id, overrides);
  const base = `/api/events/${event.id}/dates`;
  const as = { token: u.token };
  const list = async (query = '') => {
    const res = await call(ctx.app, 'GET', `${base}${query}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: EventDateDto[] }>().data;
  };
  const eventNow = async () =>
    (await call(ctx.app, 'GET', `/api/events/${event.id}`, as)).json<{ data: EventDto }>().data;
  const addTicket = async (name = 'Standard', extra: Record<string, unknown> = {}) => {
    const res = await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
      ...as,
      body: { name, type: 'PAID', price: 2500, quantity: 100, ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { id: number } }>().data;
  };
  return { u, organizer, event, base, as, list, eventNow, addTicket };
}

/** The field errors of a 422, or fails. */
function fieldErrors(res: { statusCode: number; body: string; json: () => any }): Record<string, string[]> {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().error.code).toBe('VALIDATION_FAILED');
  return res.json().error.field_errors;
}

const weekly = {
  frequency: 'WEEKLY',
  weekdays: ['TU', 'TH'],
  start_on: '2030-10-01',
  until: '2030-10-31',
  times: ['19:30'],
};

async function ticketDateRows(eventId: number) {
  return db()
    .select({
      ticket_id: ticketDates.ticket_id,
      event_date_id: ticketDates.event_date_id,
      enabled: ticketDates.enabled,
      quantity: ticketDates.quantity,
      price: ticketDates.price,
      taken: ticketDates.taken,
    })
    .from(ticketDates)
    .innerJoin(eventDates, eq(eventDates.id, ticketDates.event_date_id))
    .where(eq(eventDates.event_id, eventId))
    .orderBy(ticketDates.ticket_id, ticketDates.event_date_id);
}

describe('one date at a time', () => {
  it('gives a new event one date from its own start and end', async () => {
    const { list, eventNow } = await setup();
    const [only, ...rest] = await list();
    expect(rest).toEqual([]);
    expect(only).toMatchObject({
      start_date: '2030-06-01T17:00:00.000Z',
      end_date: '2030-06-01T21:00:00.000Z',
      label: null,
      location: null,
      status: 'ON_SALE',
      capacity: null,
      taken: 0,
    });
    expect(await eventNow()).toMatchObject({ start_date: only!.start_date, end_date: only!.end_date });
  });

  it('adds a date on the wall clock of the event, and the event spans its dates', async () => {
    const { base, as, list, eventNow, event } = await setup();
    const res = await call(ctx.app, 'POST', base, {
      ...as,
      body: {
        start_date: '2030-06-08T19:30',
        label: 'Matinee',
        location: { venue_name: 'Small hall', city: 'Berlin' },
        capacity: 80,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<{ data: EventDateDto }>().data;
    expect(made).toMatchObject({
      event_id: event.id,
      start_date: '2030-06-08T17:30:00.000Z',
      end_date: null,
      label: 'Matinee',
      location: { venue_name: 'Small hall', city: 'Berlin', address_line_1: null, country: null },
      status: 'ON_SALE',
      capacity: 80,
      taken: 0,
    });
    // A date without an end ends at its start.
    expect(await eventNow()).toMatchObject({
      start_date: '2030-06-01T17:00:00.000Z',
      end_date: '2030-06-08T17:30:00.000Z',
    });
    // An instant with its offset is taken as it is; the list is by start, then id.
    const earlier = await call(ctx.app, 'POST', base, {
      ...as,
      body: { start_date: '2030-05-30T10:00:00Z', end_date: '2030-05-30T14:00:00+02:00', status: 'HIDDEN' },
    });
    expect(earlier.statusCode, earlier.body).toBe(201);
    expect((await list()).map((d) => d.start_date)).toEqual([
      '2030-05-30T10:00:00.000Z',
      '2030-06-01T17:00:00.000Z',
      '2030-06-08T17:30:00.000Z',
    ]);
    // Hidden dates count in the span; only cancelled ones do not.
    expect((await eventNow()).start_date).toBe('2030-05-30T10:00:00.000Z');
  });

  it('refuses a date that ends before it starts, one in the past, a cancelled one and unknown fields', async () => {
    const { base, as, list } = await setup();
    const post = (body: unknown) => call(ctx.app, 'POST', base, { ...as, body });
    expect(fieldErrors(await post({ start_date: '2030-06-08T19:30', end_date: '2030-06-08T19:00' }))).toEqual({
      end_date: ['The end must be after the start.'],
    });
    // With offsets, the server compares the instants.
    expect(fieldErrors(await post({ start_date: '2030-06-08T19:30+02:00', end_date: '2030-06-08T17:00:00Z' }))).toEqual(
      { end_date: ['The end must be after the start.'] },
    );
    expect(fieldErrors(await post({ start_date: '2020-06-08T19:30' }))).toEqual({
      start_date: ['Choose a time in the future.'],
    });
    expect(fieldErrors(await post({ start_date: '2030-06-08T19:30', status: 'CANCELLED' }))).toEqual({
      status: ['A date is cancelled with its own action, which also cancels its orders.'],
    });
    expect(fieldErrors(await post({ start_date: 'tomorrow', capacity: -1 }))).toEqual({
      start_date: ['Enter a valid date and time.'],
      capacity: ['Must be at least 0.'],
    });
    expect(Object.keys(fieldErrors(await post({ start_date: '2030-06-08T19:30', price: 10 })))).toEqual(['price']);
    expect(await list()).toHaveLength(1);
  });
});

describe('dates from a rule', () => {
  it('makes a weekly run at 19:30 on the wall clock, across the change to winter time', async () => {
    const { base, as, list, eventNow, addTicket, event } = await setup();
    const a = await addTicket('Standard');
    const b = await addTicket('VIP');
    const res = await call(ctx.app, 'POST', `${base}/generate`, {
      ...as,
      body: { ...weekly, duration_minutes: 150, label: 'Evening', capacity: 120 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<{ data: EventDateDto[] }>().data;
    // October 2030: Tuesdays and Thursdays from the 1st to the 31st; clocks go back on the 27th.
    expect(made.map((d) => utcToZoned(new Date(d.start_date), 'Europe/Berlin'))).toEqual([
      '2030-10-01T19:30',
      '2030-10-03T19:30',
      '2030-10-08T19:30',
      '2030-10-10T19:30',
      '2030-10-15T19:30',
      '2030-10-17T19:30',
      '2030-10-22T19:30',
      '2030-10-24T19:30',
      '2030-10-29T19:30',
      '2030-10-31T19:30',
    ]);
    expect(made[7]!.start_date).toBe('2030-10-24T17:30:00.000Z');
    expect(made[8]!.start_date).toBe('2030-10-29T18:30:00.000Z');
    expect(made[0]).toMatchObject({
      event_id: event.id,
      end_date: '2030-10-01T20:00:00.000Z',
      label: 'Evening',
      capacity: 120,
      status: 'ON_SALE',
      taken: 0,
    });
    expect(await list()).toHaveLength(11);
    expect(await eventNow()).toMatchObject({
      start_date: '2030-06-01T17:00:00.000Z',
      end_date: '2030-10-31T21:00:00.000Z',
    });
    // Every ticket on every new date, as the ticket sells.
    const rows = await ticketDateRows(event.id);
    expect(rows).toHaveLength(2 * 11);
    for (const d of made)
      expect(rows.filter((r) => r.event_date_id === d.id).map((r) => r.ticket_id)).toEqual([a.id, b.id]);
    expect(rows.every((r) => r.enabled && r.quantity === null && r.price === null && r.taken === 0)).toBe(true);
  });

  it('makes time slots, monthly runs and skips exceptions', async () => {
    const { base, as } = await setup({ timezone: 'America/New_York' });
    const slots = await call(ctx.app, 'POST', `${base}/generate`, {
      ...as,
      body: {
        frequency: 'DAILY',
        start_on: '2030-07-01',
        count: 3,
        exceptions: ['2030-07-02'],
        slots: { from: '10:00', to: '17:00', every_minutes: 30 },
        duration_minutes: 30,
      },
    });
    expect(slots.statusCode, slots.body).toBe(201);
    const made = slots.json<{ data: EventDateDto[] }>().data;
    expect(made).toHaveLength(28);
    expect(utcToZoned(new Date(made[0]!.start_date), 'America/New_York')).toBe('2030-07-01T10:00');
    expect(utcToZoned(new Date(made[14]!.start_date), 'America/New_York')).toBe('2030-07-03T10:00');
    const monthly = await call(ctx.app, 'POST', `${base}/generate`, {
      ...as,
      body: {
        frequency: 'MONTHLY',
        monthly_nth: { nth: -1, weekday: 'FR' },
        start_on: '2030-09-01',
        count: 3,
        times: ['20:00'],
      },
    });
    expect(monthly.statusCode, monthly.body).toBe(201);
    expect(
      monthly.json<{ data: EventDateDto[] }>().data.map((d) => utcToZoned(new Date(d.start_date), 'America/New_York')),
    ).toEqual(['2030-09-27T20:00', '2030-10-25T20:00', '2030-11-29T20:00']);
  });

  it('refuses a rule that makes no date, one in the past and a malformed one', async () => {
    const { base, as, list } = await setup();
    const generate = (body: unknown) => call(ctx.app, 'POST', `${base}/generate`, { ...as, body });
    // 2030-10-01 is a Tuesday: no Saturday before the Friday it ends on.
    expect(fieldErrors(await generate({ ...weekly, weekdays: ['SA'], until: '2030-10-04' }))).toEqual({
      start_on: ['This rule makes no dates. Check its days, its end and its exceptions.'],
    });
    expect(
      fieldErrors(await generate({ ...weekly, until: null, count: 2, exceptions: ['2030-10-01', '2030-10-03'] })),
    ).toEqual({ start_on: ['This rule makes no dates. Check its days, its end and its exceptions.'] });
    expect(fieldErrors(await generate({ ...weekly, start_on: '2020-10-01', until: '2020-10-31' }))).toEqual({
      start_on: ['Choose a time in the future.'],
    });
    expect(fieldErrors(await generate({ ...weekly, weekdays: [], count: 3 }))).toEqual({
      weekdays: ['Choose at least one day of the week.'],
      until: ['Choose when the dates stop: either an end date or a number of times, not both.'],
    });
    expect(
      fieldErrors(
        await generate({
          ...weekly,
          times: ['19:30', '7pm'],
          slots: { from: '10:00', to: '09:00', every_minutes: 30 },
        }),
      ),
    ).toEqual({
      times: ['Give either start times or time slots, not both.'],
      'times.1': ['Enter a time such as 19:30.'],
      'slots.to': ['The end must be after the start.'],
    });
    expect(fieldErrors(await generate({ ...weekly, times: undefined }))).toEqual({
      times: ['Give either start times or time slots, not both.'],
    });
    expect(fieldErrors(await generate({ ...weekly, frequency: 'YEARLY', interval: 0 }))).toMatchObject({
      frequency: ['Choose one of the allowed values.'],
      interval: ['Must be at least 1.'],
    });
    expect(await list()).toHaveLength(1);
  });

  it('refuses more than 5000 dates in the event, counting those it has', async () => {
    const { base, as, list } = await setup();
    const daily = { frequency: 'DAILY', start_on: '2031-01-01', times: ['10:00'] };
    expect(
      fieldErrors(await call(ctx.app, 'POST', `${base}/generate`, { ...as, body: { ...daily, count: 5000 } })),
    ).toEqual({ count: ['An event can have at most 5000 dates, and this one has 1. Make fewer dates.'] });
    // A rule that never ends stops being read after 5001.
    expect(
      fieldErrors(
        await call(ctx.app, 'POST', `${base}/generate`, {
          ...as,
          body: { ...daily, times: null, until: '2099-12-31', slots: { from: '08:00', to: '20:00', every_minutes: 5 } },
        }),
      ),
    ).toEqual({ until: ['An event can have at most 5000 dates, and this one has 1. Make fewer dates.'] });
    expect(await list()).toHaveLength(1);
  });

  it('makes 4999 dates from one rule (5000 in the event), each with every ticket, lists them all, then refuses one more', async () => {
    // How fast: bench/dates-reserve.mjs (docs/PERFORMANCE.md); no timed assertion here.
    const { base, as, list, event, addTicket } = await setup();
    for (const name of ['Standard', 'VIP', 'Student']) await addTicket(name);
    const res = await call(ctx.app, 'POST', `${base}/generate`, {
      ...as,
      body: { frequency: 'DAILY', start_on: '2031-01-01', count: 4999, times: ['19:30'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toHaveLength(4999);
    expect(await list()).toHaveLength(5000);
    expect(await ticketDateRows(event.id)).toHaveLength(3 * 5000);
    expect(fieldErrors(await call(ctx.app, 'POST', base, { ...as, body: { start_date: '2045-01-01T10:00' } }))).toEqual(
      { start_date: ['An event can have at most 5000 dates, and this one has 5000. Make fewer dates.'] },
    );
  });
});

describe('changing dates', () => {
  async function withSales() {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'GA', type: 'FREE', quantity: 10 }], {
      start_date: '2030-06-01T19:00',
      end_date: '2030-06-01T23:00',
    });
    const as = { token: u.token };
    const base = `/api/events/${event.id}/dates`;
    const more = await call(ctx.app, 'POST', `${base}/generate`, {
      ...as,
      body: { frequency: 'DAILY', start_on: '2030-06-02', count: 2, times: ['19:00'] },
    });
    expect(more.statusCode, more.body).toBe(201);
    const dates = (await call(ctx.app, 'GET', base, as)).json<{ data: EventDateDto[] }>().data;
    // Three admissions on the first date, one on the second: through the checkout (the stock module).
    for (const [date, quantity] of [
      [dates[0]!, 3],
      [dates[1]!, 1],
    ] as const) {
      const r = await reserve(ctx.app, event.id, {
        items: [{ ticket_id: tickets[0]!.id, quantity }],
        event_date_id: date.id,
      });
      expect(r.statusCode, r.body).toBe(201);
    }
    return { as, base, event, dates, ticket: tickets[0]! };
  }

  it('changes one date; a capacity below what it has taken is refused, naming it', async () => {
    const { as, base, dates } = await withSales();
    const first = dates[0]!;
    expect((await call(ctx.app, 'GET', base, as)).json().data[0].taken).toBe(3);
    const patch = (id: number, body: unknown) => call(ctx.app, 'PATCH', `${base}/${id}`, { ...as, body });
    expect(fieldErrors(await patch(first.id, { capacity: 2 }))).toEqual({
      capacity: ['3 are already sold or held in checkouts: the limit cannot be lower than that.'],
    });
    const ok = await patch(first.id, {
      capacity: 3,
      label: 'Premiere',
      location: { venue_name: 'Main hall' },
      end_date: '2030-06-01T23:30',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      id: first.id,
      capacity: 3,
      label: 'Premiere',
      location: { venue_name: 'Main hall', city: null },
      start_date: '2030-06-01T17:00:00.000Z',
      end_date: '2030-06-01T21:30:00.000Z',
      taken: 3,
    });
    // A read sent back with one change works; null clears.
    const again = await patch(first.id, { ...ok.json().data, capacity: null, label: '', location: null });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ capacity: null, label: null, location: null });
    expect(fieldErrors(await patch(first.id, { end_date: '2030-06-01T18:00' }))).toEqual({
      end_date: ['The end must be after the start.'],
    });
    expect(fieldErrors(await patch(first.id, { start_date: '2020-06-01T18:00' }))).toEqual({
      start_date: ['Choose a time in the future.'],
    });
  });

  it('puts a date back on sale from sold out or hidden, but never cancels it or takes it back from cancelled', async () => {
    const { as, base, dates } = await withSales();
    const patch = (id: number, body: unknown) => call(ctx.app, 'PATCH', `${base}/${id}`, { ...as, body });
    const d = dates[2]!;
    for (const status of ['SOLD_OUT', 'ON_SALE', 'HIDDEN', 'ON_SALE'] as const) {
      const res = await patch(d.id, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe(status);
    }
    expect(fieldErrors(await patch(d.id, { status: 'CANCELLED' }))).toEqual({
      status: ['A date is cancelled with its own action, which also cancels its orders.'],
    });
    expect(
      fieldErrors(await call(ctx.app, 'POST', `${base}/bulk`, { ...as, body: { ids: [d.id], status: 'CANCELLED' } })),
    ).toEqual({ status: ['A date is cancelled with its own action, which also cancels its orders.'] });
    // Cancelled by its own action (not built yet: set here as it will).
    await db().update(eventDates).set({ status: 'CANCELLED' }).where(eq(eventDates.id, d.id));
    expect(fieldErrors(await patch(d.id, { status: 'ON_SALE' }))).toEqual({
      status: ['This date is cancelled: its status cannot change.'],
    });
    const unchanged = await patch(d.id, { status: 'CANCELLED', label: 'Called off' });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json().data).toMatchObject({ status: 'CANCELLED', label: 'Called off' });
  });

  it('changes many dates at once under their locks, all or none', async () => {
    const { as, base, dates, event } = await withSales();
    const bulk = (body: unknown) => call(ctx.app, 'POST', `${base}/bulk`, { ...as, body });
    const ids = dates.map((d) => d.id);
    expect(fieldErrors(await bulk({ ids, capacity: 2 }))).toEqual({
      capacity: ['3 are already sold or held in checkouts: the limit cannot be lower than that.'],
    });
    const ok = await bulk({ ids: [...ids].reverse(), capacity: 5, status: 'SOLD_OUT', label: 'Festival' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.map((d: EventDateDto) => [d.id, d.capacity, d.status, d.label])).toEqual(
      ids.map((id) => [id, 5, 'SOLD_OUT', 'Festival']),
    );
    const back = await bulk({ ids: [ids[1]], status: 'ON_SALE' });
    expect(back.json().data).toMatchObject([{ id: ids[1], status: 'ON_SALE', capacity: 5, label: 'Festival' }]);
    // Another event's date (same account) makes the whole change not found; nothing changes.
    const second = await createEvent(ctx.app, as.token, event.organizer.id);
    const [foreign] = (await call(ctx.app, 'GET', `/api/events/${second.id}/dates`, as)).json().data;
    const res = await bulk({ ids: [ids[0], foreign!.id], capacity: 9 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect((await call(ctx.app, 'GET', base, as)).json().data[0].capacity).toBe(5);
    expect(Object.keys(fieldErrors(await bulk({ ids: [] })))).toEqual(['ids']);
    expect(Object.keys(fieldErrors(await bulk({ ids: Array.from({ length: 5001 }, (_, i) => i + 1) })))).toEqual([
      'ids',
    ]);
  });

  it("sets one ticket's price on many dates at once, and its own price again; a fixed-price ticket of the event only", async () => {
    const { u, event, tickets } = await liveEvent(
      ctx.app,
      [
        { name: 'Stalls', type: 'PAID', price: 2500, quantity: 10 },
        { name: 'Guest', type: 'FREE', quantity: 10 },
      ],
      { start_date: '2030-06-01T19:00', end_date: '2030-06-01T23:00' },
    );
    const as = { token: u.token };
    const base = `/api/events/${event.id}/dates`;
    const more = await call(ctx.app, 'POST', `${base}/generate`, {
      ...as,
      body: { frequency: 'DAILY', start_on: '2030-06-02', count: 2, times: ['19:00'] },
    });
    expect(more.statusCode, more.body).toBe(201);
    const ids = (await call(ctx.app, 'GET', base, as)).json<{ data: EventDateDto[] }>().data.map((d) => d.id);
    const bulk = (body: unknown) => call(ctx.app, 'POST', `${base}/bulk`, { ...as, body });
    const prices = async () =>
      (await ticketDateRows(event.id))
        .filter((r) => r.ticket_id === tickets[0]!.id)
        .map((r) => [r.event_date_id, r.price]);

    const ok = await bulk({ ids: [ids[1], ids[2]], ticket_price: { ticket_id: tickets[0]!.id, price: 1800 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await prices()).toEqual([
      [ids[0], null],
      [ids[1], 1800],
      [ids[2], 1800],
    ]);
    expect(
      Object.keys(fieldErrors(await bulk({ ids, ticket_price: { ticket_id: tickets[1]!.id, price: 500 } }))),
    ).toEqual(['ticket_price.price']);
    const other = await liveEvent(ctx.app, [{ name: 'Elsewhere', type: 'PAID', price: 900, quantity: 5 }]);
    expect(
      Object.keys(fieldErrors(await bulk({ ids, ticket_price: { ticket_id: other.tickets[0]!.id, price: 500 } }))),
    ).toEqual(['ticket_price.ticket_id']);
    expect(
      Object.keys(fieldErrors(await bulk({ ids, ticket_price: { ticket_id: tickets[0]!.id, price: -1 } }))),
    ).toEqual(['ticket_price.price']);
    // A date of another event: nothing changes, the price included.
    const [foreign] = (
      await call(ctx.app, 'GET', `/api/events/${other.event.id}/dates`, { token: other.u.token })
    ).json().data;
    expect(
      (await bulk({ ids: [ids[0], foreign!.id], ticket_price: { ticket_id: tickets[0]!.id, price: 1 } })).statusCode,
    ).toBe(404);
    expect((await prices())[0]).toEqual([ids[0], null]);
    // Null: the ticket's own price again.
    expect((await bulk({ ids, ticket_price: { ticket_id: tickets[0]!.id, price: null } })).statusCode).toBe(200);
    expect((await prices()).map(([, price]) => price)).toEqual([null, null, null]);
  });

  it('deletes a date nobody has a ticket for, never one with attendees, never the last', async () => {
    const { as, base, dates, event } = await withSales();
    const del = (id: number) => call(ctx.app, 'DELETE', `${base}/${id}`, as);
    const withAttendees = await del(dates[0]!.id);
    expect(withAttendees.statusCode).toBe(409);
    expect(withAttendees.json().error).toEqual({
      code: 'DATE_HAS_ATTENDEES',
      message: 'This date has attendees (cancelled ones count too) and cannot be deleted. You can hide it instead.',
    });
    expect(await ticketDateRows(event.id)).toHaveLength(3);
    expect((await del(dates[2]!.id)).statusCode).toBe(204);
    expect((await ticketDateRows(event.id)).map((r) => r.event_date_id)).toEqual([dates[0]!.id, dates[1]!.id]);
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect(row!.end_date!.toISOString()).toBe('2030-06-02T17:00:00.000Z');
    expect((await del(dates[2]!.id)).statusCode).toBe(404);

    const lone = await setup({}, 'de');
    const [only] = await lone.list();
    const last = await call(ctx.app, 'DELETE', `${lone.base}/${only!.id}`, lone.as);
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toEqual({
      code: 'LAST_EVENT_DATE',
      message: 'Eine Veranstaltung braucht mindestens einen Termin.',
    });
    const en = await call(ctx.app, 'DELETE', `${lone.base}/${only!.id}`, {
      ...lone.as,
      headers: { cookie: `${LOCALE_COOKIE}=en` },
    });
    expect([en.statusCode, en.json().error.message]).toEqual([409, 'An event needs at least one date.']);
  });

  it('spans the dates that are not cancelled', async () => {
    const { as, base, dates, event } = await withSales();
    await db().update(eventDates).set({ status: 'CANCELLED' }).where(eq(eventDates.id, dates[2]!.id));
    await call(ctx.app, 'PATCH', `${base}/${dates[0]!.id}`, { ...as, body: { label: 'First night' } });
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect([row!.start_date.toISOString(), row!.end_date!.toISOString()]).toEqual([
      '2030-06-01T17:00:00.000Z',
      '2030-06-02T17:00:00.000Z',
    ]);
  });

  it('filters the list by start and status', async () => {
    const { as, base, dates } = await withSales();
    await call(ctx.app, 'PATCH', `${base}/${dates[1]!.id}`, { ...as, body: { status: 'HIDDEN' } });
    const get = (q: string) => call(ctx.app, 'GET', `${base}${q}`, as);
    const ids = async (q: string) => (await get(q)).json().data.map((d: EventDateDto) => d.id);
    expect(await ids('?from=2030-06-02T00:00:00Z')).toEqual([dates[1]!.id, dates[2]!.id]);
    expect(await ids('?to=2030-06-02T17:00:00Z')).toEqual([dates[0]!.id]);
    expect(await ids('?from=2030-06-01T17:00:00%2B00:00&to=2030-06-03T00:00Z&status=HIDDEN')).toEqual([dates[1]!.id]);
    expect(Object.keys(fieldErrors(await get('?from=2030-06-02')))).toEqual(['from']);
    expect(Object.keys(fieldErrors(await get('?status=GONE')))).toEqual(['status']);
    expect(Object.keys(fieldErrors(await get('?sort=start')))).toEqual(['sort']);
  });
});

describe('the event and its dates', () => {
  it('moves the one date of an event when the event moves, on the wall clock when only the zone changes', async () => {
    const { as, list, event } = await setup();
    const put = (body: unknown) => call(ctx.app, 'PUT', `/api/events/${event.id}`, { ...as, body });
    expect((await put({ start_date: '2030-07-01T20:00', end_date: '2030-07-01T22:00' })).statusCode).toBe(200);
    expect(await list()).toMatchObject([
      { start_date: '2030-07-01T18:00:00.000Z', end_date: '2030-07-01T20:00:00.000Z' },
    ]);
    expect((await put({ timezone: 'America/New_York' })).statusCode).toBe(200);
    expect(await list()).toMatchObject([
      { start_date: '2030-07-02T00:00:00.000Z', end_date: '2030-07-02T02:00:00.000Z' },
    ]);
    expect((await put({ end_date: null })).statusCode).toBe(200);
    expect((await list())[0]!.end_date).toBeNull();
  });

  it('keeps the start and end of an event with several dates to their span', async () => {
    const { as, base, list, event, eventNow } = await setup();
    await call(ctx.app, 'POST', `${base}/generate`, {
      ...as,
      body: { frequency: 'DAILY', start_on: '2030-06-02', count: 2, times: ['19:30'] },
    });
    const put = (body: unknown) => call(ctx.app, 'PUT', `/api/events/${event.id}`, { ...as, body });
    expect(fieldErrors(await put({ start_date: '2030-05-01T19:00', end_date: '2030-05-01T23:00' }))).toEqual({
      start_date: ['This event has several dates: its start and end follow them. Change the dates instead.'],
      end_date: ['This event has several dates: its start and end follow them. Change the dates instead.'],
    });
    // A read sent back unchanged is fine.
    const read = await eventNow();
    const same = await put({ title: 'Renamed', start_date: read.start_date, end_date: read.end_date });
    expect(same.statusCode, same.body).toBe(200);
    // A new zone keeps every date on its wall clock.
    expect((await put({ timezone: 'Europe/London' })).statusCode).toBe(200);
    expect((await list()).map((d) => utcToZoned(new Date(d.start_date), 'Europe/London'))).toEqual([
      '2030-06-01T19:00',
      '2030-06-02T19:30',
      '2030-06-03T19:30',
    ]);
    expect(await eventNow()).toMatchObject({
      timezone: 'Europe/London',
      start_date: '2030-06-01T18:00:00.000Z',
      end_date: '2030-06-03T18:30:00.000Z',
    });
  });

  it("copies an event's dates and its tickets on them when it is duplicated", async () => {
    const { as, base, event, addTicket, list } = await setup();
    const t1 = await addTicket('Standard');
    const t2 = await addTicket('VIP');
    await call(ctx.app, 'POST', `${base}/generate`, {
      ...as,
      body: { frequency: 'DAILY', start_on: '2030-06-02', count: 3, times: ['19:30'], label: 'Run', capacity: 50 },
    });
    const source = await list();
    expect(source).toHaveLength(4);
    await db().update(eventDates).set({ status: 'SOLD_OUT', taken: 0 }).where(eq(eventDates.id, source[1]!.id));
    await db().update(eventDates).set({ status: 'HIDDEN' }).where(eq(eventDates.id, source[2]!.id));
    await db().update(eventDates).set({ status: 'CANCELLED' }).where(eq(eventDates.id, source[3]!.id));
    await db()
      .update(ticketDates)
      .set({ enabled: false })
      .where(sql`${ticketDates.ticket_id} = ${t1.id} and ${ticketDates.event_date_id} = ${source[1]!.id}`);
    await db()
      .update(ticketDates)
      .set({ quantity: 7, price: 1500 })
      .where(sql`${ticketDates.ticket_id} = ${t2.id} and ${ticketDates.event_date_id} = ${source[2]!.id}`);

    const dup = await call(ctx.app, 'POST', `/api/events/${event.id}/duplicate`, { ...as, body: { title: 'Copy' } });
    expect(dup.statusCode, dup.body).toBe(201);
    const copyId = dup.json().data.id as number;
    const copied = (await call(ctx.app, 'GET', `/api/events/${copyId}/dates`, as)).json<{ data: EventDateDto[] }>()
      .data;
    expect(copied.map((d) => [d.start_date, d.end_date, d.label, d.capacity, d.status, d.taken])).toEqual(
      source.map((d, i) => [
        d.start_date,
        d.end_date,
        d.label,
        d.capacity,
        ['ON_SALE', 'ON_SALE', 'HIDDEN', 'CANCELLED'][i],
        0,
      ]),
    );
    expect(copied.every((d) => d.event_id === copyId && !source.some((s) => s.id === d.id))).toBe(true);
    const copy = (await call(ctx.app, 'GET', `/api/events/${copyId}`, as)).json<{ data: EventDto }>().data;
    expect([copy.start_date, copy.end_date]).toEqual([source[0]!.start_date, source[2]!.start_date]);

    const tickets = (await call(ctx.app, 'GET', `/api/events/${copyId}/tickets`, as)).json().data as Array<{
      id: number;
      name: string;
    }>;
    const byName = new Map(tickets.map((t) => [t.name, t.id]));
    const rows = await ticketDateRows(copyId);
    expect(rows).toHaveLength(2 * 4);
    const at = (ticket: string, i: number) =>
      rows.find((r) => r.ticket_id === byName.get(ticket) && r.event_date_id === copied[i]!.id);
    expect(at('Standard', 1)).toMatchObject({ enabled: false, quantity: null, price: null, taken: 0 });
    expect(at('VIP', 2)).toMatchObject({ enabled: true, quantity: 7, price: 1500, taken: 0 });
    expect(rows.filter((r) => !r.enabled || r.quantity !== null)).toHaveLength(2);

    // Without its tickets, a copy still gets the dates.
    const bare = await call(ctx.app, 'POST', `/api/events/${event.id}/duplicate`, {
      ...as,
      body: { copy_tickets: false },
    });
    expect(bare.statusCode, bare.body).toBe(201);
    expect((await call(ctx.app, 'GET', `/api/events/${bare.json().data.id}/dates`, as)).json().data).toHaveLength(4);
    expect(await ticketDateRows(bare.json().data.id)).toEqual([]);
  });

  it('puts a new ticket on every date of its event', async () => {
    const { as, base, event, addTicket } = await setup();
    await call(ctx.app, 'POST', `${base}/generate`, {
      ...as,
      body: {
        frequency: 'WEEKLY',
        weekdays: ['SA', 'SU'],
        start_on: '2030-06-02',
        count: 6,
        times: ['11:00', '15:00'],
      },
    });
    const dates = (await call(ctx.app, 'GET', base, as)).json<{ data: EventDateDto[] }>().data;
    expect(dates).toHaveLength(13);
    const t = await addTicket('Family', { type: 'FREE', price: null });
    const rows = await ticketDateRows(event.id);
    expect(rows.filter((r) => r.ticket_id === t.id).map((r) => r.event_date_id)).toEqual(
      dates.map((d) => d.id).sort((a, b) => a - b),
    );
    expect(rows.every((r) => r.enabled && r.taken === 0)).toBe(true);
  });

  it('forgets the cached public event after a change of its dates', async () => {
    const { u, event } = await liveEvent(ctx.app, [{ name: 'GA', type: 'FREE', quantity: 10 }], {
      start_date: '2030-06-01T19:00',
      end_date: '2030-06-01T23:00',
    });
    const pub = async () => (await call(ctx.app, 'GET', `/api/public/events/${event.id}`)).json().data;
    expect((await pub()).end_date).toBe('2030-06-01T21:00:00.000Z');
    const res = await call(ctx.app, 'POST', `/api/events/${event.id}/dates`, {
      token: u.token,
      body: { start_date: '2030-06-05T19:00', end_date: '2030-06-05T23:00' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await pub()).end_date).toBe('2030-06-05T21:00:00.000Z');
  });
});

describe('venue positions (migration 0084)', () => {
  it('a date’s own venue keeps its position; venues stored before positions get none and are answered again', async () => {
    const { u, event } = await liveEvent(ctx.app, [{ name: 'GA', type: 'FREE', quantity: 10 }], {
      start_date: '2030-06-01T19:00',
      end_date: '2030-06-01T23:00',
    });
    const made = await call(ctx.app, 'POST', `/api/events/${event.id}/dates`, {
      token: u.token,
      body: {
        start_date: '2030-06-05T19:00',
        location: { venue_name: 'Olympiahalle', latitude: 48.1749, longitude: 11.5517 },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.location).toMatchObject({
      venue_name: 'Olympiahalle',
      latitude: 48.1749,
      longitude: 11.5517,
    });
    const half = await call(ctx.app, 'POST', `/api/events/${event.id}/dates`, {
      token: u.token,
      body: { start_date: '2030-06-06T19:00', location: { venue_name: 'Halle', longitude: 11.5517 } },
    });
    expect(fieldErrors(half)).toEqual({ 'location.latitude': ['Give both latitude and longitude, or neither.'] });
    // The buyer's page of that date names its venue.
    const pub = () => {
      ctx.app.deps.publicEvents.clear();
      return call(ctx.app, 'GET', `/api/public/events/${event.id}?date=${made.json().data.id}`);
    };
    expect((await pub()).statusCode).toBe(200);
    // As stored before positions existed: the venues without the two fields.
    await db().execute(sql`update events set location = location - 'latitude' - 'longitude' where id = ${event.id}`);
    await db().execute(
      sql`update event_dates set location = location - 'latitude' - 'longitude' where event_id = ${event.id} and location is not null`,
    );
    const keys = async () =>
      (
        (await db().execute(
          sql`select (select location ? 'latitude' from events where id = ${event.id}) as event,
                     bool_and(location ? 'longitude') as date
                from event_dates where event_id = ${event.id} and location is not null`,
        )) as unknown as { rows: Array<{ event: boolean; date: boolean }> }
      ).rows[0];
    expect(await keys()).toEqual({ event: false, date: false });
    const file = readFileSync(
      path.resolve(import.meta.dirname, '../src/db/migrations/0084_location_positions.sql'),
      'utf8',
    );
    for (const statement of file.split('--> statement-breakpoint')) await db().execute(sql.raw(statement));
    expect(await keys()).toEqual({ event: true, date: true });
    const after = await pub();
    expect(after.statusCode).toBe(200);
    expect(after.json().data.location).toMatchObject({ venue_name: 'Olympiahalle', latitude: null, longitude: null });
    const dated = (await call(ctx.app, 'GET', `/api/events/${event.id}/dates`, { token: u.token })).json().data;
    expect(dated.map((d: EventDateDto) => d.location)).toEqual([
      null,
      expect.objectContaining({ venue_name: 'Olympiahalle', latitude: null, longitude: null }),
    ]);
  });
});

describe('other accounts and other events', () => {
  it("answers 404 for another account's event and dates, and changes nothing", async () => {
    const a = await setup();
    const [date] = await a.list();
    const b = await registerUser(ctx.app);
    const as = { token: b.token };
    const calls = [
      call(ctx.app, 'GET', a.base, as),
      call(ctx.app, 'POST', a.base, { ...as, body: { start_date: '2030-06-08T19:30' } }),
      call(ctx.app, 'POST', `${a.base}/generate`, { ...as, body: weekly }),
      call(ctx.app, 'POST', `${a.base}/bulk`, { ...as, body: { ids: [date!.id], capacity: 1 } }),
      call(ctx.app, 'PATCH', `${a.base}/${date!.id}`, { ...as, body: { capacity: 1 } }),
      call(ctx.app, 'DELETE', `${a.base}/${date!.id}`, as),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // Their own event with A's date in the path or the body: not found either.
    const bOrganizer = await createOrganizer(ctx.app, b.token);
    const bEvent = await createEvent(ctx.app, b.token, bOrganizer.id);
    const bBase = `/api/events/${bEvent.id}/dates`;
    expect((await call(ctx.app, 'PATCH', `${bBase}/${date!.id}`, { ...as, body: { capacity: 1 } })).statusCode).toBe(
      404,
    );
    expect((await call(ctx.app, 'DELETE', `${bBase}/${date!.id}`, as)).statusCode).toBe(404);
    expect(
      (await call(ctx.app, 'POST', `${bBase}/bulk`, { ...as, body: { ids: [date!.id], capacity: 1 } })).statusCode,
    ).toBe(404);
    expect(await a.list()).toEqual([date]);
  });

  it('finds a date only under its own event', async () => {
    const a = await setup();
    const second = await createEvent(ctx.app, a.u.token, a.organizer.id);
    const [date] = await a.list();
    const elsewhere = `/api/events/${second.id}/dates/${date!.id}`;
    expect((await call(ctx.app, 'PATCH', elsewhere, { ...a.as, body: { label: 'x' } })).statusCode).toBe(404);
    expect((await call(ctx.app, 'DELETE', elsewhere, a.as)).statusCode).toBe(404);
    expect((await a.list())[0]!.label).toBeNull();
  });
});
