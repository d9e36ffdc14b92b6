import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attendees, orders, seatingPlanVersions, seatingSeats } from '../src/db/schema/index.js';
import { findDrift } from '../src/modules/inventory/reconcile.js';
import { TestClock } from '../src/shared/clock.js';
import { buyerHeaders, liveEvent, placeOrder, reserve } from './checkout-factory.js';
import { seatedEvent, theatrePlan } from './seating-fixtures.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Buying seats (issue #40): a seated event's plan for buyers, what is free on a date, best available, and a
 * reservation naming its places: every rule and error through the API. A place is a unit with room for one (a
 * standing area: its capacity) on each date, taken and given back through the stock module.
 */
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

const availability = async (eventId: number, dateId?: number) => {
  const r = await call(
    ctx.app,
    'GET',
    `/api/public/events/${eventId}/seating/availability${dateId ? `?date=${dateId}` : ''}`,
  );
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { date_id: number; unavailable: number[]; standing: Array<{ id: number; left: number }> };
};

describe('a seated event for buyers', () => {
  it('sends the plan with place ids, what each category sells as, and standing areas; the event names its seated tickets', async () => {
    const s = await seatedEvent(ctx.app);
    expect(s.seating.categories).toEqual([
      { name: 'Stalls', color: '#7048e8', ticket_id: s.stalls.id, tier_id: null },
      { name: 'Balcony', color: '#f59f00', ticket_id: s.balcony.id, tier_id: null },
      { name: 'Floor', color: null, ticket_id: s.floor.id, tier_id: null },
      { name: 'Table', color: null, ticket_id: s.table.id, tier_id: null },
    ]);
    const ground = s.seating.zones[0]!;
    expect(ground.rows.map((r) => r.label)).toEqual(['Row A', 'Row B']);
    // Seat 1 of row A: the zone (100, 200), the row (0, 0) and the seat (25, 0) added up; category Stalls.
    expect(ground.rows[0]!.seats[0]).toEqual([s.place('Ground floor', 'Row A', '1'), '1', 125, 200, 0]);
    expect(s.seating.zones[2]!.rows[0]!.table).toEqual({ shape: 'round', whole: true });
    expect(s.seating.standing).toEqual([
      { id: s.pit, area_uuid: 'pit-0000-4000-8000-000000000001', name: 'Pit', category: 2, capacity: 3 },
    ]);
    const page = (await call(ctx.app, 'GET', `/api/public/events/${s.event.id}`)).json().data;
    expect(page.seated_ticket_ids).toEqual([s.stalls.id, s.balcony.id, s.floor.id, s.table.id]);
    expect(await availability(s.event.id)).toEqual({ date_id: s.dateId, unavailable: [], standing: [] });
    // An event without a plan has none.
    await call(ctx.app, 'PUT', `/api/events/${s.event.id}/seating`, { token: s.u.token, body: { plan_id: null } });
    expect((await call(ctx.app, 'GET', `/api/public/events/${s.event.id}/seating`)).statusCode).toBe(404);
  });

  it('refuses places that do not fit the request, each on its field', async () => {
    const s = await seatedEvent(ctx.app);
    const a1 = s.place('Ground floor', 'Row A', '1');
    const b1 = s.place('Balcony', '1', '1');
    const t1 = s.place('Tables', 'T1', '1');
    const r = await reserve(ctx.app, s.event.id, {
      items: [
        { ticket_id: s.stalls.id, quantity: 2, seats: [] },
        { ticket_id: s.stalls.id, quantity: 2, seats: [a1] },
        { ticket_id: s.stalls.id, quantity: 3, seats: [a1, b1, 999_999] },
        { ticket_id: s.balcony.id, quantity: 2, seats: [b1, b1] },
        { ticket_id: s.programme.id, quantity: 1, seats: [a1] },
        { ticket_id: s.table.id, quantity: 1, seats: [t1] },
      ],
    });
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().error.field_errors).toEqual({
      'items.0.seats': ['Choose your seats on the plan.'],
      'items.1.seats': ['Choose one seat for each ticket (2).'],
      'items.2.seats.1': ['This seat is not sold as this ticket.'],
      'items.2.seats.2': ['This seat is not on the plan of this event.'],
      'items.3.seats.1': ['This seat is chosen twice.'],
      'items.4.seats': ['This ticket is not sold by seat.'],
      'items.5.seats.0': ['This table is sold whole: choose every seat at it.'],
    });
  });

  it('holds the places named, all or none: a seat lost to another buyer is named and nothing is kept', async () => {
    const s = await seatedEvent(ctx.app);
    const [a1, a2, a3] = ['1', '2', '3'].map((n) => s.place('Ground floor', 'Row A', n)) as [number, number, number];
    const first = await reserve(ctx.app, s.event.id, {
      items: [
        { ticket_id: s.stalls.id, quantity: 2, seats: [a1, a2] },
        { ticket_id: s.floor.id, quantity: 2, seats: [s.pit, s.pit] },
        { ticket_id: s.programme.id, quantity: 1 },
      ],
    });
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json().data;
    expect(order.totals.total).toBe(8000);
    // Where each sits, in the answer and on the order page (a standing area's place has no seat number).
    const where = [
      { section: 'Ground floor', row: 'Row A', seat: '1' },
      { section: 'Ground floor', row: 'Row A', seat: '2' },
      { section: 'Ground floor', row: 'Pit', seat: '' },
      { section: 'Ground floor', row: 'Pit', seat: '' },
    ];
    expect(order.attendees.map((a: { seat?: unknown }) => a.seat)).toEqual(where);
    const page = await call(ctx.app, 'GET', `/api/public/events/${s.event.id}/order/${order.short_id}`, {
      headers: buyerHeaders(first.json()),
    });
    expect(page.json().data.attendees.map((a: { seat?: unknown }) => a.seat)).toEqual(where);
    expect(await availability(s.event.id)).toEqual({
      date_id: s.dateId,
      unavailable: [a1, a2],
      standing: [{ id: s.pit, left: 1 }],
    });
    const rows = await ctx.app.deps.database.db
      .select({ seat_id: attendees.seat_id })
      .from(attendees)
      .innerJoin(orders, eq(orders.id, attendees.order_id))
      .where(eq(orders.short_id, order.short_id))
      .orderBy(asc(attendees.position));
    expect(rows.map((a) => a.seat_id)).toEqual([a1, a2, s.pit, s.pit, null]);

    // Another buyer wants A2 and A3: A2 is named as lost, A3 is not held either.
    const second = await reserve(ctx.app, s.event.id, {
      items: [{ ticket_id: s.stalls.id, quantity: 2, seats: [a3, a2] }],
    });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().error).toEqual({
      code: 'SEATS_TAKEN',
      message: 'Some of the seats you chose were just taken by someone else. Nothing is held: choose again.',
      field_errors: { 'items.0.seats.1': ['Ground floor Row A 2 has just been taken by someone else.'] },
    });
    // The pit has one place left: two are refused, one is sold.
    const pit = await reserve(ctx.app, s.event.id, {
      items: [{ ticket_id: s.floor.id, quantity: 2, seats: [s.pit, s.pit] }],
    });
    expect(pit.json().error.field_errors).toEqual({
      'items.0.seats.0': ['Ground floor Pit has just been taken by someone else.'],
    });
    expect(await availability(s.event.id)).toMatchObject({ unavailable: [a1, a2], standing: [{ id: s.pit, left: 1 }] });
    const table = s.seating.zones[2]!.rows[0]!.seats.map((x) => x[0]);
    const whole = await reserve(ctx.app, s.event.id, { items: [{ ticket_id: s.table.id, quantity: 4, seats: table }] });
    expect(whole.statusCode, whole.body).toBe(201);
    expect(await findDrift(ctx.app.deps.database.db, s.event.id)).toEqual([]);

    // The first hold runs out: its places show free at once, and the next buyer gets them.
    clock.advance(16 * 60_000);
    expect(await availability(s.event.id)).toMatchObject({ unavailable: [], standing: [{ id: s.pit, left: 3 }] });
    const later = await reserve(ctx.app, s.event.id, {
      items: [{ ticket_id: s.stalls.id, quantity: 2, seats: [a3, a2] }],
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(await findDrift(ctx.app.deps.database.db, s.event.id)).toEqual([]);
  });

  it('finds the best free seats of a category, side by side, leaving taken ones out', async () => {
    const s = await seatedEvent(ctx.app);
    const best = async (category: string, quantity: number) => {
      const r = await call(
        ctx.app,
        'GET',
        `/api/public/events/${s.event.id}/seating/best?category=${category}&quantity=${quantity}`,
      );
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data.seats as number[];
    };
    const row = (label: string) => ['1', '2', '3'].map((n) => s.place('Ground floor', label, n));
    // Row A is nearest the stage (the plan's top centre: no focal point is set).
    expect(await best('Stalls', 3)).toEqual(row('Row A'));
    const r = await reserve(ctx.app, s.event.id, {
      items: [{ ticket_id: s.stalls.id, quantity: 1, seats: [row('Row A')[1]!] }],
    });
    expect(r.statusCode).toBe(201);
    expect(await best('Stalls', 3)).toEqual(row('Row B'));
    // Never a party turned away while there is room: four in two pieces.
    expect((await best('Stalls', 4)).sort()).toHaveLength(4);
    expect(await best('Stalls', 6)).toEqual([]);
    // A table sold whole is never handed out seat by seat.
    expect(await best('Table', 2)).toEqual([]);
    const unknown = await call(
      ctx.app,
      'GET',
      `/api/public/events/${s.event.id}/seating/best?category=Gallery&quantity=2`,
    );
    expect(unknown.json().error.field_errors).toEqual({ category: ['This choice does not exist.'] });
  });

  it('keeps sold places when the event moves to another version, refuses one that drops or renames them', async () => {
    const s = await seatedEvent(ctx.app);
    const a1 = s.place('Ground floor', 'Row A', '1');
    const sold = await reserve(ctx.app, s.event.id, { items: [{ ticket_id: s.stalls.id, quantity: 1, seats: [a1] }] });
    expect(sold.statusCode).toBe(201);
    const save = (layout: object) =>
      call(ctx.app, 'PUT', `${s.base}/${s.planId}`, { token: s.u.token, body: { name: 'Town theatre', layout } });
    const repin = (version: number | null) =>
      call(ctx.app, 'PUT', `/api/events/${s.event.id}/seating`, {
        token: s.u.token,
        body: {
          plan_id: version === null ? null : s.planId,
          version,
          categories: [{ category: 'Stalls', ticket_id: s.stalls.id }],
        },
      });
    // Version 2 renumbers row A's seats: A1 (sold) would become another seat.
    const renumbered = structuredClone(theatrePlan);
    renumbered.zones[0]!.rows[0]!.seats[0]!.seat_number = '11';
    expect((await save(renumbered)).statusCode).toBe(200);
    expect((await call(ctx.app, 'POST', `${s.base}/${s.planId}/publish`, { token: s.u.token })).statusCode).toBe(200);
    const refused = await repin(2);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.field_errors).toEqual({
      version: [
        'Ground floor Row A 1 is sold or held and is not the same in this version (1 such places): choose a version that keeps them.',
      ],
    });
    const dropped = await repin(null);
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json().error.code).toBe('SEATING_SEATS_SOLD');

    // Version 3 moves a balcony seat and keeps A1 as it was: the sold place moves with the event.
    const moved = structuredClone(theatrePlan);
    moved.zones[1]!.rows[0]!.seats[1]!.position = { x: 80, y: 0 };
    await save(moved);
    await call(ctx.app, 'POST', `${s.base}/${s.planId}/publish`, { token: s.u.token });
    const kept = await repin(3);
    expect(kept.statusCode, kept.body).toBe(200);
    const now = (await call(ctx.app, 'GET', `/api/public/events/${s.event.id}/seating`)).json().data;
    const a1Now = now.zones[0].rows[0].seats[0][0] as number;
    expect(a1Now).not.toBe(a1);
    expect(await availability(s.event.id)).toMatchObject({ unavailable: [a1Now] });
    expect(await findDrift(ctx.app.deps.database.db, s.event.id)).toEqual([]);
    // The old place is not sold again under its new id.
    const again = await reserve(ctx.app, s.event.id, {
      items: [{ ticket_id: s.stalls.id, quantity: 1, seats: [a1Now] }],
    });
    expect(again.json().error.code).toBe('SEATS_TAKEN');
  });

  it('shows organizers where each attendee sits: the list, the export', async () => {
    const s = await seatedEvent(ctx.app);
    const b2 = s.place('Balcony', '1', '2');
    await placeOrder(ctx.app, { eventId: s.event.id, organizerToken: s.u.token }, [
      { ticket_id: s.balcony.id, quantity: 1, seats: [b2] },
    ]);
    const list = await call(ctx.app, 'GET', `/api/events/${s.event.id}/attendees`, { token: s.u.token });
    expect(list.json().data.map((a: { seat: unknown }) => a.seat)).toEqual([
      { section: 'Balcony', row: '1', seat: '2' },
    ]);
    const csv = await call(ctx.app, 'GET', `/api/events/${s.event.id}/attendees/export?format=csv`, {
      token: s.u.token,
    });
    // The door's offline list says where each sits too.
    const lists = (await call(ctx.app, 'GET', `/api/events/${s.event.id}/check-in-lists`, { token: s.u.token })).json()
      .data as Array<{ id: number }>;
    const offline = await call(ctx.app, 'GET', `/api/events/${s.event.id}/check-in-lists/${lists[0]!.id}/offline`, {
      token: s.u.token,
    });
    expect(offline.json().data.tickets.map((t: { seat?: unknown }) => t.seat)).toEqual([
      { section: 'Balcony', row: '1', seat: '2' },
    ]);
    const [head, row] = csv.body.trim().split('\n');
    expect(head).toContain('Section,Row,Seat');
    expect(row).toContain('Balcony,1,2');
  });

  it('keeps a seat off sale before anyone read the plan (the embedded database has one connection: nothing waits outside)', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Stalls', type: 'FREE' }]);
    const base = `/api/organizers/${event.organizer.id}/seating-plans`;
    const plan = (
      await call(ctx.app, 'POST', `${base}/import`, { token: u.token, body: { pretix: theatrePlan } })
    ).json().data;
    expect((await call(ctx.app, 'POST', `${base}/${plan.id}/publish`, { token: u.token })).statusCode).toBe(200);
    const seated = await call(ctx.app, 'PUT', `/api/events/${event.id}/seating`, {
      token: u.token,
      body: { plan_id: plan.id, categories: [{ category: 'Stalls', ticket_id: tickets[0]!.id }] },
    });
    expect(seated.statusCode, seated.body).toBe(200);
    // The place's id straight from the table: no read of the plan has kept its places in memory yet.
    const [place] = await ctx.app.deps.database.db
      .select({ id: seatingSeats.id })
      .from(seatingSeats)
      .innerJoin(seatingPlanVersions, eq(seatingPlanVersions.id, seatingSeats.version_id))
      .where(and(eq(seatingPlanVersions.plan_id, plan.id), eq(seatingSeats.category, 'Stalls')))
      .limit(1);
    const held = await call(ctx.app, 'POST', `/api/events/${event.id}/seating/holds`, {
      token: u.token,
      body: { name: 'Press', seats: [place!.id] },
    });
    expect(held.statusCode, held.body).toBe(201);
  });

  it('keeps seats off sale with named holds and killed seats: buyers cannot take them; released seats sell again', async () => {
    const s = await seatedEvent(ctx.app);
    const [a1, a2, a3] = ['1', '2', '3'].map((n) => s.place('Ground floor', 'Row A', n)) as [number, number, number];
    const holds = `/api/events/${s.event.id}/seating/holds`;
    const hold = (body: object) => call(ctx.app, 'POST', holds, { token: s.u.token, body });
    const sold = await reserve(ctx.app, s.event.id, { items: [{ ticket_id: s.stalls.id, quantity: 1, seats: [a3] }] });
    expect(sold.statusCode).toBe(201);
    const press = await hold({ name: 'Press', seats: [a1] });
    expect(press.statusCode, press.body).toBe(201);
    expect(press.json().data).toMatchObject({ name: 'Press', kind: 'HOLD', seats: [a1] });
    // A sold seat, a held one and an unknown one: each on its field.
    const refused = await hold({ name: 'Camera', kind: 'KILL', seats: [a3, a1, 999_999, a2] });
    expect(refused.json().error.field_errors).toEqual({
      'seats.0': ['Ground floor Row A 3 is sold or in a checkout: it cannot be kept off sale.'],
      'seats.1': ['Ground floor Row A 1 is already kept off sale by “Press”.'],
      'seats.2': ['This seat is not on the plan of this event.'],
    });
    const camera = await hold({ name: 'Camera', kind: 'KILL', seats: [a2] });
    expect(camera.statusCode).toBe(201);
    expect((await availability(s.event.id)).unavailable).toEqual([a1, a2, a3]);
    // Buyers are told which seats went.
    const buyer = await reserve(ctx.app, s.event.id, {
      items: [{ ticket_id: s.stalls.id, quantity: 2, seats: [a1, a2] }],
    });
    expect(buyer.json().error).toMatchObject({
      code: 'SEATS_TAKEN',
      field_errors: {
        'items.0.seats.0': ['Ground floor Row A 1 has just been taken by someone else.'],
        'items.0.seats.1': ['Ground floor Row A 2 has just been taken by someone else.'],
      },
    });
    // The organizer's view of the date.
    const placesOn = async () =>
      (await call(ctx.app, 'GET', `/api/events/${s.event.id}/seating/places`, { token: s.u.token })).json()
        .data as Array<{
        id: number;
        state: string;
        hold: string | null;
      }>;
    const rowA = (await placesOn()).filter((p) => [a1, a2, a3].includes(p.id));
    expect(rowA.map((p) => [p.state, p.hold])).toEqual([
      ['HELD', 'Press'],
      ['KILLED', 'Camera'],
      ['RESERVED', null],
    ]);
    // Released: on sale again.
    expect((await call(ctx.app, 'DELETE', `${holds}/${press.json().data.id}`, { token: s.u.token })).statusCode).toBe(
      204,
    );
    const again = await reserve(ctx.app, s.event.id, { items: [{ ticket_id: s.stalls.id, quantity: 1, seats: [a1] }] });
    expect(again.statusCode, again.body).toBe(201);
    expect(
      (await call(ctx.app, 'GET', holds, { token: s.u.token })).json().data.map((h: { name: string }) => h.name),
    ).toEqual(['Camera']);
    expect(await findDrift(ctx.app.deps.database.db, s.event.id)).toEqual([]);
  });

  it('moves an attendee to another seat of its ticket (a held one too), never onto a taken or killed one', async () => {
    const s = await seatedEvent(ctx.app);
    const [b1, b2] = ['1', '2'].map((n) => s.place('Balcony', '1', n)) as [number, number];
    const a1 = s.place('Ground floor', 'Row A', '1');
    const org = { eventId: s.event.id, organizerToken: s.u.token };
    await placeOrder(ctx.app, org, [{ ticket_id: s.balcony.id, quantity: 1, seats: [b1] }]);
    const list = async () =>
      (await call(ctx.app, 'GET', `/api/events/${s.event.id}/attendees`, { token: s.u.token })).json().data as Array<{
        id: number;
        seat: { row: string; seat: string } | null;
      }>;
    const [attendee] = await list();
    const move = (seat_id: number) =>
      call(ctx.app, 'POST', `/api/events/${s.event.id}/attendees/${attendee!.id}/seat`, {
        token: s.u.token,
        body: { seat_id, send_ticket: false },
      });
    expect((await move(a1)).json().error.field_errors).toEqual({ seat_id: ['This seat is not sold as this ticket.'] });
    // A seat the house holds is the organizer's to give.
    await call(ctx.app, 'POST', `/api/events/${s.event.id}/seating/holds`, {
      token: s.u.token,
      body: { name: 'House', seats: [b2] },
    });
    const moved = await move(b2);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.seat).toEqual({ section: 'Balcony', row: '1', seat: '2' });
    expect((await availability(s.event.id)).unavailable).toEqual([b2]);
    // Someone else takes B1 back; moving there now is refused on the field, nothing changes.
    await placeOrder(ctx.app, org, [{ ticket_id: s.balcony.id, quantity: 1, seats: [b1] }]);
    expect((await move(b1)).json().error.field_errors).toEqual({
      seat_id: ['Balcony 1 1 has just been taken by someone else.'],
    });
    expect(await findDrift(ctx.app.deps.database.db, s.event.id)).toEqual([]);
  });

  it('adds an attendee by hand on a chosen seat (or none yet): a held one is the house’s to give, a killed or taken one is refused', async () => {
    const s = await seatedEvent(ctx.app);
    const [b1, b2] = ['1', '2'].map((n) => s.place('Balcony', '1', n)) as [number, number];
    const hold = (name: string, kind: string, seat: number) =>
      call(ctx.app, 'POST', `/api/events/${s.event.id}/seating/holds`, {
        token: s.u.token,
        body: { name, kind, seats: [seat] },
      });
    expect((await hold('House', 'HOLD', b1)).statusCode).toBe(201);
    expect((await hold('Camera', 'KILL', b2)).statusCode).toBe(201);
    const add = (extra: object) =>
      call(ctx.app, 'POST', `/api/events/${s.event.id}/attendees`, {
        token: s.u.token,
        body: {
          ticket_id: s.balcony.id,
          first_name: 'Guest',
          last_name: 'Of Honour',
          email: 'guest@example.test',
          send_ticket: false,
          ...extra,
        },
      });
    expect((await add({ ticket_id: s.programme.id, seat_id: b1 })).json().error.field_errors).toEqual({
      ticket_id: ['This choice does not exist.'],
    });
    expect((await add({ seat_id: b2 })).json().error.field_errors).toEqual({
      seat_id: ['Balcony 1 2 has just been taken by someone else.'],
    });
    const added = await add({ seat_id: b1 });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.seat).toEqual({ section: 'Balcony', row: '1', seat: '1' });
    expect((await add({ seat_id: b1 })).json().error.field_errors).toEqual({
      seat_id: ['Balcony 1 1 has just been taken by someone else.'],
    });
    // A guest without a seat yet, seated later from the attendee.
    const unseated = await add({});
    expect(unseated.json().data.seat).toBeNull();
    expect(await findDrift(ctx.app.deps.database.db, s.event.id)).toEqual([]);
  });

  it('keeps no waitlist for a ticket sold by seat, even sold out', async () => {
    const s = await seatedEvent(ctx.app);
    const edit = await call(ctx.app, 'PUT', `/api/events/${s.event.id}/tickets/${s.balcony.id}`, {
      token: s.u.token,
      body: { name: 'Balcony', type: 'FREE', quantity: 1, waitlist_enabled: true },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const sold = await reserve(ctx.app, s.event.id, {
      items: [{ ticket_id: s.balcony.id, quantity: 1, seats: [s.place('Balcony', '1', '1')] }],
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const page = (await call(ctx.app, 'GET', `/api/public/events/${s.event.id}`)).json().data;
    const balcony = page.tickets.find((t: { id: number }) => t.id === s.balcony.id);
    expect(balcony).toMatchObject({ sale_state: 'SOLD_OUT', waitlist: false });
  });
});
