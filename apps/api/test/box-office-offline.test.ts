import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attendees, orders } from '../src/db/schema/index.js';
import { CLAIM_BLOCK } from '../src/modules/box-office/allocations.js';
import { findDrift } from '../src/modules/inventory/reconcile.js';
import { TestClock } from '../src/shared/clock.js';
import { firstDateOf, liveEvent, reserve } from './checkout-factory.js';
import { inviteAndAccept } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * The box office without a network (issue #41): a date's allocation kept for the door (taken from the stock in
 * advance), blocks of it claimed by each shift's device (never the same unit twice), offline sales sent later (written
 * once however often they are sent, keeping the units' ticket codes), and the stock right throughout.
 */
const clock = new TestClock(new Date('2027-05-20T18:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

interface Unit {
  attendee_id: number;
  unit: number;
  short_id: string;
  ticket_id: number;
  qr_code: string;
}

async function venue(quantity = 30) {
  const v = await liveEvent(ctx.app, [
    { name: 'Standard', type: 'PAID', price: 2000, box_office_price: 2500, quantity },
    { name: 'Web saver', type: 'PAID', price: 1500, sold_at_box_office: false },
  ]);
  const [standard, web] = v.tickets as unknown as [{ id: number }, { id: number }];
  const dateId = await firstDateOf(ctx.app, v.event.id);
  return { token: v.u.token, eventId: v.event.id, standard, web, dateId };
}

const send = (method: 'POST' | 'PUT' | 'GET', path: string, token: string, body?: unknown) =>
  call(ctx.app, method, `/api/events${path}`, { token, body: method === 'GET' ? undefined : (body ?? {}) });
const allocate = (v: Awaited<ReturnType<typeof venue>>, quantity: number, token = v.token) =>
  send('PUT', `/${v.eventId}/box-office/allocations/${v.dateId}`, token, {
    items: [{ ticket_id: v.standard.id, quantity }],
  });
const openShift = async (eventId: number, token: string) => {
  const r = await send('POST', `/${eventId}/box-office/shifts`, token, { float: 0 });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().data as { id: number };
};
const claim = async (v: Awaited<ReturnType<typeof venue>>, token: string) => {
  const r = await send('POST', `/${v.eventId}/box-office/claims`, token, { event_date_id: v.dateId });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.units as Unit[];
};
const offlineSale = (v: Awaited<ReturnType<typeof venue>>, token: string, units: Unit[], extra = {}) =>
  send('POST', `/${v.eventId}/box-office/offline-sales`, token, {
    client_id: randomUUID(),
    event_date_id: v.dateId,
    items: [{ ticket_id: v.standard.id, quantity: units.length }],
    expected_total: 2500 * units.length,
    unit_ids: units.map((u) => u.attendee_id),
    sold_at: '2027-05-20T17:55:00Z',
    payment: { method: 'CASH', given: 2500 * units.length },
    ...extra,
  });
const kept = async (v: Awaited<ReturnType<typeof venue>>) =>
  (await send('GET', `/${v.eventId}/box-office/allocations/${v.dateId}`, v.token)).json().data.items[0];

describe('a date’s box-office allocation', () => {
  it('takes its units from the stock in advance, gives back what is lowered, and keeps the counters right', async () => {
    const v = await venue(5);
    const r = await allocate(v, 3);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.items).toEqual([
      { ticket_id: v.standard.id, tier_id: null, name: 'Standard', kept: 3, claimed: 0, sold: 0 },
    ]);
    // Online buyers see two left: three are gone, two can still be bought.
    expect((await reserve(ctx.app, v.eventId, { items: [{ ticket_id: v.standard.id, quantity: 3 }] })).statusCode).toBe(
      409,
    );
    const office = (await send('GET', `/${v.eventId}/box-office`, v.token)).json().data;
    expect(office.items[0]).toMatchObject({ name: 'Standard', available: 2, kept: 3 });
    // Lowered to one: two come back and can be bought.
    expect((await allocate(v, 1)).json().data.items[0].kept).toBe(1);
    const bought = await reserve(ctx.app, v.eventId, { items: [{ ticket_id: v.standard.id, quantity: 4 }] });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(await findDrift(ctx.app.deps.database.db, v.eventId)).toEqual([]);
    // The holding order is nobody's order: not in the organizer's list.
    const list = (await send('GET', `/${v.eventId}/orders`, v.token)).json();
    expect(list.data).toHaveLength(0);
  });

  it('refuses what cannot be kept, more than is left, and anyone who does not manage the event', async () => {
    const v = await venue(5);
    const web = await send('PUT', `/${v.eventId}/box-office/allocations/${v.dateId}`, v.token, {
      items: [{ ticket_id: v.web.id, quantity: 1 }],
    });
    expect(web.statusCode).toBe(422);
    expect(web.json().error.field_errors).toEqual({
      'items.0.ticket_id': [
        'Only tickets and products sold at the box office without a seat can be kept for the door.',
      ],
    });
    const over = await allocate(v, 6);
    expect(over.statusCode).toBe(422);
    expect(over.json().error.field_errors).toEqual({
      'items.0.quantity': ['Not that many are left to keep for the door on this date.'],
    });
    const staff = await inviteAndAccept(ctx.app, ctx.smtp, v.token, 'BOX_OFFICE', 'Door Seller', [v.eventId]);
    expect((await allocate(v, 1, staff.token)).statusCode).toBe(403);
    expect((await send('PUT', `/${v.eventId}/box-office/allocations/999999`, v.token, { items: [] })).statusCode).toBe(
      404,
    );
    const other = await venue(5);
    expect(
      (await send('PUT', `/${v.eventId}/box-office/allocations/${other.dateId}`, v.token, { items: [] })).statusCode,
    ).toBe(404);
  });

  it('keeps thousands of an unlimited ticket in one step', async () => {
    const v = await liveEvent(ctx.app, [{ name: 'Crew', type: 'FREE' }]);
    const dateId = await firstDateOf(ctx.app, v.event.id);
    const r = await send('PUT', `/${v.event.id}/box-office/allocations/${dateId}`, v.u.token, {
      items: [{ ticket_id: (v.tickets[0] as unknown as { id: number }).id, quantity: 5000 }],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.items[0].kept).toBe(5000);
    expect(await findDrift(ctx.app.deps.database.db, v.event.id)).toEqual([]);
  });
});

describe('units on devices', () => {
  it('are claimed in blocks per shift, numbered, never the same unit on two devices, and come back at the close', async () => {
    const v = await venue(40);
    expect((await allocate(v, CLAIM_BLOCK + 5)).statusCode).toBe(200);
    const staff = await inviteAndAccept(ctx.app, ctx.smtp, v.token, 'BOX_OFFICE', 'Second Device', [v.eventId]);
    const before = await send('POST', `/${v.eventId}/box-office/claims`, v.token, { event_date_id: v.dateId });
    expect(before.json().error.code).toBe('SHIFT_NOT_OPEN');
    const mine = await openShift(v.eventId, v.token);
    await openShift(v.eventId, staff.token);
    const a = await claim(v, v.token);
    const b = await claim(v, staff.token);
    expect(a).toHaveLength(CLAIM_BLOCK);
    expect(b).toHaveLength(5);
    const ids = new Set([...a, ...b].map((u) => u.attendee_id));
    expect(ids.size).toBe(CLAIM_BLOCK + 5);
    expect(new Set([...a, ...b].map((u) => u.unit)).size).toBe(CLAIM_BLOCK + 5);
    expect(a[0]!.qr_code).toContain(a[0]!.short_id);
    // Asking again gives the same block; lowering below what devices hold is refused.
    expect((await claim(v, v.token)).map((u) => u.attendee_id)).toEqual(a.map((u) => u.attendee_id));
    const low = await allocate(v, 3);
    expect(low.statusCode).toBe(422);
    expect(low.json().error.field_errors['items.0.quantity'][0]).toContain('15 are on box-office devices');
    expect((await kept(v)).claimed).toBe(CLAIM_BLOCK + 5);
    // The organizer's shift closes: its block comes back for other devices.
    const closed = await send('POST', `/${v.eventId}/box-office/shifts/${mine.id}/close`, v.token, { counted: [] });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await kept(v)).claimed).toBe(5);
    expect(await claim(v, staff.token)).toHaveLength(CLAIM_BLOCK);
  });
});

describe('a sale made offline', () => {
  it('is written once however often it is sent, on the units its device numbered, admitted as asked', async () => {
    const v = await venue(5);
    await allocate(v, 3);
    await openShift(v.eventId, v.token);
    const units = await claim(v, v.token);
    const office = (await send('GET', `/${v.eventId}/box-office`, v.token)).json().data;
    const body = {
      client_id: randomUUID(),
      event_date_id: v.dateId,
      items: [{ ticket_id: v.standard.id, quantity: 2 }],
      expected_total: 5000,
      unit_ids: [units[1]!.attendee_id, units[2]!.attendee_id],
      sold_at: '2027-05-20T17:55:00Z',
      first_name: 'Ola',
      payment: { method: 'CASH', given: 6000 },
      admit_on_list_id: office.check_in_lists[0].id,
    };
    const first = await send('POST', `/${v.eventId}/box-office/offline-sales`, v.token, body);
    expect(first.statusCode, first.body).toBe(201);
    const sale = first.json().data;
    expect(sale).toMatchObject({ total: 5000, change: 1000, method: 'CASH' });
    // The tickets are the units the device printed, checked in.
    expect(sale.tickets.map((t: { short_id: string }) => t.short_id).sort()).toEqual(
      [units[1]!.short_id, units[2]!.short_id].sort(),
    );
    expect(sale.tickets.every((t: { checked_in: boolean }) => t.checked_in)).toBe(true);
    const again = await send('POST', `/${v.eventId}/box-office/offline-sales`, v.token, body);
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ order_id: sale.order_id, total: 5000, change: 1000 });
    const db = ctx.app.deps.database.db;
    const rows = await db.select().from(orders).where(eq(orders.box_office_client_id, body.client_id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.completed_at!.toISOString()).toBe('2027-05-20T17:55:00.000Z');
    expect(sale.shift.sales.CASH).toEqual({ count: 1, total: 5000 });
    expect(await kept(v)).toMatchObject({ kept: 1, claimed: 1, sold: 2 });
    // Nothing was taken twice: the two online units are still there, and no more.
    expect((await reserve(ctx.app, v.eventId, { items: [{ ticket_id: v.standard.id, quantity: 2 }] })).statusCode).toBe(
      201,
    );
    expect(await findDrift(db, v.eventId)).toEqual([]);
  });

  it('whose units are no longer its device’s takes from the stock, and is refused only when nothing is left', async () => {
    const v = await venue(3);
    await allocate(v, 1);
    const shift = await openShift(v.eventId, v.token);
    const [unit] = await claim(v, v.token);
    // The shift's own online sale took the claimed unit first.
    const online = await send('POST', `/${v.eventId}/box-office/sales`, v.token, {
      event_date_id: v.dateId,
      items: [{ ticket_id: v.standard.id, quantity: 1 }],
      expected_total: 2500,
      payment: { method: 'CARD_TERMINAL', reference: 'T-1' },
    });
    expect(online.statusCode, online.body).toBe(201);
    expect(online.json().data.tickets[0].short_id).toBe(unit!.short_id);
    // The device, offline meanwhile, sold that unit again: a new one is taken from the stock.
    const late = await offlineSale(v, v.token, [unit!]);
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().data.tickets[0].short_id).not.toBe(unit!.short_id);
    expect((await offlineSale(v, v.token, [unit!])).statusCode).toBe(201);
    const none = await offlineSale(v, v.token, [unit!]);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('NO_TICKETS_AVAILABLE');
    expect(shift.id).toBeGreaterThan(0);
    const units = await ctx.app.deps.database.db.select().from(attendees).where(eq(attendees.event_id, v.eventId));
    expect(units.filter((a) => a.status === 'ACTIVE')).toHaveLength(3);
    expect(await findDrift(ctx.app.deps.database.db, v.eventId)).toEqual([]);
  });

  it('is cash or complimentary only, and needs the shift open', async () => {
    const v = await venue(5);
    await allocate(v, 2);
    const card = await send('POST', `/${v.eventId}/box-office/offline-sales`, v.token, {
      client_id: randomUUID(),
      items: [{ ticket_id: v.standard.id, quantity: 1 }],
      expected_total: 2500,
      unit_ids: [1],
      sold_at: '2027-05-20T17:55:00Z',
      payment: { method: 'CARD_TERMINAL', reference: 'x' },
    });
    expect(card.statusCode).toBe(422);
    const closed = await offlineSale(v, v.token, [{ attendee_id: 1 } as Unit]);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('SHIFT_NOT_OPEN');
  });
});
