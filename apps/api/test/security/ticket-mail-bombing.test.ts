import { ORDER_SECRET_HEADER, type PublicOrderDto } from '@admitone/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buyerHeaders, details, liveEvent, reserve } from '../checkout-factory.js';
import { call, createTestApp, mailSettled, type TestContext } from '../test-app.js';

/**
 * Issue 37, hole 3: every e-mail change a buyer makes to an attendee (with the order's secret) mails the
 * ticket PDF to the new address, and so does a transfer: 24 edits flipping between two addresses put 12
 * mails into each inbox in seconds. A ticket mail a buyer asks for (an e-mail change, a transfer, a
 * resend) now counts against the new address's budget (ADDRESS_MAILS_PER_HOUR, shared with sign-up and
 * reset mails) and against the ticket (TICKET_MAILS_PER_HOUR, whoever asks); past either the change is
 * refused with 429 RATE_LIMITED and Retry-After, and nothing is changed.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { ADDRESS_MAILS_PER_HOUR: '3', TICKET_MAILS_PER_HOUR: '4' } });
});
afterAll(() => ctx.close());

const secretHeader = (secret: string) => ({ [ORDER_SECRET_HEADER]: secret });
const mailsTo = (email: string) => ctx.smtp.received.filter((m) => m.to.includes(email)).length;

/** A placed free order of `n` tickets whose buyer may edit and pass tickets on. */
async function placedOrder(n = 1) {
  const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Lawn', type: 'FREE', quantity: 50 }]);
  expect(
    (
      await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
        token: u.token,
        body: { ticket_transfers: 'ALLOWED' },
      })
    ).statusCode,
  ).toBe(200);
  const answer = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: n }] })).json<{
    data: PublicOrderDto;
    checkout_token: string;
    order_secret: string;
  }>();
  const done = await call(ctx.app, 'PUT', `/api/public/events/${event.id}/order/${answer.data.short_id}/details`, {
    body: details(answer.data),
    headers: buyerHeaders(answer),
  });
  expect(done.statusCode).toBe(200);
  const order = done.json<{ data: PublicOrderDto }>().data;
  const base = `/api/public/events/${event.id}/order/${order.short_id}/attendees`;
  const edit = (i: number, email: string) =>
    call(ctx.app, 'PUT', `${base}/${order.attendees[i]!.short_id}`, {
      headers: secretHeader(answer.order_secret),
      body: { first_name: 'Mallory', last_name: 'Edits', email, answers: {} },
    });
  const view = async () =>
    (
      await call(ctx.app, 'GET', `/api/public/events/${event.id}/order/${order.short_id}`, {
        headers: secretHeader(answer.order_secret),
      })
    ).json<{ data: PublicOrderDto }>().data;
  return { event, order, base, secret: answer.order_secret, edit, view };
}

describe('ticket mails a buyer asks for', () => {
  it('24 e-mail edits flipping between two addresses mail each inbox at most the budget; the refused edit changes nothing', async () => {
    const { edit, view } = await placedOrder();
    await mailSettled(ctx.app);
    const [a, b] = [`flip-a-${Date.now()}@example.test`, `flip-b-${Date.now()}@example.test`];
    const answers = [];
    for (let i = 0; i < 24; i++) answers.push(await edit(0, i % 2 ? b : a));
    // Four ticket mails an hour for this ticket, whoever asks: the fifth change is refused.
    expect(answers.slice(0, 4).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const refused = answers[4]!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // From then on every change of address is refused (an edit to the address it already has changes nothing).
    expect(answers.slice(4).map((r) => r.statusCode)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? 200 : 429)),
    );
    // Nothing changed by the refused edits: the ticket still has the fourth change's address.
    expect((await view()).attendees[0]!.email).toBe(b);
    await mailSettled(ctx.app);
    expect(mailsTo(a)).toBe(2);
    expect(mailsTo(b)).toBe(2);
  });

  it('edits and transfers of many tickets to one address stop at its hourly budget, shared with sign-up mails', async () => {
    const victim = `victim-${Date.now()}@example.test`;
    const one = await placedOrder(2);
    const two = await placedOrder(2);
    expect((await one.edit(0, victim)).statusCode).toBe(200);
    expect((await one.edit(1, victim)).statusCode).toBe(200);
    const transfer = (o: typeof two, i: number) =>
      call(ctx.app, 'POST', `${o.base}/${o.order.attendees[i]!.short_id}/transfer`, {
        headers: secretHeader(o.secret),
        body: { first_name: 'Vic', last_name: 'Tim', email: victim },
      });
    expect((await transfer(two, 0)).statusCode).toBe(200);
    // The fourth mail to the address this hour: refused, the ticket is not passed on.
    const past = await transfer(two, 1);
    expect(past.statusCode).toBe(429);
    expect(past.json().error.code).toBe('RATE_LIMITED');
    expect(Number(past.headers['retry-after'])).toBeGreaterThan(0);
    const after = await two.view();
    expect(after.attendees[1]).toMatchObject({
      short_id: two.order.attendees[1]!.short_id,
      email: 'guest2@example.test',
    });
    expect((await two.edit(1, victim)).statusCode).toBe(429);
    // Sign-up mails share the budget: it is spent.
    const signUp = await call(ctx.app, 'POST', '/api/auth/register', {
      ip: '198.18.7.7',
      body: {
        name: 'Someone Else',
        email: victim,
        password: 'quiet harbour lantern 42',
        password_confirmation: 'quiet harbour lantern 42',
        accept_terms: true,
      },
    });
    expect(signUp.statusCode).toBe(429);
    await mailSettled(ctx.app);
    expect(mailsTo(victim)).toBe(3);
  });

  it('a change that mails nothing (a name only) is not counted; a resend counts for its ticket', async () => {
    const { edit, base, order, secret } = await placedOrder();
    const address = `quiet-${Date.now()}@example.test`;
    expect((await edit(0, address)).statusCode).toBe(200);
    for (let i = 0; i < 6; i++) {
      const res = await call(ctx.app, 'PUT', `${base}/${order.attendees[0]!.short_id}`, {
        headers: secretHeader(secret),
        body: { first_name: `Name${i}`, last_name: 'Edits', email: address, answers: {} },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(
      (await call(ctx.app, 'POST', `${base}/${order.attendees[0]!.short_id}/resend`, { headers: secretHeader(secret) }))
        .statusCode,
    ).toBe(200);
    await mailSettled(ctx.app);
    expect(mailsTo(address)).toBe(2);
  });
});
