import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { liveEvent, placeOrder, publicEvent, reserve } from './checkout-factory.js';
import { confirmAddress, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

type Row = {
  id: number;
  email: string | null;
  first_name: string;
  last_name: string;
  status: string;
  ticket_name: string;
  order_id: number;
  short_id: string;
  order_number: string;
};

async function world() {
  const w = await liveEvent(ctx.app, [
    { name: 'Seat', type: 'PAID', price: 2_000, quantity: 2 },
    { name: 'Lawn', type: 'FREE', quantity: 3 },
    {
      name: 'Stage',
      type: 'TIERED',
      tiers: [
        { label: 'Early', price: 1_000, quantity: 1 },
        { label: 'Late', price: 1_500, quantity: null },
      ],
    },
  ]);
  await call(ctx.app, 'PUT', `/api/events/${w.event.id}/settings`, {
    token: w.u.token,
    body: { offline_payments_enabled: true },
  });
  // Ticket mails sent from the admin need a confirmed address.
  await confirmAddress(ctx.app, ctx.smtp, w.u);
  const c = { eventId: w.event.id, organizerToken: w.u.token };
  const list = async (qs = '') =>
    (await call(ctx.app, 'GET', `/api/events/${w.event.id}/attendees?${qs}`, { token: w.u.token })).json<{
      data: Row[];
      meta: { total: number };
    }>();
  const base = `/api/events/${w.event.id}/attendees`;
  return { ...w, c, list, base };
}
const left = async (eventId: number, ticketId: number) =>
  (await publicEvent(ctx.app, eventId)).tickets.find((t) => t.id === ticketId)!;

describe('the organizer attendee list', () => {
  it('lists admissions (not holds in progress), searches by name, e-mail, ticket code and order number, filters, sorts, pages', async () => {
    const { event, tickets, c, list } = await world();
    const a = await placeOrder(ctx.app, c, [{ ticket_id: tickets[1]!.id, quantity: 2 }], {
      buyer: { email: 'zed@example.test' },
    });
    const b = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 1 }], { paid: false });
    await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[1]!.id, quantity: 1 }] });
    const all = await list();
    expect(all.meta.total).toBe(3);
    expect(all.data.map((r) => [r.first_name, r.ticket_name, r.status])).toEqual([
      ['Guest1', 'Lawn', 'ACTIVE'],
      ['Guest1', 'Seat', 'AWAITING_PAYMENT'],
      ['Guest2', 'Lawn', 'ACTIVE'],
    ]);
    expect((await list('query=guest2')).data.map((r) => r.first_name)).toEqual(['Guest2']);
    expect((await list('query=guest1%40example')).meta.total).toBe(2);
    expect((await list(`query=${a.attendees[1]!.short_id}`)).data.map((r) => r.short_id)).toEqual([
      a.attendees[1]!.short_id,
    ]);
    expect((await list(`query=${encodeURIComponent(b.order_number)}`)).data.map((r) => r.ticket_name)).toEqual([
      'Seat',
    ]);
    expect((await list(`filter_fields[ticket_id]=${tickets[0]!.id}`)).meta.total).toBe(1);
    expect((await list('filter_fields[status]=AWAITING_PAYMENT')).meta.total).toBe(1);
    expect((await list('filter_fields[checked_in]=true')).meta.total).toBe(0);
    expect((await list('filter_fields[checked_in]=false')).meta.total).toBe(3);
    expect((await list('sort_by=ticket&sort_direction=desc')).data.map((r) => r.ticket_name)).toEqual([
      'Seat',
      'Lawn',
      'Lawn',
    ]);
    expect((await list('per_page=2&page=2')).data).toHaveLength(1);
  });

  it('shows an attendee with answers; corrects names and e-mail; checks answers like the checkout', async () => {
    const { u, event, tickets, base } = await world();
    const q = await call(ctx.app, 'POST', `/api/events/${event.id}/questions`, {
      token: u.token,
      body: {
        title: 'T-shirt',
        type: 'DROPDOWN',
        options: ['S', 'M'],
        required: true,
        applies_to: 'ATTENDEE',
        ticket_ids: [],
      },
    });
    const qid = q.json().data.id;
    const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[1]!.id, quantity: 1 }] })).json();
    const done = await call(ctx.app, 'PUT', `/api/public/events/${event.id}/order/${r.data.short_id}/details`, {
      headers: { 'x-checkout-token': r.checkout_token, 'x-order-secret': r.order_secret },
      body: {
        first_name: 'B',
        last_name: 'C',
        email: 'b@example.test',
        answers: {},
        attendees: [
          {
            short_id: r.data.attendees[0].short_id,
            first_name: 'Ann',
            last_name: 'Lee',
            email: 'ann@example.test',
            answers: { [qid]: 'S' },
          },
        ],
      },
    });
    expect(done.statusCode).toBe(200);
    const [row] = (await call(ctx.app, 'GET', base, { token: u.token })).json().data;
    const one = await call(ctx.app, 'GET', `${base}/${row.id}`, { token: u.token });
    expect(one.json().data).toMatchObject({
      first_name: 'Ann',
      answers: [{ question_id: qid, question_title: 'T-shirt', answer: 'S' }],
      check_ins: [],
      is_manually_created: false,
    });
    const bad = await call(ctx.app, 'PUT', `${base}/${row.id}`, {
      token: u.token,
      body: { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.test', answers: { [qid]: 'XL' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.field_errors).toEqual({ [`answers.${qid}`]: ['This choice does not exist.'] });
    const ok = await call(ctx.app, 'PUT', `${base}/${row.id}`, {
      token: u.token,
      body: { first_name: 'Anne', last_name: 'Lee', email: 'ANNE@example.test', answers: { [qid]: 'M' } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      first_name: 'Anne',
      email: 'anne@example.test',
      answers: [{ answer: 'M' }],
    });
    const order = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${row.order_id}`, { token: u.token })
    ).json().data;
    expect(order.history.at(-1)).toMatchObject({
      kind: 'ATTENDEE_EDITED',
      data: { attendee_id: row.id, fields: ['first_name', 'email', 'answers'] },
    });
  });

  it('moves an attendee to another ticket only when its stock allows, splitting the order line at the price paid', async () => {
    const { u, event, tickets, c, base, list } = await world();
    await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 2 }]); // Seat sold out
    const o = await placeOrder(ctx.app, c, [{ ticket_id: tickets[1]!.id, quantity: 2 }]);
    const lawn = (await list(`filter_fields[ticket_id]=${tickets[1]!.id}`)).data[0]!;
    const full = await call(ctx.app, 'PUT', `${base}/${lawn.id}`, {
      token: u.token,
      body: { first_name: 'A', last_name: 'B', email: 'a@example.test', ticket_id: tickets[0]!.id },
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('NO_TICKETS_AVAILABLE');
    const noTier = await call(ctx.app, 'PUT', `${base}/${lawn.id}`, {
      token: u.token,
      body: { first_name: 'A', last_name: 'B', email: 'a@example.test', ticket_id: tickets[2]!.id },
    });
    expect(noTier.json().error.field_errors).toEqual({ tier_id: ['This choice does not exist.'] });
    const early = tickets[2]!.tiers[0]!.id;
    const moved = await call(ctx.app, 'PUT', `${base}/${lawn.id}`, {
      token: u.token,
      body: { first_name: 'A', last_name: 'B', email: 'a@example.test', ticket_id: tickets[2]!.id, tier_id: early },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      ticket_name: 'Stage',
      tier_label: 'Early',
      ticket_id: tickets[2]!.id,
      tier_id: early,
    });
    const tier = (await left(event.id, tickets[2]!.id)).tiers.find((t) => t.id === early)!;
    expect(tier.sale_state).toBe('SOLD_OUT');
    expect((await left(event.id, tickets[1]!.id)).sale_state).toBe('ON_SALE');
    const detail = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${lawn.order_id}`, { token: u.token })
    ).json().data;
    expect(
      detail.items.map((i: { ticket_name: string; quantity: number; total: number }) => [
        i.ticket_name,
        i.quantity,
        i.total,
      ]),
    ).toEqual([
      ['Lawn', 1, 0],
      ['Stage', 1, 0],
    ]);
    expect(detail.totals.total).toBe(o.totals.total);
    expect(detail.history.find((h: { kind: string }) => h.kind === 'ATTENDEE_MOVED')).toMatchObject({
      kind: 'ATTENDEE_MOVED',
      data: { from: 'Lawn', to: 'Stage (Early)' },
    });
    const other = await liveEvent(ctx.app, [{ name: 'Elsewhere', type: 'FREE' }]);
    const foreign = await call(ctx.app, 'PUT', `${base}/${lawn.id}`, {
      token: u.token,
      body: { first_name: 'A', last_name: 'B', email: 'a@example.test', ticket_id: other.tickets[0]!.id },
    });
    expect(foreign.json().error.field_errors).toEqual({ ticket_id: ['This choice does not exist.'] });
  });

  it('cancels a ticket back into the pool and reactivates it only while stock allows; resends valid tickets only', async () => {
    const { u, event, tickets, c, base, list } = await world();
    await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 2 }], {
      buyer: { email: 'pair@example.test' },
    });
    const [first] = (await list(`filter_fields[ticket_id]=${tickets[0]!.id}`)).data;
    const cancel = await call(ctx.app, 'POST', `${base}/${first!.id}/cancel`, { token: u.token });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data.status).toBe('CANCELLED');
    expect((await call(ctx.app, 'POST', `${base}/${first!.id}/cancel`, { token: u.token })).json().error.message).toBe(
      'This ticket has already been cancelled.',
    );
    expect(
      (await call(ctx.app, 'POST', `${base}/${first!.id}/resend-ticket`, { token: u.token })).json().error.code,
    ).toBe('ATTENDEE_NOT_VALID');
    expect((await left(event.id, tickets[0]!.id)).sale_state).toBe('ON_SALE');
    await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 1 }]); // the freed seat is sold again
    const again = await call(ctx.app, 'POST', `${base}/${first!.id}/reactivate`, { token: u.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('NO_TICKETS_AVAILABLE');
    const [, second] = (
      await list(
        `filter_fields[ticket_id]=${tickets[0]!.id}&sort_by=created_at&sort_direction=asc&filter_fields[status]=ACTIVE`,
      )
    ).data;
    await call(ctx.app, 'POST', `${base}/${second!.id}/cancel`, { token: u.token });
    const back = await call(ctx.app, 'POST', `${base}/${first!.id}/reactivate`, { token: u.token });
    expect(back.statusCode).toBe(200);
    expect(back.json().data.status).toBe('ACTIVE');
    expect((await call(ctx.app, 'POST', `${base}/${first!.id}/reactivate`, { token: u.token })).json().error.code).toBe(
      'ATTENDEE_NOT_CANCELLED',
    );
    const resent = await call(ctx.app, 'POST', `${base}/${first!.id}/resend-ticket`, { token: u.token });
    expect(resent.statusCode).toBe(200);
    const mail = await ctx.smtp.waitFor(first!.email!, (m) => m.text.includes(first!.short_id));
    expect(mail.subject).toBeTruthy();
    const order = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${first!.order_id}`, { token: u.token })
    ).json().data;
    expect(order.history.map((h: { kind: string }) => h.kind).slice(-2)).toEqual([
      'ATTENDEE_REACTIVATED',
      'TICKET_RESENT',
    ]);
    // A ticket of a cancelled order stays cancelled.
    await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${first!.order_id}/cancel`, { token: u.token });
    expect((await call(ctx.app, 'POST', `${base}/${first!.id}/reactivate`, { token: u.token })).json().error.code).toBe(
      'ATTENDEE_ORDER_CLOSED',
    );
  });

  it('adds an attendee by hand: a completed manual order that takes stock and mails the ticket', async () => {
    const empty = await liveEvent(ctx.app, []);
    const none = await call(ctx.app, 'POST', `/api/events/${empty.event.id}/attendees`, {
      token: empty.u.token,
      body: { ticket_id: 1, first_name: 'A', last_name: 'B', email: 'a@example.test' },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe('Create a ticket first: this needs at least one ticket.');

    const { u, event, tickets, base } = await world();
    const body = {
      ticket_id: tickets[0]!.id,
      first_name: 'Door',
      last_name: 'Sale',
      email: 'door@example.test',
      amount_paid: 2_500,
    };
    const made = await call(ctx.app, 'POST', base, { token: u.token, body });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({
      first_name: 'Door',
      status: 'ACTIVE',
      ticket_name: 'Seat',
      is_manually_created: true,
      order_status: 'COMPLETED',
    });
    const order = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${made.json().data.order_id}`, { token: u.token })
    ).json().data;
    expect(order).toMatchObject({
      payment_provider: 'MANUAL',
      payment_status: 'PAYMENT_RECEIVED',
      total: 2_500,
      is_manually_created: true,
      actions: { refund: false },
    });
    expect(order.history.map((h: { kind: string }) => h.kind)).toEqual(['MANUALLY_CREATED']);
    await ctx.smtp.waitFor('door@example.test', (m) => m.text.includes(made.json().data.short_id));
    expect(
      (
        await call(ctx.app, 'POST', base, {
          token: u.token,
          body: { ...body, email: 'two@example.test', send_ticket: false },
        })
      ).statusCode,
    ).toBe(201);
    const third = await call(ctx.app, 'POST', base, { token: u.token, body: { ...body, email: 'three@example.test' } });
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('NO_TICKETS_AVAILABLE');
    const tierless = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { ...body, ticket_id: tickets[2]!.id },
    });
    expect(tierless.json().error.field_errors).toEqual({ tier_id: ['This choice does not exist.'] });
    const invalid = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { ticket_id: 'x', first_name: '', email: 'no', amount_paid: -1 },
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().error.field_errors).sort()).toEqual([
      'amount_paid',
      'email',
      'first_name',
      'last_name',
      'ticket_id',
    ]);
  });

  it('checks every id against the caller', async () => {
    const { tickets, c, base, list } = await world();
    await placeOrder(ctx.app, c, [{ ticket_id: tickets[1]!.id, quantity: 1 }]);
    const [row] = (await list()).data;
    const other = await registerUser(ctx.app);
    for (const [m, p] of [
      ['GET', base],
      ['GET', `${base}/${row!.id}`],
      ['PUT', `${base}/${row!.id}`],
      ['POST', `${base}/${row!.id}/cancel`],
      ['POST', `${base}/${row!.id}/reactivate`],
      ['POST', `${base}/${row!.id}/resend-ticket`],
    ] as const) {
      const res = await call(ctx.app, m, p, {
        token: other.token,
        body: m === 'PUT' ? { first_name: 'A', last_name: 'B', email: 'a@example.test' } : undefined,
      });
      expect(res.statusCode, `${m} ${p}`).toBe(404);
    }
    expect(
      (
        await call(ctx.app, 'POST', base, {
          token: other.token,
          body: { ticket_id: tickets[1]!.id, first_name: 'A', last_name: 'B', email: 'a@example.test' },
        })
      ).statusCode,
    ).toBe(404);
    const second = await world();
    expect(
      (await call(ctx.app, 'GET', `/api/events/${second.event.id}/attendees/${row!.id}`, { token: second.u.token }))
        .statusCode,
    ).toBe(404);
  });
});
