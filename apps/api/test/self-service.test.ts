import { ORDER_SECRET_HEADER, type PublicOrderDto } from '@admitone/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders, ticketDates } from '../src/db/schema/index.js';
import { TestClock } from '../src/shared/clock.js';
import { buyerHeaders, details, liveEvent, reserve } from './checkout-factory.js';
import { call, createTestApp, mailSettled, type TestContext } from './test-app.js';

/**
 * Buyers help themselves from their order page (issue 23): correct attendee details until the event's
 * cut-off (the organizer sees each change in the order's history), send a ticket again.
 */
const clock = new TestClock(new Date('2026-11-27T10:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(async () => {
  await ctx?.close();
});

/**
 * An event starting 2027-06-01 19:00 Berlin with a free ticket and two attendee questions (one the buyer may change),
 * and a completed order of two.
 */
async function orderWithQuestions(settings: Record<string, unknown> = {}) {
  const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Lawn', type: 'FREE', quantity: 50 }]);
  const q = (body: Record<string, unknown>) =>
    call(ctx.app, 'POST', `/api/events/${event.id}/questions`, { token: u.token, body }).then(
      (r) => r.json().data as { id: number },
    );
  const size = await q({ title: 'T-shirt size', type: 'DROPDOWN', options: ['S', 'M', 'L'], buyer_editable: true });
  const company = await q({ title: 'Company', type: 'SINGLE_LINE_TEXT' });
  if (Object.keys(settings).length)
    expect(
      (await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, { token: u.token, body: settings })).statusCode,
    ).toBe(200);
  const res = await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 2 }] });
  const answer = res.json<{ data: PublicOrderDto; checkout_token: string; order_secret: string }>();
  const reserved = answer.data;
  const body = details(reserved);
  body.attendees = body.attendees.map((a) => ({
    ...a,
    answers: { [size.id]: 'M', [company.id]: 'Analytical Engines' },
  }));
  const done = await call(ctx.app, 'PUT', `/api/public/events/${event.id}/order/${reserved.short_id}/details`, {
    body,
    headers: buyerHeaders(answer),
  });
  expect(done.statusCode).toBe(200);
  const order = done.json<{ data: PublicOrderDto }>().data;
  const [row] = await ctx.app.deps.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.short_id, order.short_id));
  return { u, event, order, orderId: row!.id, secret: answer.order_secret, size, company };
}

const secretHeader = (secret: string) => ({ [ORDER_SECRET_HEADER]: secret });

describe('correcting attendee details', () => {
  it('shows what the buyer may do, lets them correct names, e-mails and editable answers, records each change and mails the ticket to the new address', async () => {
    const { u, event, order, orderId, secret, size, company } = await orderWithQuestions();
    const view = (
      await call(ctx.app, 'GET', `/api/public/events/${event.id}/order/${order.short_id}`, {
        headers: secretHeader(secret),
      })
    ).json<{ data: PublicOrderDto }>().data;
    expect(view.self_service).toMatchObject({
      can_edit: true,
      edit_until: '2027-05-31T17:00:00.000Z',
      can_transfer: false,
      can_cancel: false,
    });
    expect(view.self_service!.editable_questions.map((q) => q.title)).toEqual(['T-shirt size']);

    const second = order.attendees[1]!;
    await mailSettled(ctx.app);
    const url = `/api/public/events/${event.id}/order/${order.short_id}/attendees/${second.short_id}`;
    const res = await call(ctx.app, 'PUT', url, {
      headers: secretHeader(secret),
      body: { first_name: 'Adele', last_name: 'Person', email: 'adele@example.test', answers: { [size.id]: 'L' } },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json<{ data: PublicOrderDto }>().data;
    expect(after.attendees[1]).toMatchObject({ first_name: 'Adele', email: 'adele@example.test' });
    const answers = after.answers.filter((a) => a.attendee_short_id === second.short_id);
    expect(answers.find((a) => a.question_id === size.id)?.answer).toBe('L');
    // The question the buyer may not change keeps its answer.
    expect(answers.find((a) => a.question_id === company.id)?.answer).toBe('Analytical Engines');

    // The new address gets the ticket.
    const mail = await ctx.smtp.waitFor('adele@example.test');
    expect(mail.attachments.some((a) => a.mimeType === 'application/pdf')).toBe(true);

    // The organizer sees who changed what.
    const admin = (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${orderId}`, { token: u.token })).json()
      .data;
    const entry = admin.history.at(-1);
    expect(entry).toMatchObject({ kind: 'ATTENDEE_EDITED_BY_BUYER', by: null });
    expect(entry.data.changes).toEqual([
      { field: 'first_name', from: 'Guest2', to: 'Adele' },
      { field: 'email', from: 'guest2@example.test', to: 'adele@example.test' },
      { field: 'T-shirt size', from: 'M', to: 'L' },
    ]);
  });

  it('refuses answers to questions the buyer may not change, wrong answers, and wrong names, each on its field', async () => {
    const { event, order, secret, size, company } = await orderWithQuestions();
    const url = `/api/public/events/${event.id}/order/${order.short_id}/attendees/${order.attendees[0]!.short_id}`;
    const base = { first_name: 'Guest1', last_name: 'Person', email: 'guest1@example.test' };
    const locked = await call(ctx.app, 'PUT', url, {
      headers: secretHeader(secret),
      body: { ...base, answers: { [company.id]: 'Babbage & Co' } },
      locale: 'de',
    });
    expect(locked.statusCode).toBe(422);
    expect(Object.keys(locked.json().error.field_errors)).toEqual([`answers.${company.id}`]);
    const wrong = await call(ctx.app, 'PUT', url, {
      headers: secretHeader(secret),
      body: { ...base, answers: { [size.id]: 'XXL' } },
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().error.field_errors)).toEqual([`answers.${size.id}`]);
    const blank = await call(ctx.app, 'PUT', url, {
      headers: secretHeader(secret),
      body: { ...base, first_name: ' ', email: 'nope' },
    });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().error.field_errors).sort()).toEqual(['email', 'first_name']);
  });

  it('opens only with the order secret, and only for tickets of the order', async () => {
    const { event, order, secret } = await orderWithQuestions();
    const other = await orderWithQuestions();
    const body = { first_name: 'Eve', last_name: 'Intruder', email: 'eve@example.test', answers: {} };
    const url = (shortId: string, attendee: string) =>
      `/api/public/events/${event.id}/order/${shortId}/attendees/${attendee}`;
    expect((await call(ctx.app, 'PUT', url(order.short_id, order.attendees[0]!.short_id), { body })).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(ctx.app, 'PUT', url(order.short_id, order.attendees[0]!.short_id), {
          body,
          headers: secretHeader(other.secret),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(ctx.app, 'PUT', url(order.short_id, other.order.attendees[0]!.short_id), {
          body,
          headers: secretHeader(secret),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(ctx.app, 'POST', `${url(order.short_id, order.attendees[0]!.short_id)}/resend`, {
          headers: secretHeader(other.secret),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('closes at the cut-off before the start, and when the organizer turns it off', async () => {
    const { event, order, secret } = await orderWithQuestions({ attendee_edit_cutoff_hours: 48 });
    const url = `/api/public/events/${event.id}/order/${order.short_id}/attendees/${order.attendees[0]!.short_id}`;
    const body = { first_name: 'Late', last_name: 'Person', email: 'guest1@example.test', answers: {} };
    const saved = clock.now();
    clock.set(new Date('2027-05-30T16:59:00Z'));
    expect((await call(ctx.app, 'PUT', url, { headers: secretHeader(secret), body })).statusCode).toBe(200);
    clock.set(new Date('2027-05-30T17:00:01Z'));
    const late = await call(ctx.app, 'PUT', url, {
      headers: secretHeader(secret),
      body: { ...body, first_name: 'Later' },
      locale: 'fr',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('SELF_SERVICE_CLOSED');
    const view = (
      await call(ctx.app, 'GET', `/api/public/events/${event.id}/order/${order.short_id}`, {
        headers: secretHeader(secret),
      })
    ).json<{ data: PublicOrderDto }>().data;
    expect(view.self_service?.can_edit).toBe(false);
    clock.set(saved);

    const off = await orderWithQuestions({ attendee_edits_enabled: false });
    const offUrl = `/api/public/events/${off.event.id}/order/${off.order.short_id}/attendees/${off.order.attendees[0]!.short_id}`;
    expect((await call(ctx.app, 'PUT', offUrl, { headers: secretHeader(off.secret), body })).statusCode).toBe(409);
  });
});

describe('sending a ticket again', () => {
  it('mails the ticket to the address on it, at most every five minutes per ticket, and notes it in the history', async () => {
    const { u, event, order, orderId, secret } = await orderWithQuestions();
    await mailSettled(ctx.app);
    const count = () => ctx.smtp.received.filter((m) => m.to.includes('guest1@example.test')).length;
    const before = count();
    const url = `/api/public/events/${event.id}/order/${order.short_id}/attendees/${order.attendees[0]!.short_id}/resend`;
    expect((await call(ctx.app, 'POST', url, { headers: secretHeader(secret) })).statusCode).toBe(200);
    expect((await call(ctx.app, 'POST', url, { headers: secretHeader(secret) })).statusCode).toBe(200);
    await mailSettled(ctx.app);
    expect(count()).toBe(before + 1);
    clock.advance(5 * 60_000 + 1000);
    expect((await call(ctx.app, 'POST', url, { headers: secretHeader(secret) })).statusCode).toBe(200);
    await mailSettled(ctx.app);
    expect(count()).toBe(before + 2);
    const admin = (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${orderId}`, { token: u.token })).json()
      .data;
    expect(admin.history.filter((h: { kind: string }) => h.kind === 'TICKET_RESENT_BY_BUYER')).toHaveLength(2);
  });
});

describe('passing a ticket on', () => {
  it('gives the ticket a new code and holder, mails it to them, and refuses the old code at the door (online, and in the offline data)', async () => {
    const { u, event, order, orderId, secret } = await orderWithQuestions({ ticket_transfers: 'ALLOWED' });
    const view = (
      await call(ctx.app, 'GET', `/api/public/events/${event.id}/order/${order.short_id}`, {
        headers: secretHeader(secret),
      })
    ).json<{ data: PublicOrderDto }>().data;
    expect(view.self_service).toMatchObject({ can_transfer: true, transfer_until: '2027-06-01T17:00:00.000Z' });
    const old = order.attendees[1]!;
    const res = await call(
      ctx.app,
      'POST',
      `/api/public/events/${event.id}/order/${order.short_id}/attendees/${old.short_id}/transfer`,
      {
        headers: secretHeader(secret),
        body: { first_name: 'Hedy', last_name: 'Lamarr', email: 'hedy@example.test' },
      },
    );
    expect(res.statusCode).toBe(200);
    const passed = res.json<{ data: PublicOrderDto }>().data.attendees[1]!;
    expect(passed).toMatchObject({
      first_name: 'Hedy',
      last_name: 'Lamarr',
      email: 'hedy@example.test',
      status: 'ACTIVE',
    });
    expect(passed.short_id).not.toBe(old.short_id);

    // The new holder's mail carries the new code; the old ticket link no longer opens.
    const mail = await ctx.smtp.waitFor('hedy@example.test');
    expect(mail.text).toContain(passed.short_id);
    // It says who passed it on: the buyer.
    expect(mail.text).toContain('Grace Buyer passed this ticket on to you.');
    const oldLink = await call(ctx.app, 'GET', `/api/public/events/${event.id}/attendees/${old.short_id}`, {
      locale: 'fr',
    });
    expect(oldLink.statusCode).toBe(410);
    expect(oldLink.json().error.code).toBe('TICKET_PASSED_ON');
    expect(oldLink.json().error.message).toContain('nouveau');
    // A link nobody ever had is still just not found.
    expect((await call(ctx.app, 'GET', `/api/public/events/${event.id}/attendees/A${'Z'.repeat(20)}`)).statusCode).toBe(
      404,
    );

    // At the door: the old code is answered "passed on", the new one admits.
    const scan = (code: string) =>
      call(ctx.app, 'POST', `/api/events/${event.id}/check-ins`, {
        token: u.token,
        body: { code, action: 'CHECK_IN' },
      }).then((r) => r.json().data);
    expect((await scan(old.short_id)).result).toBe('TRANSFERRED');
    expect((await scan(old.short_id.toLowerCase())).result).toBe('TRANSFERRED');
    expect((await scan(passed.short_id)).result).toBe('CHECKED_IN');
    // A door device's offline data names the old code.
    const [list] = (await call(ctx.app, 'GET', `/api/events/${event.id}/check-in-lists`, { token: u.token })).json()
      .data;
    const offline = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/check-in-lists/${list.id}/offline`, { token: u.token })
    ).json().data;
    expect(offline.retired_codes).toEqual([old.short_id]);
    expect(offline.tickets.map((t: { code: string }) => t.code)).toContain(passed.short_id);
    // Searching the list for the old code says it was passed on (not just "no match"); the new code is found.
    const search = (code: string) =>
      call(ctx.app, 'GET', `/api/events/${event.id}/check-in-lists/${list.id}/attendees?query=${code}`, {
        token: u.token,
      }).then((r) => r.json());
    const byOld = await search(old.short_id.toLowerCase());
    expect(byOld.data).toEqual([]);
    expect(byOld.meta.passed_on).toBe(true);
    const byNew = await search(passed.short_id);
    expect(byNew.data.map((a: { short_id: string }) => a.short_id)).toEqual([passed.short_id]);
    expect(byNew.meta.passed_on).toBeUndefined();
    expect((await search('nobody-at-all')).meta.passed_on).toBeUndefined();

    // A ticket used at the door cannot be passed on any more.
    const again = await call(
      ctx.app,
      'POST',
      `/api/public/events/${event.id}/order/${order.short_id}/attendees/${passed.short_id}/transfer`,
      {
        headers: secretHeader(secret),
        body: { first_name: 'Someone', last_name: 'Else', email: 'else@example.test' },
      },
    );
    expect(again.statusCode).toBe(409);

    const admin = (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${orderId}`, { token: u.token })).json()
      .data;
    expect(admin.history.find((h: { kind: string }) => h.kind === 'TICKET_TRANSFERRED').data).toMatchObject({
      from: 'Guest2 Person <guest2@example.test>',
      to: 'Hedy Lamarr <hedy@example.test>',
    });
  });

  it('is refused when the event does not allow it, after the cut-off, and without the order secret', async () => {
    const body = { first_name: 'Hedy', last_name: 'Lamarr', email: 'hedy@example.test' };
    const off = await orderWithQuestions();
    const url = (o: Awaited<ReturnType<typeof orderWithQuestions>>) =>
      `/api/public/events/${o.event.id}/order/${o.order.short_id}/attendees/${o.order.attendees[0]!.short_id}/transfer`;
    const refused = await call(ctx.app, 'POST', url(off), { headers: secretHeader(off.secret), body });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SELF_SERVICE_CLOSED');

    const on = await orderWithQuestions({ ticket_transfers: 'ALLOWED', ticket_transfer_cutoff_hours: 72 });
    expect((await call(ctx.app, 'POST', url(on), { body })).statusCode).toBe(404);
    const saved = clock.now();
    clock.set(new Date('2027-05-29T17:00:01Z'));
    expect((await call(ctx.app, 'POST', url(on), { headers: secretHeader(on.secret), body })).statusCode).toBe(409);
    clock.set(saved);
    const bad = await call(ctx.app, 'POST', url(on), {
      headers: secretHeader(on.secret),
      body: { ...body, email: 'not-an-address' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.field_errors)).toEqual(['email']);
  });
});

describe('cancelling by the buyer', () => {
  /** What a ticket has taken: the sum of its dates' counters. */
  const takenOf = async (ticketId: number) =>
    Number(
      (
        await ctx.app.deps.database.db
          .select({ taken: sql<number>`coalesce(sum(${ticketDates.taken}), 0)::int` })
          .from(ticketDates)
          .where(eq(ticketDates.ticket_id, ticketId))
      )[0]!.taken,
    );

  it('cancels a free order where the event allows it: the tickets go back to stock, once, and the history says the buyer did it', async () => {
    const { u, event, order, orderId, secret } = await orderWithQuestions({
      buyer_cancellation: 'FREE_ORDERS',
      buyer_cancellation_cutoff_hours: 24,
    });
    const ticketId = order.attendees[0]!.ticket_id;
    expect(await takenOf(ticketId)).toBe(2);
    const view = (
      await call(ctx.app, 'GET', `/api/public/events/${event.id}/order/${order.short_id}`, {
        headers: secretHeader(secret),
      })
    ).json<{ data: PublicOrderDto }>().data;
    expect(view.self_service).toMatchObject({
      can_cancel: true,
      cancel_until: '2027-05-31T17:00:00.000Z',
      cancel_refunds: false,
    });
    const url = `/api/public/events/${event.id}/order/${order.short_id}/cancel`;
    expect((await call(ctx.app, 'POST', url)).statusCode).toBe(404);
    const [first, second] = await Promise.all([
      call(ctx.app, 'POST', url, { headers: secretHeader(secret) }),
      call(ctx.app, 'POST', url, { headers: secretHeader(secret) }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const cancelled = (first.statusCode === 200 ? first : second).json<{ data: PublicOrderDto }>().data;
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.attendees.map((a) => a.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(await takenOf(ticketId)).toBe(0);
    const mail = await ctx.smtp.waitFor('grace@example.test', (m) => /cancel/i.test(m.subject));
    expect(mail.subject).toContain(order.order_number);
    const admin = (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${orderId}`, { token: u.token })).json()
      .data;
    expect(admin.history.filter((h: { kind: string }) => h.kind === 'CANCELLED_BY_BUYER')).toHaveLength(1);
    expect(admin.history.some((h: { kind: string }) => h.kind === 'CANCELLED')).toBe(false);
  });

  it('is refused when the event does not allow it, and after the cut-off', async () => {
    const closed = await orderWithQuestions();
    const url = (o: Awaited<ReturnType<typeof orderWithQuestions>>) =>
      `/api/public/events/${o.event.id}/order/${o.order.short_id}/cancel`;
    expect((await call(ctx.app, 'POST', url(closed), { headers: secretHeader(closed.secret) })).json().error.code).toBe(
      'SELF_SERVICE_CLOSED',
    );
    const late = await orderWithQuestions({ buyer_cancellation: 'WITH_REFUND', buyer_cancellation_cutoff_hours: 48 });
    const saved = clock.now();
    clock.set(new Date('2027-05-30T17:00:01Z'));
    expect((await call(ctx.app, 'POST', url(late), { headers: secretHeader(late.secret) })).statusCode).toBe(409);
    clock.set(saved);
    expect(await takenOf(late.order.attendees[0]!.ticket_id)).toBe(2);
  });
});
