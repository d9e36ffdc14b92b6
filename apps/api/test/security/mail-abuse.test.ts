import { LOCALE_COOKIE } from '@admitone/shared';
import { and, count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app.js';
import { accountUsers, attendees, messages, orders, outbox, users } from '../../src/db/schema/index.js';
import { TestClock } from '../../src/shared/clock.js';
import { liveEvent, placeOrder } from '../checkout-factory.js';
import { confirmAddress, linkToken, registerConfirmedUser, registerUser } from '../factories.js';
import { call, createTestApp, type TestContext } from '../test-app.js';

/**
 * The review's mail holes: an account whose address is not confirmed sent invitations and ticket mails
 * with its own text to any address, without limit; inviting a registered address answered with that
 * person's name. Each test here failed on the code before the fix.
 */

/** A small budget, so a test can use it up. */
const BUDGET = 10;
let ctx: TestContext;
const clock = new TestClock(new Date('2027-02-01T09:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock, env: { MAIL_BUDGET_PER_HOUR: String(BUDGET) } });
});
afterAll(() => ctx.close());

const db = () => ctx.app.deps.database.db;
const outboxRows = async () => (await db().select({ n: count() }).from(outbox))[0]!.n;
const messagesOf = async (eventId: number) =>
  (await db().select({ n: count() }).from(messages).where(eq(messages.event_id, eventId)))[0]!.n;
const attendeesWith = async (email: string) =>
  (await db().select({ n: count() }).from(attendees).where(eq(attendees.email, email)))[0]!.n;
const membershipsOf = async (accountId: number) =>
  (await db().select({ n: count() }).from(accountUsers).where(eq(accountUsers.account_id, accountId)))[0]!.n;

const message = (over: Record<string, unknown> = {}) => ({
  subject: 'Free prize',
  body: '<p>Click here</p>',
  recipient_type: 'ALL_ATTENDEES',
  acknowledged_not_promotional: true,
  ...over,
});
const person = (email: string, over: Record<string, unknown> = {}) => ({
  first_name: 'Pat',
  last_name: 'Target',
  email,
  amount_paid: 0,
  ...over,
});

/**
 * A login whose address was never confirmed (sign-ups confirm by link now; logins from before did not
 * have to): the one test-only shortcut here, straight in the database.
 */
const forgetConfirmation = (userId: number) =>
  db().update(users).set({ email_verified_at: null }).where(eq(users.id, userId));

/** An organizer with a live event of one free ticket, whose address is confirmed (through the mailed link) or not. */
async function organizer(confirmed: boolean) {
  const w = await liveEvent(ctx.app, [{ name: 'Door', type: 'FREE' }]);
  if (confirmed) await confirmAddress(ctx.app, ctx.smtp, w.u);
  else await forgetConfirmation(w.u.user.id);
  const ev = `/api/events/${w.event.id}`;
  const as = (token = w.u.token) => ({
    invite: (email: string) =>
      call(ctx.app, 'POST', '/api/users', { token, body: { email, role: 'ADMIN' }, locale: 'en' }),
    resendInvitation: (userId: number) =>
      call(ctx.app, 'POST', `/api/users/${userId}/invitation`, { token, locale: 'en' }),
    addAttendee: (email: string, over: Record<string, unknown> = {}) =>
      call(ctx.app, 'POST', `${ev}/attendees`, {
        token,
        body: { ticket_id: w.tickets[0]!.id, ...person(email, over) },
        locale: 'en',
      }),
    resendTicket: (attendeeId: number) =>
      call(ctx.app, 'POST', `${ev}/attendees/${attendeeId}/resend-ticket`, { token, locale: 'en' }),
    editAttendee: (attendeeId: number, email: string) =>
      call(ctx.app, 'PUT', `${ev}/attendees/${attendeeId}`, {
        token,
        body: { first_name: 'Pat', last_name: 'Edited', email },
        locale: 'en',
      }),
    resendConfirmation: (orderId: number) =>
      call(ctx.app, 'POST', `${ev}/orders/${orderId}/resend-confirmation`, { token, locale: 'en' }),
    cancelOrder: (orderId: number) => call(ctx.app, 'POST', `${ev}/orders/${orderId}/cancel`, { token, locale: 'en' }),
    send: (over: Record<string, unknown> = {}) =>
      call(ctx.app, 'POST', `${ev}/messages`, { token, body: message(over), locale: 'en' }),
  });
  return { ...w, accountId: w.u.accounts[0]!.id, api: as(), as };
}

type Res = Awaited<ReturnType<typeof call>>;
function expectNotConfirmed(res: Res) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().error).toEqual({
    code: 'EMAIL_NOT_CONFIRMED',
    message:
      'Confirm your e-mail address first: invitations, ticket e-mails and messages are sent only once it is confirmed. Check your inbox for the link, or send it again from your profile.',
  });
}

describe('mail needs a confirmed address', () => {
  it('refuses invitations, manual ticket mails, resends and messages from an unconfirmed address, writing nothing', async () => {
    const o = await organizer(false);
    const before = await outboxRows();
    const members = await membershipsOf(o.accountId);

    expectNotConfirmed(await o.api.invite('someone@example.test'));
    expectNotConfirmed(await o.api.addAttendee('target@example.test'));
    // Without a mail, adding an attendee is fine (a walk-in at the door); resending its ticket is not.
    const quiet = await o.api.addAttendee('quiet@example.test', { send_ticket: false });
    expect(quiet.statusCode).toBe(201);
    expectNotConfirmed(await o.api.resendTicket(quiet.json().data.id));
    expectNotConfirmed(await o.api.send());
    expectNotConfirmed(await o.api.send({ is_test: true }));
    // Nor through its order: resending the confirmation, or cancelling it (the buyer would be told, at the address
    // typed).
    expectNotConfirmed(await o.api.resendConfirmation(quiet.json().data.order_id));
    expectNotConfirmed(await o.api.cancelOrder(quiet.json().data.order_id));
    expect(
      (
        await call(ctx.app, 'GET', `/api/events/${o.event.id}/orders/${quiet.json().data.order_id}`, {
          token: o.u.token,
        })
      ).json().data.status,
    ).toBe('COMPLETED');

    expect(await outboxRows()).toBe(before);
    expect(await membershipsOf(o.accountId)).toBe(members);
    expect(await db().select().from(users).where(eq(users.email, 'someone@example.test'))).toEqual([]);
    expect(await attendeesWith('target@example.test')).toBe(0);
    expect(await messagesOf(o.event.id)).toBe(0);

    // The refusal is translated (the language chosen in the app wins over the user's saved one).
    const de = await call(ctx.app, 'POST', '/api/users', {
      token: o.u.token,
      body: { email: 'jemand@example.test', role: 'ADMIN' },
      headers: { cookie: `${LOCALE_COOKIE}=de` },
    });
    expect(de.statusCode).toBe(403);
    expect(de.json().error.code).toBe('EMAIL_NOT_CONFIRMED');
    expect(de.json().error.message).toMatch(/E-Mail-Adresse/);
  });

  it('allows the same once the address is confirmed through the mailed link', async () => {
    const o = await organizer(false);
    await confirmAddress(ctx.app, ctx.smtp, o.u);
    const before = await outboxRows();

    expect((await o.api.invite('welcome@example.test')).statusCode).toBe(201);
    const added = await o.api.addAttendee('guest@example.test');
    expect(added.statusCode).toBe(201);
    expect((await o.api.resendTicket(added.json().data.id)).statusCode).toBe(200);
    expect((await o.api.send()).statusCode).toBe(201);
    // An invitation, two ticket mails, one message.
    expect(await outboxRows()).toBe(before + 4);
    await ctx.smtp.waitFor('welcome@example.test', (m) => m.text.includes('/auth/accept-invitation/'));
  });

  it("refuses a colleague whose own address is not confirmed, though the owner's is", async () => {
    const o = await organizer(true);
    const pending = await o.api.invite('pending@example.test');
    expect(pending.statusCode).toBe(201);
    // A registered person who never confirmed joins as an admin with their password.
    const colleague = await registerUser(ctx.app, { name: 'Una Unconfirmed' });
    await forgetConfirmation(colleague.user.id);
    expect((await o.api.invite(colleague.email)).statusCode).toBe(201);
    const link = await linkToken(ctx.smtp, colleague.email, '/auth/accept-invitation/');
    const joined = await call(ctx.app, 'POST', `/api/auth/invitation/${link}`, {
      body: { current_password: colleague.password },
    });
    expect(joined.statusCode).toBe(200);
    const them = o.as(joined.json().token);
    const before = await outboxRows();

    expectNotConfirmed(await them.resendInvitation(pending.json().data.id));
    expectNotConfirmed(await them.invite('another@example.test'));
    expectNotConfirmed(await them.addAttendee('target2@example.test'));
    expectNotConfirmed(await them.send({ is_test: true }));
    expect(await outboxRows()).toBe(before);
  });
});

describe('the hourly mail budget of an account', () => {
  it('counts mail to addresses the team typed, refuses past it with 429 and Retry-After, writes nothing, and leaves other accounts alone', async () => {
    const o = await organizer(true);
    const other = await organizer(true);
    const c = { eventId: o.event.id, organizerToken: o.u.token };

    // Buyers' own orders cost nothing: their confirmation and ticket mails are theirs.
    const bought = await placeOrder(ctx.app, c, [{ ticket_id: o.tickets[0]!.id, quantity: 2 }]);
    const guests = (
      await call(ctx.app, 'GET', `/api/events/${o.event.id}/attendees?sort_by=created_at&sort_direction=asc`, {
        token: o.u.token,
      })
    ).json().data as Array<{ id: number; order_id: number }>;
    // An address an organizer corrects counts as typed in by the team (the edit itself mails nobody).
    expect((await o.api.editAttendee(guests[0]!.id, 'corrected@example.test')).statusCode).toBe(200);
    // Attendees added without a mail cost nothing until something is sent to them.
    for (const n of [1, 2, 3])
      expect((await o.api.addAttendee(`walk-in-${n}@example.test`, { send_ticket: false })).statusCode).toBe(201);
    // A message counts once, plus once per address the team typed (three walk-ins, one corrected) and per
    // address of an order no card payment vouches for (the buyer's other guest, of a free order): 6.
    expect((await o.api.send()).statusCode).toBe(201);
    // Two invitations: 8.
    for (const n of [1, 2]) expect((await o.api.invite(`colleague-${n}@example.test`)).statusCode).toBe(201);

    clock.advance(20 * 60_000);
    // A ticket mail and a resend: 10, the whole budget.
    const mailed = await o.api.addAttendee('mailed@example.test');
    expect(mailed.statusCode).toBe(201);
    expect((await o.api.resendTicket(mailed.json().data.id)).statusCode).toBe(200);

    const before = await outboxRows();
    const members = await membershipsOf(o.accountId);
    const sent = await messagesOf(o.event.id);
    const refused = [
      await o.api.invite('one-too-many@example.test'),
      await o.api.addAttendee('over@example.test'),
      await o.api.resendTicket(mailed.json().data.id),
      await o.api.send(),
      await o.api.send({ is_test: true }),
      await o.api.resendConfirmation(guests[0]!.order_id),
      await o.api.cancelOrder(mailed.json().data.order_id),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(429);
      // The oldest mails of the hour were sent 20 minutes ago: room again in 40 minutes.
      expect(res.headers['retry-after']).toBe('2400');
      expect(res.json().error).toEqual({
        code: 'MAIL_BUDGET_EXCEEDED',
        message:
          'Your account has sent its 10 e-mails for this hour to addresses typed in by its team or given in free and offline orders. Please try again in 40 minutes.',
      });
    }
    expect(await outboxRows()).toBe(before);
    expect(await membershipsOf(o.accountId)).toBe(members);
    expect(await attendeesWith('over@example.test')).toBe(0);
    expect(await messagesOf(o.event.id)).toBe(sent);

    // Another account has its own budget; buyers still get their mails, and cancelling a buyer's own order tells them.
    expect((await other.api.invite('elsewhere@example.test')).statusCode).toBe(201);
    const beforeBuyers = await outboxRows();
    await placeOrder(ctx.app, c, [{ ticket_id: o.tickets[0]!.id, quantity: 1 }]);
    expect(await outboxRows()).toBeGreaterThan(beforeBuyers);
    const ownOrder = (await db().select({ id: orders.id }).from(orders).where(eq(orders.short_id, bought.short_id)))[0]!
      .id;
    expect((await o.api.cancelOrder(ownOrder)).statusCode).toBe(200);

    // The hour moves on: the first mails no longer count.
    clock.advance(2400 * 1000);
    expect((await o.api.invite('one-too-many@example.test')).statusCode).toBe(201);
  });

  it('paces a message that alone needs more than the whole budget: what fits goes now, the rest as the hour frees up', async () => {
    const o = await organizer(true);
    for (let n = 0; n < BUDGET; n++)
      expect((await o.api.addAttendee(`guest-${n}@example.test`, { send_ticket: false })).statusCode).toBe(201);
    const before = await outboxRows();
    const sentAt = clock.now();
    // 1 + 10 typed addresses, a budget of 10: nine go now, one an hour later.
    const res = await o.api.send();
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      recipient_count: BUDGET,
      paced_until: new Date(sentAt.getTime() + 3_600_000).toISOString(),
    });
    expect(await outboxRows()).toBe(before + BUDGET);
    const held = await db()
      .select({ at: outbox.available_at })
      .from(outbox)
      .where(and(eq(outbox.status, 'PENDING'), gt(outbox.available_at, sentAt)));
    expect(held.map((h) => h.at.toISOString())).toEqual([new Date(sentAt.getTime() + 3_600_000).toISOString()]);
    // The budget is spent meanwhile: anything else now is refused, until the hour has room again.
    const refused = await o.api.invite('meanwhile@example.test');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    clock.advance(3_600_000);
    // The first share has left the hour; the held-back mail is due and uses one of its ten.
    const list = (await call(ctx.app, 'GET', `/api/events/${o.event.id}/messages`, { token: o.u.token })).json().data;
    expect(list[0].paced_until).toBeNull();
    expect((await o.api.invite('meanwhile@example.test')).statusCode).toBe(201);
  });

  // Two web processes need one database server: PostgreSQL only (PGlite lives inside one process).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'holds across web processes sending at once: the count is in the database',
    async () => {
      const o = await organizer(true);
      const second = await buildApp({ ...ctx.app.deps.config, jobsInProcess: false }, { clock, work: false });
      try {
        await second.ready();
        const apps = [ctx.app, second];
        const answers = await Promise.all(
          Array.from({ length: BUDGET + 6 }, (_, n) =>
            call(apps[n % 2]!, 'POST', '/api/users', {
              token: o.u.token,
              body: { email: `rush-${n}@example.test`, role: 'ADMIN' },
            }),
          ),
        );
        expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(BUDGET).fill(201), ...Array(6).fill(429)]);
        const invited = await db()
          .select({ n: count() })
          .from(accountUsers)
          .where(and(eq(accountUsers.account_id, o.accountId), eq(accountUsers.status, 'INVITED')));
        expect(invited[0]!.n).toBe(BUDGET);
      } finally {
        await second.close();
      }
    },
  );
});

describe('invitations reveal nothing of a registered person', () => {
  it('answers an invitation of a registered address exactly as one of an unknown address', async () => {
    const admin = await registerConfirmedUser(ctx.app, ctx.smtp, { name: 'Alice Admin' });
    const rita = await registerConfirmedUser(ctx.app, ctx.smtp, { name: 'Rita Registered', locale: 'de' });
    const unknown = 'nobody-yet@example.test';
    const same = (res: Res, email: string, id: number) =>
      res.body.replaceAll(email, '<email>').replaceAll(`"id":${id}`, '"id":0');
    const as = { token: admin.token };

    const b = await call(ctx.app, 'POST', '/api/users', { ...as, body: { email: unknown, role: 'ORGANIZER' } });
    const a = await call(ctx.app, 'POST', '/api/users', {
      ...as,
      body: { email: rita.email.toUpperCase(), role: 'ORGANIZER' },
    });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    const ritaId = a.json().data.id as number;
    const unknownId = b.json().data.id as number;
    // The id is the invitation's, not the login's: Rita registered before the unknown address got a row,
    // yet her id is the newer one, so ids cannot tell an admin that an address had a login (or since when).
    expect(ritaId).toBeGreaterThan(unknownId);
    expect(ritaId).not.toBe(rita.user.id);
    expect(same(a, rita.email, ritaId)).toBe(same(b, unknown, unknownId));
    expect(a.body).not.toContain('Rita');
    expect(a.json().data).toMatchObject({
      name: '',
      email: rita.email,
      email_verified: false,
      pending_email: null,
      status: 'INVITED',
    });

    // The same on every later answer: one member, the list, a role change, a resend.
    const one = async (id: number) => call(ctx.app, 'GET', `/api/users/${id}`, as);
    expect(same(await one(ritaId), rita.email, ritaId)).toBe(same(await one(unknownId), unknown, unknownId));
    const list = (await call(ctx.app, 'GET', '/api/users?sort_by=email', as)).json().data as Array<{
      id: number;
      email: string;
    }>;
    const row = (id: number, email: string) =>
      JSON.stringify(list.find((m) => m.id === id))
        .replaceAll(email, '<email>')
        .replaceAll(`"id":${id}`, '"id":0');
    expect(row(ritaId, rita.email)).toBe(row(unknownId, unknown));
    const role = async (id: number) => call(ctx.app, 'PUT', `/api/users/${id}`, { ...as, body: { role: 'ADMIN' } });
    expect(same(await role(ritaId), rita.email, ritaId)).toBe(same(await role(unknownId), unknown, unknownId));
    // Searching the team by her name finds nobody; by the address typed, her row.
    expect((await call(ctx.app, 'GET', '/api/users?query=Rita', as)).json().meta.total).toBe(0);
    expect(
      (await call(ctx.app, 'GET', `/api/users?query=${encodeURIComponent(rita.email)}`, as))
        .json()
        .data.map((m: { id: number }) => m.id),
    ).toEqual([ritaId]);

    // The mail greets nobody by name.
    const mail = await ctx.smtp.waitFor(rita.email, (m) => m.text.includes('/auth/accept-invitation/'));
    expect(mail.text).not.toContain('Rita');

    const resent = ctx.smtp.received.length;
    const resend = async (id: number) => call(ctx.app, 'POST', `/api/users/${id}/invitation`, as);
    expect(same(await resend(ritaId), rita.email, ritaId)).toBe(same(await resend(unknownId), unknown, unknownId));

    // Once she accepts (with the newest link), she is a member and her name shows.
    const link = await linkToken(ctx.smtp, rita.email, '/auth/accept-invitation/', resent);
    expect(
      (await call(ctx.app, 'POST', `/api/auth/invitation/${link}`, { body: { current_password: rita.password } }))
        .statusCode,
    ).toBe(200);
    expect((await one(ritaId)).json().data).toMatchObject({
      name: 'Rita Registered',
      status: 'ACTIVE',
      email_verified: true,
    });
  });

  it('keeps showing the address typed when the invited person changes theirs', async () => {
    const admin = await registerConfirmedUser(ctx.app, ctx.smtp);
    const bob = await registerConfirmedUser(ctx.app, ctx.smtp, { name: 'Bob Mover' });
    const invited = await call(ctx.app, 'POST', '/api/users', {
      token: admin.token,
      body: { email: bob.email, role: 'ORGANIZER' },
    });
    expect(invited.statusCode).toBe(201);
    const moved = `moved-${bob.user.id}@example.test`;
    expect(
      (
        await call(ctx.app, 'PUT', '/api/users/me/email', {
          token: bob.token,
          body: { email: moved, current_password: bob.password },
        })
      ).statusCode,
    ).toBe(200);
    const token = await linkToken(ctx.smtp, moved, '/manage/profile/confirm-email-change/');
    expect(
      (await call(ctx.app, 'POST', `/api/users/${bob.user.id}/email-change/${token}`, { token: bob.token })).statusCode,
    ).toBe(200);

    const res = await call(ctx.app, 'GET', `/api/users/${invited.json().data.id}`, { token: admin.token });
    expect(res.json().data).toMatchObject({ email: bob.email, name: '' });
    expect(res.body).not.toContain(moved);
    expect((await call(ctx.app, 'GET', `/api/users?query=moved-`, { token: admin.token })).json().meta.total).toBe(0);
  });
});
