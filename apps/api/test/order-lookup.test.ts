import type { OrderLookupDto } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { events, orderLookups } from '../src/db/schema/index.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent, placeOrder } from './checkout-factory.js';
import { createEvent } from './factories.js';
import { call, createTestApp, mailSettled, type TestContext } from './test-app.js';

/**
 * Find my tickets: an address typed on an event's page gets a mail with a link to its orders (of the
 * event, or of every event of the organizer), the same answer whether or not it has any; the link
 * shows the orders as they are when opened and stops working after 24 hours.
 */
const clock = new TestClock(new Date('2026-11-27T10:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(async () => {
  await ctx?.close();
});

const lookup = (eventId: number, body: Record<string, unknown>, opts: { ip?: string; locale?: string } = {}) =>
  call(ctx.app, 'POST', `/api/public/events/${eventId}/order-lookups`, { body, ...opts });
const LOOKUP_LINK = /http:\/\/admitone\.test\/find-tickets\/(\d+)\/([A-Za-z0-9_-]{20,})/;
const linkIn = (text: string) => text.match(LOOKUP_LINK)!;
const hasLookupLink = (m: { text: string }) => LOOKUP_LINK.test(m.text);

describe('find my tickets', () => {
  it('mails the address a link to its orders of the event; the link shows them with their secrets, and only them', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Lawn', type: 'FREE', quantity: 100 }]);
    const c = { eventId: event.id, organizerToken: u.token };
    const first = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 2 }], {
      buyer: { email: 'Ada@Example.test' },
    });
    const second = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 1 }], {
      buyer: { email: 'ada@example.test' },
    });
    await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 1 }], {
      buyer: { email: 'someone-else@example.test' },
    });
    await mailSettled(ctx.app);

    const res = await lookup(event.id, { email: ' ADA@example.test ' }, { locale: 'de' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { requested: true } });
    const mail = await ctx.smtp.waitFor('ada@example.test', (m) => m.subject.includes('Bestellungen'));
    expect(mail.text).toContain(first.order_number);
    expect(mail.text).toContain(second.order_number);
    const [, linkEvent, token] = linkIn(mail.text);
    expect(Number(linkEvent)).toBe(event.id);

    const view = await call(ctx.app, 'GET', `/api/public/events/${event.id}/order-lookups/${token}`);
    expect(view.statusCode).toBe(200);
    const data = view.json<{ data: OrderLookupDto }>().data;
    expect(data.email).toBe('ada@example.test');
    expect(data.scope).toBe('EVENT');
    expect(data.orders.map((o) => o.order_number).sort()).toEqual([first.order_number, second.order_number].sort());
    const firstFound = data.orders.find((o) => o.order_number === first.order_number)!;
    expect(firstFound).toMatchObject({ event_id: event.id, status: 'COMPLETED', tickets: 2, total: 0 });
    // The order page with the order's secret (what opens it), as a path on this site.
    expect(firstFound.order_path).toMatch(new RegExp(`^/checkout/${event.id}/${first.short_id}/summary#secret=.+`));
    const secret = decodeURIComponent(firstFound.order_path.split('#secret=')[1]!);
    const opened = await call(ctx.app, 'GET', `/api/public/events/${event.id}/order/${first.short_id}`, {
      headers: { 'x-order-secret': secret },
    });
    expect(opened.statusCode).toBe(200);

    // An order bought after the mail shows too: the link reads the orders when opened.
    const third = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 1 }], {
      buyer: { email: 'ada@example.test' },
    });
    const again = (await call(ctx.app, 'GET', `/api/public/events/${event.id}/order-lookups/${token}`)).json<{
      data: OrderLookupDto;
    }>().data;
    expect(again.orders[0]!.order_number).toBe(third.order_number);

    // The token is stored only as its hash.
    const rows = await ctx.app.deps.database.db.select().from(orderLookups);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('answers the same, and mails nothing, for an address without orders; an unknown or draft event is 404', async () => {
    const { event } = await liveEvent(ctx.app, [{ name: 'Lawn', type: 'FREE', quantity: 10 }]);
    const before = ctx.smtp.received.length;
    const res = await lookup(event.id, { email: 'nobody@example.test' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { requested: true } });
    await mailSettled(ctx.app);
    expect(ctx.smtp.received.slice(before).filter((m) => m.to.includes('nobody@example.test'))).toEqual([]);

    expect((await lookup(999_999, { email: 'nobody@example.test' })).statusCode).toBe(404);
    const { u } = await liveEvent(ctx.app, []);
    const organizers = await call(ctx.app, 'GET', '/api/organizers', { token: u.token });
    const draft = await createEvent(ctx.app, u.token, organizers.json().data[0].id);
    expect((await lookup(draft.id, { email: 'nobody@example.test' })).statusCode).toBe(404);
  });

  it('marks a wrong address as a field error', async () => {
    const { event } = await liveEvent(ctx.app, []);
    const res = await lookup(event.id, { email: 'not-an-address' }, { locale: 'fr' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.field_errors.email).toBeTruthy();
  });

  it('finds the orders of every event of the organizer when asked for all of them, never those of other organizers', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Lawn', type: 'FREE', quantity: 10 }]);
    const orgId = (
      await ctx.app.deps.database.db.select({ o: events.organizer_id }).from(events).where(eq(events.id, event.id))
    )[0]!.o;
    const sibling = await createEvent(ctx.app, u.token, orgId, {
      start_date: '2027-07-01T19:00',
      end_date: '2027-07-01T23:00',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
    });
    await ctx.app.deps.database.db
      .update(events)
      .set({ status: 'LIVE', client_hold_limit: null, client_reservation_limit: null })
      .where(eq(events.id, sibling.id));
    const siblingTicket = (
      await call(ctx.app, 'POST', `/api/events/${sibling.id}/tickets`, {
        token: u.token,
        body: { name: 'Pit', type: 'FREE', quantity: 10 },
      })
    ).json().data;
    const here = await placeOrder(
      ctx.app,
      { eventId: event.id, organizerToken: u.token },
      [{ ticket_id: tickets[0]!.id, quantity: 1 }],
      { buyer: { email: 'grace@lookup.test' } },
    );
    const there = await placeOrder(
      ctx.app,
      { eventId: sibling.id, organizerToken: u.token },
      [{ ticket_id: siblingTicket.id, quantity: 1 }],
      { buyer: { email: 'grace@lookup.test' } },
    );
    // Another organizer's event with an order of the same address.
    const other = await liveEvent(ctx.app, [{ name: 'Elsewhere', type: 'FREE', quantity: 10 }]);
    const elsewhere = await placeOrder(
      ctx.app,
      { eventId: other.event.id, organizerToken: other.u.token },
      [{ ticket_id: other.tickets[0]!.id, quantity: 1 }],
      { buyer: { email: 'grace@lookup.test' } },
    );
    await mailSettled(ctx.app);

    const eventOnly = await lookup(event.id, { email: 'grace@lookup.test', scope: 'EVENT' });
    expect(eventOnly.statusCode).toBe(202);
    const mail1 = await ctx.smtp.waitFor('grace@lookup.test', hasLookupLink);
    const one = (
      await call(ctx.app, 'GET', `/api/public/events/${event.id}/order-lookups/${linkIn(mail1.text)[2]}`)
    ).json<{ data: OrderLookupDto }>().data;
    expect(one.orders.map((o) => o.order_number)).toEqual([here.order_number]);

    await lookup(event.id, { email: 'grace@lookup.test', scope: 'ORGANIZER' });
    const mail2 = await ctx.smtp.waitFor('grace@lookup.test', (m) => hasLookupLink(m) && m !== mail1);
    const all = (
      await call(ctx.app, 'GET', `/api/public/events/${event.id}/order-lookups/${linkIn(mail2.text)[2]}`)
    ).json<{ data: OrderLookupDto }>().data;
    expect(all.scope).toBe('ORGANIZER');
    expect(all.orders.map((o) => o.order_number).sort()).toEqual([here.order_number, there.order_number].sort());
    expect(all.orders.map((o) => o.order_number)).not.toContain(elsewhere.order_number);
  });

  it('stops working after 24 hours (410, a new one can be asked for); a token for another event or a made-up one is 404', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Lawn', type: 'FREE', quantity: 10 }]);
    await placeOrder(
      ctx.app,
      { eventId: event.id, organizerToken: u.token },
      [{ ticket_id: tickets[0]!.id, quantity: 1 }],
      { buyer: { email: 'alan@lookup.test' } },
    );
    await lookup(event.id, { email: 'alan@lookup.test' });
    const mail = await ctx.smtp.waitFor('alan@lookup.test', hasLookupLink);
    const token = linkIn(mail.text)[2]!;
    expect((await call(ctx.app, 'GET', `/api/public/events/${event.id}/order-lookups/${token}`)).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/public/events/${event.id + 1}/order-lookups/${token}`)).statusCode).toBe(
      404,
    );
    expect((await call(ctx.app, 'GET', `/api/public/events/${event.id}/order-lookups/made-up-token`)).statusCode).toBe(
      404,
    );
    clock.advance(24 * 3_600_000 + 1000);
    const expired = await call(ctx.app, 'GET', `/api/public/events/${event.id}/order-lookups/${token}`, {
      locale: 'de',
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('ORDER_LOOKUP_EXPIRED');
    expect(expired.json().error.message).toMatch(/abgelaufen/);
  });

  it('every buyer mail links to the event\'s "find my tickets" page', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Lawn', type: 'FREE', quantity: 10 }]);
    await placeOrder(
      ctx.app,
      { eventId: event.id, organizerToken: u.token },
      [{ ticket_id: tickets[0]!.id, quantity: 1 }],
      { buyer: { email: 'buyer@findlink.test' } },
    );
    const confirmation = await ctx.smtp.waitFor('buyer@findlink.test');
    expect(confirmation.text).toContain(`http://admitone.test/find-tickets/${event.id}`);
    expect(confirmation.html).toContain(`href="http://admitone.test/find-tickets/${event.id}"`);
    const ticket = await ctx.smtp.waitFor('guest1@example.test', (m) => m.text.includes(`/find-tickets/${event.id}`));
    expect(ticket.attachments.some((a) => a.mimeType === 'application/pdf')).toBe(true);
  });
});
