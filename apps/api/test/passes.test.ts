import { ORDER_SECRET_HEADER, type OrderDetailDto, type PublicOrderDto } from '@admitone/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { proratedPrice } from '../src/modules/checkout/passes.js';
import { findDrift } from '../src/modules/inventory/reconcile.js';
import { TestClock } from '../src/shared/clock.js';
import {
  addDate,
  buyerHeaders,
  details,
  firstDateOf,
  liveEvent,
  placeOrder,
  publicEvent,
  reserve,
} from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Passes (issue #39): a ticket marked as a pass admits once on every date it is sold on that is still ahead,
 * taking a unit on each; priced by the dates that remain where the organizer asks. Every rule and error through
 * the API; the race for the last places is in concurrency/last-seats.test.ts.
 */
type App = TestContext['app'];
const BEFORE = new Date('2027-03-01T12:00:00Z');
const clock = new TestClock(BEFORE);

const rows = async <T>(app: App, text: string) =>
  ((await app.deps.database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

const fieldErrors = (r: { json(): { error?: { field_errors?: Record<string, string[]> } } }) =>
  r.json().error?.field_errors;

/** A live event of three evenings (1, 2 and 3 June 2027) with a pass and a ticket for one evening. */
async function weekend(app: App, pass: Record<string, unknown> = {}, seat: Record<string, unknown> = {}) {
  const made = await liveEvent(app, [
    { name: 'Evening', type: 'PAID', price: 2000, quantity: 10, ...seat },
    { name: 'Festival pass', type: 'PAID', price: 4500, is_pass: true, ...pass },
  ]);
  const token = made.u.token;
  const settings = await call(app, 'PUT', `/api/events/${made.event.id}/settings`, {
    token,
    body: { offline_payments_enabled: true, date_exchanges: 'SAME_PRICE', ticket_transfers: 'ALLOWED' },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const first = await firstDateOf(app, made.event.id);
  const second = await addDate(app, token, made.event.id, '2027-06-02T19:00', { end_date: '2027-06-02T23:00' });
  const third = await addDate(app, token, made.event.id, '2027-06-03T19:00', { end_date: '2027-06-03T23:00' });
  const [evening, festival] = made.tickets.map((t) => t.id) as [number, number];
  return { ...made, token, dates: [first, second, third] as const, evening, festival };
}

describe('passes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ clock });
  });
  afterAll(() => ctx.close());
  // A test that holds mails back at the server lets them go, even when it fails.
  afterEach(() => ctx.smtp.release());

  it('only a one-price ticket can be a pass, and a pass has no waitlist', async () => {
    const { u, event } = await liveEvent(ctx.app, []);
    const make = (body: Record<string, unknown>) =>
      call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
        token: u.token,
        body: { name: 'Pass', type: 'PAID', price: 100, is_pass: true, ...body },
      });
    const tiered = await make({ type: 'TIERED', tiers: [{ label: 'Early', price: 100 }] });
    expect(tiered.statusCode).toBe(422);
    expect(fieldErrors(tiered)).toEqual({
      is_pass: ['Only a ticket with one price (not tiered, not a product) can be a pass.'],
    });
    const product = await make({ product_type: 'GENERAL' });
    expect(Object.keys(fieldErrors(product)!)).toEqual(['is_pass']);
    const waiting = await make({ waitlist_enabled: true });
    expect(fieldErrors(waiting)).toEqual({
      waitlist_enabled: ['A pass has no waitlist: it needs a place on every date it covers.'],
    });
    const ok = await make({ pass_prorated: true });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ is_pass: true, pass_prorated: true });
    // Prorating is a pass's option only.
    const plain = await make({ is_pass: false, pass_prorated: true });
    expect(plain.json().data).toMatchObject({ is_pass: false, pass_prorated: false });
  });

  it('one pass takes a place on every date it is sold on, and names one person for all of them', async () => {
    const w = await weekend(ctx.app);
    const [first, second, third] = w.dates;
    // Not sold on the third evening: the pass is for the first two.
    const off = await call(ctx.app, 'PATCH', `/api/events/${w.event.id}/dates/${third}/tickets/${w.festival}`, {
      token: w.token,
      body: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);

    const page = await publicEvent(ctx.app, w.event.id, undefined, second);
    const listed = page.tickets.find((t) => t.id === w.festival)!;
    expect(listed.pass).toEqual({
      date_count: 2,
      first_start: '2027-06-01T17:00:00.000Z',
      last_start: '2027-06-02T17:00:00.000Z',
      prorated: false,
      picks: null,
    });
    expect(listed.unit?.base).toBe(4500);
    expect(page.tickets.find((t) => t.id === w.evening)!.pass).toBeNull();
    // On the date it is not sold on, it is not listed.
    const onThird = await publicEvent(ctx.app, w.event.id, undefined, third);
    expect(onThird.tickets.map((t) => t.id)).toEqual([w.evening]);

    // The mails are held at the mail server until their data is read below: once sent, it is wiped from the outbox.
    ctx.smtp.hold(() => true);
    const order = await placeOrder(
      ctx.app,
      { eventId: w.event.id, organizerToken: w.token },
      [{ ticket_id: w.festival, quantity: 1 }],
      { extra: { event_date_id: second } },
    );
    expect(order.totals.total).toBe(4500);
    // The organizer's order lists a ticket per date.
    expect((order as unknown as OrderDetailDto).attendees.map((a) => a.date.id)).toEqual([first, second]);
    // Its holder is mailed once: the first date's ticket, which says it admits on each of the pass's dates.
    const mailed = await rows<{ start: string; dates: string }>(
      ctx.app,
      `select o.payload->'data'->'ticket'->'event'->>'start_date' as start,
              o.payload->'data'->'ticket'->'pass'->>'date_count' as dates from outbox o
       where o.payload->>'template' = 'attendee_ticket' and o.order_id =
         (select id from orders where short_id = '${order.short_id}') order by o.id`,
    );
    expect(mailed).toEqual([{ start: '2027-06-01T17:00:00.000Z', dates: '2' }]);
    // The buyer's mail carries it once too.
    const [paid] = await rows<{ n: number }>(
      ctx.app,
      `select jsonb_array_length(o.payload->'data'->'order_tickets'->'tickets') as n from outbox o
       where o.payload->>'template' = 'payment_received' and o.order_id =
         (select id from orders where short_id = '${order.short_id}')`,
    );
    expect(paid).toEqual({ n: 1 });
    ctx.smtp.release();
    const people = await rows<{ event_date_id: number; pass: boolean; first_name: string; status: string }>(
      ctx.app,
      `select event_date_id, pass_group is not null as pass, first_name, status from attendees
       where event_id = ${w.event.id} order by position`,
    );
    expect(people).toEqual([
      { event_date_id: first, pass: true, first_name: 'Guest1', status: 'ACTIVE' },
      { event_date_id: second, pass: true, first_name: 'Guest1', status: 'ACTIVE' },
    ]);
    const groups = await rows<{ n: number }>(
      ctx.app,
      `select count(distinct pass_group)::int as n from attendees where event_id = ${w.event.id}`,
    );
    expect(groups).toEqual([{ n: 1 }]);
    expect(
      await rows(ctx.app, `select id, taken from event_dates where event_id = ${w.event.id} order by start_date`),
    ).toEqual([
      { id: first, taken: 1 },
      { id: second, taken: 1 },
      { id: third, taken: 0 },
    ]);
    expect(await findDrift(ctx.app.deps.database.db, w.event.id)).toEqual([]);
  });

  it('the buyer names a pass once; the order page lists its ticket for each date', async () => {
    const w = await weekend(ctx.app);
    const [first, second, third] = w.dates;
    const r = await reserve(ctx.app, w.event.id, {
      items: [{ ticket_id: w.festival, quantity: 1 }],
      event_date_id: first,
    });
    const answer = r.json<{ data: PublicOrderDto; checkout_token: string; order_secret: string }>();
    const [lead, ...rest] = answer.data.attendees;
    expect(rest.map((a) => a.pass_of)).toEqual([lead!.short_id, lead!.short_id]);
    const base = `/api/public/events/${w.event.id}/order/${answer.data.short_id}/details`;
    // Naming the later tickets too is refused: the pass has one holder.
    const both = await call(ctx.app, 'PUT', base, {
      headers: buyerHeaders(answer),
      body: {
        ...details(answer.data),
        attendees: answer.data.attendees.map((a) => ({ ...details(answer.data).attendees[0]!, short_id: a.short_id })),
      },
    });
    expect(both.statusCode).toBe(422);
    const named = await call(ctx.app, 'PUT', base, { headers: buyerHeaders(answer), body: details(answer.data) });
    expect(named.statusCode, named.body).toBe(200);
    const page = named.json<{ data: PublicOrderDto }>().data;
    // It does not change date, so the order page offers no "Change date".
    expect(page.self_service?.can_exchange ?? false).toBe(false);
    expect(page.attendees.map((a) => [a.first_name, a.pass_date?.id])).toEqual([
      ['Guest1', first],
      ['Guest1', second],
      ['Guest1', third],
    ]);
  });

  it('at the door, any of a pass’s codes admits on each of its dates, once per date', async () => {
    const w = await weekend(ctx.app);
    const [first, second, third] = w.dates;
    const org = { eventId: w.event.id, organizerToken: w.token };
    const pass = await placeOrder(ctx.app, org, [{ ticket_id: w.festival, quantity: 1 }], {
      extra: { event_date_id: first },
    });
    const evening = await placeOrder(ctx.app, org, [{ ticket_id: w.evening, quantity: 1 }], {
      extra: { event_date_id: first },
    });
    const [list] = (await call(ctx.app, 'GET', `/api/events/${w.event.id}/check-in-lists`, { token: w.token })).json()
      .data as Array<{ id: number }>;
    const scan = (code: string, dateId: number) =>
      call(ctx.app, 'POST', `/api/events/${w.event.id}/check-in-lists/${list!.id}/check-ins`, {
        token: w.token,
        body: { code, action: 'CHECK_IN', event_date_id: dateId },
      });
    const codes = (pass as unknown as OrderDetailDto).attendees.map((a) => a.short_id);
    const firstCode = codes[0]!;
    const onDate = (r: Awaited<ReturnType<typeof scan>>) => [r.json().data.result, r.json().data.attendee.date.id];
    // The first date's code, shown on every evening: each time the pass's row for that evening is checked in.
    expect(onDate(await scan(firstCode, second))).toEqual(['CHECKED_IN', second]);
    expect(onDate(await scan(firstCode, third))).toEqual(['CHECKED_IN', third]);
    expect(onDate(await scan(firstCode, first))).toEqual(['CHECKED_IN', first]);
    // Once per date: the third evening's own code finds its row in already.
    expect(onDate(await scan(codes[2]!, third))).toEqual(['ALREADY_CHECKED_IN', third]);
    // Its ticket page lists the pass's dates, each of which its code admits on.
    const page = await call(ctx.app, 'GET', `/api/public/events/${w.event.id}/attendees/${codes[1]}`);
    expect(page.json().data.pass_dates.map((d: { id: number }) => d.id)).toEqual([first, second, third]);
    const plain = await call(
      ctx.app,
      'GET',
      `/api/public/events/${w.event.id}/attendees/${(evening as unknown as OrderDetailDto).attendees[0]!.short_id}`,
    );
    expect(plain.json().data.pass_dates).toBeNull();
    // So a pass's ticket is not passed on alone (the pass's other codes would still admit on its date).
    const [{ secret }] = (await rows<{ secret: string }>(
      ctx.app,
      `select secret from orders where short_id = '${pass.short_id}'`,
    )) as [{ secret: string }];
    const transfer = await call(
      ctx.app,
      'POST',
      `/api/public/events/${w.event.id}/order/${pass.short_id}/attendees/${codes[1]}/transfer`,
      {
        headers: { [ORDER_SECRET_HEADER]: secret },
        body: { first_name: 'Ann', last_name: 'Other', email: 'ann@example.test' },
      },
    );
    expect(transfer.json().error?.code).toBe('SELF_SERVICE_CLOSED');
    // A ticket for one evening still admits on that evening only.
    const other = (evening as unknown as OrderDetailDto).attendees[0]!.short_id;
    expect(onDate(await scan(other, second))).toEqual(['WRONG_DATE', first]);
    // ... and may be passed on (the event allows it).
    const [row] = await rows<{ secret: string }>(
      ctx.app,
      `select secret from orders where short_id = '${evening.short_id}'`,
    );
    const passedOn = await call(
      ctx.app,
      'POST',
      `/api/public/events/${w.event.id}/order/${evening.short_id}/attendees/${other}/transfer`,
      {
        headers: { [ORDER_SECRET_HEADER]: row!.secret },
        body: { first_name: 'Ann', last_name: 'Other', email: 'ann@example.test' },
      },
    );
    expect(passedOn.statusCode, passedOn.body).toBe(200);
  });

  it('a pass needs a place on each of its dates: one full date stops it, and nothing is taken', async () => {
    const w = await weekend(ctx.app);
    const [first, second] = w.dates;
    await call(ctx.app, 'PATCH', `/api/events/${w.event.id}/dates/${second}`, {
      token: w.token,
      body: { capacity: 1 },
    });
    const one = await reserve(ctx.app, w.event.id, {
      items: [{ ticket_id: w.evening, quantity: 1 }],
      event_date_id: second,
    });
    expect(one.statusCode).toBe(201);
    const page = await publicEvent(ctx.app, w.event.id, undefined, first);
    const pass = page.tickets.find((t) => t.id === w.festival)!;
    expect(pass.sale_state).toBe('SOLD_OUT');
    const refused = await reserve(ctx.app, w.event.id, {
      items: [{ ticket_id: w.festival, quantity: 1 }],
      event_date_id: first,
      expected_total: 4500,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('NO_TICKETS_AVAILABLE');
    expect(
      await rows(ctx.app, `select taken from event_dates where event_id = ${w.event.id} order by start_date`),
    ).toEqual([{ taken: 0 }, { taken: 1 }, { taken: 0 }]);
  });

  it('a date marked sold out stops the pass too; a pass keeps its own price on a date priced apart', async () => {
    const w = await weekend(ctx.app);
    const [first, second, third] = w.dates;
    const price = await call(ctx.app, 'PATCH', `/api/events/${w.event.id}/dates/${first}/tickets/${w.festival}`, {
      token: w.token,
      body: { price: 100 },
    });
    expect(price.statusCode, price.body).toBe(200);
    expect((await publicEvent(ctx.app, w.event.id, undefined, first)).tickets[1]!.unit?.base).toBe(4500);
    await call(ctx.app, 'PATCH', `/api/events/${w.event.id}/dates/${third}`, {
      token: w.token,
      body: { status: 'SOLD_OUT' },
    });
    expect(
      (await publicEvent(ctx.app, w.event.id, undefined, second)).tickets.find((t) => t.id === w.festival)!.sale_state,
    ).toBe('SOLD_OUT');
    const refused = await reserve(ctx.app, w.event.id, {
      items: [{ ticket_id: w.festival, quantity: 1 }],
      event_date_id: second,
      expected_total: 4500,
    });
    expect(refused.statusCode).toBe(409);
  });

  it('prorated: a pass bought once a date is over costs the share of its dates ahead', async () => {
    expect(proratedPrice(4500, 3, 3)).toBe(4500);
    expect(proratedPrice(4500, 2, 3)).toBe(3000);
    expect(proratedPrice(1000, 1, 3)).toBe(333);
    const w = await weekend(ctx.app, { pass_prorated: true });
    const [, second, third] = w.dates;
    // The first evening is over.
    clock.set(new Date('2027-06-01T22:00:00Z'));
    try {
      const page = await publicEvent(ctx.app, w.event.id, undefined, second);
      const pass = page.tickets.find((t) => t.id === w.festival)!;
      expect(pass.unit?.base).toBe(3000);
      expect(pass.pass).toMatchObject({ date_count: 2, prorated: true });
      const order = await placeOrder(
        ctx.app,
        { eventId: w.event.id, organizerToken: w.token },
        [{ ticket_id: w.festival, quantity: 2 }],
        { extra: { event_date_id: third }, paid: false },
      );
      expect(order.totals.total).toBe(6000);
      expect(
        await rows(ctx.app, `select taken from event_dates where event_id = ${w.event.id} order by start_date`),
      ).toEqual([{ taken: 0 }, { taken: 2 }, { taken: 2 }]);
    } finally {
      clock.set(BEFORE);
    }
  });

  it('a cancelled date cancels the pass’s ticket for it alone; orders for that date are cancelled whole', async () => {
    const w = await weekend(ctx.app);
    const [first, second, third] = w.dates;
    const pass = await placeOrder(
      ctx.app,
      { eventId: w.event.id, organizerToken: w.token },
      [{ ticket_id: w.festival, quantity: 1 }],
      { extra: { event_date_id: first } },
    );
    const evening = await placeOrder(
      ctx.app,
      { eventId: w.event.id, organizerToken: w.token },
      [{ ticket_id: w.evening, quantity: 1 }],
      { extra: { event_date_id: second } },
    );
    const preview = await call(ctx.app, 'GET', `/api/events/${w.event.id}/dates/${second}/cancel`, { token: w.token });
    expect(preview.json().data).toMatchObject({ orders: 1, tickets: 2 });
    const res = await call(ctx.app, 'POST', `/api/events/${w.event.id}/dates/${second}/cancel`, {
      token: w.token,
      body: { refund: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.deps.jobs.settleDateChanges();

    const status = (shortId: string) =>
      rows<{ status: string }>(ctx.app, `select status from orders where short_id = '${shortId}'`);
    expect(await status(pass.short_id)).toEqual([{ status: 'COMPLETED' }]);
    expect(await status(evening.short_id)).toEqual([{ status: 'CANCELLED' }]);
    expect(
      await rows(
        ctx.app,
        `select a.event_date_id, a.status from attendees a join orders o on o.id = a.order_id
         where o.short_id = '${pass.short_id}' order by a.position`,
      ),
    ).toEqual([
      { event_date_id: first, status: 'ACTIVE' },
      { event_date_id: second, status: 'CANCELLED' },
      { event_date_id: third, status: 'ACTIVE' },
    ]);
    expect(
      await rows(ctx.app, `select taken from event_dates where event_id = ${w.event.id} order by start_date`),
    ).toEqual([{ taken: 1 }, { taken: 0 }, { taken: 1 }]);
    expect(
      await rows(
        ctx.app,
        `select finished_at is not null as done from date_cancellations where event_date_id = ${second}`,
      ),
    ).toEqual([{ done: true }]);
    expect(await findDrift(ctx.app.deps.database.db, w.event.id)).toEqual([]);
  });

  it('a pass for any N dates takes nothing when bought; its holder picks dates, each once, N at most', async () => {
    const w = await weekend(ctx.app, { name: 'Any two evenings', pass_picks: 2 });
    const [first, second, third] = w.dates;
    const page = await publicEvent(ctx.app, w.event.id, undefined, first);
    expect(page.tickets.find((t) => t.id === w.festival)!.pass).toMatchObject({ date_count: 3, picks: 2 });
    const order = await placeOrder(
      ctx.app,
      { eventId: w.event.id, organizerToken: w.token },
      [{ ticket_id: w.festival, quantity: 1 }],
      { extra: { event_date_id: first } },
    );
    expect(
      await rows(ctx.app, `select taken from event_dates where event_id = ${w.event.id} order by start_date`),
    ).toEqual([{ taken: 0 }, { taken: 0 }, { taken: 0 }]);
    const [row] = await rows<{ secret: string }>(
      ctx.app,
      `select secret from orders where short_id = '${order.short_id}'`,
    );
    const headers = { [ORDER_SECRET_HEADER]: row!.secret };
    const base = `/api/public/events/${w.event.id}/order/${order.short_id}`;
    const view = async () => (await call(ctx.app, 'GET', base, { headers })).json<{ data: PublicOrderDto }>().data;
    expect((await view()).pass_picks).toEqual([
      expect.objectContaining({ ticket_id: w.festival, picks: 2, picked: 0 }),
    ]);
    expect((await view()).pass_picks![0]!.choosable.map((d) => d.id)).toEqual([first, second, third]);
    const pick = (event_date_id: number, ticket_id = w.festival) =>
      call(ctx.app, 'POST', `${base}/pass-picks`, { headers, body: { ticket_id, event_date_id } });

    // The second evening's one seat goes to a plain ticket: it cannot be picked then.
    await call(ctx.app, 'PATCH', `/api/events/${w.event.id}/dates/${second}`, {
      token: w.token,
      body: { capacity: 1 },
    });
    const plain = await reserve(ctx.app, w.event.id, {
      items: [{ ticket_id: w.evening, quantity: 1 }],
      event_date_id: second,
    });
    expect(plain.statusCode).toBe(201);
    const full = await pick(second);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('NO_TICKETS_AVAILABLE');

    const one = await pick(third);
    expect(one.statusCode, one.body).toBe(200);
    const after = one.json<{ data: PublicOrderDto }>().data;
    expect(after.attendees.map((a) => [a.first_name, a.pass_date?.id])).toEqual([['Grace', third]]);
    expect(after.pass_picks![0]).toMatchObject({ picked: 1 });
    expect(after.pass_picks![0]!.choosable.map((d) => d.id)).toEqual([first, second]);
    // Once per date.
    expect(fieldErrors(await pick(third))).toEqual({
      event_date_id: ['This date cannot be picked for the pass: choose one of the dates offered.'],
    });
    expect(Object.keys(fieldErrors(await pick(first, w.evening))!)).toEqual(['ticket_id']);
    expect((await pick(first)).statusCode).toBe(200);
    // N at most.
    expect(fieldErrors(await pick(second))).toEqual({ event_date_id: ['Every date of this pass is picked already.'] });
    const people = await rows<{ event_date_id: number; group: string }>(
      ctx.app,
      `select a.event_date_id, a.pass_group as group from attendees a join orders o on o.id = a.order_id
       where o.short_id = '${order.short_id}' order by a.position`,
    );
    expect(people.map((p) => p.event_date_id)).toEqual([third, first]);
    expect(new Set(people.map((p) => p.group)).size).toBe(1);
    expect(
      await rows(ctx.app, `select taken from event_dates where event_id = ${w.event.id} order by start_date`),
    ).toEqual([{ taken: 1 }, { taken: 1 }, { taken: 1 }]);
    expect(await findDrift(ctx.app.deps.database.db, w.event.id)).toEqual([]);
    // The organizer's order shows how many dates the holder picked.
    const [detail] = await rows<{ id: number }>(ctx.app, `select id from orders where short_id = '${order.short_id}'`);
    const organizerView = await call(ctx.app, 'GET', `/api/events/${w.event.id}/orders/${detail!.id}`, {
      token: w.token,
    });
    expect(organizerView.json().data.pass_picks).toEqual([{ ticket_id: w.festival, picks: 2, picked: 2 }]);
    // Without the order's secret, nothing.
    const stranger = await call(ctx.app, 'POST', `${base}/pass-picks`, {
      body: { ticket_id: w.festival, event_date_id: second },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('two passes for any N dates on one line are two holders: both may pick the same evening, each once', async () => {
    const w = await weekend(ctx.app, { name: 'Any two evenings', pass_picks: 2 });
    const [first, second, third] = w.dates;
    const order = await placeOrder(
      ctx.app,
      { eventId: w.event.id, organizerToken: w.token },
      [{ ticket_id: w.festival, quantity: 2 }],
      { extra: { event_date_id: first } },
    );
    const [row] = await rows<{ secret: string }>(
      ctx.app,
      `select secret from orders where short_id = '${order.short_id}'`,
    );
    const headers = { [ORDER_SECRET_HEADER]: row!.secret };
    const base = `/api/public/events/${w.event.id}/order/${order.short_id}`;
    const pick = (event_date_id: number) =>
      call(ctx.app, 'POST', `${base}/pass-picks`, { headers, body: { ticket_id: w.festival, event_date_id } });

    // The first evening for both; a third time there is one pass too many.
    expect((await pick(first)).statusCode).toBe(200);
    const both = await pick(first);
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json<{ data: PublicOrderDto }>().data.pass_picks![0]).toMatchObject({ picks: 4, picked: 2 });
    expect(both.json<{ data: PublicOrderDto }>().data.pass_picks![0]!.choosable.map((d) => d.id)).toEqual([
      second,
      third,
    ]);
    expect(fieldErrors(await pick(first))).toEqual({
      event_date_id: ['This date cannot be picked for the pass: choose one of the dates offered.'],
    });
    // Then one more evening each: the third for one, the second for the other.
    expect((await pick(third)).statusCode).toBe(200);
    expect((await pick(second)).statusCode).toBe(200);
    expect(fieldErrors(await pick(second))).toEqual({ event_date_id: ['Every date of this pass is picked already.'] });
    const people = await rows<{ event_date_id: number; group: string }>(
      ctx.app,
      `select a.event_date_id, a.pass_group as group from attendees a join orders o on o.id = a.order_id
       where o.short_id = '${order.short_id}' order by a.position`,
    );
    // Two passes, each with its own group, its own two dates.
    const groups = new Map<string, number[]>();
    for (const p of people) groups.set(p.group, [...(groups.get(p.group) ?? []), p.event_date_id]);
    expect([...groups.values()]).toEqual([
      [first, third],
      [first, second],
    ]);
    expect(
      await rows(ctx.app, `select taken from event_dates where event_id = ${w.event.id} order by start_date`),
    ).toEqual([{ taken: 2 }, { taken: 1 }, { taken: 1 }]);
    expect(await findDrift(ctx.app.deps.database.db, w.event.id)).toEqual([]);
  });

  it('an organizer adds a pass’s holder by hand: a ticket on each of its dates ahead; a pass picked later cannot be', async () => {
    const w = await weekend(ctx.app);
    const [first, second, third] = w.dates;
    const add = (ticket_id: number) =>
      call(ctx.app, 'POST', `/api/events/${w.event.id}/attendees`, {
        token: w.token,
        body: { ticket_id, first_name: 'Vera', last_name: 'Guest', email: 'vera@example.test', event_date_id: second },
      });
    const added = await add(w.festival);
    expect(added.statusCode, added.body).toBe(201);
    const people = await rows<{ event_date_id: number; first_name: string; group: string | null }>(
      ctx.app,
      `select event_date_id, first_name, pass_group as group from attendees where event_id = ${w.event.id} order by position`,
    );
    expect(people.map((p) => [p.event_date_id, p.first_name])).toEqual([
      [first, 'Vera'],
      [second, 'Vera'],
      [third, 'Vera'],
    ]);
    expect(new Set(people.map((p) => p.group)).size).toBe(1);
    expect(people[0]!.group).not.toBeNull();
    expect(await findDrift(ctx.app.deps.database.db, w.event.id)).toEqual([]);

    const flex = await call(ctx.app, 'POST', `/api/events/${w.event.id}/tickets`, {
      token: w.token,
      body: { name: 'Any one', type: 'FREE', is_pass: true, pass_picks: 1 },
    });
    expect(fieldErrors(await add(flex.json().data.id))).toEqual({
      ticket_id: ['A pass whose holder picks the dates is sold to buyers only: it cannot be added by hand.'],
    });
  });

  it('once sold, a ticket cannot become a pass or stop being one, and a pass’s order does not change date', async () => {
    const w = await weekend(ctx.app);
    const order = await placeOrder(
      ctx.app,
      { eventId: w.event.id, organizerToken: w.token },
      [{ ticket_id: w.festival, quantity: 1 }],
      {
        extra: { event_date_id: w.dates[0] },
      },
    );
    const ticket = w.tickets[1]!;
    const change = await call(ctx.app, 'PUT', `/api/events/${w.event.id}/tickets/${w.festival}`, {
      token: w.token,
      body: { ...ticket, is_pass: false },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().error.code).toBe('TICKET_TYPE_LOCKED');
    // A pass is for its own dates: its order does not move to another date.
    const [row] = await rows<{ id: number }>(ctx.app, `select id from orders where short_id = '${order.short_id}'`);
    const move = await call(ctx.app, 'POST', `/api/events/${w.event.id}/orders/${row!.id}/date`, {
      token: w.token,
      body: { event_date_id: w.dates[1], notify_buyer: false },
    });
    expect(move.statusCode).toBe(422);
    expect(fieldErrors(move)).toEqual({
      event_date_id: ['This order holds a pass, which is for its own dates: it cannot move to another date.'],
    });
  });

  it('a pass sold once is one ticket at its price in reports and the dashboard; a date counts its row', async () => {
    const w = await weekend(ctx.app);
    const [first, second, third] = w.dates;
    const org = { eventId: w.event.id, organizerToken: w.token };
    const radio = await call(ctx.app, 'POST', `/api/events/${w.event.id}/affiliates`, {
      token: w.token,
      body: { name: 'Radio', code: 'RADIO' },
    });
    expect(radio.statusCode, radio.body).toBe(201);
    const pass = await placeOrder(ctx.app, org, [{ ticket_id: w.festival, quantity: 1 }], {
      extra: { event_date_id: first, affiliate_code: 'RADIO' },
    });
    await placeOrder(ctx.app, org, [{ ticket_id: w.evening, quantity: 1 }], { extra: { event_date_id: second } });
    // One more pass, awaiting its offline payment.
    await placeOrder(ctx.app, org, [{ ticket_id: w.festival, quantity: 1 }], {
      paid: false,
      extra: { event_date_id: first },
    });
    const report = async (name: string, query = '') => {
      const r = await call(ctx.app, 'GET', `/api/events/${w.event.id}/reports/${name}${query}`, { token: w.token });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data;
    };
    type Product = { name: string; units: number; gross: number };
    const products = async (query = '') => {
      const r = await report('sales-by-product', query);
      return [...r.rows.map((p: Product) => [p.name, p.units, p.gross]), [r.totals.units, r.totals.gross]];
    };
    // Sales: the pass once, at its price (its line), whatever its three dates.
    expect(await products()).toEqual([
      ['Evening', 1, 2000],
      ['Festival pass', 1, 4500],
      [2, 6500],
    ]);
    const sold = { orders: 2, units: 2, gross: 6500 };
    expect((await report('sales-by-day')).totals).toMatchObject(sold);
    expect((await report('sales-by-promo-code')).totals).toMatchObject(sold);
    expect((await report('sales-by-affiliate')).totals).toMatchObject(sold);
    // The affiliate sold one ticket: the pass, not each of its three dates.
    const affiliates = await call(ctx.app, 'GET', `/api/events/${w.event.id}/affiliates`, { token: w.token });
    expect(affiliates.json().data).toMatchObject([{ code: 'RADIO', orders_count: 1, tickets_sold: 1 }]);
    const account = await call(ctx.app, 'GET', '/api/reports/sales-by-events', { token: w.token });
    // All online: the pass once there too.
    const online = {
      online_units: 2,
      online_gross: 6500,
      box_office_units: 0,
      box_office_gross: 0,
      complimentary_units: 0,
    };
    expect(account.json().data.totals).toEqual([
      { currency: 'EUR', events: 1, refunded: 0, net: 6500, ...sold, ...online },
    ]);
    // Narrowed to a date, a sale counts on its line's date (a pass's first), so the dates add up to the whole.
    expect(await products(`?event_date_id=${first}`)).toEqual([
      ['Evening', 0, 0],
      ['Festival pass', 1, 4500],
      [1, 4500],
    ]);
    expect(await products(`?event_date_id=${second}`)).toEqual([
      ['Evening', 1, 2000],
      ['Festival pass', 0, 0],
      [1, 2000],
    ]);
    expect(await products(`?event_date_id=${third}`)).toEqual([
      ['Evening', 0, 0],
      ['Festival pass', 0, 0],
      [0, 0],
    ]);

    // The dashboard: the pass is one ticket sold (and the unpaid one one reserved); one ticket per date is valid.
    const stats = async (query = '') => {
      const r = await call(ctx.app, 'GET', `/api/events/${w.event.id}/stats${query}`, { token: w.token });
      expect(r.statusCode, r.body).toBe(200);
      const d = r.json().data;
      return {
        orders: d.orders_completed,
        sold: d.tickets_sold,
        reserved: d.tickets_reserved,
        valid: d.tickets_valid,
        in: d.tickets_checked_in,
        gross: d.gross_sales,
        daily: d.daily.reduce((s: number, day: { tickets: number }) => s + day.tickets, 0),
        products: d.by_product.map((p: { sold: number; gross: number }) => [p.sold, p.gross]),
      };
    };
    const both = [
      [1, 2000],
      [1, 4500],
    ];
    expect(await stats()).toEqual({
      orders: 2,
      sold: 2,
      reserved: 1,
      valid: 4,
      in: 0,
      gross: 6500,
      daily: 2,
      products: both,
    });
    // On one date, the pass's row there admits one person that evening: a ticket of the date.
    expect(await stats(`?event_date_id=${second}`)).toEqual({
      orders: 1,
      sold: 2,
      reserved: 1,
      valid: 2,
      in: 0,
      gross: 2000,
      daily: 2,
      products: [
        [1, 2000],
        [0, 0],
      ],
    });
    expect(await stats(`?event_date_id=${third}`)).toMatchObject({
      orders: 0,
      sold: 1,
      reserved: 1,
      valid: 1,
      gross: 0,
    });

    // Check-ins are per date: the pass scanned on two evenings is two people in, out of its valid tickets.
    const [list] = (await call(ctx.app, 'GET', `/api/events/${w.event.id}/check-in-lists`, { token: w.token })).json()
      .data as Array<{ id: number }>;
    const code = (pass as unknown as OrderDetailDto).attendees[0]!.short_id;
    for (const dateId of [second, third]) {
      const scan = await call(ctx.app, 'POST', `/api/events/${w.event.id}/check-in-lists/${list!.id}/check-ins`, {
        token: w.token,
        body: { code, action: 'CHECK_IN', event_date_id: dateId },
      });
      expect(scan.json().data.result).toBe('CHECKED_IN');
    }
    expect(await stats()).toMatchObject({ sold: 2, valid: 4, in: 2 });
    expect(await stats(`?event_date_id=${second}`)).toMatchObject({ sold: 2, valid: 2, in: 1 });
    expect((await report('check-ins')).totals).toEqual({ checked_in: 2, valid: 4 });
  });

  it('a pass for any N dates is one ticket sold, picked or not; a date counts its pick there', async () => {
    const w = await weekend(ctx.app, { name: 'Any two evenings', pass_picks: 2 });
    const [first, second, third] = w.dates;
    const order = await placeOrder(
      ctx.app,
      { eventId: w.event.id, organizerToken: w.token },
      [{ ticket_id: w.festival, quantity: 2 }],
      { extra: { event_date_id: first } },
    );
    const stats = async (query = '') => {
      const r = await call(ctx.app, 'GET', `/api/events/${w.event.id}/stats${query}`, { token: w.token });
      expect(r.statusCode, r.body).toBe(200);
      const d = r.json().data;
      return [d.tickets_sold, d.tickets_valid, d.gross_sales];
    };
    // Two passes bought, no date picked yet: two tickets sold, none valid on any date.
    expect(await stats()).toEqual([2, 0, 9000]);
    const [row] = await rows<{ secret: string }>(
      ctx.app,
      `select secret from orders where short_id = '${order.short_id}'`,
    );
    for (const dateId of [second, third]) {
      const pick = await call(ctx.app, 'POST', `/api/public/events/${w.event.id}/order/${order.short_id}/pass-picks`, {
        headers: { [ORDER_SECRET_HEADER]: row!.secret },
        body: { ticket_id: w.festival, event_date_id: dateId },
      });
      expect(pick.statusCode, pick.body).toBe(200);
    }
    // Picked dates do not sell the passes again; each pick is a ticket of its date.
    expect(await stats()).toEqual([2, 2, 9000]);
    expect(await stats(`?event_date_id=${first}`)).toEqual([0, 0, 9000]);
    expect(await stats(`?event_date_id=${second}`)).toEqual([1, 1, 0]);
    expect(await stats(`?event_date_id=${third}`)).toEqual([1, 1, 0]);
    const product = await call(ctx.app, 'GET', `/api/events/${w.event.id}/reports/sales-by-product`, {
      token: w.token,
    });
    expect(product.json().data.totals).toMatchObject({ units: 2, gross: 9000 });
  });
});
