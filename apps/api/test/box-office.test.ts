import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../src/db/schema/index.js';
import { findDrift } from '../src/modules/inventory/reconcile.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent, reserve } from './checkout-factory.js';
import { inviteAndAccept } from './factories.js';
import { seatedEvent } from './seating-fixtures.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * The box office (issue #41): sales channels and box-office prices, the role and its events, shifts (a float, the
 * cash counted at the close, expected vs counted to the minor unit), sales paid in cash with change, on a card
 * terminal or given free, admitted at once, the last sale voided; every rule and error through the API.
 */
const clock = new TestClock(new Date('2027-05-20T18:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

/** A live event: a door-priced ticket (€20 online, €25 at the door; 5 of them), an online-only and a door-only one. */
async function venue() {
  const v = await liveEvent(ctx.app, [
    { name: 'Standard', type: 'PAID', price: 2000, box_office_price: 2500, quantity: 5 },
    { name: 'Web saver', type: 'PAID', price: 1500, sold_at_box_office: false },
    { name: 'Door only', type: 'FREE', sold_online: false },
  ]);
  const [standard, web, door] = v.tickets as unknown as [{ id: number }, { id: number }, { id: number }];
  return { ...v, token: v.u.token, eventId: v.event.id, standard, web, door };
}

const post = (path: string, token: string, body?: unknown) =>
  call(ctx.app, 'POST', `/api/events${path}`, { token, body: body ?? {} });
const openShift = async (eventId: number, token: string, float = 5000) => {
  const r = await post(`/${eventId}/box-office/shifts`, token, { float });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().data as { id: number };
};
const sell = (eventId: number, token: string, body: Record<string, unknown>) =>
  post(`/${eventId}/box-office/sales`, token, body);

describe('sales channels', () => {
  it('keep door-only tickets off the event page and online-only ones off the box office, at the door price', async () => {
    const v = await venue();
    const page = (await call(ctx.app, 'GET', `/api/public/events/${v.eventId}`)).json().data;
    expect(page.tickets.map((t: { name: string }) => t.name)).toEqual(['Standard', 'Web saver']);
    const online = await call(ctx.app, 'POST', `/api/public/events/${v.eventId}/order`, {
      body: { items: [{ ticket_id: v.door.id, quantity: 1 }], expected_total: 0 },
    });
    expect(online.statusCode).toBe(422);
    expect(online.json().error.field_errors).toEqual({ 'items.0.ticket_id': ['This choice does not exist.'] });

    const office = (await call(ctx.app, 'GET', `/api/events/${v.eventId}/box-office`, { token: v.token })).json().data;
    expect(office.items.map((i: { name: string; price: number }) => [i.name, i.price])).toEqual([
      ['Standard', 2500],
      ['Door only', 0],
    ]);
    expect(office.shift).toBeNull();
    expect(office.check_in_lists).toHaveLength(1);
  });

  it('refuse a ticket sold nowhere, on its field', async () => {
    const v = await venue();
    const r = await post(`/${v.eventId}/tickets`, v.token, {
      name: 'Nowhere',
      type: 'FREE',
      sold_online: false,
      sold_at_box_office: false,
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.field_errors).toEqual({ sold_online: ['Sell it online, at the box office, or both.'] });
  });
});

describe('selling at the box office', () => {
  it('needs an open shift, one per person and event', async () => {
    const v = await venue();
    const before = await sell(v.eventId, v.token, {
      items: [{ ticket_id: v.door.id, quantity: 1 }],
      expected_total: 0,
      payment: { method: 'CASH', given: 0 },
    });
    expect(before.statusCode).toBe(409);
    expect(before.json().error.code).toBe('SHIFT_NOT_OPEN');
    await openShift(v.eventId, v.token);
    const twice = await post(`/${v.eventId}/box-office/shifts`, v.token, { float: 0 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('SHIFT_ALREADY_OPEN');
  });

  it('sells for cash with the change, a completed order of the box office channel, and admits at once', async () => {
    const v = await venue();
    const shift = await openShift(v.eventId, v.token, 10_000);
    const office = (await call(ctx.app, 'GET', `/api/events/${v.eventId}/box-office`, { token: v.token })).json().data;
    const r = await sell(v.eventId, v.token, {
      items: [{ ticket_id: v.standard.id, quantity: 2 }],
      expected_total: 5000,
      first_name: 'Paul',
      payment: { method: 'CASH', given: 6000 },
      admit_on_list_id: office.check_in_lists[0].id,
    });
    expect(r.statusCode, r.body).toBe(201);
    const sale = r.json().data;
    expect(sale).toMatchObject({ total: 5000, method: 'CASH', given: 6000, change: 1000, currency: 'EUR' });
    expect(sale.lines).toEqual([
      { name: 'Standard', quantity: 2, unit_price: 2500, total: 5000, taxes: [], fees: [], seats: [] },
    ]);
    expect(sale.tickets).toHaveLength(2);
    expect(sale.tickets.every((t: { checked_in: boolean }) => t.checked_in)).toBe(true);
    expect(sale.shift).toMatchObject({
      id: shift.id,
      float: 10_000,
      expected_cash: 15_000,
      sales: { CASH: { count: 1, total: 5000 } },
      last_sale: { order_id: sale.order_id, total: 5000, method: 'CASH' },
    });
    const [row] = await ctx.app.deps.database.db.select().from(orders).where(eq(orders.id, sale.order_id));
    expect(row).toMatchObject({
      status: 'COMPLETED',
      channel: 'BOX_OFFICE',
      payment_provider: 'BOX_OFFICE',
      box_office_shift_id: shift.id,
      box_office_payment: { method: 'CASH', given: 6000 },
      first_name: 'Paul',
      email: null,
    });
    expect(await findDrift(ctx.app.deps.database.db, v.eventId)).toEqual([]);
  });

  it('refuses short cash, a changed price and tickets not sold at the box office, each plainly', async () => {
    const v = await venue();
    await openShift(v.eventId, v.token);
    const short = await sell(v.eventId, v.token, {
      items: [{ ticket_id: v.standard.id, quantity: 1 }],
      expected_total: 2500,
      payment: { method: 'CASH', given: 2000 },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().error.field_errors).toEqual({ 'payment.given': ['Less than the total was given.'] });
    const online = await sell(v.eventId, v.token, {
      items: [{ ticket_id: v.standard.id, quantity: 1 }],
      expected_total: 2000,
      payment: { method: 'CASH', given: 2000 },
    });
    expect(online.statusCode).toBe(409);
    expect(online.json().error.code).toBe('PRICE_CHANGED');
    const web = await sell(v.eventId, v.token, {
      items: [{ ticket_id: v.web.id, quantity: 1 }],
      expected_total: 1500,
      payment: { method: 'CARD_TERMINAL', reference: 'T-1' },
    });
    expect(web.statusCode).toBe(422);
    expect(web.json().error.field_errors).toEqual({ 'items.0.ticket_id': ['This choice does not exist.'] });
  });

  it('gives complimentary tickets free with a reason, counted apart, and never beyond the stock', async () => {
    const v = await venue();
    await openShift(v.eventId, v.token);
    const noReason = await sell(v.eventId, v.token, {
      items: [{ ticket_id: v.standard.id, quantity: 1 }],
      expected_total: 2500,
      payment: { method: 'COMPLIMENTARY', reason: ' ' },
    });
    expect(noReason.statusCode).toBe(422);
    const comp = await sell(v.eventId, v.token, {
      items: [{ ticket_id: v.standard.id, quantity: 4 }],
      expected_total: 10_000,
      payment: { method: 'COMPLIMENTARY', reason: 'Band guests' },
    });
    expect(comp.statusCode, comp.body).toBe(201);
    expect(comp.json().data).toMatchObject({ total: 0, change: null, method: 'COMPLIMENTARY' });
    expect(comp.json().data.shift.sales.COMPLIMENTARY).toEqual({ count: 1, total: 0 });
    expect(comp.json().data.shift.expected_cash).toBe(5000);
    // One of five left: a sale of two takes nothing.
    const over = await sell(v.eventId, v.token, {
      items: [{ ticket_id: v.standard.id, quantity: 2 }],
      expected_total: 5000,
      payment: { method: 'CARD_TERMINAL', reference: 'SUMUP-77' },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('NO_TICKETS_AVAILABLE');
    expect(await findDrift(ctx.app.deps.database.db, v.eventId)).toEqual([]);
  });

  it('voids only the last sale of the open shift: its units come back, its cash leaves the drawer', async () => {
    const v = await venue();
    await openShift(v.eventId, v.token, 0);
    const first = (
      await sell(v.eventId, v.token, {
        items: [{ ticket_id: v.standard.id, quantity: 1 }],
        expected_total: 2500,
        payment: { method: 'CASH', given: 2500 },
      })
    ).json().data;
    const second = (
      await sell(v.eventId, v.token, {
        items: [{ ticket_id: v.standard.id, quantity: 4 }],
        expected_total: 10_000,
        payment: { method: 'CASH', given: 10_000 },
      })
    ).json().data;
    const old = await post(`/${v.eventId}/box-office/sales/${first.order_id}/void`, v.token);
    expect(old.statusCode).toBe(409);
    expect(old.json().error.code).toBe('NOT_LAST_SALE');
    const voided = await post(`/${v.eventId}/box-office/sales/${second.order_id}/void`, v.token);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({
      expected_cash: 2500,
      voided: 1,
      sales: { CASH: { count: 1, total: 2500 } },
      last_sale: { order_id: first.order_id },
    });
    // The four are back: an online buyer takes them.
    const back = await reserve(ctx.app, v.eventId, {
      items: [{ ticket_id: v.standard.id, quantity: 4 }],
      expected_total: 8000,
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(await findDrift(ctx.app.deps.database.db, v.eventId)).toEqual([]);
  });
});

describe('shifts', () => {
  it('close with the cash counted per denomination: expected, counted and the difference to the cent; then never change', async () => {
    const v = await venue();
    const shift = await openShift(v.eventId, v.token, 5000);
    await sell(v.eventId, v.token, {
      items: [{ ticket_id: v.standard.id, quantity: 1 }],
      expected_total: 2500,
      payment: { method: 'CASH', given: 5000 },
    });
    await sell(v.eventId, v.token, {
      items: [{ ticket_id: v.standard.id, quantity: 1 }],
      expected_total: 2500,
      payment: { method: 'CARD_TERMINAL', reference: 'SUMUP-1' },
    });
    const close = await post(`/${v.eventId}/box-office/shifts/${shift.id}/close`, v.token, {
      counted: [
        { value: 2000, count: 3 },
        { value: 1000, count: 1 },
        { value: 50, count: 3 },
        { value: 500, count: 0 },
      ],
      note: 'One coin short',
    });
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json().data).toMatchObject({
      expected_cash: 7500,
      counted_total: 7150,
      difference: -350,
      counted: [
        { value: 2000, count: 3 },
        { value: 1000, count: 1 },
        { value: 50, count: 3 },
      ],
      sales: { CASH: { count: 1, total: 2500 }, CARD_TERMINAL: { count: 1, total: 2500 } },
      note: 'One coin short',
      last_sale: null,
    });
    const again = await post(`/${v.eventId}/box-office/shifts/${shift.id}/close`, v.token, { counted: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SHIFT_NOT_OPEN');
    const after = await sell(v.eventId, v.token, {
      items: [{ ticket_id: v.door.id, quantity: 1 }],
      expected_total: 0,
      payment: { method: 'CASH', given: 0 },
    });
    expect(after.json().error.code).toBe('SHIFT_NOT_OPEN');
    const list = (await call(ctx.app, 'GET', `/api/events/${v.eventId}/box-office/shifts`, { token: v.token })).json()
      .data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: shift.id, difference: -350 });
    // The shifts as a sheet, and the orders' channel and payment in the orders export.
    const csv = await call(ctx.app, 'GET', `/api/events/${v.eventId}/box-office/shifts/export?format=csv`, {
      token: v.token,
    });
    expect(csv.statusCode).toBe(200);
    const [head, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(head).toBe(
      'ID,Staff,Opened at,Closed at,Float,Cash sales,Cash taken,Card terminal sales,Card terminal taken,' +
        'Card (Stripe) sales,Card (Stripe) taken,Complimentary sales,Voided sales,Cash expected,Cash counted,' +
        'Difference,Currency,Note',
    );
    expect(row).toMatch(
      new RegExp(
        `^${shift.id},[^,]+,[^,]+,[^,]+,50.00,1,25.00,1,25.00,0,0.00,0,0,75.00,71.50,-3.50,EUR,One coin short$`,
      ),
    );
    const orderCsv = await call(ctx.app, 'GET', `/api/events/${v.eventId}/orders/export?format=csv`, {
      token: v.token,
    });
    expect(orderCsv.body).toContain('BOX_OFFICE,,BOX_OFFICE,CARD_TERMINAL');
    expect(orderCsv.body).toContain('BOX_OFFICE,,BOX_OFFICE,CASH');
  });
});

describe('box-office staff', () => {
  it('sell at their events only, see their own shifts, and nothing of the organizer’s screens', async () => {
    const v = await venue();
    const other = await liveEvent(ctx.app, [{ name: 'Elsewhere', type: 'FREE' }]);
    const staff = await inviteAndAccept(ctx.app, ctx.smtp, v.token, 'BOX_OFFICE', 'Bo Office', [v.eventId]);
    const me = (await call(ctx.app, 'GET', '/api/users/me', { token: staff.token })).json().data;
    expect(me.permissions).toEqual(['checkin.scan', 'boxoffice.sell']);
    await openShift(v.eventId, staff.token, 2000);
    const sold = await sell(v.eventId, staff.token, {
      items: [{ ticket_id: v.door.id, quantity: 1 }],
      expected_total: 0,
      payment: { method: 'CASH', given: 0 },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    // The organizer's own shift is not theirs to see; theirs is the organizer's to see.
    await openShift(v.eventId, v.token);
    const mine = (
      await call(ctx.app, 'GET', `/api/events/${v.eventId}/box-office/shifts`, { token: staff.token })
    ).json().data;
    expect(mine.map((s: { staff: { name: string } }) => s.staff.name)).toEqual(['Bo Office']);
    const all = (await call(ctx.app, 'GET', `/api/events/${v.eventId}/box-office/shifts`, { token: v.token })).json()
      .data;
    expect(all).toHaveLength(2);
    // Another event, of their account or another: not found. The orders screen: not theirs.
    expect(
      (await call(ctx.app, 'GET', `/api/events/${other.event.id}/box-office`, { token: staff.token })).statusCode,
    ).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/events/${v.eventId}/orders`, { token: staff.token })).statusCode).toBe(
      403,
    );
  });
});

describe('seats at the box office', () => {
  it('are chosen on the event’s plan at box-office prices, sold once, and named on the receipt', async () => {
    const s = await seatedEvent(ctx.app);
    // The stalls cost €45 at the door; the balcony is sold only there.
    await call(ctx.app, 'PUT', `/api/events/${s.event.id}/tickets/${s.stalls.id}`, {
      token: s.u.token,
      body: { ...s.stalls, box_office_price: 4500 },
    });
    const picker = await call(ctx.app, 'GET', `/api/events/${s.event.id}/box-office/event?date=${s.dateId}`, {
      token: s.u.token,
    });
    expect(picker.statusCode, picker.body).toBe(200);
    const event = picker.json().data;
    expect(event.dates.chosen.id).toBe(s.dateId);
    expect(event.seated_ticket_ids).toContain(s.stalls.id);
    expect(event.tickets.find((t: { id: number }) => t.id === s.stalls.id).unit.total).toBe(4500);
    await openShift(s.event.id, s.u.token);
    const a1 = s.place('Ground floor', 'Row A', '1');
    const a2 = s.place('Ground floor', 'Row A', '2');
    const body = {
      event_date_id: s.dateId,
      items: [{ ticket_id: s.stalls.id, quantity: 2, seats: [a1, a2] }],
      expected_total: 9000,
      payment: { method: 'CASH', given: 9000 },
    };
    const sold = await sell(s.event.id, s.u.token, body);
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().data.lines[0].seats).toEqual([
      { section: 'Ground floor', row: 'Row A', seat: '1' },
      { section: 'Ground floor', row: 'Row A', seat: '2' },
    ]);
    const again = await sell(s.event.id, s.u.token, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SEATS_TAKEN');
    // Staff of another event cannot read this one's.
    const other = await liveEvent(ctx.app, [{ name: 'Elsewhere', type: 'FREE' }]);
    expect(
      (await call(ctx.app, 'GET', `/api/events/${s.event.id}/box-office/event`, { token: other.u.token })).statusCode,
    ).toBe(404);
    expect(await findDrift(ctx.app.deps.database.db, s.event.id)).toEqual([]);
  });
});

describe('questions at the door', () => {
  it('are the ones marked for the box office, required as marked, and answered on the order and each ticket', async () => {
    const v = await venue();
    const ask = async (body: Record<string, unknown>) => {
      const r = await post(`/${v.eventId}/questions`, v.token, body);
      expect(r.statusCode, r.body).toBe(201);
      return r.json().data.id as number;
    };
    const postcode = await ask({
      title: 'Postcode',
      type: 'SINGLE_LINE_TEXT',
      required: true,
      applies_to: 'ORDER',
      asked_at_box_office: true,
    });
    const diet = await ask({
      title: 'Diet',
      type: 'DROPDOWN',
      options: ['None', 'Vegan'],
      applies_to: 'ATTENDEE',
      ticket_ids: [v.standard.id],
      asked_at_box_office: true,
    });
    await ask({ title: 'Online only', type: 'SINGLE_LINE_TEXT', required: true, applies_to: 'ORDER' });
    const file = await post(`/${v.eventId}/questions`, v.token, {
      title: 'Proof',
      type: 'FILE',
      applies_to: 'ORDER',
      asked_at_box_office: true,
    });
    expect(file.json().error.field_errors).toEqual({
      asked_at_box_office: ['A file cannot be asked for at the box office: there is nothing to upload it with.'],
    });
    const office = (await call(ctx.app, 'GET', `/api/events/${v.eventId}/box-office`, { token: v.token })).json().data;
    expect(office.questions.map((q: { id: number }) => q.id)).toEqual([postcode, diet]);
    await openShift(v.eventId, v.token);
    const body = {
      items: [{ ticket_id: v.standard.id, quantity: 2 }],
      expected_total: 5000,
      payment: { method: 'CASH', given: 5000 },
    };
    const missing = await sell(v.eventId, v.token, { ...body, answers: { [diet]: 'Meat' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.field_errors).toEqual({
      [`answers.${postcode}`]: ['This field is required.'],
      [`answers.${diet}`]: ['This choice does not exist.'],
    });
    const sold = await sell(v.eventId, v.token, { ...body, answers: { [postcode]: '1010', [diet]: 'Vegan' } });
    expect(sold.statusCode, sold.body).toBe(201);
    const order = (
      await call(ctx.app, 'GET', `/api/events/${v.eventId}/orders/${sold.json().data.order_id}`, { token: v.token })
    ).json().data;
    // The order's answer, and one per ticket.
    expect(order.answers).toHaveLength(3);
    expect(order.answers).toContainEqual(expect.objectContaining({ question_id: postcode, answer: '1010' }));
    const attendees = (await call(ctx.app, 'GET', `/api/events/${v.eventId}/attendees`, { token: v.token })).json()
      .data as Array<{ id: number }>;
    for (const a of attendees) {
      const one = (await call(ctx.app, 'GET', `/api/events/${v.eventId}/attendees/${a.id}`, { token: v.token })).json()
        .data;
      expect(one.answers).toEqual([expect.objectContaining({ question_id: diet, answer: 'Vegan' })]);
    }
  });
});

describe('a donation at the door', () => {
  it('is sold at the amount given, never below its least amount', async () => {
    const v = await venue();
    const made = await post(`/${v.eventId}/tickets`, v.token, {
      name: 'Pay what you like',
      type: 'DONATION',
      min_price: 500,
    });
    expect(made.statusCode, made.body).toBe(201);
    const ticketId = made.json().data.id as number;
    const office = (await call(ctx.app, 'GET', `/api/events/${v.eventId}/box-office`, { token: v.token })).json().data;
    expect(office.items.find((i: { ticket_id: number }) => i.ticket_id === ticketId)).toMatchObject({
      price: 500,
      min_amount: 500,
      charges: [],
    });
    await openShift(v.eventId, v.token);
    const low = await sell(v.eventId, v.token, {
      items: [{ ticket_id: ticketId, quantity: 1, amount: 300 }],
      expected_total: 300,
      payment: { method: 'CASH', given: 300 },
    });
    expect(low.statusCode).toBe(422);
    expect(Object.keys(low.json().error.field_errors)).toEqual(['items.0.amount']);
    const sold = await sell(v.eventId, v.token, {
      items: [{ ticket_id: ticketId, quantity: 2, amount: 1200 }],
      expected_total: 2400,
      payment: { method: 'CASH', given: 2500 },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().data).toMatchObject({ total: 2400, change: 100 });
  });
});
