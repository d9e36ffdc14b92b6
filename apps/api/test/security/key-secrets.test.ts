import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attendees, checkInLists, mailBudgetEntries, orders } from '../../src/db/schema/index.js';
import { buildPayload } from '../../src/modules/webhooks/payloads.js';
import { liveEvent, placeOrder } from '../checkout-factory.js';
import { call, createTestApp, mailSettled, type TestContext } from '../test-app.js';

/**
 * An order's secret opens the buyer's own changes (e-mail addresses, tickets passed on) and a check-in
 * list's staff-link secret checks people in. Order answers and order webhook payloads carried the order's
 * secret (the buyer's link), the check-in lists their staff links: a read-only API key, or whoever receives
 * the webhooks, could change attendees and check people in. No answer an API key gets and no webhook
 * payload carries either secret; a signed-in organizer reads them from routes that refuse keys, and can
 * have the buyer's link mailed to the buyer.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function world() {
  const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Standing', type: 'FREE' }]);
  const placed = await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
    { ticket_id: tickets[0]!.id, quantity: 1 },
  ]);
  const db = ctx.app.deps.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.short_id, placed.short_id));
  const lists = `/api/events/${event.id}/check-in-lists`;
  const [list] = await db.select().from(checkInLists).where(eq(checkInLists.event_id, event.id));
  const made = await call(ctx.app, 'POST', `${lists}/${list!.id}/staff-link`, { token: u.token });
  expect(made.statusCode).toBe(200);
  const [withLink] = await db.select().from(checkInLists).where(eq(checkInLists.id, list!.id));
  const key = (
    await call(ctx.app, 'POST', '/api/api-keys', { token: u.token, body: { name: 'Reader', access: 'READ' } })
  ).json().data.secret as string;
  const [attendee] = await db.select({ id: attendees.id }).from(attendees).where(eq(attendees.order_id, order!.id));
  return {
    u,
    event,
    order: order!,
    list: list!,
    staffToken: withLink!.staff_token!,
    key,
    lists,
    attendeeId: attendee!.id,
  };
}

describe('secrets in answers an API key gets and in webhook payloads', () => {
  it('a read-only key reads orders, attendees and check-in lists without the order secret or the staff link', async () => {
    const w = await world();
    expect(w.order.secret.length).toBeGreaterThan(20);
    const paths = [
      `/api/events/${w.event.id}/orders`,
      `/api/events/${w.event.id}/orders/${w.order.id}`,
      `/api/events/${w.event.id}/attendees`,
      `/api/events/${w.event.id}/attendees/${w.attendeeId}`,
      w.lists,
      `${w.lists}/${w.list.id}/attendees`,
      `${w.lists}/${w.list.id}/stats`,
      `${w.lists}/${w.list.id}/offline`,
    ];
    for (const p of paths) {
      const res = await call(ctx.app, 'GET', p, { token: w.key });
      expect(res.statusCode, p).toBe(200);
      expect(res.body, p).not.toContain(w.order.secret);
      expect(res.body, p).not.toContain(encodeURIComponent(w.order.secret));
      expect(res.body, p).not.toContain(w.staffToken);
    }
    // The lists still say which has a link.
    expect((await call(ctx.app, 'GET', w.lists, { token: w.key })).json().data[0]).toMatchObject({
      id: w.list.id,
      has_staff_link: true,
      staff_token: null,
    });
  });

  it("an order webhook's payload carries no order secret", async () => {
    const w = await world();
    const payload = await buildPayload(
      ctx.app.deps.database.db,
      {
        account_id: w.order.account_id,
        event_id: w.event.id,
        object_kind: 'order',
        object_id: w.order.id,
        payload: {},
      },
      { refundVia: [], now: new Date() },
    );
    expect(payload).toMatchObject({ id: w.order.id, order_number: w.order.order_number });
    expect(JSON.stringify(payload)).not.toContain(w.order.secret);
  });

  it('the buyer link and the staff link come only from routes that refuse API keys', async () => {
    const w = await world();
    const buyerLink = `/api/events/${w.event.id}/orders/${w.order.id}/buyer-link`;
    const staffLink = `${w.lists}/${w.list.id}/staff-link`;
    for (const p of [buyerLink, staffLink]) {
      const byKey = await call(ctx.app, 'GET', p, { token: w.key });
      expect(byKey.statusCode, p).toBe(403);
      expect(byKey.json().error.code, p).toBe('API_KEY_NOT_ALLOWED');
      expect(byKey.body).not.toContain(w.order.secret);
      expect(byKey.body).not.toContain(w.staffToken);
    }
    const writer = (
      await call(ctx.app, 'POST', '/api/api-keys', { token: w.u.token, body: { name: 'Writer', access: 'READ_WRITE' } })
    ).json().data.secret as string;
    const renewedByKey = await call(ctx.app, 'POST', staffLink, { token: writer });
    expect(renewedByKey.statusCode).toBe(200);
    expect(renewedByKey.json().data.staff_token).toBeNull();

    const path = (await call(ctx.app, 'GET', buyerLink, { token: w.u.token })).json().data.path as string;
    expect(path).toBe(
      `/checkout/${w.event.id}/${w.order.short_id}/summary#secret=${encodeURIComponent(w.order.secret)}`,
    );
    const [current] = await ctx.app.deps.database.db.select().from(checkInLists).where(eq(checkInLists.id, w.list.id));
    expect((await call(ctx.app, 'GET', staffLink, { token: w.u.token })).json().data).toEqual({
      staff_token: current!.staff_token,
    });
    // A session making a new link is answered with it.
    const renewed = (await call(ctx.app, 'POST', staffLink, { token: w.u.token })).json().data;
    expect(renewed.staff_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("the organizer's send-link action mails the buyer their link and counts as team mail; a read-only key cannot", async () => {
    const w = await world();
    const sendLink = `/api/events/${w.event.id}/orders/${w.order.id}/send-link`;
    expect((await call(ctx.app, 'POST', sendLink, { token: w.key })).statusCode).toBe(403);
    await mailSettled(ctx.app);
    const before = ctx.smtp.received.length;
    const sent = await call(ctx.app, 'POST', sendLink, { token: w.u.token });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).not.toContain(w.order.secret);
    expect(sent.json().data.history.at(-1)).toMatchObject({ kind: 'LINK_SENT' });
    await mailSettled(ctx.app);
    const mails = ctx.smtp.received.slice(before).filter((m) => m.to.includes(w.order.email!));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`#secret=${encodeURIComponent(w.order.secret)}`);
    const budget = await ctx.app.deps.database.db
      .select()
      .from(mailBudgetEntries)
      .where(and(eq(mailBudgetEntries.account_id, w.order.account_id), eq(mailBudgetEntries.kind, 'ORDER')));
    expect(budget.reduce((n, r) => n + r.mails, 0)).toBe(1);
  });
});
