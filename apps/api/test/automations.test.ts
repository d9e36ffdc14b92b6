import type { AutomationDto, PublicOrderDto } from '@admitone/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  attendees,
  automationSends,
  eventDates,
  events,
  mailAutomations,
  orders,
  outbox,
  users,
} from '../src/db/schema/index.js';
import { listAutomations } from '../src/modules/automations/automations.repository.js';
import { sendDueReminders } from '../src/modules/automations/reminders.js';
import { runScheduler } from '../src/modules/automations/scheduler.js';
import { TestClock } from '../src/shared/clock.js';
import { buyerHeaders, details, firstDateOf, liveEvent, reserve } from './checkout-factory.js';
import { createEvent, inviteAndAccept, registerUser } from './factories.js';
import { call, createTestApp, mailSettled, type TestContext } from './test-app.js';

/**
 * Mail that goes out by itself (modules/automations): reminders before each date, scheduled messages, the
 * abandoned-checkout mail with its one-click unsubscribe, the follow-up, all through the one scheduler.
 * The event is on 2027-06-01 at 19:00 in Berlin (17:00 UTC); the clock is moved by the test.
 */
let ctx: TestContext;
const clock = new TestClock(new Date('2027-05-01T10:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock, env: { PAYMENT_DEADLINE_SWEEP_SECONDS: '3600' } });
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const START = new Date('2027-06-01T17:00:00Z');
const db = () => ctx.app.deps.database.db;
const schedulerDeps = () => ({
  appUrl: ctx.app.deps.config.appUrl,
  storage: ctx.app.deps.storage,
  stock: ctx.app.deps.stock,
  mailBudgetPerHour: ctx.app.deps.config.mailBudgetPerHour,
});
const quiet = { info: () => undefined, error: (o: unknown) => console.error(o) };
/** One run of the worker's scheduler, its mails delivered as the worker would. */
async function tick() {
  const mails = await runScheduler(db(), schedulerDeps(), quiet);
  await ctx.app.deps.jobs.deliverOutbox(mails);
  await mailSettled(ctx.app);
  return mails;
}
const mailsTo = (email: string, subject: RegExp) =>
  ctx.smtp.received.filter((m) => m.to.includes(email) && subject.test(m.subject));

/** A live event with a free ticket (and a paid one), bought by `buyers` (one ticket each, at their own address). */
async function world(buyers: string[], overrides: Record<string, unknown> = {}) {
  const w = await liveEvent(
    ctx.app,
    [
      { name: 'Entry', type: 'FREE', quantity: 100, mail_text: 'Bring your student card.' },
      { name: 'Seat', type: 'PAID', price: 2_000, quantity: 100 },
    ],
    overrides,
  );
  const orderIds: number[] = [];
  for (const email of buyers) orderIds.push((await buy(w.event.id, w.tickets[0]!.id, email)).id);
  return { ...w, orderIds };
}

async function buy(eventId: number, ticketId: number, email: string, extra: Record<string, unknown> = {}) {
  const r = (await reserve(ctx.app, eventId, { items: [{ ticket_id: ticketId, quantity: 1 }] })).json<{
    data: PublicOrderDto;
    checkout_token: string;
    order_secret: string;
  }>();
  const body = details(r.data, { email, ...extra });
  body.attendees = body.attendees.map((a) => ({ ...a, email }));
  const d = await call(ctx.app, 'PUT', `/api/public/events/${eventId}/order/${r.data.short_id}/details`, {
    headers: buyerHeaders(r),
    body,
  });
  expect(d.statusCode).toBe(200);
  const [row] = await db().select().from(orders).where(eq(orders.short_id, r.data.short_id));
  return row!;
}

const automations = async (eventId: number, token: string) =>
  (await call(ctx.app, 'GET', `/api/events/${eventId}/automations`, { token })).json<{ data: AutomationDto[] }>().data;

describe('automatic mail: settings', () => {
  it('a new event reminds 48 and 2 hours before each date; the other kinds are off; each rule is checked', async () => {
    clock.set(new Date('2027-05-01T10:00:00Z'));
    const { u, event } = await world([]);
    const list = await automations(event.id, u.token);
    expect(list.map((a) => [a.kind, a.enabled, a.offset_minutes])).toEqual([
      ['REMINDER', true, 2880],
      ['REMINDER', true, 120],
      ['ABANDONED_CHECKOUT', false, 60],
      ['FOLLOW_UP', false, 1440],
    ]);
    // The next run: 48 hours before the date, in absolute time.
    expect(list[0]!.next_run_at).toBe(new Date(START.getTime() - 48 * HOUR).toISOString());
    expect(list[0]!.next_date?.start_date).toBe(START.toISOString());

    const path = `/api/events/${event.id}/automations`;
    const bad = await call(ctx.app, 'PUT', `${path}/${list[0]!.id}`, {
      token: u.token,
      body: { kind: 'REMINDER', offset_minutes: 5, link_url: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.field_errors).sort()).toEqual(['link_url', 'offset_minutes']);
    const twice = await call(ctx.app, 'POST', path, {
      token: u.token,
      body: { kind: 'FOLLOW_UP', offset_minutes: 60 },
    });
    expect(twice.json().error.field_errors.kind).toBeTruthy();
    for (const hours of [24, 6, 1]) {
      const added = await call(ctx.app, 'POST', path, {
        token: u.token,
        body: { kind: 'REMINDER', offset_minutes: hours * 60, message: 'See you soon' },
      });
      expect(added.statusCode).toBe(201);
    }
    const sixth = await call(ctx.app, 'POST', path, { token: u.token, body: { kind: 'REMINDER', offset_minutes: 30 } });
    expect(sixth.statusCode).toBe(422);
    const follow = list.find((a) => a.kind === 'FOLLOW_UP')!;
    expect((await call(ctx.app, 'DELETE', `${path}/${follow.id}`, { token: u.token })).statusCode).toBe(422);
    // Another account's ids are not found.
    const other = await registerUser(ctx.app);
    expect((await call(ctx.app, 'GET', path, { token: other.token })).statusCode).toBe(404);
    const mine = await world([]);
    expect(
      (
        await call(ctx.app, 'PUT', `/api/events/${mine.event.id}/automations/${list[0]!.id}`, {
          token: mine.u.token,
          body: { kind: 'REMINDER', offset_minutes: 60 },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('automatic mail: account defaults', () => {
  it("an admin's defaults are what each new event starts with; a copy keeps its source's; organizers may not change them", async () => {
    clock.set(new Date('2027-05-01T10:00:00Z'));
    const { u, event: before } = await world([]);
    const path = `/api/accounts/${u.accounts[0]!.id}/automations`;
    // Until changed: the built-in ones, with no next run nor anything sent (they belong to no date).
    const builtIn = (await call(ctx.app, 'GET', path, { token: u.token })).json<{ data: AutomationDto[] }>().data;
    expect(builtIn.map((a) => [a.kind, a.enabled, a.offset_minutes, a.next_run_at])).toEqual([
      ['REMINDER', true, 2880, null],
      ['REMINDER', true, 120, null],
      ['ABANDONED_CHECKOUT', false, 60, null],
      ['FOLLOW_UP', false, 1440, null],
    ]);
    expect(builtIn.every((a) => a.stats.sent === 0 && a.next_date === null)).toBe(true);
    // Read again: the same rows, not a second set.
    const again = (await call(ctx.app, 'GET', path, { token: u.token })).json<{ data: AutomationDto[] }>().data;
    expect(again.map((a) => a.id)).toEqual(builtIn.map((a) => a.id));

    const [day2, hours2, abandoned, follow] = builtIn;
    const put = (id: number, body: Record<string, unknown>) =>
      call(ctx.app, 'PUT', `${path}/${id}`, { token: u.token, body });
    expect(
      (await put(day2!.id, { kind: 'REMINDER', offset_minutes: 4320, message: 'Doors at 18:30.' })).statusCode,
    ).toBe(200);
    expect((await call(ctx.app, 'DELETE', `${path}/${hours2!.id}`, { token: u.token })).statusCode).toBe(204);
    expect(
      (await put(abandoned!.id, { kind: 'ABANDONED_CHECKOUT', enabled: true, offset_minutes: 30 })).statusCode,
    ).toBe(200);
    const link = 'https://survey.example/jazz';
    expect(
      (
        await put(follow!.id, {
          kind: 'FOLLOW_UP',
          enabled: true,
          offset_minutes: 600,
          audience: 'CHECKED_IN',
          link_url: link,
        })
      ).statusCode,
    ).toBe(200);
    const added = await call(ctx.app, 'POST', path, {
      token: u.token,
      body: { kind: 'REMINDER', offset_minutes: 1440 },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ kind: 'REMINDER', offset_minutes: 1440, next_run_at: null });
    // The rules are the events': one of the other kinds, at most five reminders, a wrong kind, a bad offset.
    expect(
      (await call(ctx.app, 'POST', path, { token: u.token, body: { kind: 'FOLLOW_UP', offset_minutes: 60 } })).json()
        .error.field_errors.kind,
    ).toBeTruthy();
    expect((await put(abandoned!.id, { kind: 'REMINDER', offset_minutes: 60 })).statusCode).toBe(422);
    expect(
      (await put(day2!.id, { kind: 'REMINDER', offset_minutes: 1 })).json().error.field_errors.offset_minutes,
    ).toBeTruthy();
    for (const hours of [12, 6, 1])
      expect(
        (await call(ctx.app, 'POST', path, { token: u.token, body: { kind: 'REMINDER', offset_minutes: hours * 60 } }))
          .statusCode,
      ).toBe(201);
    expect(
      (await call(ctx.app, 'POST', path, { token: u.token, body: { kind: 'REMINDER', offset_minutes: 30 } }))
        .statusCode,
    ).toBe(422);
    for (const hours of [12, 6, 1]) {
      const id = (await call(ctx.app, 'GET', path, { token: u.token }))
        .json<{ data: AutomationDto[] }>()
        .data.find((a) => a.offset_minutes === hours * 60)!.id;
      expect((await call(ctx.app, 'DELETE', `${path}/${id}`, { token: u.token })).statusCode).toBe(204);
    }

    // A new event starts with the defaults; the one made before keeps the built-in ones.
    const shape = (list: AutomationDto[]) =>
      list.map((a) => [a.kind, a.enabled, a.offset_minutes, a.message, a.audience, a.link_url]);
    const expected = [
      ['REMINDER', true, 4320, 'Doors at 18:30.', 'ALL', null],
      ['REMINDER', true, 1440, null, 'ALL', null],
      ['ABANDONED_CHECKOUT', true, 30, null, 'ALL', null],
      ['FOLLOW_UP', true, 600, null, 'CHECKED_IN', link],
    ];
    const made = await createEvent(ctx.app, u.token, before.organizer.id, { title: 'After the change' });
    const fresh = await automations(made.id, u.token);
    expect(shape(fresh)).toEqual(expected);
    expect(fresh[0]!.next_run_at).not.toBeNull();
    expect((await automations(before.id, u.token)).map((a) => a.offset_minutes)).toEqual([2880, 120, 60, 1440]);

    // A copy with its settings keeps its source's mails; without them, it starts from the defaults.
    const src = await automations(before.id, u.token);
    await call(ctx.app, 'PUT', `/api/events/${before.id}/automations/${src[1]!.id}`, {
      token: u.token,
      body: { kind: 'REMINDER', offset_minutes: 180, message: 'Parking is behind the hall.' },
    });
    const dup = async (copy_settings: boolean) => {
      const r = await call(ctx.app, 'POST', `/api/events/${before.id}/duplicate`, {
        token: u.token,
        body: { title: `Copy ${copy_settings}`, copy_settings },
      });
      expect(r.statusCode).toBe(201);
      return automations(r.json().data.id, u.token);
    };
    const withSettings = await dup(true);
    expect(withSettings.map((a) => [a.offset_minutes, a.message])).toEqual([
      [2880, null],
      [180, 'Parking is behind the hall.'],
      [60, null],
      [1440, null],
    ]);
    expect(withSettings.every((a) => !src.some((s) => s.id === a.id))).toBe(true);
    expect(shape(await dup(false))).toEqual(expected);

    // Admins only; another account's ids and an event's automation are not found here.
    const organizerMember = await inviteAndAccept(ctx.app, ctx.smtp, u.token, 'ORGANIZER');
    expect((await call(ctx.app, 'GET', path, { token: organizerMember.token })).statusCode).toBe(403);
    expect((await put(fresh[0]!.id, { kind: 'REMINDER', offset_minutes: 60 })).statusCode).toBe(404);
    const other = await registerUser(ctx.app);
    expect((await call(ctx.app, 'GET', path, { token: other.token })).statusCode).toBe(404);
    const theirPath = `/api/accounts/${other.accounts[0]!.id}/automations`;
    const theirs = (await call(ctx.app, 'GET', theirPath, { token: other.token })).json<{ data: AutomationDto[] }>()
      .data;
    expect((await put(theirs[0]!.id, { kind: 'REMINDER', offset_minutes: 60 })).statusCode).toBe(404);
    expect((await call(ctx.app, 'DELETE', `${path}/${theirs[0]!.id}`, { token: u.token })).statusCode).toBe(404);
  });
});

describe('reminders', () => {
  it('go once per address before the date, with the ticket, its text, a map link and a calendar file', async () => {
    clock.set(new Date('2027-05-01T10:00:00Z'));
    const { u, event, orderIds } = await world(['ada@rem.test', 'bob@rem.test', 'cy@rem.test', 'dee@rem.test']);
    await db()
      .update(events)
      .set({
        location: { venue_name: 'Blue Room', address_line_1: '1 Main St', city: 'Berlin', country: 'DE' } as never,
      })
      .where(eq(events.id, event.id));
    // Bob is checked in already; Cy's order is cancelled: neither is reminded.
    await db().update(attendees).set({ checked_in_at: new Date() }).where(eq(attendees.order_id, orderIds[1]!));
    await db().update(attendees).set({ status: 'CANCELLED' }).where(eq(attendees.order_id, orderIds[2]!));
    await db().update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, orderIds[2]!));

    // The ticket's own text is in its confirmation and ticket mails too.
    await mailSettled(ctx.app);
    expect(mailsTo('ada@rem.test', /./).every((m) => m.text.includes('Bring your student card.'))).toBe(true);
    clock.set(new Date(START.getTime() - 48 * HOUR - 60_000));
    await tick();
    expect(mailsTo('ada@rem.test', /Reminder/)).toHaveLength(0);

    clock.set(new Date(START.getTime() - 47 * HOUR));
    await tick();
    const [ada] = mailsTo('ada@rem.test', /Reminder/);
    expect(ada?.text).toContain('Bring your student card.');
    expect(ada?.text).toContain('openstreetmap.org');
    expect(ada?.attachments.map((a) => a.mimeType)).toEqual(['text/calendar']);
    expect(ada?.headers.some((h) => h.key === 'list-unsubscribe')).toBe(false);
    expect(mailsTo('bob@rem.test', /Reminder/)).toHaveLength(0);
    expect(mailsTo('cy@rem.test', /Reminder/)).toHaveLength(0);
    // Run again, and two workers at once: nobody twice.
    await Promise.all([tick(), tick()]);
    expect(mailsTo('ada@rem.test', /Reminder/)).toHaveLength(1);
    expect(mailsTo('dee@rem.test', /Reminder/)).toHaveLength(1);

    // A buyer after the 48-hour reminder gets only the 2-hour one.
    const late = await buy(
      event.id,
      (await automations(event.id, u.token)) && (await ticketId(event.id)),
      'eve@rem.test',
    );
    expect(late.status).toBe('COMPLETED');
    clock.set(new Date(START.getTime() - 2 * HOUR + 60_000));
    await tick();
    expect(mailsTo('eve@rem.test', /Reminder/)).toHaveLength(1);
    expect(mailsTo('ada@rem.test', /Reminder/)).toHaveLength(2);
    // (The organizer's session has expired by now: read as the route does.)
    const [row] = await db().select({ account: events.account_id }).from(events).where(eq(events.id, event.id));
    const list = await listAutomations(db(), { accountId: row!.account, eventId: event.id }, clock.now());
    expect(list[0]!.stats).toMatchObject({ sent: 2, failed: 0 });
    expect(list[1]!.stats).toMatchObject({ sent: 3 });
    // After the start, nothing more.
    clock.set(new Date(START.getTime() + HOUR));
    expect(await tick()).toEqual([]);
  });

  it('after downtime only the latest due reminder goes; a moved date is reminded again; a cancelled one never', async () => {
    clock.set(new Date('2027-05-01T10:00:00Z'));
    const a = await world(['fay@down.test']);
    const b = await world(['gus@moved.test']);
    const c = await world(['hal@cancel.test']);
    await db()
      .update(eventDates)
      .set({ status: 'CANCELLED' })
      .where(eq(eventDates.id, await firstDateOf(ctx.app, c.event.id)));
    // The worker was down from two days before until an hour before the start.
    clock.set(new Date(START.getTime() - HOUR));
    await tick();
    const fay = mailsTo('fay@down.test', /Reminder/);
    expect(fay).toHaveLength(1);
    expect(mailsTo('hal@cancel.test', /Reminder/)).toHaveLength(0);
    expect(mailsTo('gus@moved.test', /Reminder/)).toHaveLength(1);
    // Gus's date moves a week later: its reminders go again at the new time.
    const newStart = new Date(START.getTime() + 7 * 24 * HOUR);
    await db()
      .update(eventDates)
      .set({ start_date: newStart, end_date: new Date(newStart.getTime() + 4 * HOUR) })
      .where(eq(eventDates.id, await firstDateOf(ctx.app, b.event.id)));
    clock.set(new Date(newStart.getTime() - 47 * HOUR));
    await tick();
    expect(mailsTo('gus@moved.test', /Reminder/)).toHaveLength(2);
    expect(mailsTo('fay@down.test', /Reminder/)).toHaveLength(1);
    void a;
  });

  it('follow the event time zone across daylight-saving time: 48 hours before is 48 real hours', async () => {
    clock.set(new Date('2027-03-01T10:00:00Z'));
    // 19:30 in Berlin on Monday 29 March 2027 (summer time since the 28th) is 17:30 UTC.
    const { u, event } = await world([], { start_date: '2027-03-29T19:30', end_date: '2027-03-29T22:00' });
    const [first] = await automations(event.id, u.token);
    expect(first!.next_run_at).toBe('2027-03-27T17:30:00.000Z');
  });
});

async function ticketId(eventId: number) {
  const [row] = await db()
    .execute(sql`select id from tickets where event_id = ${eventId} and type = 'FREE'`)
    .then((r) => (r as unknown as { rows: Array<{ id: number }> }).rows);
  return row!.id;
}

describe('scheduled messages', () => {
  it('wait for their time in the event zone, can be changed or cancelled until then, and reach who matches then', async () => {
    clock.set(new Date('2027-05-01T10:00:00Z'));
    const { u, event, orderIds } = await world(['ivy@msg.test', 'jon@msg.test']);
    await db().update(users).set({ email_verified_at: new Date() }).where(eq(users.email, u.email));
    await db().update(attendees).set({ checked_in_at: new Date() }).where(eq(attendees.order_id, orderIds[0]!));
    const path = `/api/events/${event.id}/messages`;
    const body = {
      subject: 'Doors at six',
      body: '<p>Doors open at 18:00.</p>',
      recipient_type: 'ALL_ATTENDEES',
      acknowledged_not_promotional: true,
      send_at: '2027-05-10T09:00',
    };
    const past = await call(ctx.app, 'POST', path, { token: u.token, body: { ...body, send_at: '2027-04-01T09:00' } });
    expect(past.json().error.field_errors.send_at).toBeTruthy();
    // 02:30 on 28 March does not exist in Berlin (the clocks go from 02:00 to 03:00).
    clock.set(new Date('2027-03-01T10:00:00Z'));
    const skipped = await call(ctx.app, 'POST', path, {
      token: u.token,
      body: { ...body, send_at: '2027-03-28T02:30' },
    });
    expect(skipped.json().error.field_errors.send_at[0]).toMatch(/does not exist/);
    clock.set(new Date('2027-05-01T10:00:00Z'));

    const made = await call(ctx.app, 'POST', path, { token: u.token, body });
    expect(made.statusCode).toBe(201);
    const m = made.json().data;
    // 09:00 in Berlin in May is 07:00 UTC.
    expect(m).toMatchObject({ status: 'SCHEDULED', send_at: '2027-05-10T07:00:00.000Z', recipient_count: 0 });
    const changed = await call(ctx.app, 'PUT', `${path}/${m.id}`, {
      token: u.token,
      body: { ...body, subject: 'Doors at half past six', check_in: 'NOT_CHECKED_IN' },
    });
    expect(changed.json().data).toMatchObject({ subject: 'Doors at half past six', check_in: 'NOT_CHECKED_IN' });
    // A later buyer is in the audience: it is found when the message goes.
    await buy(event.id, await ticketId(event.id), 'kim@msg.test');
    clock.set(new Date('2027-05-10T06:59:00Z'));
    await tick();
    expect(mailsTo('jon@msg.test', /half past six/)).toHaveLength(0);
    clock.set(new Date('2027-05-10T07:00:30Z'));
    await tick();
    await tick();
    expect(mailsTo('jon@msg.test', /half past six/)).toHaveLength(1);
    expect(mailsTo('kim@msg.test', /half past six/)).toHaveLength(1);
    expect(mailsTo('ivy@msg.test', /half past six/)).toHaveLength(0);
    const sent = (await call(ctx.app, 'GET', `${path}/${m.id}`, { token: u.token })).json().data;
    expect(sent).toMatchObject({ status: 'SENT', recipient_count: 2 });
    expect((await call(ctx.app, 'POST', `${path}/${m.id}/cancel`, { token: u.token })).statusCode).toBe(409);
    expect((await call(ctx.app, 'PUT', `${path}/${m.id}`, { token: u.token, body })).json().error.code).toBe(
      'MESSAGE_NOT_SCHEDULED',
    );

    // Cancelled before its time: it never goes.
    const other = (
      await call(ctx.app, 'POST', path, { token: u.token, body: { ...body, send_at: '2027-05-11T09:00' } })
    ).json().data;
    expect((await call(ctx.app, 'POST', `${path}/${other.id}/cancel`, { token: u.token })).json().data.status).toBe(
      'CANCELLED',
    );
    clock.set(new Date('2027-05-12T07:00:00Z'));
    await tick();
    expect(mailsTo('jon@msg.test', /Doors at six/)).toHaveLength(0);
  });

  it('filter the audience by date, check-in state and answer; a message nobody matches when it goes is NOT_SENT', async () => {
    clock.set(new Date('2027-05-01T10:00:00Z'));
    const { u, event } = await world(['lea@flt.test']);
    await db().update(users).set({ email_verified_at: new Date() }).where(eq(users.email, u.email));
    const count = (q: string) =>
      call(ctx.app, 'GET', `/api/events/${event.id}/messages/recipient-count?recipient_type=ALL_ATTENDEES&${q}`, {
        token: u.token,
      }).then((r) => r.json().data.count);
    expect(await count('check_in=ANY')).toBe(1);
    expect(await count('check_in=CHECKED_IN')).toBe(0);
    expect(await count(`event_date_ids=${await firstDateOf(ctx.app, event.id)}`)).toBe(1);
    const q = await call(ctx.app, 'POST', `/api/events/${event.id}/questions`, {
      token: u.token,
      body: { title: 'Diet', type: 'DROPDOWN', options: ['Vegan', 'Any'] },
    });
    const qid = q.json().data.id;
    expect(await count(`answer_question_id=${qid}&answer_value=Vegan`)).toBe(0);
    expect(
      (
        await call(
          ctx.app,
          'GET',
          `/api/events/${event.id}/messages/recipient-count?recipient_type=ALL_ATTENDEES&event_date_ids=999999`,
          {
            token: u.token,
          },
        )
      ).statusCode,
    ).toBe(422);
    const m = (
      await call(ctx.app, 'POST', `/api/events/${event.id}/messages`, {
        token: u.token,
        body: {
          subject: 'For those inside',
          body: '<p>Hi</p>',
          recipient_type: 'ALL_ATTENDEES',
          check_in: 'CHECKED_IN',
          acknowledged_not_promotional: true,
          send_at: '2027-05-02T09:00',
        },
      })
    ).json().data;
    clock.set(new Date('2027-05-02T08:00:00Z'));
    await tick();
    const after = (await call(ctx.app, 'GET', `/api/events/${event.id}/messages/${m.id}`, { token: u.token })).json()
      .data;
    expect(after).toMatchObject({ status: 'NOT_SENT', not_sent_reason: 'NO_RECIPIENTS' });
  });
});

describe('abandoned checkouts', () => {
  async function leave(eventId: number, ticket: number, email: string, consent: boolean) {
    const r = (await reserve(ctx.app, eventId, { items: [{ ticket_id: ticket, quantity: 2 }] })).json<{
      data: PublicOrderDto;
      checkout_token: string;
      order_secret: string;
    }>();
    const d = await call(ctx.app, 'PUT', `/api/public/events/${eventId}/order/${r.data.short_id}/details`, {
      headers: buyerHeaders(r),
      body: details(r.data, { email, recovery_consent: consent }),
    });
    expect(d.json().data).toMatchObject({ status: 'RESERVED', recovery_consent: consent });
    return d.json().data as PublicOrderDto;
  }

  it('one mail after the delay, only with consent, never twice, with a link back and one-click unsubscribe', async () => {
    clock.set(new Date('2027-05-01T10:00:00Z'));
    const { u, event, tickets } = await world([]);
    const paid = tickets[1]!.id;
    const list = await automations(event.id, u.token);
    const abandoned = list.find((a) => a.kind === 'ABANDONED_CHECKOUT')!;
    // Off: the checkout does not ask.
    const before = await leave(event.id, paid, 'off@left.test', true);
    expect(before.checkout_recovery).toBe(false);
    await call(ctx.app, 'PUT', `/api/events/${event.id}/automations/${abandoned.id}`, {
      token: u.token,
      body: { kind: 'ABANDONED_CHECKOUT', enabled: true, offset_minutes: 60, message: 'Questions? Call us.' },
    });
    const order = await leave(event.id, paid, 'mia@left.test', true);
    expect(order.checkout_recovery).toBe(true);
    await leave(event.id, paid, 'ned@left.test', false);
    await leave(event.id, paid, 'ola@left.test', true);
    // Ola comes back and buys: no mail.
    await buy(event.id, await ticketId(event.id), 'ola@left.test');
    // The hold (15 minutes) runs out; the mail waits for the delay after it.
    clock.advance(30 * 60_000);
    await tick();
    expect(mailsTo('mia@left.test', /waiting/)).toHaveLength(0);
    clock.advance(50 * 60_000);
    await tick();
    const [mia] = mailsTo('mia@left.test', /waiting/);
    expect(mia).toBeTruthy();
    expect(mailsTo('ned@left.test', /waiting/)).toHaveLength(0);
    expect(mailsTo('ola@left.test', /waiting/)).toHaveLength(0);
    expect(mia!.text).toContain('Questions? Call us.');
    const header = (k: string) => mia!.headers.find((h) => h.key === k)?.value;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<([^>]+)>/.exec(String(header('list-unsubscribe')))![1]!;
    const link = /(http:\/\/admitone\.test\/event\/[^\s]+recover=[a-f0-9]+[^\s]*)/.exec(mia!.text)![1]!;
    const token = new URL(link).searchParams.get('recover')!;
    const back = await call(ctx.app, 'GET', `/api/public/events/${event.id}/recoveries/${token}`);
    expect(back.json().data).toMatchObject({
      items: [{ ticket_id: paid, quantity: 2 }],
      buyer: { email: 'mia@left.test' },
    });
    expect((await call(ctx.app, 'GET', `/api/public/events/${event.id + 1}/recoveries/${token}`)).statusCode).toBe(404);
    // Nothing was held meanwhile.
    const held = await db().execute(
      sql`select count(*)::int as n from attendees a join orders o on o.id = a.order_id
        where a.ticket_id = ${paid} and o.status = 'RESERVED' and o.reserved_until > ${clock.now()}::timestamptz`,
    );
    expect((held as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    // Never twice: she leaves again.
    await leave(event.id, paid, 'mia@left.test', true);
    clock.advance(3 * HOUR);
    await tick();
    expect(mailsTo('mia@left.test', /waiting/)).toHaveLength(1);

    // One click (RFC 8058): a form post to the header's address.
    const path = new URL(oneClick).pathname;
    const res = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'mia@left.test', unsubscribed: true });
    expect((await call(ctx.app, 'GET', path)).json().data.unsubscribed).toBe(true);
    // The follow-up (marketing-type) respects it across the organizer's events; reminders (transactional) do not.
    const follow = list.find((a) => a.kind === 'FOLLOW_UP')!;
    await call(ctx.app, 'PUT', `/api/events/${event.id}/automations/${follow.id}`, {
      token: u.token,
      body: {
        kind: 'FOLLOW_UP',
        enabled: true,
        offset_minutes: 60,
        audience: 'ALL',
        link_url: 'https://survey.test/x',
      },
    });
    await buy(event.id, await ticketId(event.id), 'mia@left.test');
    await buy(event.id, await ticketId(event.id), 'pia@left.test');
    clock.set(new Date('2027-06-01T23:30:00Z'));
    await tick();
    expect(mailsTo('pia@left.test', /Thank you/)).toHaveLength(1);
    expect(mailsTo('pia@left.test', /Thank you/)[0]!.text).toContain('https://survey.test/x');
    expect(mailsTo('mia@left.test', /Thank you/)).toHaveLength(0);
  });
});

describe('the scheduler', () => {
  it('writes each reminder once while two runs race, one send row per mail', async () => {
    clock.set(new Date('2027-05-01T10:00:00Z'));
    const emails = Array.from({ length: 30 }, (_, i) => `r${i}@race.test`);
    const { event } = await world(emails);
    clock.set(new Date(START.getTime() - 47 * HOUR));
    const deps = { clock, appUrl: ctx.app.deps.config.appUrl, storage: ctx.app.deps.storage };
    const runs = await Promise.all([sendDueReminders(db(), deps), sendDueReminders(db(), deps)]);
    const all = runs.flatMap((r) => r.mails);
    const ids = (
      await db().select({ id: mailAutomations.id }).from(mailAutomations).where(eq(mailAutomations.event_id, event.id))
    ).map((r) => r.id);
    const sends = await db()
      .select()
      .from(automationSends)
      .where(
        sql`${automationSends.automation_id} in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
    const written = sends.map((s) => s.outbox_id!);
    expect(all).toEqual(expect.arrayContaining(written));
    expect(sends).toHaveLength(30);
    expect(new Set(sends.map((s) => s.email))).toEqual(new Set(emails));
    const rows = await db()
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        sql`${outbox.payload}->>'template' = 'event_reminder' and ${outbox.id} in (${sql.join(
          written.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
    expect(rows).toHaveLength(30);
    await ctx.app.deps.jobs.deliverOutbox(all);
    await mailSettled(ctx.app);
  });
});
