import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { liveEvent } from '../checkout-factory.js';
import { call, createTestApp, type TestContext } from '../test-app.js';
import { expectConsistent, onPostgres, query, reserveAs, tally, unguarded } from './stock-world.js';

/**
 * 50 buyers at once (each from its own address) for the last 10 of something, on real PostgreSQL.
 * Exactly 10 succeed; the rest are told there is nothing left; the rows never exceed the limit and every
 * counter matches its rows. The control runs the same harness with the guard switched off: it must see
 * more sold than exist, or the harness could not tell.
 */
const BUYERS = 50;
const SEATS = 10;
const dates = { start_date: '2030-06-01T19:00', end_date: '2030-06-01T23:00' };

interface Outcome {
  statuses: Record<number, number>;
  codes: Record<string, number>;
  /** What the rows hold of the limited thing. */
  taken: number;
}

type Scenario = (app: App) => Promise<Outcome>;
type App = TestContext['app'];

const rushOf = async (app: App, eventId: number, body: (i: number) => object, takenSql: string): Promise<Outcome> => {
  const answers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => reserveAs(app, eventId, i, body(i))));
  const [row] = await query<{ n: number }>(app, takenSql);
  return { ...tally(answers), taken: Number(row!.n) };
};
const units = (eventId: number, where = '') =>
  `select count(*)::int as n from attendees a where a.event_id = ${eventId} and a.status in ('RESERVED', 'ACTIVE', 'AWAITING_PAYMENT') ${where}`;

/** Adds dates to an event through the organizer's API; answers their ids in order. */
const addDates = async (app: App, token: string, eventId: number, days: string[], capacity: number | null = null) => {
  const ids: number[] = [];
  for (const day of days) {
    const r = await call(app, 'POST', `/api/events/${eventId}/dates`, {
      token,
      body: { start_date: `${day}T19:00`, end_date: `${day}T22:00`, capacity },
    });
    expect(r.statusCode).toBe(201);
    ids.push(r.json().data.id);
  }
  return ids;
};

const scenarios: Record<string, Scenario> = {
  '(a) a ticket': async (app) => {
    const { event, tickets } = await liveEvent(app, [{ name: 'Seat', type: 'FREE', quantity: SEATS }], dates, {
      fairness: true,
    });
    return rushOf(
      app,
      event.id,
      () => ({ items: [{ ticket_id: tickets[0]!.id, quantity: 1 }], expected_total: 0 }),
      units(event.id),
    );
  },
  '(b) a tier': async (app) => {
    const { event, tickets } = await liveEvent(
      app,
      [
        {
          name: 'Front',
          type: 'TIERED',
          tiers: [
            { label: 'Early', price: 0, quantity: SEATS },
            { label: 'Late', price: 0 },
          ],
        },
      ],
      dates,
      { fairness: true },
    );
    const tier = tickets[0]!.tiers[0]!.id;
    return rushOf(
      app,
      event.id,
      () => ({ items: [{ ticket_id: tickets[0]!.id, tier_id: tier, quantity: 1 }], expected_total: 0 }),
      units(event.id, `and a.tier_id = ${tier}`),
    );
  },
  '(c) a capacity assignment shared by two tickets': async (app) => {
    const { u, event, tickets } = await liveEvent(
      app,
      [
        { name: 'Day', type: 'FREE' },
        { name: 'Evening', type: 'FREE' },
        { name: 'Elsewhere', type: 'FREE' },
      ],
      dates,
      { fairness: true },
    );
    await call(app, 'POST', `/api/events/${event.id}/capacity-assignments`, {
      token: u.token,
      body: { name: 'Hall', capacity: SEATS, applies_to: 'TICKETS', ticket_ids: [tickets[0]!.id, tickets[1]!.id] },
    });
    return rushOf(
      app,
      event.id,
      (i) => ({ items: [{ ticket_id: tickets[i % 2]!.id, quantity: 1 }], expected_total: 0 }),
      units(event.id),
    );
  },
  '(d) an event-wide capacity': async (app) => {
    const { u, event, tickets } = await liveEvent(
      app,
      [
        { name: 'Standing', type: 'FREE' },
        { name: 'Tiered', type: 'TIERED', tiers: [{ label: 'One', price: 0 }] },
      ],
      dates,
      { fairness: true },
    );
    await call(app, 'POST', `/api/events/${event.id}/capacity-assignments`, {
      token: u.token,
      body: { name: 'Venue', capacity: SEATS, applies_to: 'ALL' },
    });
    const item = (i: number) =>
      i % 2
        ? { ticket_id: tickets[1]!.id, tier_id: tickets[1]!.tiers[0]!.id, quantity: 1 }
        : { ticket_id: tickets[0]!.id, quantity: 1 };
    return rushOf(app, event.id, (i) => ({ items: [item(i)], expected_total: 0 }), units(event.id));
  },
  '(e) a promo code with a usage limit of 10': async (app) => {
    const { u, event, tickets } = await liveEvent(app, [{ name: 'Seat', type: 'PAID', price: 1000 }], dates, {
      fairness: true,
    });
    await call(app, 'POST', `/api/events/${event.id}/promo-codes`, {
      token: u.token,
      body: { code: 'TEN', discount_type: 'PERCENTAGE', discount: 50, max_uses: SEATS },
    });
    return rushOf(
      app,
      event.id,
      () => ({ items: [{ ticket_id: tickets[0]!.id, quantity: 1 }], promo_code: 'TEN', expected_total: 500 }),
      `select count(*)::int as n from orders where event_id = ${event.id} and promo_code = 'TEN' and status = 'RESERVED'`,
    );
  },
  '(f) a promo code that only unlocks a hidden free ticket, limit 10': async (app) => {
    const { u, event, tickets } = await liveEvent(
      app,
      [{ name: 'Crew', type: 'FREE', requires_promo_code: true }],
      dates,
      { fairness: true },
    );
    await call(app, 'POST', `/api/events/${event.id}/promo-codes`, {
      token: u.token,
      body: {
        code: 'CREW-PASS',
        discount_type: 'PERCENTAGE',
        discount: 50,
        max_uses: SEATS,
        ticket_ids: [tickets[0]!.id],
      },
    });
    return rushOf(
      app,
      event.id,
      () => ({ items: [{ ticket_id: tickets[0]!.id, quantity: 1 }], promo_code: 'CREW-PASS', expected_total: 0 }),
      units(event.id),
    );
  },
  '(g) a ticket on two dates of a run, 5 per date (its quantity is per date)': async (app) => {
    const { u, event, tickets } = await liveEvent(app, [{ name: 'Seat', type: 'FREE', quantity: SEATS / 2 }], dates, {
      fairness: true,
    });
    const [second, third] = await addDates(app, u.token, event.id, ['2030-06-02', '2030-06-03']);
    return rushOf(
      app,
      event.id,
      (i) => ({
        items: [{ ticket_id: tickets[0]!.id, quantity: 1 }],
        event_date_id: i % 2 ? second : third,
        expected_total: 0,
      }),
      units(event.id),
    );
  },
  "(h) a date's capacity shared by two tickets, while another date sells": async (app) => {
    const { u, event, tickets } = await liveEvent(
      app,
      [
        { name: 'Stalls', type: 'FREE' },
        { name: 'Balcony', type: 'FREE' },
      ],
      dates,
      { fairness: true },
    );
    const [full] = await addDates(app, u.token, event.id, ['2030-06-02'], SEATS);
    const [other] = await addDates(app, u.token, event.id, ['2030-06-03'], 1000);
    const body = (ticket: number, date: number) => ({
      items: [{ ticket_id: tickets[ticket]!.id, quantity: 1 }],
      event_date_id: date,
      expected_total: 0,
    });
    // Twenty buyers of the other date (from other addresses) at the same moment: all of them get in.
    const [rush, elsewhere] = await Promise.all([
      rushOf(app, event.id, (i) => body(i % 2, full!), units(event.id, `and a.event_date_id = ${full}`)),
      Promise.all(Array.from({ length: 20 }, (_, i) => reserveAs(app, event.id, 1000 + i, body(i % 2, other!)))),
    ]);
    expect(tally(elsewhere).statuses).toEqual({ 201: 20 });
    return rush;
  },
  '(i) passes for two dates and tickets for one, racing for the last places of the second date': async (app) => {
    const { u, event, tickets } = await liveEvent(
      app,
      [
        { name: 'Evening', type: 'FREE' },
        { name: 'Run pass', type: 'FREE', is_pass: true },
      ],
      dates,
      { fairness: true },
    );
    const first = (await query<{ id: number }>(app, `select id from event_dates where event_id = ${event.id}`))[0]!.id;
    const [second] = await addDates(app, u.token, event.id, ['2030-06-02'], SEATS);
    // Every other buyer takes a pass (a place on both dates, chosen from the first); the rest one evening on the
    // second. Each that gets in takes one of the second date's places.
    return rushOf(
      app,
      event.id,
      (i) =>
        i % 2
          ? { items: [{ ticket_id: tickets[1]!.id, quantity: 1 }], event_date_id: first, expected_total: 0 }
          : { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }], event_date_id: second, expected_total: 0 },
      units(event.id, `and a.event_date_id = ${second}`),
    );
  },
  '(j) a capacity assignment over a ticket and a tier, on a date nothing sold on yet, while another date sells': async (
    app,
  ) => {
    const { u, event, tickets } = await liveEvent(
      app,
      [
        { name: 'Stalls', type: 'FREE' },
        { name: 'Box', type: 'TIERED', tiers: [{ label: 'Front', price: 0 }] },
      ],
      dates,
      { fairness: true },
    );
    const first = (await query<{ id: number }>(app, `select id from event_dates where event_id = ${event.id}`))[0]!.id;
    const [second] = await addDates(app, u.token, event.id, ['2030-06-02']);
    const hall = await call(app, 'POST', `/api/events/${event.id}/capacity-assignments`, {
      token: u.token,
      body: { name: 'Hall', capacity: SEATS, applies_to: 'ALL' },
    });
    expect(hall.statusCode).toBe(201);
    // The hall's and the tier's counters on the second date are made by the first buyers there, side by side.
    const body = (i: number, date: number) => ({
      items: [
        i % 2
          ? { ticket_id: tickets[1]!.id, tier_id: tickets[1]!.tiers[0]!.id, quantity: 1 }
          : { ticket_id: tickets[0]!.id, quantity: 1 },
      ],
      event_date_id: date,
      expected_total: 0,
    });
    // Five buyers of the first date at the same moment: the hall has its own places there.
    const [rush, elsewhere] = await Promise.all([
      rushOf(app, event.id, (i) => body(i, second!), units(event.id, `and a.event_date_id = ${second}`)),
      Promise.all(Array.from({ length: 5 }, (_, i) => reserveAs(app, event.id, 1000 + i, body(i, first)))),
    ]);
    expect(tally(elsewhere).statuses).toEqual({ 201: 5 });
    return rush;
  },
};

describe.skipIf(!onPostgres)('the last seats, 50 buyers at once', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  for (const [name, run] of Object.entries(scenarios)) {
    it(name, async () => {
      const r = await run(ctx.app);
      const promo = name.includes('promo');
      expect(r).toEqual({
        statuses: { 201: SEATS, [promo ? 422 : 409]: BUYERS - SEATS },
        codes: { [promo ? 'promo_code_invalid' : 'NO_TICKETS_AVAILABLE']: BUYERS - SEATS },
        taken: SEATS,
      });
      await expectConsistent(ctx.app);
    });
  }

  it('the promo code counts every use, whatever it does (a free line it unlocks too)', async () => {
    const [row] = await query<{ code: string; taken: number }>(
      ctx.app,
      `select code, taken from promo_codes where code = 'CREW-PASS'`,
    );
    expect(row).toMatchObject({ code: 'CREW-PASS', taken: SEATS });
  });
});

describe.skipIf(!onPostgres)('control: the same rushes with the guard switched off', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ stockGuard: unguarded });
  });
  afterAll(() => ctx.close());

  for (const [name, run] of Object.entries(scenarios)) {
    it(`${name}: the harness sees the oversell`, async () => {
      const r = await run(ctx.app);
      expect(r.taken).toBeGreaterThan(SEATS);
    });
  }
});
