import { readFileSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findDrift } from '../src/modules/inventory/reconcile.js';
import { addDate, firstDateOf, liveEvent, placeOrder, publicEvent, reserve } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Stock per date (issue #39): a ticket's quantity is per date, a date has its own capacity of
 * admissions, and a ticket may be off sale or priced differently on one date. Every rule and error
 * through the API; the races are in concurrency/last-seats.test.ts.
 */
type App = TestContext['app'];

const rows = async <T>(app: App, text: string) =>
  ((await app.deps.database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

/** Adds a date through the organizer's API (19:00-22:00 in the event's zone). */
const addDay = (app: App, token: string, eventId: number, day: string, extra: object = {}) =>
  addDate(app, token, eventId, `${day}T19:00`, { end_date: `${day}T22:00`, ...extra });

const fieldErrors = (r: { json(): { error?: { field_errors?: Record<string, string[]> } } }) =>
  r.json().error?.field_errors;

describe('stock per date', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('a one-date event sells without naming its date, and each unit is for that date', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 3 }]);
    const order = await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
      { ticket_id: tickets[0]!.id, quantity: 2 },
    ]);
    expect(order.status).toBe('COMPLETED');
    const date = await firstDateOf(ctx.app, event.id);
    expect(
      await rows(ctx.app, `select event_date_id from attendees where event_id = ${event.id} group by event_date_id`),
    ).toEqual([{ event_date_id: date }]);
    expect(await rows(ctx.app, `select taken from event_dates where id = ${date}`)).toEqual([{ taken: 2 }]);
    expect(await findDrift(ctx.app.deps.database.db, event.id)).toEqual([]);
  });

  it('with several dates the buyer must choose one of the event’s dates, on sale and not over', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE' }]);
    const other = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE' }]);
    const second = await addDay(ctx.app, u.token, event.id, '2027-06-02');
    const items = [{ ticket_id: tickets[0]!.id, quantity: 1 }];

    const none = await reserve(ctx.app, event.id, { items });
    expect(none.statusCode).toBe(422);
    expect(fieldErrors(none)).toEqual({ event_date_id: ['Choose a date.'] });
    const foreign = await reserve(ctx.app, event.id, {
      items,
      event_date_id: await firstDateOf(ctx.app, other.event.id),
    });
    expect(fieldErrors(foreign)).toEqual({ event_date_id: ['Choose a date.'] });

    for (const status of ['SOLD_OUT', 'HIDDEN']) {
      const set = await call(ctx.app, 'PATCH', `/api/events/${event.id}/dates/${second}`, {
        token: u.token,
        body: { status },
      });
      expect(set.statusCode).toBe(200);
      const closed = await reserve(ctx.app, event.id, { items, event_date_id: second });
      expect(closed.statusCode).toBe(422);
      expect(fieldErrors(closed)).toEqual({ event_date_id: ['This date is not on sale.'] });
    }

    const first = await firstDateOf(ctx.app, event.id);
    const ok = await reserve(ctx.app, event.id, { items, event_date_id: first });
    expect(ok.statusCode).toBe(201);
  });

  it("a ticket's quantity is per date; a date's capacity counts admissions, not general products", async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [
      { name: 'Seat', type: 'FREE', quantity: 2 },
      { name: 'Standing', type: 'FREE' },
      { name: 'Programme', type: 'FREE', product_type: 'GENERAL' },
    ]);
    const [seat, standing, programme] = tickets.map((t) => t.id) as [number, number, number];
    const first = await firstDateOf(ctx.app, event.id);
    const second = await addDay(ctx.app, u.token, event.id, '2027-06-02', { capacity: 3 });
    const buy = (date: number, ticket: number, quantity: number) =>
      reserve(ctx.app, event.id, { items: [{ ticket_id: ticket, quantity }], event_date_id: date });

    expect((await buy(first, seat, 2)).statusCode).toBe(201);
    const third = await buy(first, seat, 1);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('NO_TICKETS_AVAILABLE');
    // The other date has its own two.
    expect((await buy(second, seat, 2)).statusCode).toBe(201);
    // Its capacity of three admissions: one more standing fits, then nothing; programmes do not count.
    expect((await buy(second, standing, 1)).statusCode).toBe(201);
    expect((await buy(second, standing, 1)).statusCode).toBe(409);
    expect((await buy(second, programme, 5)).statusCode).toBe(201);

    expect(await rows(ctx.app, `select id, taken from event_dates where event_id = ${event.id} order by id`)).toEqual([
      { id: first, taken: 2 },
      { id: second, taken: 3 },
    ]);
    expect(await rows(ctx.app, `select sum(taken)::int as taken from ticket_dates where ticket_id = ${seat}`)).toEqual([
      { taken: 4 },
    ]);
    expect(await findDrift(ctx.app.deps.database.db, event.id)).toEqual([]);

    // The ticket's quantity cannot go below what it took on one of its dates (2), nor the date's capacity below 3.
    const lower = await call(ctx.app, 'PUT', `/api/events/${event.id}/tickets/${seat}`, {
      token: u.token,
      body: { ...tickets[0], quantity: 1 },
    });
    expect(lower.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(lower)!)).toEqual(['quantity']);
  });

  it('a ticket can be off sale, limited or priced differently on one date', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 2000 }]);
    const seat = tickets[0]!.id;
    const first = await firstDateOf(ctx.app, event.id);
    const matinee = await addDay(ctx.app, u.token, event.id, '2027-06-02');
    const path = (date: number) => `/api/events/${event.id}/dates/${date}/tickets/${seat}`;

    const cheaper = await call(ctx.app, 'PATCH', path(matinee), {
      token: u.token,
      body: { price: 1500, quantity: 1 },
    });
    expect(cheaper.statusCode).toBe(200);
    expect(cheaper.json().data).toMatchObject({ price: 1500, quantity: 1, limit: 1, taken: 0, enabled: true });
    // The price there is what the buyer pays there (the page's total with the ticket's own price is refused).
    const atOldPrice = await call(ctx.app, 'POST', `/api/public/events/${event.id}/order`, {
      body: { items: [{ ticket_id: seat, quantity: 1 }], event_date_id: matinee, expected_total: 2000 },
    });
    expect(atOldPrice.json().error.code).toBe('PRICE_CHANGED');
    const bought = await call(ctx.app, 'POST', `/api/public/events/${event.id}/order`, {
      body: { items: [{ ticket_id: seat, quantity: 1 }], event_date_id: matinee, expected_total: 1500 },
    });
    expect(bought.statusCode).toBe(201);
    expect(bought.json().data.totals.total).toBe(1500);
    // Its quantity there was one.
    const more = await call(ctx.app, 'POST', `/api/public/events/${event.id}/order`, {
      body: { items: [{ ticket_id: seat, quantity: 1 }], event_date_id: matinee, expected_total: 1500 },
    });
    expect(more.statusCode).toBe(409);
    // Not below what it took there.
    const below = await call(ctx.app, 'PATCH', path(matinee), { token: u.token, body: { quantity: 0 } });
    expect(below.statusCode).toBe(422);
    expect(Object.keys(fieldErrors(below)!)).toEqual(['quantity']);

    const off = await call(ctx.app, 'PATCH', path(first), { token: u.token, body: { enabled: false } });
    expect(off.json().data).toMatchObject({ enabled: false, price: null, limit: null });
    const notSold = await call(ctx.app, 'POST', `/api/public/events/${event.id}/order`, {
      body: { items: [{ ticket_id: seat, quantity: 1 }], event_date_id: first, expected_total: 2000 },
    });
    expect(notSold.statusCode).toBe(422);

    const list = await call(ctx.app, 'GET', `/api/events/${event.id}/dates/${matinee}/tickets`, { token: u.token });
    expect(list.json().data).toEqual([
      { ticket_id: seat, event_date_id: matinee, enabled: true, quantity: 1, price: 1500, limit: 1, taken: 1 },
    ]);
  });

  it("another account's event, date or ticket is not found", async () => {
    const mine = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 2000 }]);
    const theirs = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 2000 }]);
    const theirDate = await firstDateOf(ctx.app, theirs.event.id);
    const myDate = await firstDateOf(ctx.app, mine.event.id);
    const token = mine.u.token;
    const tries = [
      `/api/events/${theirs.event.id}/dates/${theirDate}/tickets/${theirs.tickets[0]!.id}`,
      `/api/events/${mine.event.id}/dates/${theirDate}/tickets/${mine.tickets[0]!.id}`,
      `/api/events/${mine.event.id}/dates/${myDate}/tickets/${theirs.tickets[0]!.id}`,
    ];
    for (const url of tries) {
      expect((await call(ctx.app, 'PATCH', url, { token, body: { enabled: false } })).statusCode).toBe(404);
    }
    expect(
      (await call(ctx.app, 'GET', `/api/events/${mine.event.id}/dates/${theirDate}/tickets`, { token })).statusCode,
    ).toBe(404);
  });

  it("an organizer's attendee is for the date named, or the only one; a cancelled order gives the date back its units", async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 5 }]);
    const body = (extra: object) => ({
      ticket_id: tickets[0]!.id,
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.test',
      send_ticket: false,
      ...extra,
    });
    const one = await call(ctx.app, 'POST', `/api/events/${event.id}/attendees`, { token: u.token, body: body({}) });
    expect(one.statusCode, one.body).toBe(201);
    const second = await addDay(ctx.app, u.token, event.id, '2027-06-02');
    const none = await call(ctx.app, 'POST', `/api/events/${event.id}/attendees`, { token: u.token, body: body({}) });
    expect(fieldErrors(none)).toEqual({ event_date_id: ['Choose a date.'] });
    const named = await call(ctx.app, 'POST', `/api/events/${event.id}/attendees`, {
      token: u.token,
      body: body({ event_date_id: second }),
    });
    expect(named.statusCode).toBe(201);
    expect(await rows(ctx.app, `select taken from event_dates where id = ${second}`)).toEqual([{ taken: 1 }]);

    const order = await placeOrder(
      ctx.app,
      { eventId: event.id, organizerToken: u.token },
      [{ ticket_id: tickets[0]!.id, quantity: 2 }],
      { extra: { event_date_id: second } },
    );
    expect(await rows(ctx.app, `select taken from event_dates where id = ${second}`)).toEqual([{ taken: 3 }]);
    const [placed] = await rows<{ id: number }>(ctx.app, `select id from orders where short_id = '${order.short_id}'`);
    const cancel = await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${placed!.id}/cancel`, {
      token: u.token,
      body: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await rows(ctx.app, `select taken from event_dates where id = ${second}`)).toEqual([{ taken: 1 }]);
    expect(await findDrift(ctx.app.deps.database.db, event.id)).toEqual([]);
  });

  it('tiers and capacity assignments count per date: a full date closes neither on another; edits check each date', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [
      { name: 'Stalls', type: 'FREE' },
      { name: 'Box', type: 'TIERED', tiers: [{ label: 'Early', price: 0, quantity: 2 }] },
    ]);
    const [stalls, box] = [tickets[0]!, tickets[1]!];
    const early = box.tiers[0]!.id;
    const first = await firstDateOf(ctx.app, event.id);
    const second = await addDay(ctx.app, u.token, event.id, '2027-06-02');
    const hall = await call(ctx.app, 'POST', `/api/events/${event.id}/capacity-assignments`, {
      token: u.token,
      body: { name: 'Hall', capacity: 3, applies_to: 'TICKETS', ticket_ids: [stalls.id, box.id] },
    });
    expect(hall.statusCode).toBe(201);
    const hallPath = `/api/events/${event.id}/capacity-assignments/${hall.json().data.id}`;
    const on = (date: number, items: Array<{ ticket_id: number; tier_id?: number; quantity: number }>) =>
      reserve(ctx.app, event.id, { items, event_date_id: date });

    // The first date: the tier's two and one stall fill the hall's three.
    expect((await on(first, [{ ticket_id: box.id, tier_id: early, quantity: 2 }])).statusCode).toBe(201);
    expect((await on(first, [{ ticket_id: box.id, tier_id: early, quantity: 1 }])).statusCode).toBe(409);
    expect((await on(first, [{ ticket_id: stalls.id, quantity: 1 }])).statusCode).toBe(201);
    expect((await on(first, [{ ticket_id: stalls.id, quantity: 1 }])).statusCode).toBe(409);
    // The second date has its own: the tier's two and the hall's three again.
    expect((await on(second, [{ ticket_id: box.id, tier_id: early, quantity: 2 }])).statusCode).toBe(201);
    expect((await on(second, [{ ticket_id: stalls.id, quantity: 2 }])).statusCode).toBe(409);
    expect((await on(second, [{ ticket_id: stalls.id, quantity: 1 }])).statusCode).toBe(201);

    // The page shows each date's own levels.
    const levels = async (date: number) => {
      const page = await publicEvent(ctx.app, event.id, undefined, date);
      const [s, b] = [page.tickets.find((t) => t.id === stalls.id)!, page.tickets.find((t) => t.id === box.id)!];
      return [s.sale_state, b.tiers[0]!.sale_state];
    };
    expect(await levels(first)).toEqual(['SOLD_OUT', 'SOLD_OUT']);
    const third = await addDay(ctx.app, u.token, event.id, '2027-06-03');
    expect(await levels(third)).toEqual(['ON_SALE', 'ON_SALE']);
    // The dates list and calendar say so too, though no ticket has a quantity and no date a capacity: the hall's
    // three on each date bound it (the third date: three left, few).
    const view = await publicEvent(ctx.app, event.id);
    expect(view.dates.upcoming.map((d) => [d.id, d.state])).toEqual([
      [first, 'SOLD_OUT'],
      [second, 'SOLD_OUT'],
      [third, 'FEW_LEFT'],
    ]);

    // The organizer: the hall's fullest date, and the tickets' places left over the dates ahead.
    const listed = await call(ctx.app, 'GET', hallPath, { token: u.token });
    expect(listed.json().data).toMatchObject({ capacity: 3, used: 3, available: 0 });
    const views = (await call(ctx.app, 'GET', `/api/events/${event.id}/tickets`, { token: u.token })).json().data;
    const boxView = views.find((t: { id: number }) => t.id === box.id);
    expect(boxView.tiers[0]).toMatchObject({ available: 2, sale_state: 'ON_SALE' });

    // Edits are checked against each date: not below what one date took, whatever the others.
    const lower = await call(ctx.app, 'PUT', hallPath, {
      token: u.token,
      body: { name: 'Hall', capacity: 2, applies_to: 'TICKETS', ticket_ids: [stalls.id, box.id], enabled: true },
    });
    expect(lower.statusCode).toBe(422);
    expect(fieldErrors(lower)).toEqual({ capacity: [expect.stringContaining('3')] });
    const tier = await call(ctx.app, 'PUT', `/api/events/${event.id}/tickets/${box.id}`, {
      token: u.token,
      body: { name: 'Box', type: 'TIERED', tiers: [{ id: early, label: 'Early', price: 0, quantity: 1 }] },
    });
    expect(tier.statusCode).toBe(422);
    expect(fieldErrors(tier)).toEqual({ 'tiers.0.quantity': [expect.stringContaining('2')] });
    // Taking the hall off and on again sets its counters per date from the tickets' again.
    const body = { name: 'Hall', capacity: 3, applies_to: 'TICKETS', ticket_ids: [stalls.id, box.id] };
    expect(
      (await call(ctx.app, 'PUT', hallPath, { token: u.token, body: { ...body, enabled: false } })).statusCode,
    ).toBe(200);
    expect(
      await rows(
        ctx.app,
        `select count(*)::int as n from capacity_dates where capacity_assignment_id = ${hall.json().data.id}`,
      ),
    ).toEqual([{ n: 0 }]);
    expect(
      (await call(ctx.app, 'PUT', hallPath, { token: u.token, body: { ...body, enabled: true } })).statusCode,
    ).toBe(200);
    expect(
      await rows(
        ctx.app,
        `select event_date_id, taken from capacity_dates where capacity_assignment_id = ${hall.json().data.id} order by event_date_id`,
      ),
    ).toEqual([
      { event_date_id: first, taken: 3 },
      { event_date_id: second, taken: 3 },
    ]);
    expect((await on(first, [{ ticket_id: stalls.id, quantity: 1 }])).statusCode).toBe(409);
    expect((await on(third, [{ ticket_id: stalls.id, quantity: 3 }])).statusCode).toBe(201);
    expect(await findDrift(ctx.app.deps.database.db, event.id)).toEqual([]);
  });

  it('migrations 0052, 0057, 0058 and 0062: every event from before gets one date with what it sold (and its waitlist), and keeps selling', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [
      { name: 'Seat', type: 'FREE', quantity: 4 },
      { name: 'Programme', type: 'FREE', product_type: 'GENERAL' },
      { name: 'Box', type: 'TIERED', tiers: [{ label: 'Front', price: 0, quantity: 5 }] },
    ]);
    const hall = await call(ctx.app, 'POST', `/api/events/${event.id}/capacity-assignments`, {
      token: u.token,
      body: { name: 'Hall', capacity: 10, applies_to: 'ALL' },
    });
    await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
      { ticket_id: tickets[0]!.id, quantity: 3 },
      { ticket_id: tickets[1]!.id, quantity: 1 },
      { ticket_id: tickets[2]!.id, tier_id: tickets[2]!.tiers[0]!.id, quantity: 2 },
    ]);
    const db = ctx.app.deps.database.db;
    // As before the migration: no dates at all (nor what 0053 to 0057 built on them), and a waitlist entry
    // as entries were then (per ticket). Then their statements.
    await db.execute(sql.raw('alter table waitlist_entries drop column event_date_id'));
    await db.execute(
      sql.raw(`create index waitlist_waiting_idx on waitlist_entries (ticket_id, id) where status = 'WAITING'`),
    );
    await db.execute(
      sql.raw(
        `create unique index waitlist_waiting_address_unique on waitlist_entries (ticket_id, email) where status = 'WAITING'`,
      ),
    );
    await db.execute(
      sql.raw(`insert into waitlist_entries (account_id, event_id, ticket_id, first_name, last_name, email, quantity, locale, leave_token_hash)
               select account_id, id, ${tickets[0]!.id}, 'Wendy', 'Early', 'wendy@example.test', 1, 'en', 'migration-0057' from events where id = ${event.id}`),
    );
    // Tickets kept their own counter then (until 0058).
    await db.execute(
      sql.raw(
        'alter table tickets add column taken integer default 0 not null constraint tickets_taken_check check (taken >= 0)',
      ),
    );
    await db.execute(
      sql.raw(`update tickets t set taken = (select count(*) from attendees a where a.ticket_id = t.id
                 and a.status in ('RESERVED', 'AWAITING_PAYMENT', 'ACTIVE'))`),
    );
    // Tiers and capacity assignments kept one counter each (until 0062).
    await db.execute(sql.raw('drop table tier_dates'));
    await db.execute(sql.raw('drop table capacity_dates'));
    for (const table of ['ticket_tiers', 'capacity_assignments'])
      await db.execute(
        sql.raw(
          `alter table ${table} add column taken integer default 0 not null constraint ${table}_taken_check check (taken >= 0)`,
        ),
      );
    await db.execute(sql.raw('drop table date_move_mails'));
    await db.execute(sql.raw('drop table date_moves'));
    await db.execute(sql.raw('drop table date_cancellations'));
    await db.execute(sql.raw('alter table attendees drop column event_date_id'));
    await db.execute(sql.raw('alter table order_items drop column event_date_id'));
    await db.execute(sql.raw('drop table ticket_dates'));
    // Later tables that refer to dates lose their references (this test does not use them).
    await db.execute(sql.raw('drop table event_dates cascade'));
    const replayed = [
      '0052_event_dates.sql',
      '0053_date_cancellations.sql',
      '0054_date_cancellation_mail_pacing.sql',
      '0055_date_moves.sql',
      '0057_waitlist_dates.sql',
      '0058_ticket_totals_from_dates.sql',
      '0062_tier_and_capacity_dates.sql',
    ];
    for (const name of replayed) {
      const file = readFileSync(path.resolve(import.meta.dirname, '../src/db/migrations', name), 'utf8');
      for (const statement of file.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    }
    ctx.app.deps.publicEvents.clear();

    const [date] = await rows<{ id: number; start_date: Date; end_date: Date; taken: number; status: string }>(
      ctx.app,
      `select d.id, d.start_date = e.start_date as same_start, d.end_date = e.end_date as same_end, d.taken, d.status
       from event_dates d join events e on e.id = d.event_id where e.id = ${event.id}`,
    );
    expect(date).toMatchObject({ same_start: true, same_end: true, taken: 5, status: 'ON_SALE' });
    expect(
      await rows(
        ctx.app,
        `select ticket_id, taken from ticket_dates where event_date_id = ${date!.id} order by ticket_id`,
      ),
    ).toEqual([
      { ticket_id: tickets[0]!.id, taken: 3 },
      { ticket_id: tickets[1]!.id, taken: 1 },
      { ticket_id: tickets[2]!.id, taken: 2 },
    ]);
    // The tier and the capacity assignment count on that date (0062): the hall every unit, the tier its two.
    expect(
      await rows(ctx.app, `select event_date_id, taken from tier_dates where tier_id = ${tickets[2]!.tiers[0]!.id}`),
    ).toEqual([{ event_date_id: date!.id, taken: 2 }]);
    expect(
      await rows(
        ctx.app,
        `select event_date_id, taken from capacity_dates where capacity_assignment_id = ${hall.json().data.id}`,
      ),
    ).toEqual([{ event_date_id: date!.id, taken: 6 }]);
    expect(await findDrift(db, event.id)).toEqual([]);
    // The entry waits for the event's one date (0057).
    expect(await rows(ctx.app, `select event_date_id from waitlist_entries where event_id = ${event.id}`)).toEqual([
      { event_date_id: date!.id },
    ]);
    const last = await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] });
    expect(last.statusCode).toBe(201);
    const over = await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] });
    expect(over.statusCode).toBe(409);
  });
});
