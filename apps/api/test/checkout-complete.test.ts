import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { outbox } from '../src/db/schema/index.js';
import { TestClock } from '../src/shared/clock.js';
import { buyerHeaders, details, liveEvent, publicEvent, reserve } from './checkout-factory.js';
import { registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

const free = { name: 'Lawn', type: 'FREE', quantity: 5 };
const paid = { name: 'Seat', type: 'PAID', price: 2500, quantity: 10 };

async function questionsFor(token: string, eventId: number, ticketId: number) {
  const q = (body: object) =>
    call(ctx.app, 'POST', `/api/events/${eventId}/questions`, { token, body }).then((r) => r.json().data);
  return {
    size: await q({
      title: 'T-shirt size',
      type: 'DROPDOWN',
      options: ['S', 'M'],
      required: true,
      applies_to: 'ATTENDEE',
      ticket_ids: [ticketId],
    }),
    diet: await q({ title: 'Dietary needs', type: 'MULTI_LINE_TEXT', applies_to: 'ATTENDEE' }),
    heard: await q({
      title: 'How did you hear?',
      type: 'RADIO',
      options: ['Friends', 'Poster'],
      required: true,
      applies_to: 'ORDER',
    }),
    arrival: await q({ title: 'Arrival', type: 'DATE', applies_to: 'ORDER' }),
    stages: await q({ title: 'Stages', type: 'CHECKBOX', options: ['Main', 'Club'], applies_to: 'ORDER' }),
    secret: await q({
      title: 'Internal',
      type: 'SINGLE_LINE_TEXT',
      required: true,
      is_hidden: true,
      applies_to: 'ORDER',
    }),
  };
}

const url = (eventId: number, shortId: string, rest = '') => `/api/public/events/${eventId}/order/${shortId}${rest}`;

describe('details and completion', () => {
  it('checks every answer by type, then completes a free order at once', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [free, { ...free, name: 'Other' }]);
    const q = await questionsFor(u.token, event.id, tickets[0]!.id);
    const r = (
      await reserve(ctx.app, event.id, {
        items: [
          { ticket_id: tickets[0]!.id, quantity: 1 },
          { ticket_id: tickets[1]!.id, quantity: 1 },
        ],
      })
    ).json();
    expect(r.data.questions.map((x: { title: string }) => x.title)).toEqual([
      'T-shirt size',
      'Dietary needs',
      'How did you hear?',
      'Arrival',
      'Stages',
    ]);
    const headers = buyerHeaders(r);
    const bad = details(r.data, { answers: { [q.arrival.id]: '2027-02-30', [q.stages.id]: ['Main', 'Roof'] } });
    bad.attendees[0]!.answers = { [q.size.id]: 'XXL' };
    const res = await call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), {
      headers,
      body: bad,
      locale: 'de',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.field_errors).sort()).toEqual(
      [
        `answers.${q.arrival.id}`,
        `answers.${q.heard.id}`,
        `answers.${q.stages.id}`,
        `attendees.0.answers.${q.size.id}`,
      ].sort(),
    );
    expect(res.json().error.field_errors[`answers.${q.heard.id}`]).toEqual(['Dieses Feld ist erforderlich.']);

    const good = details(r.data, {
      answers: { [q.heard.id]: 'Poster', [q.arrival.id]: '2027-06-01', [q.stages.id]: ['Club'] },
    });
    good.attendees[0]!.answers = { [q.size.id]: 'M', [q.diet.id]: 'Vegan' };
    const done = await call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), { headers, body: good });
    expect(done.statusCode).toBe(200);
    const order = done.json().data;
    expect(order).toMatchObject({
      status: 'COMPLETED',
      payment_status: 'NO_PAYMENT_REQUIRED',
      reserved_until: null,
      buyer: { first_name: 'Grace', email: 'grace@example.test' },
    });
    expect(order.attendees.map((a: { first_name: string; status: string }) => [a.first_name, a.status])).toEqual([
      ['Guest1', 'ACTIVE'],
      ['Guest2', 'ACTIVE'],
    ]);
    expect(order.answers).toHaveLength(5);
    const again = await call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), { headers, body: good });
    expect(again.json().error.code).toBe('ORDER_NOT_EDITABLE');

    const tickets2 = (await call(ctx.app, 'GET', `/api/events/${event.id}/tickets`, { token: u.token })).json().data;
    expect(tickets2[0]).toMatchObject({ sold: 1, reserved: 0, available: 4, has_orders: true, can_change_type: false });
  });

  it('takes a phone number, a number and a yes or no as their types ask (#38)', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [free]);
    const q = (body: object) =>
      call(ctx.app, 'POST', `/api/events/${event.id}/questions`, {
        token: u.token,
        body: { applies_to: 'ORDER', ...body },
      }).then((r) => r.json().data);
    const phone = await q({ title: 'Mobile', type: 'PHONE', required: true });
    const guests = await q({ title: 'Guests', type: 'NUMBER' });
    const parking = await q({ title: 'Parking?', type: 'YES_NO', required: true });
    const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })).json();
    const put = (answers: Record<string, unknown>) =>
      call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), {
        headers: buyerHeaders(r),
        body: details(r.data, { answers }),
      });
    const bad = await put({ [phone.id]: 'call me', [guests.id]: 'two', [parking.id]: 'maybe' });
    expect(bad.json().error.field_errors).toEqual({
      [`answers.${phone.id}`]: ['Enter a phone number: digits, with + and the country code for a number abroad.'],
      [`answers.${guests.id}`]: ['Enter a number, such as 12 or 3.5.'],
      [`answers.${parking.id}`]: ['This choice does not exist.'],
    });
    expect(Object.keys((await put({ [phone.id]: '+44 20 7946', [guests.id]: '3' })).json().error.field_errors)).toEqual(
      [`answers.${parking.id}`],
    );
    expect(
      (await put({ [phone.id]: '+1 2345678901234567', [parking.id]: 'no' })).json().error.field_errors,
    ).toHaveProperty(`answers.${phone.id}`);
    const done = await put({ [phone.id]: ' +44  20 7946 0958 ', [guests.id]: '2,50', [parking.id]: 'yes' });
    expect(done.statusCode).toBe(200);
    const orderId = await orderIdOf(event.id, r.data.short_id);
    const admin = (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${orderId}`, { token: u.token })).json()
      .data;
    expect(admin.answers.map((a: { question_type: string; answer: string }) => [a.question_type, a.answer])).toEqual([
      ['PHONE', '+44 20 7946 0958'],
      ['NUMBER', '2.5'],
      ['YES_NO', 'yes'],
    ]);
    // The export says Yes in the export's language (and a phone number never starts a spreadsheet formula).
    const csv = (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/export?format=csv`, { token: u.token }))
      .body;
    expect(csv).toContain(',Mobile,Guests,Parking?');
    expect(csv).toMatch(/,'\+44 20 7946 0958,2\.5,Yes\r?\n/);
  });

  it('takes an address in parts: street, city and country needed, the country a real code; shown and exported in lines (#38)', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [free]);
    const q = (body: object) =>
      call(ctx.app, 'POST', `/api/events/${event.id}/questions`, { token: u.token, body }).then((r) => r.json().data);
    const home = await q({ title: 'Home address', type: 'ADDRESS', required: true });
    const billing = await q({ title: 'Billing address', type: 'ADDRESS', applies_to: 'ORDER' });
    const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })).json();
    const put = (homeAddress: unknown, billingAddress?: unknown) =>
      call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), {
        headers: buyerHeaders(r),
        body: details(r.data, {
          answers: billingAddress === undefined ? {} : { [billing.id]: billingAddress },
          attendees: [
            {
              short_id: r.data.attendees[0].short_id,
              first_name: 'Ana',
              last_name: 'Lima',
              email: 'ana@example.test',
              answers: homeAddress === undefined ? {} : { [home.id]: homeAddress },
            },
          ],
        }),
      });
    // Required and not given: the question itself; given in part: each missing part by name.
    expect((await put(undefined)).json().error.field_errors).toEqual({
      [`attendees.0.answers.${home.id}`]: ['This field is required.'],
    });
    const partly = await put({ line1: 'Rua Augusta 10' }, { city: 'Porto', country: 'XX' });
    expect(partly.statusCode).toBe(422);
    expect(partly.json().error.field_errors).toEqual({
      [`attendees.0.answers.${home.id}.city`]: ['This field is required.'],
      [`attendees.0.answers.${home.id}.country`]: ['This field is required.'],
      [`answers.${billing.id}.line1`]: ['This field is required.'],
      [`answers.${billing.id}.country`]: ['This choice does not exist.'],
    });
    // A text answer where an address belongs, and an unknown part, are refused.
    expect((await put('Rua Augusta 10, Lisboa')).json().error.field_errors).toHaveProperty(
      `attendees.0.answers.${home.id}`,
    );
    expect((await put({ line1: 'x', city: 'y', country: 'PT', floor: '3' })).statusCode).toBe(422);

    const done = await put(
      { line1: ' Rua Augusta 10 ', line2: '', city: 'Lisboa', region: '', postal_code: '1100-053', country: 'PT' },
      { line1: '', line2: '', city: '', region: '', postal_code: '', country: '' },
    );
    expect(done.statusCode).toBe(200);
    const address = {
      line1: 'Rua Augusta 10',
      line2: '',
      city: 'Lisboa',
      region: '',
      postal_code: '1100-053',
      country: 'PT',
    };
    // The empty optional address is no answer at all.
    expect(done.json().data.answers.map((a: { answer: unknown }) => a.answer)).toEqual([address]);
    const orderId = await orderIdOf(event.id, r.data.short_id);
    const admin = (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${orderId}`, { token: u.token })).json()
      .data;
    expect(admin.answers).toMatchObject([{ question_type: 'ADDRESS', answer: address }]);
    const csv = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/attendees/export?format=csv`, {
        token: u.token,
        locale: 'de',
      })
    ).body;
    expect(csv).toContain('"Rua Augusta 10, 1100-053 Lisboa, Portugal"');
  });

  it('only the browser holding the checkout token may fill it in', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [free]);
    const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })).json();
    // The order's secret (from a mail link, say) shows the order, but only the checkout's browser owns it.
    const view = await call(ctx.app, 'GET', url(event.id, r.data.short_id), {
      headers: { 'x-order-secret': r.order_secret },
    });
    expect(view.json().data.is_owner).toBe(false);
    const res = await call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), {
      headers: buyerHeaders(r, 'someone-else'),
      body: details(r.data),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'ORDER_PAGE_UNAVAILABLE',
      message: 'This order page is no longer available.',
    });
    expect((await call(ctx.app, 'GET', url(event.id + 1000, r.data.short_id))).statusCode).toBe(404);
  });

  it('extends a hold ten times (WCAG 2.2.1), 10 minutes at most each; after expiry only while the tickets are still free', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [{ ...free, quantity: 2 }]);
    const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 2 }] })).json();
    expect(r.data).toMatchObject({ hold_extended: false, can_extend: true, extensions_left: 10 });
    const headers = buyerHeaders(r);
    clock.advance(14 * 60_000);
    const ext = await call(ctx.app, 'POST', url(event.id, r.data.short_id, '/extend'), { headers });
    expect(ext.json().data).toMatchObject({
      hold_extended: true,
      can_extend: true,
      extensions_left: 9,
      reserved_until: '2027-03-01T12:24:00.000Z',
    });
    for (let i = 2; i <= 10; i++) {
      clock.advance(9 * 60_000);
      const again = await call(ctx.app, 'POST', url(event.id, r.data.short_id, '/extend'), { headers });
      expect(again.json().data).toMatchObject({ extensions_left: 10 - i, can_extend: i < 10 });
    }
    const eleventh = await call(ctx.app, 'POST', url(event.id, r.data.short_id, '/extend'), { headers });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error).toMatchObject({
      code: 'HOLD_ALREADY_EXTENDED',
      message: 'Your reservation cannot be extended any further.',
    });

    clock.advance(16 * 60_000);
    const second = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })).json();
    clock.advance(16 * 60_000);
    // The second hold ran out too, but its ticket is still free: extending it is granted.
    const x2 = await call(ctx.app, 'POST', url(event.id, second.data.short_id, '/extend'), {
      headers: buyerHeaders(second),
    });
    expect(x2.statusCode).toBe(200);
    const third = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })).json();
    expect(third.data.status).toBe('RESERVED');
    // The third hold runs out and someone else takes the last two: too late to extend.
    clock.advance(20 * 60_000);
    expect((await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 2 }] })).statusCode).toBe(
      201,
    );
    const late = await call(ctx.app, 'POST', url(event.id, third.data.short_id, '/extend'), {
      headers: buyerHeaders(third),
    });
    expect(late.json().error.code).toBe('NO_TICKETS_AVAILABLE');
  });
});

describe('offline payment', () => {
  it('awaits payment holding the stock, then the organizer marks it paid or cancels it', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [paid]);
    const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 3 }] })).json();
    const headers = buyerHeaders(r);
    const off = () => call(ctx.app, 'POST', url(event.id, r.data.short_id, '/offline-payment'), { headers, body: {} });
    expect((await off()).json().error.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: { offline_payments_enabled: true, offline_payment_instructions: '<p>IBAN DE00<script>x</script></p>' },
    });
    expect((await off()).json().error.code).toBe('DETAILS_REQUIRED');
    // The buyer holds the first ticket themself, at their own address.
    const withBuyer = details(r.data);
    withBuyer.attendees[0]!.email = 'GRACE@example.test';
    const filled = await call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), { headers, body: withBuyer });
    expect(filled.json().data).toMatchObject({ status: 'RESERVED', details_complete: true, totals: { total: 7500 } });
    const placed = await off();
    expect(placed.statusCode).toBe(200);
    expect(placed.json().data).toMatchObject({
      status: 'AWAITING_PAYMENT',
      payment_provider: 'OFFLINE',
      event: { offline_payment_instructions: '<p>IBAN DE00</p>' },
    });
    clock.advance(60 * 60_000);
    expect((await publicEvent(ctx.app, event.id)).tickets[0]!.max_selectable).toBe(7);
    const attendee = placed.json().data.attendees[0].short_id;
    expect(
      (await call(ctx.app, 'GET', `/api/public/events/${event.id}/attendees/${attendee}`)).json().data,
    ).toMatchObject({
      qr_code: null,
      order_status: 'AWAITING_PAYMENT',
      ticket_state: 'AWAITING_PAYMENT',
      checked_in_at: null,
    });
    expect((await call(ctx.app, 'GET', `/api/public/events/${event.id}/attendees/${attendee}/qr.svg`)).statusCode).toBe(
      404,
    );

    const orderId = await orderIdOf(event.id, r.data.short_id);
    const stranger = await registerUser(ctx.app);
    expect(
      (await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${orderId}/mark-as-paid`, { token: stranger.token }))
        .statusCode,
    ).toBe(404);
    const paidRes = await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${orderId}/mark-as-paid`, {
      token: u.token,
    });
    expect(paidRes.json().data).toMatchObject({ status: 'COMPLETED', payment_status: 'PAYMENT_RECEIVED' });
    expect(
      (await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${orderId}/mark-as-paid`, { token: u.token })).json()
        .error.code,
    ).toBe('ORDER_ALREADY_PAID');
    // One mail per address: the buyer's payment note carries all three tickets, the other holders get theirs.
    const paidMails = await ctx.app.deps.database.db
      .select({ to: sql<string>`${outbox.payload}->>'to'`, template: sql<string>`${outbox.payload}->>'template'` })
      .from(outbox)
      .where(
        and(
          eq(outbox.order_id, orderId),
          sql`${outbox.payload}->>'template' in ('payment_received', 'attendee_ticket')`,
        ),
      );
    expect(paidMails.map((m) => `${m.template} ${m.to.toLowerCase()}`).sort()).toEqual([
      'attendee_ticket guest2@example.test',
      'attendee_ticket guest3@example.test',
      'payment_received grace@example.test',
    ]);
    const page = (await call(ctx.app, 'GET', `/api/public/events/${event.id}/attendees/${attendee}`)).json().data;
    // The QR code is the ticket code signed by the event (door devices verify it offline).
    expect(page).toMatchObject({
      qr_code: expect.stringMatching(new RegExp(`^${attendee}\\.[A-Za-z0-9_-]{86}$`)),
      attendee: { first_name: 'Guest1', ticket_name: 'Seat' },
      unit: { total: 2500 },
    });
    const svg = await call(ctx.app, 'GET', `/api/public/events/${event.id}/attendees/${attendee}/qr.svg`);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');
    expect(page).toMatchObject({ ticket_state: 'VALID', checked_in_at: null });
    // "Add to calendar": the ticket's calendar file, in the event's zone, linking back to the ticket.
    const ics = await call(ctx.app, 'GET', `/api/public/events/${event.id}/attendees/${attendee}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.headers['content-disposition']).toBe(`attachment; filename="${event.slug}.ics"`);
    expect(ics.body).toContain('BEGIN:VCALENDAR');
    expect(ics.body).toMatch(/DTSTART;TZID=[A-Za-z_/]+:\d{8}T\d{6}/);
    expect(ics.body.replace(/\r\n /g, '')).toContain(`/ticket/${event.id}/${attendee}`);
    // Checked in at the door: the ticket page says so, and when.
    const scanned = await call(ctx.app, 'POST', `/api/events/${event.id}/check-ins`, {
      token: u.token,
      body: { code: attendee, action: 'CHECK_IN' },
    });
    expect(scanned.json().data.result).toBe('CHECKED_IN');
    expect(
      (await call(ctx.app, 'GET', `/api/public/events/${event.id}/attendees/${attendee}`)).json().data,
    ).toMatchObject({ ticket_state: 'CHECKED_IN', checked_in_at: clock.now().toISOString() });

    const cancel = await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${orderId}/cancel`, { token: u.token });
    expect(cancel.json().data.status).toBe('CANCELLED');
    expect((await publicEvent(ctx.app, event.id)).tickets[0]!.max_selectable).toBe(10);
    expect(
      (await call(ctx.app, 'GET', `/api/public/events/${event.id}/attendees/${attendee}`)).json().data,
    ).toMatchObject({ qr_code: null, ticket_state: 'CANCELLED', checked_in_at: null });
    expect(
      (await call(ctx.app, 'GET', `/api/public/events/${event.id}/attendees/${attendee}/calendar.ics`)).statusCode,
    ).toBe(404);
  });
});

describe('the catalogue once orders exist', () => {
  it('a ticket with orders cannot be deleted or change type; a tier with sales cannot be removed', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [
      free,
      {
        name: 'Tiers',
        type: 'TIERED',
        tiers: [
          { label: 'Early', price: 0 },
          { label: 'Late', price: 0 },
        ],
      },
      { ...free, name: 'Unsold' },
    ]);
    const tierId = tickets[1]!.tiers[0]!.id;
    await reserve(ctx.app, event.id, {
      items: [
        { ticket_id: tickets[0]!.id, quantity: 1 },
        { ticket_id: tickets[1]!.id, tier_id: tierId, quantity: 1 },
      ],
    });
    const base = `/api/events/${event.id}/tickets`;
    const del = await call(ctx.app, 'DELETE', `${base}/${tickets[0]!.id}`, { token: u.token });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe('This ticket has orders and cannot be deleted. You can hide it instead.');
    const retype = await call(ctx.app, 'PUT', `${base}/${tickets[0]!.id}`, {
      token: u.token,
      body: { ...free, type: 'PAID', price: 100 },
    });
    expect(retype.json().error.code).toBe('TICKET_TYPE_LOCKED');
    const dropTier = await call(ctx.app, 'PUT', `${base}/${tickets[1]!.id}`, {
      token: u.token,
      body: { name: 'Tiers', type: 'TIERED', tiers: [{ id: tickets[1]!.tiers[1]!.id, label: 'Late', price: 0 }] },
    });
    expect(dropTier.json().error.code).toBe('TIER_HAS_SALES');
    const hideTier = await call(ctx.app, 'PUT', `${base}/${tickets[1]!.id}`, {
      token: u.token,
      body: {
        name: 'Tiers',
        type: 'TIERED',
        tiers: [
          { id: tierId, label: 'Early', price: 0, is_hidden: true },
          { id: tickets[1]!.tiers[1]!.id, label: 'Late', price: 0 },
        ],
      },
    });
    expect(hideTier.statusCode).toBe(200);
    expect(
      (await call(ctx.app, 'PUT', `${base}/${tickets[0]!.id}`, { token: u.token, body: { ...free, is_hidden: true } }))
        .statusCode,
    ).toBe(200);
    expect((await call(ctx.app, 'DELETE', `${base}/${tickets[2]!.id}`, { token: u.token })).statusCode).toBe(204);
  });

  it('promo codes count their uses, capacities their use, and page views are counted once per visitor', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [paid]);
    await call(ctx.app, 'POST', `/api/events/${event.id}/promo-codes`, {
      token: u.token,
      body: { code: 'TWO', discount_type: 'FIXED', discount: 500, max_uses: 1 },
    });
    await call(ctx.app, 'POST', `/api/events/${event.id}/capacity-assignments`, {
      token: u.token,
      body: { name: 'Hall', capacity: 50, applies_to: 'ALL' },
    });
    const first = await reserve(ctx.app, event.id, {
      items: [{ ticket_id: tickets[0]!.id, quantity: 2 }],
      promo_code: 'TWO',
    });
    expect(first.json().data.totals).toMatchObject({ subtotal: 5000, discount: 1000, total: 4000 });
    const second = await reserve(ctx.app, event.id, {
      items: [{ ticket_id: tickets[0]!.id, quantity: 1 }],
      promo_code: 'two',
      expected_total: 2000,
    });
    expect(second.json().error.field_errors).toEqual({ promo_code: ['That promo code is invalid.'] });
    const promos = (await call(ctx.app, 'GET', `/api/events/${event.id}/promo-codes`, { token: u.token })).json().data;
    expect(promos[0]).toMatchObject({ times_used: 1, is_active: false });
    const caps = (await call(ctx.app, 'GET', `/api/events/${event.id}/capacity-assignments`, { token: u.token })).json()
      .data;
    expect(caps[0]).toMatchObject({ used: 2 });

    const view = (visitor_id: string) =>
      call(ctx.app, 'POST', `/api/public/events/${event.id}/views`, { body: { visitor_id } });
    expect((await view('visitor-aaaa')).statusCode).toBe(204);
    await view('visitor-aaaa');
    await view('visitor-bbbb');
    clock.advance(31 * 60_000);
    await view('visitor-aaaa');
    const { rows } = (await ctx.app.deps.database.db.execute(
      `select count(*)::int as n from event_page_views where event_id = ${event.id}` as never,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0]!.n).toBe(3);
  });
});

async function orderIdOf(eventId: number, shortId: string): Promise<number> {
  const { rows } = (await ctx.app.deps.database.db.execute(
    `select id from orders where event_id = ${eventId} and short_id = '${shortId}'` as never,
  )) as unknown as { rows: Array<{ id: number }> };
  return rows[0]!.id;
}

describe('order e-mails', () => {
  it('a free order mails the buyer, each attendee their own ticket (PDF, .ics, QR) in their language, and the organizer', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [free], { title: 'Mail Night' });
    const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 2 }] })).json();
    const body = details(r.data, { email: 'buyer-mail@example.test' });
    // Two attendees with the same address still get one ticket each.
    body.attendees = body.attendees.map((a) => ({ ...a, email: 'shared@example.test' }));
    const done = await call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), {
      headers: buyerHeaders(r),
      body: { ...body, locale: 'de' },
    });
    expect(done.json().data.status).toBe('COMPLETED');

    // Ticket mails carry a PDF each: allow for a busy machine.
    const confirmation = await ctx.smtp.waitFor(
      'buyer-mail@example.test',
      (m) => m.subject.includes('Mail Night'),
      45_000,
    );
    // The buyer chose German: the confirmation and each ticket are in German.
    expect(confirmation.subject).toBe(`Ihre Bestellung ${done.json().data.order_number} für Mail Night`);
    expect(confirmation.text).toContain(done.json().data.order_number);
    expect(confirmation.text).toContain(`/checkout/${event.id}/${r.data.short_id}/summary`);
    // The buyer holds every ticket of the order: both PDFs, a link to each, and the print page of all.
    const codes = done.json().data.attendees.map((a: { short_id: string }) => a.short_id);
    expect(
      confirmation.attachments
        .filter((a) => a.mimeType === 'application/pdf')
        .map((a) => a.filename)
        .sort(),
    ).toEqual(codes.map((c: string) => `ticket-${c}.pdf`).sort());
    for (const code of codes) expect(confirmation.text).toContain(`/ticket/${event.id}/${code}`);
    expect(confirmation.text).toContain(`/order/${event.id}/${r.data.short_id}/print#secret=`);
    await ctx.smtp.waitFor(
      'shared@example.test',
      () => ctx.smtp.received.filter((m) => m.to.includes('shared@example.test')).length >= 2,
      45_000,
    );
    const ticketsMailed = ctx.smtp.received.filter((m) => m.to.includes('shared@example.test'));
    expect(ticketsMailed).toHaveLength(2);
    expect(ticketsMailed.map((m) => m.subject)).toEqual(['Ihr Ticket für Mail Night', 'Ihr Ticket für Mail Night']);
    for (const [i, mail] of ticketsMailed.entries()) {
      const kinds = mail.attachments.map((a) => a.mimeType).sort();
      expect(kinds).toEqual(['application/pdf', 'image/png', 'text/calendar']);
      const pdf = mail.attachments.find((a) => a.mimeType === 'application/pdf')!;
      expect(pdf.content.subarray(0, 4).toString()).toBe('%PDF');
      const ics = mail.attachments.find((a) => a.mimeType === 'text/calendar')!.content.toString();
      expect(ics).toContain('TZID=Europe/Berlin');
      expect(ics).toContain('BEGIN:VTIMEZONE');
      expect(mail.text).toContain(`/ticket/${event.id}/`);
      expect(i < 2).toBe(true);
    }
    const shorts = ticketsMailed.map((m) => /\/ticket\/\d+\/(A[A-Z0-9]{20})/.exec(m.text)![1]).sort();
    expect(shorts).toEqual(
      done
        .json()
        .data.attendees.map((a: { short_id: string }) => a.short_id)
        .sort(),
    );
    const notice = await ctx.smtp.waitFor(
      'hello@bluenote.test',
      (m) => m.text.includes(done.json().data.order_number),
      45_000,
    );
    expect(notice.subject).toBeTruthy();
  }, 120_000);

  it('greets and names Chinese buyers family name first, in full (#38)', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [free], { title: 'Name Night' });
    const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })).json();
    const body = {
      ...details(r.data, { first_name: '芳', last_name: '王', email: 'wang.fang@example.test', locale: 'zh-CN' }),
    };
    body.attendees = [
      { ...body.attendees[0]!, first_name: '小芳', last_name: '李', email: 'li.xiaofang@example.test' },
    ];
    const done = await call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), {
      headers: buyerHeaders(r),
      body,
    });
    expect(done.json().data.status).toBe('COMPLETED');
    const confirmation = await ctx.smtp.waitFor(
      'wang.fang@example.test',
      (m) => m.subject.includes('Name Night'),
      45_000,
    );
    expect(confirmation.text).toContain('王芳，您好');
    const ticket = await ctx.smtp.waitFor('li.xiaofang@example.test', (m) => m.subject.includes('Name Night'), 45_000);
    expect(ticket.text).toContain('李小芳，您好');
    // The organizer's notice names the buyer the same way.
    const notice = await ctx.smtp.waitFor(
      'hello@bluenote.test',
      (m) => m.text.includes(done.json().data.order_number),
      45_000,
    );
    expect(notice.text).toContain('王芳');
    expect(notice.text).not.toContain('芳 王');
  }, 120_000);
});
