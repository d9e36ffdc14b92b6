import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Executor } from '../../src/db/client.js';
import { findDrift } from '../../src/modules/inventory/reconcile.js';
import { createTestDatabase } from '../test-db.js';
import { type Child, freePort, rushServerEnv, startChild, waitUntil } from './child-process.js';
import { startCountingSmtp } from './counting-smtp.js';
import { apiClient, type Sale, type Target } from './rush-client.js';

/**
 * The real server (and the real worker) as child processes on PostgreSQL, killed with SIGKILL in the
 * middle of an on-sale rush and in the middle of sending mail, then started again. What a buyer was told
 * must stay true, nothing is sold twice, holds keep or lose their units by their own clock, and every
 * mail recorded in the outbox reaches the SMTP server exactly once.
 * PostgreSQL only: the embedded database belongs to one process.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// Room for the sales still in flight when the buyers turn to browsing (up to one per client) and for the
// abandoned holds, so the rush is still going when the moment to kill comes (mail may be slow to start).
const CAPACITY = 120;
// Long enough that no live send is ever taken for a dead one (the SMTP stall limit is a quarter of it).
const STALE_CLAIM_SECONDS = 20;

describe.skipIf(!onPostgres)('crash safety (real processes, SIGKILL)', { timeout: 300_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let smtp: Awaited<ReturnType<typeof startCountingSmtp>>;
  let db: pg.Client;
  let dataDir: string;
  let port: number;
  let server: Child | null = null;
  let worker: Child | null = null;
  let hot: Target;
  let quiet: Target;
  const api = () => `http://127.0.0.1:${port}/api`;
  const client = apiClient(api);
  const { rush } = client;

  const env = (extra: Record<string, string> = {}) =>
    rushServerEnv(
      { port, databaseUrl: database.url, dataDir, smtpUrl: smtp.url },
      {
        OUTBOX_STALE_CLAIM_SECONDS: String(STALE_CLAIM_SECONDS),
        // One bulk mail at a time: the kill must find a moment when no accepted mail waits to be marked sent
        // (SMTP cannot tell "accepted" and "marked" apart from a crash between them); with several on the
        // wire that moment never comes.
        MAIL_CONCURRENCY: '1',
        ...extra,
      },
    );

  async function startServer(extra: Record<string, string> = {}) {
    server = startChild('server', env(extra));
    await waitUntil(server, async () => (await fetch(`${api()}/health`)).ok, 'server start');
  }

  async function stock(ticketId: number) {
    const { rows } = await db.query<{ sold: number; held: number; expired: number }>(
      `select count(*) filter (where a.status = 'ACTIVE')::int as sold,
              count(*) filter (where a.status = 'RESERVED' and o.status = 'RESERVED' and o.reserved_until > now())::int as held,
              count(*) filter (where a.status = 'RESERVED' and o.status = 'RESERVED' and o.reserved_until <= now())::int as expired
         from attendees a join orders o on o.id = a.order_id where a.ticket_id = $1`,
      [ticketId],
    );
    return rows[0]!;
  }

  async function outboxStates() {
    const { rows } = await db.query<{ id: number; status: string }>(`select id, status from outbox order by id`);
    return rows;
  }

  /** Every outbox row sent, and the SMTP server accepted each one exactly once and nothing else. */
  async function expectEveryMailDeliveredOnce(after: Child) {
    let states: Record<string, number> = {};
    await waitUntil(
      after,
      async () => {
        const rows = await outboxStates();
        states = Object.fromEntries(
          ['PENDING', 'SENDING', 'SENT', 'FAILED'].map((s) => [s, rows.filter((r) => r.status === s).length]),
        );
        return rows.every((r) => r.status === 'SENT');
      },
      'outbox drained',
      120_000,
    ).catch(async (err: Error) => {
      const open = await db.query(
        `select id, status, attempts, available_at, claimed_at, last_error from outbox where status <> 'SENT' order by id limit 10`,
      );
      throw new Error(
        `${err.message}\noutbox: ${JSON.stringify(states)}\n${JSON.stringify(open.rows)}\n${after.output().slice(-3000)}`,
      );
    });
    // A repeat would come from a second claim: stop the sender (it exits once its sends are done) and let
    // the SMTP server finish what is on the wire before counting; nothing can arrive after that.
    await after.stop();
    await smtp.settled();
    const rows = await outboxStates();
    const expected = new Set(rows.map((r) => `<outbox-${r.id}@admitone>`));
    const repeats = [...smtp.accepted].filter(([, count]) => count !== 1);
    const unknown = [...smtp.accepted.keys()].filter((id) => !expected.has(id));
    const missing = [...expected].filter((id) => !smtp.accepted.has(id));
    const retried = (
      await db.query(
        `select id, attempts, created_at, claimed_at, sent_at, payload->>'template' as template from outbox where attempts > 1 order by id`,
      )
    ).rows;
    expect(
      { repeats, unknown, missing },
      `retried rows: ${JSON.stringify(retried)}\n${smtp.log.slice(0, 30).join('\n')}`,
    ).toEqual({ repeats: [], unknown: [], missing: [] });
    expect(smtp.total()).toBe(rows.length);
  }

  /**
   * The sign-up link's token: from its outbox row while the mail waits, else from the mail as the SMTP server got it.
   */
  async function signUpLink(email: string) {
    const { rows } = await db.query<{ id: number; url: string | null }>(
      `select id, payload->'data'->>'url' as url from outbox where payload->>'to' = $1 and payload->>'template' = 'signup_confirmation' order by id desc limit 1`,
      [email],
    );
    const messageId = `<outbox-${rows[0]!.id}@admitone>`;
    let text = rows[0]!.url;
    if (!text) {
      await waitUntil(server!, async () => smtp.raw.has(messageId), 'sign-up mail');
      text = (await PostalMime.parse(Buffer.from(smtp.raw.get(messageId)!, 'latin1'))).text ?? '';
    }
    return /\/auth\/confirm-sign-up\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
  }

  /** Every stock counter matches the rows it summarises, and nothing is past its limit. */
  async function expectConsistent() {
    expect(await findDrift(drizzle(db) as unknown as Executor)).toEqual([]);
  }

  async function expectSalesKept(sales: Sale[]) {
    const { rows } = await db.query<{ short_id: string; status: string; active: number }>(
      `select o.short_id, o.status, count(a.id) filter (where a.status = 'ACTIVE')::int as active
         from orders o left join attendees a on a.order_id = o.id where o.short_id = any($1) group by o.id`,
      [sales.map((s) => s.shortId)],
    );
    const found = new Map(rows.map((r) => [r.short_id, r]));
    const lost = sales.filter(
      (s) => found.get(s.shortId)?.status !== 'COMPLETED' || found.get(s.shortId)?.active !== s.quantity,
    );
    expect(lost).toEqual([]);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startCountingSmtp();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'admitone-crash-'));
    port = await freePort();
    await startServer();
    const made = await client.setUp(
      'crash@example.test',
      'crash-password-1',
      [
        { title: 'The hot one', quantity: CAPACITY },
        { title: 'The quiet one', quantity: 100 },
      ],
      signUpLink,
    );
    hot = made[0]!;
    quiet = made[1]!;
    // Going live needs a confirmed address (tested elsewhere); the rush starts from live events.
    await db.query(`update events set status = 'LIVE' where id = any($1)`, [[hot.eventId, quiet.eventId]]);
    client.token = '';
  });

  afterAll(async () => {
    await server?.kill();
    await worker?.kill();
    await db?.end();
    await smtp?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('the server killed mid-rush and mid-mail: answered orders stay, holds keep their clock, nothing sold twice, every mail once', async () => {
    // Each mail is held 150 ms before the SMTP server accepts it, so mail backs up during the rush.
    smtp.setHoldMs(150);
    let completedSoFar = 0;
    // Past 30 sales the buyers only browse: a fast rush would otherwise sell out before the moment comes.
    // Each buyer goes on until a request of theirs fails, so every one of them meets the dead server
    // (stopping them at the kill raced with it: all 24 could be between requests and none see it).
    const running = rush(hot, 24, () => false, 4, 30);
    let counting = false;
    const counter = setInterval(() => {
      if (counting) return;
      counting = true;
      void db
        .query<{ n: number }>(`select count(*)::int as n from orders where status = 'COMPLETED' and event_id = $1`, [
          hot.eventId,
        ])
        .then((r) => (completedSoFar = r.rows[0]!.n))
        .finally(() => (counting = false));
    }, 20);
    // Kill once 25 orders are complete, at a moment a mail is on the wire and not yet accepted.
    await waitUntil(server, () => completedSoFar >= 25 && smtp.holdingQuietly(100), 'mid-rush moment', 60_000);
    smtp.cutHeld();
    await server!.kill();
    clearInterval(counter);
    await smtp.settled();
    const first = await running;
    expect(first.sales.length).toBeGreaterThanOrEqual(15);
    expect(first.kinds['connection lost'] ?? 0).toBeGreaterThan(0);

    // At the moment of the crash: the mail on the wire was dropped by the SMTP server (never accepted)
    // and its outbox row is stuck in SENDING; others wait in PENDING.
    const atCrash = await outboxStates();
    expect(smtp.dropped.length).toBeGreaterThanOrEqual(1);
    expect(atCrash.some((r) => r.status === 'SENDING')).toBe(true);
    expect(atCrash.some((r) => r.status === 'PENDING')).toBe(true);
    const crashed = await stock(hot.ticketId);
    expect(crashed.sold + crashed.held).toBeLessThanOrEqual(CAPACITY);
    expect(crashed.held).toBeGreaterThan(0); // abandoned carts and checkouts cut off by the crash

    // Restart on the same database: every order a buyer was told is complete is still there, whole.
    smtp.setHoldMs(0);
    await startServer();
    await expectSalesKept(first.sales);
    const after = await stock(hot.ticketId);
    expect(after.sold).toBe(crashed.sold);
    expect(after.held).toBe(crashed.held);
    // The counters the kill interrupted are exactly what the rows say (they change in the same transactions).
    await expectConsistent();

    // Unexpired holds still count: the organizer's view and a reservation for more than is left agree.
    const signedIn = await client.call('POST', '/auth/login', {
      email: 'crash@example.test',
      password: 'crash-password-1',
    });
    client.token = signedIn.body.token!;
    const tickets = (await client.call('GET', `/events/${hot.eventId}/tickets`)).body.data as Array<{
      id: number;
      sold: number;
      reserved: number;
      available: number;
    }>;
    client.token = '';
    const view = tickets.find((t) => t.id === hot.ticketId)!;
    expect(view).toMatchObject({
      sold: after.sold,
      reserved: after.held,
      available: CAPACITY - after.sold - after.held,
    });

    // Expired holds give their units back: let the holds run out (as the clock would) and sell the rest.
    await db.query(
      `update orders set reserved_until = now() - interval '1 second' where event_id = $1 and status = 'RESERVED'`,
      [hot.eventId],
    );
    const second = await rush(hot, 16, () => false);
    expect(second.kinds['NO_TICKETS_AVAILABLE']).toBeGreaterThan(0);
    const end = await stock(hot.ticketId);
    expect(end.sold).toBe(CAPACITY); // every unit sold, exactly once
    expect(end.held).toBe(0);
    await expectSalesKept([...first.sales, ...second.sales]);
    const sold = [...first.sales, ...second.sales].reduce((sum, s) => sum + s.quantity, 0);
    expect(sold).toBeLessThanOrEqual(CAPACITY); // what buyers were told they have fits
    const { rows: lines } = await db.query<{ n: number }>(
      `select coalesce(sum(i.quantity), 0)::int as n from order_items i join orders o on o.id = i.order_id where o.event_id = $1 and o.status = 'COMPLETED'`,
      [hot.eventId],
    );
    expect(lines[0]!.n).toBe(CAPACITY);
    await expectConsistent();

    // Mail: everything in the outbox, including the one cut off on the wire, reaches the SMTP server once.
    await expectEveryMailDeliveredOnce(server!);
  });

  it('the mail worker killed while sending: the cut-off mail and the rest are delivered once after it restarts', async () => {
    // The web process queues mail; a separate worker sends it (npm run worker).
    await server!.stop();
    await startServer({ JOBS_IN_PROCESS: 'false' });
    const before = smtp.total();
    const dropsBefore = smtp.dropped.length;
    const orders = await rush(quiet, 4, (completed) => completed >= 12);
    expect(orders.sales.length).toBeGreaterThanOrEqual(12);
    const queued = (await outboxStates()).filter((r) => r.status === 'PENDING').length;
    expect(queued).toBeGreaterThanOrEqual(24); // a confirmation and a ticket mail per order at least

    smtp.setHoldMs(150);
    worker = startChild('worker', env());
    await waitUntil(worker, () => smtp.total() >= before + 3 && smtp.holdingQuietly(100), 'worker mid-send', 60_000);
    smtp.cutHeld();
    await worker.kill();
    await smtp.settled();
    const atCrash = await outboxStates();
    expect(smtp.dropped.length).toBeGreaterThan(dropsBefore);
    expect(atCrash.filter((r) => r.status === 'SENDING').length).toBeGreaterThanOrEqual(1);
    expect(atCrash.some((r) => r.status === 'PENDING')).toBe(true);

    smtp.setHoldMs(0);
    worker = startChild('worker', env());
    await expectEveryMailDeliveredOnce(worker);
    await worker.stop();
  });
  it('the worker killed while it writes a reminder wave: after it restarts each holder has one reminder, sent once', async () => {
    // The quiet event's date is 47 hours ahead (its 48-hour reminder is due) and its sold tickets are cloned to
    // 2,000 more holders at addresses of their own, bought two days ago.
    const { rows: sold } = await db.query<{ id: number }>(
      `select a.id from attendees a join orders o on o.id = a.order_id
        where a.event_id = $1 and a.status = 'ACTIVE' and o.status = 'COMPLETED' order by a.id limit 1`,
      [quiet.eventId],
    );
    await db.query(
      `insert into attendees (account_id, event_id, order_id, order_item_id, ticket_id, tier_id, event_date_id, short_id,
         status, first_name, last_name, email, locale, position, is_admission)
       select a.account_id, a.event_id, a.order_id, a.order_item_id, a.ticket_id, a.tier_id, a.event_date_id,
         'wave' || g || 'x' || a.id, 'ACTIVE', a.first_name, a.last_name, 'holder' || g || '@wave.test', a.locale,
         a.position, true
       from generate_series(1, 2000) g cross join (select * from attendees where id = $1) a`,
      [sold[0]!.id],
    );
    await db.query(`update orders set completed_at = now() - interval '2 days' where event_id = $1`, [quiet.eventId]);
    await db.query(
      `update event_dates set start_date = now() + interval '47 hours', end_date = now() + interval '50 hours'
        where event_id = $1`,
      [quiet.eventId],
    );
    const { rows: holders } = await db.query<{ n: number }>(
      `select count(distinct lower(coalesce(a.email, o.email)))::int as n from attendees a join orders o on o.id = a.order_id
        where a.event_id = $1 and a.status = 'ACTIVE' and a.is_admission and o.status = 'COMPLETED'`,
      [quiet.eventId],
    );
    const total = holders[0]!.n;
    const written = async () =>
      (await db.query<{ n: number }>(`select count(*)::int as n from automation_sends`)).rows[0]!.n;

    // Nothing is accepted while the wave is written: the kill can cut it anywhere without a mail half-sent.
    smtp.setHoldMs(3000);
    worker = startChild('worker', env({ PAYMENT_DEADLINE_SWEEP_SECONDS: '1' }));
    await waitUntil(worker, async () => (await written()) > 0, 'the wave under way', 60_000);
    smtp.cutHeld();
    await worker.kill();
    await smtp.settled();
    const atCrash = await written();
    expect(atCrash).toBeGreaterThan(0);
    expect(atCrash).toBeLessThan(total);

    smtp.setHoldMs(0);
    worker = startChild('worker', env({ PAYMENT_DEADLINE_SWEEP_SECONDS: '1', MAIL_CONCURRENCY: '4' }));
    await waitUntil(worker, async () => (await written()) === total, 'the wave written', 120_000);
    const { rows: twice } = await db.query(
      `select payload->>'to' as address, count(*)::int as n from outbox where payload->>'template' = 'event_reminder'
        group by 1 having count(*) > 1`,
    );
    expect(twice).toEqual([]);
    const { rows: reminders } = await db.query<{ n: number }>(
      `select count(*)::int as n from outbox where payload->>'template' = 'event_reminder'`,
    );
    expect(reminders[0]!.n).toBe(total);
    await expectEveryMailDeliveredOnce(worker);
  });
});
