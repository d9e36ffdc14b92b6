import type { MessageDetailDto, PublicOrderDto } from '@admitone/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { messageRecipients, orders, outbox, users } from '../src/db/schema/index.js';
import { MAIL_RETRY_HOURS } from '../src/mail/outbox.js';
import { renderMail } from '../src/mail/templates/index.js';
import { type MailTransport, type OutgoingMail, smtpTransport } from '../src/mail/transport.js';
import { orderHistory } from '../src/modules/orders/order-history.js';
import { buyerHeaders, details, liveEvent, reserve } from './checkout-factory.js';
import { createEvent, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/** Mail to these addresses fails (a mailbox that bounces); the rest goes to the test SMTP server. */
const bouncing = new Set<string>();
/** What the app handed to the transport (headers such as reply-to). */
const handed: OutgoingMail[] = [];
let real: MailTransport | null = null;
const transport: MailTransport = {
  async send(mail) {
    handed.push(mail);
    if (bouncing.has(mail.to)) throw new Error('550 mailbox unavailable');
    if (mail.to.endsWith('@bulk.test')) return; // a big audience: accepted without talking SMTP
    await real!.send(mail);
  },
  close: () => real?.close(),
};

let ctx: TestContext;
let world: Awaited<ReturnType<typeof buildWorld>>;

const verify = (email: string) =>
  ctx.app.deps.database.db.update(users).set({ email_verified_at: new Date() }).where(eq(users.email, email));
const orderIdOf = async (shortId: string) =>
  (await ctx.app.deps.database.db.select({ id: orders.id }).from(orders).where(eq(orders.short_id, shortId)))[0]!.id;

/** A checkout with chosen attendee addresses; free orders complete, paid ones wait for an offline payment. */
async function buy(eventId: number, ticketId: number, buyer: string, emails: string[], locale: 'en' | 'de' = 'en') {
  const r = (
    await reserve(ctx.app, eventId, { items: [{ ticket_id: ticketId, quantity: emails.length }], locale })
  ).json<{ data: PublicOrderDto; checkout_token: string; order_secret: string }>();
  const h = buyerHeaders(r);
  const attendees = r.data.attendees.map((a, i) => ({
    short_id: a.short_id,
    first_name: `Guest${i + 1}`,
    last_name: buyer.split('@')[0]!,
    email: emails[i]!,
    answers: {},
  }));
  const d = await call(ctx.app, 'PUT', `/api/public/events/${eventId}/order/${r.data.short_id}/details`, {
    headers: h,
    body: details(r.data, { email: buyer, first_name: buyer.split('@')[0], attendees, locale }),
  });
  let order = d.json<{ data: PublicOrderDto }>().data;
  if (order.status === 'RESERVED')
    order = (
      await call(ctx.app, 'POST', `/api/public/events/${eventId}/order/${r.data.short_id}/offline-payment`, {
        headers: h,
      })
    ).json().data;
  return { ...order, id: await orderIdOf(order.short_id) };
}

async function buildWorld() {
  const { u, event, tickets } = await liveEvent(ctx.app, [
    { name: 'Lawn', type: 'FREE' },
    { name: 'Stage', type: 'FREE' },
    { name: 'Seat', type: 'PAID', price: 1000 },
  ]);
  await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
    token: u.token,
    body: {
      offline_payments_enabled: true,
      support_email: 'help@riverside.test',
      email_footer_message: '<p>See you by the river</p>',
    },
  });
  const [lawn, stage, seat] = tickets.map((t) => t.id) as [number, number, number];
  const a = await buy(event.id, lawn, 'ann@example.test', ['ann@example.test', 'bob@example.test']);
  const b = await buy(event.id, stage, 'carl@example.test', ['bob@example.test', 'dora@example.test'], 'de');
  const c = await buy(event.id, lawn, 'erin@example.test', ['erin@example.test']);
  expect(
    (await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${c.id}/cancel`, { token: u.token })).statusCode,
  ).toBe(200);
  const d = await buy(event.id, seat, 'fay@example.test', ['fay-guest@example.test']);
  expect(d.status).toBe('AWAITING_PAYMENT');
  const attendeeId = async (orderId: number, email: string) => {
    const { attendees } = await import('../src/db/schema/index.js');
    const rows = await ctx.app.deps.database.db
      .select({ id: attendees.id, email: attendees.email, order_id: attendees.order_id })
      .from(attendees)
      .where(eq(attendees.order_id, orderId));
    return rows.find((x) => x.email === email)!.id;
  };
  return {
    u,
    event,
    lawn,
    stage,
    seat,
    a,
    b,
    c,
    d,
    bobInA: await attendeeId(a.id, 'bob@example.test'),
    erinInC: await attendeeId(c.id, 'erin@example.test'),
  };
}

beforeAll(async () => {
  ctx = await createTestApp({ mail: transport });
  real = smtpTransport(ctx.smtp.url, 'AdmitOne <no-reply@admitone.test>');
  world = await buildWorld();
  await verify(world.u.email);
});
afterAll(() => ctx.close());

const base = () => `/api/events/${world.event.id}/messages`;
const message = (over: Record<string, unknown> = {}) => ({
  subject: 'Gates open at six',
  body: '<p>Bring a <strong>blanket</strong>.</p>',
  recipient_type: 'ALL_ATTENDEES',
  acknowledged_not_promotional: true,
  ...over,
});
const send = (over: Record<string, unknown> = {}, token = world.u.token) =>
  call(ctx.app, 'POST', base(), { token, body: message(over) });
const count = async (query: string) =>
  (await call(ctx.app, 'GET', `${base()}/recipient-count?${query}`, { token: world.u.token })).json().data
    .count as number;
const emailsOf = (m: MessageDetailDto) => m.recipients.map((r) => r.email).sort();
const detail = async (id: number) =>
  (await call(ctx.app, 'GET', `${base()}/${id}`, { token: world.u.token })).json<{ data: MessageDetailDto }>().data;

/** Polls a message until `done` holds (delivery runs in the job worker). */
async function until(id: number, done: (m: MessageDetailDto) => boolean): Promise<MessageDetailDto> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const m = await detail(id);
    if (done(m)) return m;
    if (Date.now() > deadline) throw new Error(`message ${id} never got there: ${JSON.stringify(m.counts)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('who a message reaches', () => {
  it('counts active attendees, ticket holders, buyers, one order and chosen attendees, once per address', async () => {
    // ann, bob (twice), dora; not cancelled erin nor unpaid fay-guest
    expect(await count('recipient_type=ALL_ATTENDEES')).toBe(3);
    expect(await count(`recipient_type=TICKET_HOLDERS&ticket_ids=${world.stage}`)).toBe(2);
    expect(await count(`recipient_type=TICKET_HOLDERS&ticket_ids=${world.lawn},${world.stage}`)).toBe(3);
    expect(await count('recipient_type=ALL_BUYERS')).toBe(3); // ann, carl, fay (awaiting payment); not cancelled erin
    expect(await count(`recipient_type=ORDER_BUYER&order_id=${world.b.id}`)).toBe(1);
    expect(await count(`recipient_type=ORDER_BUYER&order_id=${world.c.id}`)).toBe(0);
    expect(await count(`recipient_type=ATTENDEES&attendee_ids=${world.bobInA},${world.erinInC}`)).toBe(1);
  });

  it('refuses ids of another event and missing choices with field errors', async () => {
    const other = await liveEvent(ctx.app, [{ name: 'Elsewhere', type: 'FREE' }]);
    const r1 = await send({ recipient_type: 'TICKET_HOLDERS', ticket_ids: [other.tickets[0]!.id] });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().error.field_errors).toEqual({ ticket_ids: ['This choice does not exist.'] });
    const r2 = await send({ recipient_type: 'TICKET_HOLDERS' });
    expect(r2.json().error.field_errors).toEqual({ ticket_ids: ['Choose at least one ticket.'] });
    const r3 = await send({ recipient_type: 'ORDER_BUYER' });
    expect(r3.json().error.field_errors).toEqual({ order_id: ['This field is required.'] });
    const otherOrder = await buy(other.event.id, other.tickets[0]!.id, 'zed@example.test', ['zed@example.test']);
    const r4 = await send({ recipient_type: 'ORDER_BUYER', order_id: otherOrder.id });
    expect(r4.json().error.field_errors).toEqual({ order_id: ['This choice does not exist.'] });
    const r5 = await call(ctx.app, 'GET', `${base()}/recipient-count?recipient_type=ATTENDEES&attendee_ids=999999`, {
      token: world.u.token,
    });
    expect(r5.json().error.field_errors).toEqual({ attendee_ids: ['This choice does not exist.'] });
  });

  it('refuses a message nobody would receive', async () => {
    const r = await send({ recipient_type: 'ATTENDEES', attendee_ids: [world.erinInC] });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.field_errors).toEqual({ recipient_type: ['No one matches these recipients.'] });
  });
});

describe('sending', { timeout: 60_000 }, () => {
  it('needs the not-promotional acknowledgement and a subject and body', async () => {
    const r = await send({ acknowledged_not_promotional: false, subject: ' ', body: '<script>alert(1)</script>' });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.field_errors).toEqual({
      subject: ['This field is required.'],
      acknowledged_not_promotional: ['Confirm that this message is not promotional.'],
    });
    const empty = await send({ body: '<p><script>alert(1)</script></p>' });
    expect(empty.json().error.field_errors).toEqual({ body: ['This field is required.'] });
  });

  it('needs a confirmed address, with a translated explanation', async () => {
    const { u, event } = await liveEvent(ctx.app, [{ name: 'Lawn', type: 'FREE' }]);
    await ctx.app.deps.database.db.update(users).set({ email_verified_at: null }).where(eq(users.email, u.email));
    const r = await call(ctx.app, 'POST', `/api/events/${event.id}/messages`, {
      token: u.token,
      body: message(),
      locale: 'en',
    });
    expect(r.statusCode).toBe(403);
    expect(r.json().error).toMatchObject({
      code: 'EMAIL_NOT_CONFIRMED',
      message: expect.stringContaining('Confirm your e-mail address first'),
    });
    await verify(u.email);
    const test = await call(ctx.app, 'POST', `/api/events/${event.id}/messages`, {
      token: u.token,
      body: message({ is_test: true }),
    });
    expect(test.statusCode).toBe(201);
  });

  it('writes one e-mail per address to every active attendee, in their language, with the sanitised body and the event footer', async () => {
    const before = ctx.smtp.received.length;
    const r = await send({
      body: '<p>Bring a <strong>blanket</strong>.<script>alert(1)</script><img src=x onerror=alert(1)></p>',
    });
    expect(r.statusCode).toBe(201);
    const m = r.json<{ data: MessageDetailDto }>().data;
    expect(m.body).toBe('<p>Bring a <strong>blanket</strong>.</p>');
    expect(emailsOf(m)).toEqual(['ann@example.test', 'bob@example.test', 'dora@example.test']);
    expect(m).toMatchObject({ recipient_count: 3, is_test: false, sent_by: { name: 'Ada Organizer' } });
    // The counts and the recipients are two reads: wait until both show every mail sent.
    const done = await until(m.id, (x) => x.counts.sent === 3 && x.recipients.every((r) => r.status === 'SENT'));
    expect(done.recipients.every((x) => x.status === 'SENT' && x.error === null)).toBe(true);
    const mails = ctx.smtp.received.slice(before).filter((x) => x.subject === 'Gates open at six');
    expect(mails.map((x) => x.to[0]).sort()).toEqual(['ann@example.test', 'bob@example.test', 'dora@example.test']);
    const ann = mails.find((x) => x.to.includes('ann@example.test'))!;
    expect(ann.subject).toBe('Gates open at six');
    expect(ann.text).toContain('A message from Blue Note Promotions about Jazz Night:');
    expect(ann.text).toContain('Bring a blanket.');
    expect(ann.text).toContain('See you by the river');
    expect(ann.html).not.toContain('<script');
    expect(handed.find((x) => x.to === 'ann@example.test' && x.subject === 'Gates open at six')?.replyTo).toBe(
      'help@riverside.test',
    );
    // Each recipient's own language: dora bought in German.
    const rows = await ctx.app.deps.database.db
      .select({ email: messageRecipients.email, payload: outbox.payload })
      .from(messageRecipients)
      .innerJoin(outbox, eq(outbox.id, messageRecipients.outbox_id))
      .where(eq(messageRecipients.message_id, m.id));
    expect(Object.fromEntries(rows.map((x) => [x.email, (x.payload as { locale: string }).locale]))).toEqual({
      'ann@example.test': 'en',
      'bob@example.test': 'en',
      'dora@example.test': 'de',
    });
  });

  it('sets the support address as reply-to', async () => {
    const mail = await renderMail('event_message', 'en', {
      subject: 'Hi',
      body: '<p>x</p>',
      event_title: 'Jazz Night',
      organizer_name: 'Blue Note',
      support_email: 'help@riverside.test',
      footer_message: null,
      is_test: false,
    });
    expect(mail.replyTo).toBe('help@riverside.test');
    expect(mail.text).toContain('Questions? Contact the organizer at help@riverside.test.');
  });

  it('a test goes only to the sender; a copy goes to the sender as well', async () => {
    const t = (await send({ recipient_type: 'ALL_BUYERS', is_test: true, send_copy_to_sender: true })).json<{
      data: MessageDetailDto;
    }>().data;
    expect(emailsOf(t)).toEqual([world.u.email]);
    expect(t.is_test).toBe(true);
    const got = await ctx.smtp.waitFor(world.u.email, (x) => x.subject === '[Test] Gates open at six');
    expect(got.text).toContain('This is a test: only you received this message.');
    const c = (
      await send({ recipient_type: 'TICKET_HOLDERS', ticket_ids: [world.stage], send_copy_to_sender: true })
    ).json<{ data: MessageDetailDto }>().data;
    expect(emailsOf(c)).toEqual(['bob@example.test', 'dora@example.test', world.u.email].sort());
    expect(c.recipient_count).toBe(3);
  });

  it("messages one order's buyer and records it in the order's history", async () => {
    const r = await send({ recipient_type: 'ORDER_BUYER', order_id: world.b.id, subject: 'About your order' });
    const m = r.json<{ data: MessageDetailDto }>().data;
    expect(m).toMatchObject({
      recipient_type: 'ORDER_BUYER',
      order_id: world.b.id,
      order_number: world.b.order_number,
    });
    expect(emailsOf(m)).toEqual(['carl@example.test']);
    const history = await orderHistory(ctx.app.deps.database.db, world.b.id);
    expect(history.at(-1)).toMatchObject({
      kind: 'MESSAGE_SENT',
      data: { message_id: m.id, subject: 'About your order' },
    });
    const buyers = (await send({ recipient_type: 'ALL_BUYERS' })).json<{ data: MessageDetailDto }>().data;
    expect(emailsOf(buyers)).toEqual(['ann@example.test', 'carl@example.test', 'fay@example.test']);
  });

  it('lists the history newest first with counts and sender', async () => {
    const list = await call(ctx.app, 'GET', `${base()}?per_page=2`, { token: world.u.token });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.data).toHaveLength(2);
    expect(body.meta.total).toBeGreaterThanOrEqual(5);
    expect(body.data[0].subject).toBe('Gates open at six');
    expect(body.data[0].recipient_type).toBe('ALL_BUYERS');
    expect(body.data[1].subject).toBe('About your order');
    expect(body.data[0].counts.sent + body.data[0].counts.queued + body.data[0].counts.failed).toBe(3);
    expect(body.data[0]).not.toHaveProperty('body');
  });
});

describe('failures, retries and deleting', { timeout: 60_000 }, () => {
  it('shows a failed e-mail with its reason, refuses deleting while queued, retries, then deletes', async () => {
    bouncing.add('dora@example.test');
    const m = (await send({ recipient_type: 'TICKET_HOLDERS', ticket_ids: [world.stage], subject: 'Rain plan' })).json<{
      data: MessageDetailDto;
    }>().data;
    const firstTry = await until(m.id, (x) => x.counts.sent === 1 && x.recipients.some((r) => r.error));
    const dora = firstTry.recipients.find((r) => r.email === 'dora@example.test')!;
    expect(dora).toMatchObject({ status: 'QUEUED', error: '550 mailbox unavailable' });
    const refused = await call(ctx.app, 'DELETE', `${base()}/${m.id}`, { token: world.u.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('MESSAGE_STILL_SENDING');
    // The last attempt of its retry period fails too: the e-mail is given up on.
    const db = ctx.app.deps.database.db;
    const [row] = await db
      .select({ outbox_id: messageRecipients.outbox_id })
      .from(messageRecipients)
      .where(eq(messageRecipients.id, dora.id));
    await db
      .update(outbox)
      .set({ created_at: new Date(Date.now() - MAIL_RETRY_HOURS * 3_600_000), available_at: new Date(0) })
      .where(eq(outbox.id, row!.outbox_id!));
    await ctx.app.deps.jobs.deliverOutbox([row!.outbox_id!]);
    const failed = await until(m.id, (x) => x.counts.failed === 1);
    expect(failed.recipients.find((r) => r.email === 'dora@example.test')).toMatchObject({
      status: 'FAILED',
      error: '550 mailbox unavailable',
    });
    const listed = (await call(ctx.app, 'GET', base(), { token: world.u.token }))
      .json()
      .data.find((x: { id: number }) => x.id === m.id);
    expect(listed.counts).toEqual({ sent: 1, queued: 0, failed: 1 });

    bouncing.clear();
    const retried = await call(ctx.app, 'POST', `${base()}/${m.id}/retry-failed`, { token: world.u.token });
    expect(retried.statusCode).toBe(200);
    await until(m.id, (x) => x.counts.sent === 2);
    await ctx.smtp.waitFor('dora@example.test', (x) => x.subject === 'Rain plan');

    const mails = (
      await db
        .select({ id: messageRecipients.outbox_id })
        .from(messageRecipients)
        .where(eq(messageRecipients.message_id, m.id))
    ).map((x) => x.id!);
    expect((await call(ctx.app, 'DELETE', `${base()}/${m.id}`, { token: world.u.token })).statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', `${base()}/${m.id}`, { token: world.u.token })).statusCode).toBe(404);
    expect(await db.select().from(messageRecipients).where(eq(messageRecipients.message_id, m.id))).toEqual([]);
    expect(await db.select().from(outbox).where(inArray(outbox.id, mails))).toEqual([]);
  });

  it("another account's event or message is not found", async () => {
    const other = await registerUser(ctx.app);
    await verify(other.email);
    const mine = (await call(ctx.app, 'GET', base(), { token: world.u.token })).json().data[0].id as number;
    for (const [method, url] of [
      ['GET', base()],
      ['GET', `${base()}/recipient-count?recipient_type=ALL_ATTENDEES`],
      ['GET', `${base()}/${mine}`],
      ['DELETE', `${base()}/${mine}`],
      ['POST', `${base()}/${mine}/retry-failed`],
    ] as const) {
      expect((await call(ctx.app, method, url, { token: other.token })).statusCode).toBe(404);
    }
    expect((await send({}, other.token)).statusCode).toBe(404);
    // A message of one event is not found under another event of the same account.
    const second = await createEvent(ctx.app, world.u.token, world.event.organizer.id);
    expect(
      (await call(ctx.app, 'GET', `/api/events/${second.id}/messages/${mine}`, { token: world.u.token })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'DELETE', `/api/events/${second.id}/messages/${mine}`, { token: world.u.token })).statusCode,
    ).toBe(404);
  });
});

// Last: its 1,201 deliveries would otherwise queue ahead of the other tests' mails.
describe('a big audience', () => {
  it('writes thousands of recipients in batches, each with its own e-mail', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Lawn', type: 'FREE' }]);
    await verify(u.email);
    await buy(event.id, tickets[0]!.id, 'first@bulk.test', ['first@bulk.test']);
    const db = ctx.app.deps.database.db;
    const { attendees } = await import('../src/db/schema/index.js');
    const [{ id: _id, ...model }] = (await db.select().from(attendees).where(eq(attendees.event_id, event.id))) as [
      typeof attendees.$inferSelect,
    ];
    const n = 1_200;
    for (let i = 0; i < n; i += 400) {
      await db.insert(attendees).values(
        Array.from({ length: 400 }, (_, j) => ({
          ...model,
          short_id: `bulk-${event.id}-${i + j}`,
          email: `guest${i + j}@bulk.test`,
          position: i + j + 1,
        })),
      );
    }
    const r = await call(ctx.app, 'POST', `/api/events/${event.id}/messages`, { token: u.token, body: message() });
    expect(r.statusCode).toBe(201);
    const m = r.json<{ data: MessageDetailDto }>().data;
    expect(m.recipient_count).toBe(n + 1);
    const rows = await db
      .select({ email: messageRecipients.email, to: outbox.payload })
      .from(messageRecipients)
      .innerJoin(outbox, eq(outbox.id, messageRecipients.outbox_id))
      .where(eq(messageRecipients.message_id, m.id));
    expect(rows).toHaveLength(n + 1);
    expect(rows.every((x) => (x.to as { to: string }).to === x.email)).toBe(true);
  }, 60_000);
});
