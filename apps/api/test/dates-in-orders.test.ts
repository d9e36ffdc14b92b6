import type { AttendeeDto, OrderLookupDto, OrderSummaryDto, PublicOrderDto } from '@admitone/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attendees, orders, outbox } from '../src/db/schema/index.js';
import { loadCatalogs } from '../src/i18n/i18n.js';
import { formatTicketDate } from '../src/modules/order-documents/format.js';
import type { TicketDocumentData } from '../src/modules/order-documents/ticket-document-data.js';
import { enqueueOrderMails } from '../src/modules/orders/order-mails.js';
import { TestClock } from '../src/shared/clock.js';
import { addDate, buyerHeaders, details, firstDateOf, liveEvent, reserve } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Which date an order and a ticket are for (issue #39), wherever they show: an event with two dates in
 * Berlin, the first on 1 June (the event's own times) and the second, "Closing night", on 8 June at an
 * open-air stage of its own; one order on each. Every view of the order on the second date names the 8th,
 * not the event's start; the door admits each ticket on its own date only.
 */
// Sessions last 30 days: the organizer's, made now, still works on the days of the dates.
const clock = new TestClock(new Date('2027-05-20T12:00:00Z'));
let ctx: TestContext;
let token: string;
let eventId: number;
let first: number;
let second: number;
/** The order for the second date (two tickets), and the one for the first (one ticket). */
let late: Placed;
let early: Placed;

const STAGE = { venue_name: 'Open-air stage', city: 'Potsdam', country: 'DE' };
/** 8 June 2027, 19:00-22:00 in Berlin (summer time: UTC+2). */
const SECOND = { start: '2027-06-08T17:00:00.000Z', end: '2027-06-08T20:00:00.000Z' };

interface Placed {
  order: PublicOrderDto;
  secret: string;
  id: number;
}

/** A buyer's free order on a date: reserved, then completed by the details (with the order's secret). */
async function placeOn(dateId: number, email: string, quantity: number): Promise<Placed> {
  const ticketId = (await call(ctx.app, 'GET', `/api/events/${eventId}/tickets`, { token })).json().data[0].id;
  const r = await reserve(ctx.app, eventId, { items: [{ ticket_id: ticketId, quantity }], event_date_id: dateId });
  expect(r.statusCode, r.body).toBe(201);
  const answer = r.json<{ data: PublicOrderDto; checkout_token: string; order_secret: string }>();
  const d = await call(ctx.app, 'PUT', `/api/public/events/${eventId}/order/${answer.data.short_id}/details`, {
    body: details(answer.data, { email }),
    headers: buyerHeaders(answer),
  });
  expect(d.statusCode, d.body).toBe(200);
  const order = d.json<{ data: PublicOrderDto }>().data;
  expect(order.status).toBe('COMPLETED');
  const [row] = await ctx.app.deps.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.short_id, order.short_id));
  return { order, secret: answer.order_secret, id: row!.id };
}

const list = async <T>(path: string) => {
  const r = await call(ctx.app, 'GET', path, { token });
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ data: T[]; meta: { allowed_filter_fields: string[] } }>();
};

beforeAll(async () => {
  await loadCatalogs();
  ctx = await createTestApp({ clock });
  const { u, event } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 50 }], { title: 'Hamlet' });
  token = u.token;
  eventId = event.id;
  first = await firstDateOf(ctx.app, eventId);
  second = await addDate(ctx.app, token, eventId, '2027-06-08T19:00', {
    end_date: '2027-06-08T22:00',
    label: 'Closing night',
    location: STAGE,
  });
  late = await placeOn(second, 'late@example.test', 2);
  early = await placeOn(first, 'early@example.test', 1);
}, 60_000);
afterAll(() => ctx.close());

describe('the date of an order and its tickets', () => {
  it("the buyer's order names its date (times, label, venue), from the reservation on; the event keeps its span", async () => {
    const stage = {
      ...STAGE,
      address_line_1: null,
      address_line_2: null,
      state_or_region: null,
      zip_or_postal_code: null,
      latitude: null,
      longitude: null,
    };
    expect(late.order.date).toEqual({
      id: second,
      start_date: SECOND.start,
      end_date: SECOND.end,
      label: 'Closing night',
      location: stage,
    });
    expect(late.order.event.start_date).toBe('2027-06-01T17:00:00.000Z');
    expect(early.order.date).toMatchObject({ id: first, start_date: '2027-06-01T17:00:00.000Z', label: null });
    expect(early.order.date!.location).toBeNull();

    // The order page reads it again; a fresh reservation answers it from what it wrote.
    const page = await call(ctx.app, 'GET', `/api/public/events/${eventId}/order/${late.order.short_id}`, {
      headers: { 'x-order-secret': late.secret },
    });
    expect(page.json().data.date).toEqual(late.order.date);
    const ticketId = late.order.attendees[0]!.ticket_id;
    const fresh = await reserve(ctx.app, eventId, {
      items: [{ ticket_id: ticketId, quantity: 1 }],
      event_date_id: second,
    });
    expect(fresh.json().data.date).toEqual(late.order.date);
  });

  it('the ticket page and its calendar file are at the time and venue of the ticket’s date', async () => {
    const code = late.order.attendees[0]!.short_id;
    const ticket = (await call(ctx.app, 'GET', `/api/public/events/${eventId}/attendees/${code}`)).json().data;
    expect(ticket.date).toEqual(late.order.date);
    const ics = await call(ctx.app, 'GET', `/api/public/events/${eventId}/attendees/${code}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    const text = ics.body.replace(/\r\n[ \t]/g, '');
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20270608T190000');
    expect(text).toContain('DTEND;TZID=Europe/Berlin:20270608T220000');
    expect(text).toContain('SUMMARY:Hamlet – Closing night');
    expect(text).toContain('LOCATION:Open-air stage\\, Potsdam\\, Germany');
    // The first date's ticket: the event's own times.
    const other = await call(
      ctx.app,
      'GET',
      `/api/public/events/${eventId}/attendees/${early.order.attendees[0]!.short_id}/calendar.ics`,
    );
    expect(other.body).toContain('DTSTART;TZID=Europe/Berlin:20270601T190000');
    expect(other.body).toContain('SUMMARY:Hamlet\r\n');
  });

  it("the mails and the ticket's documents give the date's time, label and venue", async () => {
    const number = late.order.order_number;
    const confirmation = await ctx.smtp.waitFor('late@example.test', (m) => m.subject.includes(number));
    expect(confirmation.text).toMatch(/When: Tuesday, June 8, 2027, 7:00\s*–\s*10:00\s*PM GMT\+2 \(Closing night\)/);
    expect(confirmation.text).toContain('Where: Open-air stage, Potsdam, Germany');
    expect(confirmation.text).not.toContain('June 1, 2027');
    const ticketMail = await ctx.smtp.waitFor(
      'guest1@example.test',
      (m) => m.subject.startsWith('Your ticket') && m.text.includes(number),
    );
    expect(ticketMail.text).toMatch(/When: Tuesday, June 8, 2027, .*\(Closing night\)/);
    const ics = ticketMail.attachments.find((a) => a.filename?.endsWith('.ics'))!.content.toString('utf8');
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20270608T190000');

    // What the PDF is drawn from: the ticket mail's data (written in a transaction rolled back, so nothing is sent).
    const db = ctx.app.deps.database.db;
    const [a] = await db
      .select({ id: attendees.id })
      .from(attendees)
      .where(eq(attendees.short_id, late.order.attendees[1]!.short_id));
    let written: Record<string, unknown> | undefined;
    await db
      .transaction(async (tx) => {
        const ids = await enqueueOrderMails(
          tx,
          { now: clock.now(), appUrl: 'http://admitone.test', storage: ctx.app.deps.storage },
          late.id,
          { ticket: a!.id },
        );
        const [row] = await tx.select({ payload: outbox.payload }).from(outbox).where(inArray(outbox.id, ids));
        written = row?.payload;
        tx.rollback();
      })
      .catch(() => undefined);
    const doc = (written!.data as { ticket: TicketDocumentData }).ticket;
    expect(doc.event).toMatchObject({
      title: 'Hamlet',
      start_date: SECOND.start,
      end_date: SECOND.end,
      date_label: 'Closing night',
      location: expect.objectContaining(STAGE),
    });
    expect(formatTicketDate(doc.event, 'en')).toMatch(/^Tuesday, June 8, 2027, 7:00.*\(Closing night\)$/);
  });

  it("the organizer's new-order notice names the date the order's tickets are for, as the buyer's mails", async () => {
    const notice = (number: string) =>
      ctx.smtp.waitFor('hello@bluenote.test', (m) => m.subject === `New order ${number} for Hamlet`);
    const second = await notice(late.order.order_number);
    expect(second.text).toContain('placed order');
    expect(second.text).toMatch(/When: Tuesday, June 8, 2027, 7:00\s*–\s*10:00\s*PM GMT\+2 \(Closing night\)/);
    expect(second.text).not.toContain('June 1, 2027');
    // The first date has no label: its times only (the event's own).
    const first = await notice(early.order.order_number);
    expect(first.text).toMatch(/When: Tuesday, June 1, 2027, 7:00\s*–\s*11:00\s*PM GMT\+2\n/);
  });

  it('find my tickets lists each order with its date', async () => {
    const asked = await call(ctx.app, 'POST', `/api/public/events/${eventId}/order-lookups`, {
      body: { email: 'late@example.test' },
    });
    expect(asked.statusCode).toBe(202);
    const mail = await ctx.smtp.waitFor('late@example.test', (m) =>
      /find-tickets\/\d+\/[A-Za-z0-9_-]{20,}/.test(m.text),
    );
    const link = mail.text.match(/find-tickets\/\d+\/([A-Za-z0-9_-]{20,})/)![1];
    const found = (await call(ctx.app, 'GET', `/api/public/events/${eventId}/order-lookups/${link}`)).json<{
      data: OrderLookupDto;
    }>().data;
    expect(found.orders).toHaveLength(1);
    expect(found.orders[0]!.date).toEqual(late.order.date);
  });

  it("the organizer's order and attendee lists name each one's date and filter by one of the event's dates", async () => {
    const all = await list<OrderSummaryDto>(`/api/events/${eventId}/orders`);
    expect(all.meta.allowed_filter_fields).toContain('event_date_id');
    const byNumber = new Map(all.data.map((o) => [o.order_number, o]));
    expect(byNumber.get(late.order.order_number)!.date).toEqual(late.order.date);
    expect(byNumber.get(early.order.order_number)!.date!.id).toBe(first);

    const onSecond = await list<OrderSummaryDto>(
      `/api/events/${eventId}/orders?filter_fields[event_date_id]=${second}`,
    );
    expect(onSecond.data.map((o) => o.order_number)).toEqual([late.order.order_number]);
    const detail = await call(ctx.app, 'GET', `/api/events/${eventId}/orders/${late.id}`, { token });
    expect(detail.json().data.date).toEqual(late.order.date);
    expect(detail.json().data.attendees.map((p: AttendeeDto) => p.date.id)).toEqual([second, second]);
    const attendeeId = detail.json().data.attendees[1].id;
    const person = await call(ctx.app, 'GET', `/api/events/${eventId}/attendees/${attendeeId}`, { token });
    expect(person.statusCode, person.body).toBe(200);
    expect(person.json().data.date).toEqual(late.order.date);

    const people = await list<AttendeeDto>(`/api/events/${eventId}/attendees`);
    expect(people.meta.allowed_filter_fields).toContain('event_date_id');
    expect(people.data.filter((p) => p.date.id === second)).toHaveLength(2);
    const onFirst = await list<AttendeeDto>(`/api/events/${eventId}/attendees?filter_fields[event_date_id]=${first}`);
    expect(onFirst.data.map((p) => p.order_number)).toEqual([early.order.order_number]);
    expect(onFirst.data[0]!.date).toEqual({
      id: first,
      start_date: '2027-06-01T17:00:00.000Z',
      end_date: '2027-06-01T21:00:00.000Z',
      label: null,
      location: null,
    });

    // Another event's date is no date of this event: refused on the field, in every list that filters by it.
    const other = await liveEvent(ctx.app, []);
    const foreign = await firstDateOf(ctx.app, other.event.id);
    for (const path of ['orders', 'attendees', 'check-in/attendees', 'attendees/export', 'orders/export']) {
      const r = await call(ctx.app, 'GET', `/api/events/${eventId}/${path}?filter_fields[event_date_id]=${foreign}`, {
        token,
      });
      expect(r.statusCode, path).toBe(422);
      expect(r.json().error.field_errors, path).toEqual({
        'filter_fields.event_date_id': ['This choice does not exist.'],
      });
    }
  });

  it("the attendee export carries each ticket's date and its label when the event has several (and one date's only)", async () => {
    const csv = await call(ctx.app, 'GET', `/api/events/${eventId}/attendees/export?format=csv`, { token });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const head = lines[0]!.split(',');
    expect(head.slice(5, 9)).toEqual(['Ticket', 'Tier', 'Date', 'Date label']);
    const code = late.order.attendees[0]!.short_id;
    const row = lines.find((l) => l.includes(code))!.split(',');
    expect(row.slice(7, 9)).toEqual(['2027-06-08 19:00', 'Closing night']);
    const firstOnly = await call(
      ctx.app,
      'GET',
      `/api/events/${eventId}/attendees/export?format=csv&filter_fields[event_date_id]=${first}`,
      { token },
    );
    expect(firstOnly.headers['x-total-rows']).toBe('1');
    expect(firstOnly.body).toContain('2027-06-01 19:00');

    // An event with one date: no date columns (its export is as before dates).
    const single = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE' }]);
    const plain = await call(ctx.app, 'GET', `/api/events/${single.event.id}/attendees/export?format=csv`, {
      token: single.u.token,
    });
    expect(plain.body).not.toContain('Date label');
  });

  it("self-service cut-offs count from the start of the order's date, not the event's", async () => {
    // Edits close 24 hours before the start (the event's default).
    expect(late.order.self_service!.edit_until).toBe('2027-06-07T17:00:00.000Z');
    expect(early.order.self_service!.edit_until).toBe('2027-05-31T17:00:00.000Z');
    clock.set(new Date('2027-06-03T10:00:00Z'));
    const edit = (p: Placed) =>
      call(
        ctx.app,
        'PUT',
        `/api/public/events/${eventId}/order/${p.order.short_id}/attendees/${p.order.attendees[0]!.short_id}`,
        {
          headers: { 'x-order-secret': p.secret },
          body: { first_name: 'Ophelia', last_name: 'Person', email: 'guest1@example.test' },
        },
      );
    // After the first date, before the second: the second date's order may still be corrected.
    const open = await edit(late);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data.self_service.can_edit).toBe(true);
    const closed = await edit(early);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('SELF_SERVICE_CLOSED');
  });

  it("the door admits a ticket on its own date's day only (or for the date named), and names the date", async () => {
    const scan = (body: Record<string, unknown>) =>
      call(ctx.app, 'POST', `/api/events/${eventId}/check-ins`, { token, body });
    const event = await call(ctx.app, 'GET', `/api/events/${eventId}/check-in`, { token });
    expect(event.json().data?.date_count, event.body).toBe(2);
    const door = await list<AttendeeDto>(
      `/api/events/${eventId}/check-in/attendees?filter_fields[event_date_id]=${second}`,
    );
    expect(door.data.map((p) => p.date.label)).toEqual(['Closing night', 'Closing night']);

    // 8 June, 18:00 in Berlin: the second date's day.
    clock.set(new Date('2027-06-08T16:00:00Z'));
    const wrong = (await scan({ code: early.order.attendees[0]!.short_id, action: 'CHECK_IN' })).json().data;
    expect(wrong.result).toBe('WRONG_DATE');
    expect(wrong.attendee.date).toMatchObject({ id: first, start_date: '2027-06-01T17:00:00.000Z' });
    expect(wrong.checked_in_at).toBeNull();
    const own = (await scan({ code: late.order.attendees[0]!.short_id, action: 'CHECK_IN' })).json().data;
    expect(own.result).toBe('CHECKED_IN');
    expect(own.attendee.date.id).toBe(second);
    // After midnight the 8th is over at the door (the date has no later day).
    clock.set(new Date('2027-06-08T22:30:00Z'));
    expect((await scan({ code: late.order.attendees[1]!.short_id, action: 'CHECK_IN' })).json().data.result).toBe(
      'WRONG_DATE',
    );

    // The door may name the date it checks in: then only that date's tickets, whatever the day.
    const named = await scan({ code: early.order.attendees[0]!.short_id, action: 'CHECK_IN', event_date_id: first });
    expect(named.json().data.result).toBe('CHECKED_IN');
    const notNamed = await scan({ code: late.order.attendees[1]!.short_id, action: 'CHECK_IN', event_date_id: first });
    expect(notNamed.json().data.result).toBe('WRONG_DATE');
    // Checking out is never refused for the date.
    expect((await scan({ code: late.order.attendees[0]!.short_id, action: 'CHECK_OUT' })).json().data.result).toBe(
      'CHECKED_OUT',
    );
  });

  it('an event with one date admits its tickets on any day, as before dates', async () => {
    clock.set(new Date('2027-05-21T12:00:00Z'));
    const single = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE' }]);
    const r = await reserve(ctx.app, single.event.id, { items: [{ ticket_id: single.tickets[0]!.id, quantity: 1 }] });
    const answer = r.json<{ data: PublicOrderDto; checkout_token: string; order_secret: string }>();
    const placed = await call(
      ctx.app,
      'PUT',
      `/api/public/events/${single.event.id}/order/${answer.data.short_id}/details`,
      {
        body: details(answer.data),
        headers: buyerHeaders(answer),
      },
    );
    expect(placed.json().data.date.id).toBe(await firstDateOf(ctx.app, single.event.id));
    // Its organizer's notice names no date (the event's one is the event's time).
    const number = placed.json().data.order_number;
    const notice = await ctx.smtp.waitFor('hello@bluenote.test', (m) => m.subject.includes(number));
    expect(notice.text).toContain(`placed order ${number}`);
    expect(notice.text).not.toContain('When:');
    // Eleven days before its day.
    const scanned = await call(ctx.app, 'POST', `/api/events/${single.event.id}/check-ins`, {
      token: single.u.token,
      body: { code: answer.data.attendees[0]!.short_id, action: 'CHECK_IN' },
    });
    expect(scanned.json().data.result).toBe('CHECKED_IN');
  });
});
