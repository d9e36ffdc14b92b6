import type { PublicOrderDto } from '@admitone/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  attendees,
  dateCancellations,
  eventDates,
  events,
  mailBudgetEntries,
  orders,
  outbox,
  ticketDates,
} from '../src/db/schema/index.js';
import { loadCatalogs } from '../src/i18n/i18n.js';
import { cancelDate } from '../src/modules/event-dates/cancel-date.js';
import { TestClock } from '../src/shared/clock.js';
import { addDate, buyerHeaders, details, firstDateOf, liveEvent, placeOrder, reserve } from './checkout-factory.js';
import { sendStripeWebhook, singleStripeEnv, startStripeServer, type StripeServer } from './stripe-server.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Cancelling a date ends the checkouts on it (cancel-date.ts, date-cancellation-work.ts): their holds are
 * released as expired ones, a buyer can no longer complete (DATE_CANCELLED), and a card payment arriving
 * for such an order is refunded automatically, the buyer told why. The cancellation's mails to addresses the
 * team typed in count against the account's mail budget, as the organizer's own cancel and refund do.
 */
let ctx: TestContext;
let stripe: StripeServer;
const clock = new TestClock(new Date('2027-05-20T12:00:00Z'));
const WEBHOOK_SECRET = 'whsec_test_cancel_checkouts';
const MESSAGE = 'The lead actor is ill.';

beforeAll(async () => {
  await loadCatalogs();
  stripe = await startStripeServer();
  ctx = await createTestApp({
    clock,
    env: {
      ...singleStripeEnv(stripe, WEBHOOK_SECRET),
      PAYMENT_DEADLINE_SWEEP_SECONDS: '3600',
      MAIL_BUDGET_PER_HOUR: '2',
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

const db = () => ctx.app.deps.database.db;

/** A paid and a free ticket on 1 June and on "Closing night", 8 June. */
async function world() {
  const w = await liveEvent(ctx.app, [
    { name: 'Seat', type: 'PAID', price: 2500, quantity: 50 },
    { name: 'Guest', type: 'FREE', quantity: 50 },
  ]);
  const first = await firstDateOf(ctx.app, w.event.id);
  const second = await addDate(ctx.app, w.u.token, w.event.id, '2027-06-08T19:00', { label: 'Closing night' });
  const [row] = await db().select({ account: events.account_id }).from(events).where(eq(events.id, w.event.id));
  return { ...w, first, second, seat: w.tickets[0]!.id, guest: w.tickets[1]!.id, accountId: row!.account };
}
type World = Awaited<ReturnType<typeof world>>;

const cancel = (w: World, body: object = { refund: true, message: MESSAGE }) =>
  call(ctx.app, 'POST', `/api/events/${w.event.id}/dates/${w.second}/cancel`, { token: w.u.token, body });
const takenOn = async (dateId: number) => ({
  date: (await db().select().from(eventDates).where(eq(eventDates.id, dateId)))[0]!.taken,
  tickets: (await db().select().from(ticketDates).where(eq(ticketDates.event_date_id, dateId))).map((t) => t.taken),
});
const orderOf = async (shortId: string) => (await db().select().from(orders).where(eq(orders.short_id, shortId)))[0]!;
const statusesOf = async (orderId: number) =>
  (await db().select().from(attendees).where(eq(attendees.order_id, orderId))).map((a) => a.status);

/** A buyer's checkout on the date, details in: the order's page and the browser's headers. */
async function checkout(w: World, ticketId: number, email: string) {
  const r = (
    await reserve(ctx.app, w.event.id, { items: [{ ticket_id: ticketId, quantity: 2 }], event_date_id: w.second })
  ).json<{ data: PublicOrderDto; checkout_token: string; order_secret: string }>();
  return { r, headers: buyerHeaders(r), base: `/api/public/events/${w.event.id}/order/${r.data.short_id}`, email };
}

/** Starts the card payment and lets Stripe say it succeeded (the webhook): answers the PaymentIntent. */
async function payByCard(c: Awaited<ReturnType<typeof checkout>>) {
  const put = await call(ctx.app, 'PUT', `${c.base}/details`, {
    headers: c.headers,
    body: details(c.r.data, { email: c.email }),
  });
  expect(put.statusCode, put.body).toBe(200);
  const started = await call(ctx.app, 'POST', `${c.base}/card-payment`, { headers: c.headers });
  expect(started.statusCode, started.body).toBe(200);
  return (started.json().data.client_secret as string).split('_secret_')[0]!;
}

const succeeded = (intent: string, eventId: string) =>
  sendStripeWebhook(ctx.app, WEBHOOK_SECRET, {
    id: eventId,
    type: 'payment_intent.succeeded',
    object: stripe.setStatus(intent, 'succeeded'),
  });

const refundsOf = (intent: string) => stripe.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount);

describe('checkouts on a cancelled date', () => {
  it('a free checkout cannot be completed, and its hold is released', async () => {
    const w = await world();
    const c = await checkout(w, w.guest, 'free@example.test');
    expect((await takenOn(w.second)).date).toBe(2);
    expect((await cancel(w)).statusCode).toBe(200);

    const put = await call(ctx.app, 'PUT', `${c.base}/details`, {
      headers: c.headers,
      body: details(c.r.data, { email: c.email }),
    });
    expect(put.statusCode, put.body).toBe(409);
    expect(put.json().error.code).toBe('DATE_CANCELLED');
    expect(put.json().error.message).toContain('cancelled the date');

    await ctx.app.deps.jobs.settleDateChanges();
    const order = await orderOf(c.r.data.short_id);
    expect(order.status).toBe('RESERVED');
    expect(order.hold_released_at).not.toBeNull();
    expect(await statusesOf(order.id)).toEqual(['ABANDONED', 'ABANDONED']);
    expect(await takenOn(w.second)).toEqual({ date: 0, tickets: [0, 0] });
    // Still refused once released (not "expired": the date is why).
    const again = await call(ctx.app, 'PUT', `${c.base}/details`, {
      headers: c.headers,
      body: details(c.r.data, { email: c.email }),
    });
    expect(again.json().error.code).toBe('DATE_CANCELLED');
  });

  it('a card payment arriving after the holds were released is refunded once; the order never completes', async () => {
    const w = await world();
    const c = await checkout(w, w.seat, 'late@example.test');
    const intent = await payByCard(c);
    // The payment is on its way while the date is cancelled and its holds released.
    expect((await cancel(w)).statusCode).toBe(200);
    await ctx.app.deps.jobs.settleDateChanges();
    expect(await takenOn(w.second)).toEqual({ date: 0, tickets: [0, 0] });

    expect((await succeeded(intent, `evt_${c.r.data.short_id}_1`)).statusCode).toBe(200);
    expect((await succeeded(intent, `evt_${c.r.data.short_id}_2`)).statusCode).toBe(200);
    await ctx.app.deps.jobs.settleDateChanges();
    expect(refundsOf(intent)).toEqual([5000]);
    const order = await orderOf(c.r.data.short_id);
    expect(order).toMatchObject({ status: 'REFUNDED', payment_status: 'REFUNDED', completed_at: null });
    expect(order.cancelled_at).not.toBeNull();
    expect(await statusesOf(order.id)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(await takenOn(w.second)).toEqual({ date: 0, tickets: [0, 0] });

    const mail = await ctx.smtp.waitFor('late@example.test', (m) => m.subject.includes('refund'));
    expect(mail.text).toContain('The organizer has cancelled the date of your order');
    expect(mail.text).toContain(MESSAGE);
    expect(mail.text).not.toContain('reservation had run out');
  });

  it('a card payment arriving before the holds were released gives its units back and is refunded', async () => {
    const w = await world();
    const c = await checkout(w, w.seat, 'early@example.test');
    const intent = await payByCard(c);
    const scope = { accountId: w.accountId, eventId: w.event.id };
    // Cancelled without the worker's run: the hold still counts when the payment arrives.
    await cancelDate({ db: db(), clock }, scope, w.second, { refund: true, message: null }, null);
    expect((await takenOn(w.second)).date).toBe(2);

    expect((await succeeded(intent, `evt_${c.r.data.short_id}`)).statusCode).toBe(200);
    expect(refundsOf(intent)).toEqual([5000]);
    const order = await orderOf(c.r.data.short_id);
    expect(order.status).toBe('REFUNDED');
    expect(await statusesOf(order.id)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(await takenOn(w.second)).toEqual({ date: 0, tickets: [0, 0] });
    await ctx.app.deps.jobs.settleDateChanges();
    expect(refundsOf(intent)).toEqual([5000]);
    expect(await takenOn(w.second)).toEqual({ date: 0, tickets: [0, 0] });
  });
});

describe("the cancellation's mails and the mail budget", () => {
  it('mails to addresses the team typed in count against the budget: none left, nothing is cancelled; else paced', async () => {
    const w = await world();
    const manual = (email: string) =>
      call(ctx.app, 'POST', `/api/events/${w.event.id}/attendees`, {
        token: w.u.token,
        body: {
          ticket_id: w.guest,
          first_name: 'Ann',
          last_name: 'Lee',
          email,
          send_ticket: false,
          event_date_id: w.second,
        },
      });
    const typed = ['typed-1@example.test', 'typed-2@example.test', 'typed-3@example.test'];
    for (const email of typed) expect((await manual(email)).statusCode).toBe(201);
    // A buyer's own address is not team mail.
    const own = await placeOrder(
      ctx.app,
      { eventId: w.event.id, organizerToken: w.u.token },
      [{ ticket_id: w.guest, quantity: 1 }],
      { buyer: { email: 'own@example.test' }, extra: { event_date_id: w.second } },
    );
    const spent = async () =>
      (await db().select().from(mailBudgetEntries).where(eq(mailBudgetEntries.account_id, w.accountId))).reduce(
        (n, e) => n + e.mails,
        0,
      );
    const used = (mails: number) =>
      db()
        .insert(mailBudgetEntries)
        .values({ account_id: w.accountId, user_id: w.u.user.id, kind: 'ORDER', mails, created_at: clock.now() });
    // The hour's budget (2) is spent already: not even the first mail fits, and nothing changes.
    await used(2);
    const refused = await cancel(w);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.code).toBe('MAIL_BUDGET_EXCEEDED');
    expect((await db().select().from(eventDates).where(eq(eventDates.id, w.second)))[0]!.status).toBe('ON_SALE');

    // An hour on, one mail of the hour is used: the first typed address fits now, the other two an hour later.
    clock.advance(3_600_001);
    await used(1);
    const cancelledAt = clock.now();
    const done = await cancel(w);
    expect(done.statusCode, done.body).toBe(200);
    // (The hour before's entries have left the window.) Each share is kept at its own time.
    expect(await spent()).toBe(1 + typed.length);
    await ctx.app.deps.jobs.settleDateChanges();
    const cancelledMails = async () =>
      db()
        .select({ id: outbox.id, to: sql<string>`${outbox.payload}->>'to'`, at: outbox.available_at })
        .from(outbox)
        .where(
          and(
            sql`${outbox.payload}->>'template' = 'order_cancelled'`,
            sql`${outbox.order_id} in (select id from orders where event_id = ${w.event.id})`,
          ),
        );
    const mails = await cancelledMails();
    const times = Object.fromEntries(mails.map((m) => [m.to, m.at.getTime() - cancelledAt.getTime()]));
    expect(times).toEqual({
      'own@example.test': 0,
      'typed-1@example.test': 0,
      'typed-2@example.test': 3_600_000,
      'typed-3@example.test': 3_600_000,
    });
    expect((await orderOf(own.short_id)).status).toBe('CANCELLED');
    // Every order is cancelled at once; only the mails wait. A second pass writes and paces nothing more.
    await ctx.app.deps.jobs.settleDateChanges();
    expect(await cancelledMails()).toHaveLength(4);
    const [row] = await db().select().from(dateCancellations).where(eq(dateCancellations.event_date_id, w.second));
    expect(row!.typed_mails_written).toBe(3);
    expect(row!.finished_at).not.toBeNull();
  });

  it("paces a refund's mail too: a card order whose address the team corrected waits its turn", async () => {
    const w = await world();
    const typed = await call(ctx.app, 'POST', `/api/events/${w.event.id}/attendees`, {
      token: w.u.token,
      body: {
        ticket_id: w.guest,
        first_name: 'Ann',
        last_name: 'Lee',
        email: 'typed-first@example.test',
        send_ticket: false,
        event_date_id: w.second,
      },
    });
    expect(typed.statusCode, typed.body).toBe(201);
    // A card order whose address the organizer then corrected: typed in by the team too.
    const c = await checkout(w, w.seat, 'card@example.test');
    const intent = await payByCard(c);
    expect((await succeeded(intent, `evt_${c.r.data.short_id}`)).statusCode).toBe(200);
    const order = await orderOf(c.r.data.short_id);
    const edited = await call(ctx.app, 'PUT', `/api/events/${w.event.id}/orders/${order.id}/buyer`, {
      token: w.u.token,
      body: { first_name: 'Cara', last_name: 'Card', email: 'corrected@example.test' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // One mail of the hour's two is used: the first typed address now, the refund's mail an hour later.
    clock.advance(2 * 3_600_001);
    await db()
      .insert(mailBudgetEntries)
      .values({ account_id: w.accountId, user_id: w.u.user.id, kind: 'ORDER', mails: 1, created_at: clock.now() });
    const cancelledAt = clock.now();
    const done = await cancel(w);
    expect(done.statusCode, done.body).toBe(200);
    await ctx.app.deps.jobs.settleDateChanges();
    expect(refundsOf(intent)).toEqual([5000]);
    const mails = await db()
      .select({
        to: sql<string>`${outbox.payload}->>'to'`,
        template: sql<string>`${outbox.payload}->>'template'`,
        at: outbox.available_at,
      })
      .from(outbox)
      .where(
        and(
          sql`${outbox.payload}->>'template' in ('order_cancelled', 'order_refunded')`,
          sql`${outbox.order_id} in (select id from orders where event_id = ${w.event.id})`,
        ),
      );
    expect(mails.map((m) => [m.to, m.template, m.at.getTime() - cancelledAt.getTime()]).sort()).toEqual([
      ['corrected@example.test', 'order_refunded', 3_600_000],
      ['typed-first@example.test', 'order_cancelled', 0],
    ]);
  });
});
