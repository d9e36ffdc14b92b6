import type { PublicOrderDto, PublicWaitlistEntryDto, WaitlistDto } from '@admitone/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../src/db/schema/index.js';
import { releaseExpiredHolds } from '../src/modules/inventory/holds.js';
import { offerAllFreedUnits } from '../src/modules/waitlist/offers.js';
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
import { call, createTestApp, mailSettled, type TestContext } from './test-app.js';

/**
 * The waitlist (issue 23): sold-out tickets take names; units that come back are held for the next in
 * line (an offer through the stock module), never sold to someone else first; offers run out and go on.
 */
const clock = new TestClock(new Date('2026-11-27T10:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(async () => {
  await ctx?.close();
});

const person = (n: string, quantity = 1) => ({
  first_name: n,
  last_name: 'Waiting',
  email: `${n.toLowerCase()}@example.test`,
  quantity,
});

/** A live event whose one ticket (with a waitlist) is sold out: two completed orders of `sizes`. */
async function soldOut(sizes = [1, 1], ticket: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) {
  const quantity = sizes.reduce((s, n) => s + n, 0);
  const { u, event, tickets } = await liveEvent(ctx.app, [
    { name: 'Front row', type: 'FREE', quantity, max_per_order: 4, waitlist_enabled: true, ...ticket },
  ]);
  if (Object.keys(settings).length)
    expect(
      (await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, { token: u.token, body: settings })).statusCode,
    ).toBe(200);
  const placed = [];
  for (const n of sizes)
    placed.push(
      await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
        { ticket_id: tickets[0]!.id, quantity: n },
      ]),
    );
  const orderIds = [];
  for (const p of placed)
    orderIds.push(
      (await ctx.app.deps.database.db.select({ id: orders.id }).from(orders).where(eq(orders.short_id, p.short_id)))[0]!
        .id,
    );
  return { u, event, ticket: tickets[0]!, orderIds };
}

const join = (eventId: number, body: Record<string, unknown>) =>
  call(ctx.app, 'POST', `/api/public/events/${eventId}/waitlist`, { body: { tier_id: null, ...body } });
const list = async (eventId: number, token: string) =>
  (await call(ctx.app, 'GET', `/api/events/${eventId}/waitlist`, { token })).json<{ data: WaitlistDto }>().data;
const offerDeps = () => ({ db: ctx.app.deps.database.db, stock: ctx.app.deps.stock, appUrl: 'http://admitone.test' });
/** What the worker's sweep does every few seconds: give back lapsed holds, then offer what is free. */
async function sweep() {
  await releaseExpiredHolds(ctx.app.deps.database.db, ctx.app.deps.stock, null, { skipLocked: true });
  const mails = await offerAllFreedUnits(offerDeps());
  await ctx.app.deps.jobs.deliverOutbox(mails);
  return mails.length;
}
const cancel = (eventId: number, orderId: number, token: string) =>
  call(ctx.app, 'POST', `/api/events/${eventId}/orders/${orderId}/cancel`, { token });
/** The token and secret of the checkout link in an offer mail. */
async function offerLink(email: string) {
  const mail = await ctx.smtp.waitFor(email, (m) => m.subject.startsWith('Tickets are waiting for you'));
  const m = /\/checkout\/(\d+)\/([\w-]+)\/details#token=([\w-]+)&secret=([\w-]+)/.exec(mail.text);
  expect(m, mail.text).not.toBeNull();
  return { eventId: Number(m![1]), shortId: m![2]!, checkout_token: m![3]!, order_secret: m![4]!, mail };
}

describe('joining', () => {
  it('takes names only for a sold-out ticket with a waitlist, once per address, within the order limits, and mails the place in line', async () => {
    const { u, event, ticket } = await soldOut();
    const other = (
      await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
        token: u.token,
        body: { name: 'Lawn', type: 'FREE', quantity: 10, waitlist_enabled: true },
      })
    ).json().data;
    const closed = (
      await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
        token: u.token,
        body: { name: 'Box', type: 'FREE', quantity: 0 },
      })
    ).json().data;

    const page = await publicEvent(ctx.app, event.id);
    expect(page.tickets.map((t) => [t.name, t.sale_state, t.waitlist])).toEqual([
      ['Front row', 'SOLD_OUT', true],
      ['Lawn', 'ON_SALE', false],
      ['Box', 'SOLD_OUT', false],
    ]);
    expect((await join(event.id, { ticket_id: other.id, ...person('Ada') })).json().error.code).toBe('WAITLIST_CLOSED');
    expect((await join(event.id, { ticket_id: closed.id, ...person('Ada') })).json().error.code).toBe(
      'WAITLIST_CLOSED',
    );
    const tooMany = await join(event.id, { ticket_id: ticket.id, ...person('Ada', 5) });
    expect(tooMany.statusCode).toBe(422);
    expect(Object.keys(tooMany.json().error.field_errors)).toEqual(['quantity']);
    // A place asks for at most what the ticket could ever sell (2 in all), below its max per order (4) (#38).
    expect(page.tickets.map((t) => t.waitlist_max)).toEqual([2, null, null]);
    expect(
      (await join(event.id, { ticket_id: ticket.id, ...person('Ada', 3) })).json().error.field_errors.quantity,
    ).toEqual(['Must be at most 2.']);
    const badMail = await join(event.id, { ticket_id: ticket.id, ...person('Ada'), email: 'not an address' });
    expect(Object.keys(badMail.json().error.field_errors)).toEqual(['email']);

    expect((await join(event.id, { ticket_id: ticket.id, ...person('Ada', 2) })).statusCode).toBe(201);
    expect((await join(event.id, { ticket_id: ticket.id, ...person('Bert') })).statusCode).toBe(201);
    const mail = await ctx.smtp.waitFor('bert@example.test');
    expect(mail.text).toContain('You are number 2 in line');
    const link = /\/waitlist\/\d+\/([\w-]+)/.exec(mail.text)![1]!;
    // Joining again: the same answer, no second place and no second mail.
    expect(
      (await join(event.id, { ticket_id: ticket.id, ...person('Bert', 2), email: 'BERT@example.test' })).json(),
    ).toEqual({ data: { joined: true } });
    await mailSettled(ctx.app);
    expect(ctx.smtp.received.filter((m) => m.to.includes('bert@example.test'))).toHaveLength(1);

    const entry = (await call(ctx.app, 'GET', `/api/public/events/${event.id}/waitlist/${link}`)).json<{
      data: PublicWaitlistEntryDto;
    }>().data;
    expect(entry).toMatchObject({
      state: 'WAITING',
      position: 2,
      quantity: 1,
      ticket_name: 'Front row',
      checkout_path: null,
    });
    const w = await list(event.id, u.token);
    expect(w.entries.map((e) => [e.first_name, e.state, e.position, e.quantity])).toEqual([
      ['Ada', 'WAITING', 1, 2],
      ['Bert', 'WAITING', 2, 1],
    ]);
    expect(w.demand).toEqual([
      { ticket_id: ticket.id, ticket_name: 'Front row', waiting_people: 2, waiting_units: 3, offered_units: 0 },
    ]);
    const stats = (await call(ctx.app, 'GET', `/api/events/${event.id}/stats`, { token: u.token })).json().data;
    expect(stats.waitlist_demand).toEqual(w.demand);
    expect((await call(ctx.app, 'GET', `/api/public/events/${event.id}/waitlist/not-a-real-token`)).statusCode).toBe(
      404,
    );

    // "Hide when sold out" does not hide a ticket whose waitlist is open (buyers join from it); without one it does.
    const hide = async (id: number, waitlist: boolean) => {
      const t = (await call(ctx.app, 'GET', `/api/events/${event.id}/tickets/${id}`, { token: u.token })).json().data;
      expect(
        (
          await call(ctx.app, 'PUT', `/api/events/${event.id}/tickets/${id}`, {
            token: u.token,
            body: { ...t, hide_when_sold_out: true, waitlist_enabled: waitlist },
          })
        ).statusCode,
      ).toBe(200);
    };
    await hide(ticket.id, true);
    await hide(closed.id, false);
    expect((await publicEvent(ctx.app, event.id)).tickets.map((t) => [t.name, t.waitlist])).toEqual([
      ['Front row', true],
      ['Lawn', false],
    ]);
  });
});

describe('offers', () => {
  it('keeps units that come back for the people waiting, offers them in line order, and an offer taken is a purchase', async () => {
    const { u, event, ticket, orderIds } = await soldOut([2, 1]);
    await join(event.id, { ticket_id: ticket.id, ...person('Cleo', 2) });
    await join(event.id, { ticket_id: ticket.id, ...person('Dan') });
    await mailSettled(ctx.app);

    // One unit comes back: nobody else may buy it, and Cleo (2) does not fit yet, so Dan gets it.
    expect((await cancel(event.id, orderIds[1]!, u.token)).statusCode).toBe(200);
    expect((await publicEvent(ctx.app, event.id)).tickets[0]).toMatchObject({ sale_state: 'SOLD_OUT', waitlist: true });
    const stranger = await reserve(ctx.app, event.id, { items: [{ ticket_id: ticket.id, quantity: 1 }] });
    expect(stranger.json().error.code).toBe('NO_TICKETS_AVAILABLE');
    expect(await sweep()).toBe(1);
    const dan = await offerLink('dan@example.test');
    expect(dan.mail.text).toContain('held for you until');
    let w = await list(event.id, u.token);
    expect(w.entries.map((e) => [e.first_name, e.state])).toEqual([
      ['Cleo', 'WAITING'],
      ['Dan', 'OFFERED'],
    ]);
    expect(w.entries[1]!.offer_expires_at).toBe('2026-11-28T10:00:00.000Z');
    // A second sweep offers nothing more.
    expect(await sweep()).toBe(0);

    // Dan completes the checkout the link opens (its token and secret).
    const order = (
      await call(ctx.app, 'GET', `/api/public/events/${event.id}/order/${dan.shortId}`, { headers: buyerHeaders(dan) })
    ).json<{ data: PublicOrderDto }>().data;
    expect(order.status).toBe('RESERVED');
    const done = await call(ctx.app, 'PUT', `/api/public/events/${event.id}/order/${dan.shortId}/details`, {
      headers: buyerHeaders(dan),
      body: details(order),
    });
    expect(done.json().data.status).toBe('COMPLETED');
    // The organizer's order history says where the order came from.
    const [danOrder] = await ctx.app.deps.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.short_id, dan.shortId));
    const history = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${danOrder!.id}`, { token: u.token })
    ).json().data.history as Array<{ kind: string; data: Record<string, unknown> }>;
    expect(history.find((h) => h.kind === 'WAITLIST_OFFERED')?.data).toMatchObject({
      name: 'Dan Waiting',
      expires_at: '2026-11-28T10:00:00.000Z',
    });

    // Two more come back: Cleo's turn.
    expect((await cancel(event.id, orderIds[0]!, u.token)).statusCode).toBe(200);
    expect(await sweep()).toBe(1);
    await offerLink('cleo@example.test');
    w = await list(event.id, u.token);
    expect(w.entries.map((e) => [e.first_name, e.state, e.order_number !== null])).toEqual([
      ['Cleo', 'OFFERED', false],
      ['Dan', 'PURCHASED', true],
    ]);
    expect(w.counts).toMatchObject({ WAITING: 0, OFFERED: 1, PURCHASED: 1 });
    // Nobody waits any more: the page shows the ticket as sold out (held for Cleo), without a waitlist to wait behind.
    expect((await publicEvent(ctx.app, event.id)).tickets[0]).toMatchObject({ sale_state: 'SOLD_OUT' });
  });

  it('gives an offer that runs out to the next in line, and units nobody waits for go back on sale', async () => {
    const { u, event, ticket, orderIds } = await soldOut([1, 1], {}, { waitlist_offer_hours: 2 });
    await join(event.id, { ticket_id: ticket.id, ...person('Eve') });
    await join(event.id, { ticket_id: ticket.id, ...person('Finn') });
    expect((await cancel(event.id, orderIds[0]!, u.token)).statusCode).toBe(200);
    expect(await sweep()).toBe(1);
    const eve = await offerLink('eve@example.test');
    expect((await list(event.id, u.token)).entries[0]!.offer_expires_at).toBe(
      new Date(clock.now().getTime() + 2 * 3_600_000).toISOString(),
    );

    clock.advance(2 * 3_600_000 + 1000);
    expect(await sweep()).toBe(1);
    await offerLink('finn@example.test');
    const w = await list(event.id, u.token);
    expect(w.entries.map((e) => [e.first_name, e.state])).toEqual([
      ['Eve', 'EXPIRED'],
      ['Finn', 'OFFERED'],
    ]);
    // Eve's link now says so and no longer leads to a checkout.
    const eveEntry = (
      await call(ctx.app, 'GET', `/api/public/events/${event.id}/waitlist/${eve.checkout_token}`)
    ).json<{ data: PublicWaitlistEntryDto }>().data;
    expect(eveEntry).toMatchObject({ state: 'EXPIRED', checkout_path: null });
    const late = await call(ctx.app, 'PUT', `/api/public/events/${event.id}/order/${eve.shortId}/details`, {
      headers: buyerHeaders(eve),
      body: details(
        (
          await call(ctx.app, 'GET', `/api/public/events/${event.id}/order/${eve.shortId}`, {
            headers: buyerHeaders(eve),
          })
        ).json().data,
      ),
    });
    expect(late.json().error.code).toBe('ORDER_EXPIRED');

    // Finn's runs out too and nobody else waits: the unit is for sale again.
    clock.advance(2 * 3_600_000 + 1000);
    expect(await sweep()).toBe(0);
    expect((await publicEvent(ctx.app, event.id)).tickets[0]).toMatchObject({ sale_state: 'ON_SALE', waitlist: false });
    expect((await reserve(ctx.app, event.id, { items: [{ ticket_id: ticket.id, quantity: 1 }] })).statusCode).toBe(201);
  });

  it('with manual offers waits for the organizer, who offers to anyone waiting while units are free', async () => {
    const { u, event, ticket, orderIds } = await soldOut([1, 1], {}, { waitlist_offer_mode: 'MANUAL' });
    await join(event.id, { ticket_id: ticket.id, ...person('Gus', 2) });
    await join(event.id, { ticket_id: ticket.id, ...person('Hana') });
    expect((await cancel(event.id, orderIds[0]!, u.token)).statusCode).toBe(200);
    expect(await sweep()).toBe(0);
    // Still held back from strangers while people wait.
    expect(
      (await reserve(ctx.app, event.id, { items: [{ ticket_id: ticket.id, quantity: 1 }] })).json().error.code,
    ).toBe('NO_TICKETS_AVAILABLE');
    const [gus, hana] = (await list(event.id, u.token)).entries;
    const offer = (id: number) =>
      call(ctx.app, 'POST', `/api/events/${event.id}/waitlist/${id}/offer`, { token: u.token });
    expect((await offer(gus!.id)).json().error.code).toBe('NO_TICKETS_AVAILABLE');
    const made = await offer(hana!.id);
    expect(made.statusCode).toBe(200);
    expect(made.json().data).toMatchObject({ first_name: 'Hana', state: 'OFFERED' });
    await offerLink('hana@example.test');
    expect((await offer(hana!.id)).json().error.code).toBe('WAITLIST_ENTRY_CHANGED');
  });
});

describe('leaving and removing', () => {
  it('lets a person leave (an offer given up goes to the next in line) and the organizer remove entries, and exports the list', async () => {
    const { u, event, ticket, orderIds } = await soldOut([1, 1]);
    await join(event.id, { ticket_id: ticket.id, ...person('Ivy') });
    await join(event.id, { ticket_id: ticket.id, ...person('Jon') });
    await join(event.id, { ticket_id: ticket.id, ...person('Kim') });
    expect((await cancel(event.id, orderIds[0]!, u.token)).statusCode).toBe(200);
    expect(await sweep()).toBe(1);
    const ivy = await offerLink('ivy@example.test');

    // Ivy does not want it after all: Jon is offered it at once.
    const left = await call(ctx.app, 'POST', `/api/public/events/${event.id}/waitlist/${ivy.checkout_token}/leave`);
    expect(left.json().data.state).toBe('LEFT');
    await offerLink('jon@example.test');
    // The organizer removes Kim, who was waiting, and Jon's offer (withdrawn: the unit goes back on sale, nobody
    // waits).
    let w = await list(event.id, u.token);
    const byName = (n: string) => w.entries.find((e) => e.first_name === n)!;
    expect(
      (await call(ctx.app, 'DELETE', `/api/events/${event.id}/waitlist/${byName('Kim').id}`, { token: u.token }))
        .statusCode,
    ).toBe(204);
    expect(
      (await call(ctx.app, 'DELETE', `/api/events/${event.id}/waitlist/${byName('Jon').id}`, { token: u.token }))
        .statusCode,
    ).toBe(204);
    w = await list(event.id, u.token);
    expect(w.entries.map((e) => [e.first_name, e.state])).toEqual([
      ['Ivy', 'LEFT'],
      ['Jon', 'REMOVED'],
      ['Kim', 'REMOVED'],
    ]);
    const jonOrder = await ctx.app.deps.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.event_id, event.id), eq(orders.status, 'RESERVED')));
    expect(jonOrder).toEqual([]);
    expect((await publicEvent(ctx.app, event.id)).tickets[0]).toMatchObject({ sale_state: 'ON_SALE', remaining: null });

    const csv = await call(ctx.app, 'GET', `/api/events/${event.id}/waitlist/export?format=csv`, { token: u.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('ivy@example.test');
    expect(lines[1]).toContain('Left');
  });
});

describe('per date', () => {
  it('waits for one date: joined there only, buyers of other dates unaffected, offers on that date, listed by date', async () => {
    // One seat per date, on the event's own date and on a matinee; the first date sells out.
    const { u, event, ticket, orderIds } = await soldOut([1]);
    const first = await firstDateOf(ctx.app, event.id);
    const matinee = await addDate(ctx.app, u.token, event.id, '2027-01-10T14:00', { label: 'Matinee' });
    const onFirst = await publicEvent(ctx.app, event.id, undefined, first);
    const onMatinee = await publicEvent(ctx.app, event.id, undefined, matinee);
    expect(onFirst.tickets.map((t) => [t.sale_state, t.waitlist])).toEqual([['SOLD_OUT', true]]);
    expect(onMatinee.tickets.map((t) => [t.sale_state, t.waitlist])).toEqual([['ON_SALE', false]]);

    // With several dates the place names one; a date still on sale has no waitlist; another event's date is refused.
    const noDate = await join(event.id, { ticket_id: ticket.id, ...person('Dora') });
    expect(noDate.statusCode).toBe(422);
    expect(noDate.json().error.field_errors).toEqual({ event_date_id: [expect.any(String)] });
    expect(
      (await join(event.id, { ticket_id: ticket.id, event_date_id: matinee, ...person('Dora') })).json().error.code,
    ).toBe('WAITLIST_CLOSED');
    const other = await soldOut([1]);
    const foreign = await join(event.id, {
      ticket_id: ticket.id,
      event_date_id: await firstDateOf(ctx.app, other.event.id),
      ...person('Dora'),
    });
    expect(Object.keys(foreign.json().error.field_errors)).toEqual(['event_date_id']);
    expect((await join(event.id, { ticket_id: ticket.id, event_date_id: first, ...person('Dora') })).statusCode).toBe(
      201,
    );
    const joined = await ctx.smtp.waitFor('dora@example.test');
    expect(joined.text).toContain('You are number 1 in line');
    expect(joined.text).toMatch(/When: Tuesday, June 1, 2027/);

    // Someone waits for the first date only: the matinee still sells to anyone.
    const matineeBuyer = await reserve(ctx.app, event.id, {
      items: [{ ticket_id: ticket.id, quantity: 1 }],
      event_date_id: matinee,
    });
    expect(matineeBuyer.statusCode, matineeBuyer.body).toBe(201);
    // The first date's seat comes back: it is Dora's, not the next buyer's; the sweep offers it to her, on her date.
    expect((await cancel(event.id, orderIds[0]!, u.token)).statusCode).toBe(200);
    const late = await reserve(ctx.app, event.id, {
      items: [{ ticket_id: ticket.id, quantity: 1 }],
      event_date_id: first,
    });
    expect(late.statusCode).toBe(409);
    expect(await sweep()).toBe(1);
    const offer = await offerLink('dora@example.test');
    expect(offer.mail.text).toMatch(/When: Tuesday, June 1, 2027/);
    const [held] = await ctx.app.deps.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.short_id, offer.shortId), eq(orders.event_id, event.id)));
    expect(held?.status).toBe('RESERVED');
    const offered = (
      await call(ctx.app, 'GET', `/api/public/events/${event.id}/order/${offer.shortId}`, {
        headers: buyerHeaders(offer),
      })
    ).json<{ data: PublicOrderDto }>().data;
    expect(offered.date?.id).toBe(first);

    // The organizer's list names each entry's date and filters by it; another event's date is refused on the field.
    const all = await list(event.id, u.token);
    expect(all.entries.map((e) => [e.first_name, e.event_date_id, e.state])).toEqual([['Dora', first, 'OFFERED']]);
    const byDate = async (dateId: number) =>
      call(ctx.app, 'GET', `/api/events/${event.id}/waitlist?event_date_id=${dateId}`, { token: u.token });
    expect((await byDate(matinee)).json<{ data: WaitlistDto }>().data.entries).toEqual([]);
    expect((await byDate(first)).json<{ data: WaitlistDto }>().data.counts.OFFERED).toBe(1);
    const wrong = await byDate(await firstDateOf(ctx.app, other.event.id));
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().error.field_errors)).toEqual(['event_date_id']);

    // The matinee sold its seat: Eve waits for it. The matinee is cancelled: nobody waits for it any more.
    expect((await join(event.id, { ticket_id: ticket.id, event_date_id: matinee, ...person('Eve') })).statusCode).toBe(
      201,
    );
    const cancelled = await call(ctx.app, 'POST', `/api/events/${event.id}/dates/${matinee}/cancel`, {
      token: u.token,
      body: { refund: false },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await byDate(matinee)).json<{ data: WaitlistDto }>().data.entries.map((e) => e.state)).toEqual(['REMOVED']);
    expect((await byDate(first)).json<{ data: WaitlistDto }>().data.counts.OFFERED).toBe(1);
    // The export names each entry's date.
    const csv = await call(ctx.app, 'GET', `/api/events/${event.id}/waitlist/export?format=csv`, { token: u.token });
    const [heading, dora, eve] = csv.body.trim().split(/\r?\n/);
    expect(heading).toContain('Date,Date label');
    expect(dora).toContain('2027-06-01');
    expect(eve).toMatch(/2027-01-10 14:00,Matinee/);
  });

  it('a date the organizer marked sold out shows its tickets sold out, takes names, and offers nothing', async () => {
    const { u, event, ticket } = await soldOut([1]);
    const extra = await addDate(ctx.app, u.token, event.id, '2027-02-10T19:00');
    const marked = await call(ctx.app, 'PATCH', `/api/events/${event.id}/dates/${extra}`, {
      token: u.token,
      body: { status: 'SOLD_OUT' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const page = await publicEvent(ctx.app, event.id, undefined, extra);
    expect(page.dates.chosen?.state).toBe('SOLD_OUT');
    expect(page.tickets.map((t) => [t.sale_state, t.waitlist])).toEqual([['SOLD_OUT', true]]);
    expect((await join(event.id, { ticket_id: ticket.id, event_date_id: extra, ...person('Fay') })).statusCode).toBe(
      201,
    );
    // Nothing is sold there while it stays marked: no offer.
    expect(await sweep()).toBe(0);
  });
});
