import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import PostalMime from 'postal-mime';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Executor } from '../../src/db/client.js';
import { findDrift } from '../../src/modules/inventory/reconcile.js';
import { startS3Server } from '../s3-server.js';
import { createTestDatabase } from '../test-db.js';
import { type Child, freePort, rushServerEnv, startChild, waitUntil } from './child-process.js';
import { startCountingSmtp } from './counting-smtp.js';
import { apiClient, type Target } from './rush-client.js';

/**
 * Two web processes on one PostgreSQL database, as behind a load balancer without sticky sessions:
 * started at the same moment on a fresh database (set-up runs once, nobody deadlocks), a rush whose
 * every request goes to the other process than the one before (a checkout reserved through one is
 * completed through the other), and what one process keeps in memory never hides what the other did.
 * PostgreSQL only: the embedded database belongs to one process.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const CAPACITY = 60;

describe.skipIf(!onPostgres)('several web processes on one database', { timeout: 240_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let smtp: Awaited<ReturnType<typeof startCountingSmtp>>;
  let db: pg.Client;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  const dataDirs: string[] = [];
  const servers: Array<{ child: Child; port: number }> = [];
  const apis = () => servers.map((s) => `http://127.0.0.1:${s.port}/api`);
  let turn = 0;
  /** Each call goes to the next process in turn. */
  const client = apiClient(() => apis()[turn++ % servers.length]!);
  const through = (i: number) => apiClient(() => apis()[i]!);
  let event: Target;
  let organizerToken = '';

  async function signUpLink(email: string) {
    const { rows } = await db.query<{ id: number; url: string | null }>(
      `select id, payload->'data'->>'url' as url from outbox where payload->>'to' = $1 and payload->>'template' = 'signup_confirmation' order by id desc limit 1`,
      [email],
    );
    let text = rows[0]!.url;
    if (!text) {
      const messageId = `<outbox-${rows[0]!.id}@admitone>`;
      await waitUntil(servers[0]!.child, async () => smtp.raw.has(messageId), 'sign-up mail');
      text = (await PostalMime.parse(Buffer.from(smtp.raw.get(messageId)!, 'latin1'))).text ?? '';
    }
    return /\/auth\/confirm-sign-up\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
  }

  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
    smtp = await startCountingSmtp();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    s3 = await startS3Server();
    // Both at the same moment on the fresh database: migrations and the job queue's set-up race. Each
    // has a data folder of its own, as on two hosts: uploads go to the one bucket.
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admitone-several-'));
      dataDirs.push(dataDir);
      const child = startChild(
        'server',
        // Jobs in the first only, as WEB_CONCURRENCY does it.
        rushServerEnv(
          { port, databaseUrl: database.url, dataDir, smtpUrl: smtp.url },
          { AUTH_ANSWER_FLOOR_MS: '0', JOBS_IN_PROCESS: String(i === 0), ...s3.env },
        ),
      );
      servers.push({ child, port });
    }
    for (const s of servers)
      await waitUntil(
        s.child,
        async () => (await fetch(`http://127.0.0.1:${s.port}/api/health`)).ok,
        'server start',
        120_000,
      );

    [event] = (await client.setUp(
      'several@example.test',
      'several-password-1',
      [{ title: 'Split across two', quantity: CAPACITY }],
      signUpLink,
    )) as [Target];
    expect((await client.call('PUT', `/events/${event.eventId}/status`, { status: 'LIVE' })).status).toBe(200);
    organizerToken = client.token;
    client.token = '';
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.child.stop()));
    await db?.end();
    await smtp?.close();
    await database?.drop();
    await s3?.close();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  it('sells out exactly with the rush split across both, and the counters equal their rows', async () => {
    const { sales, kinds } = await client.rush(event, 8, () => false);
    expect(kinds['NO_TICKETS_AVAILABLE']).toBeGreaterThan(0);
    expect(Object.keys(kinds).filter((k) => k !== 'NO_TICKETS_AVAILABLE')).toEqual([]);
    expect(sales.reduce((n, s) => n + s.quantity, 0)).toBe(CAPACITY);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from attendees where ticket_id = $1 and status = 'ACTIVE'`,
      [event.ticketId],
    );
    expect(rows[0]!.n).toBe(CAPACITY);
    expect(await findDrift(drizzle(db) as unknown as Executor)).toEqual([]);
  });

  it("shows an edit made through one process through the other at once (within the notice's flight)", async () => {
    const one = through(0);
    const other = through(1);
    one.token = organizerToken;
    // The other process has the event in memory.
    const before = (await other.call('GET', `/public/events/${event.eventId}`)).body.data as {
      title: string;
      tickets: Array<{ name: string }>;
    };
    expect(before.tickets[0]!.name).toBe('Entry');
    const ticket = (await one.call('GET', `/events/${event.eventId}/tickets/${event.ticketId}`)).body.data as Record<
      string,
      unknown
    >;
    expect(
      (
        await one.call('PUT', `/events/${event.eventId}/tickets/${event.ticketId}`, {
          ...ticket,
          name: 'Renamed through one',
        })
      ).status,
    ).toBe(200);
    // The write answered once its notice had reached every listener; the other process applies it as its
    // event loop gets to it (on a loaded machine that can come just after the next request): within 2 s,
    // never the 60 s its copy would otherwise live.
    const nameThroughOther = async () =>
      ((await other.call('GET', `/public/events/${event.eventId}`)).body.data as { tickets: Array<{ name: string }> })
        .tickets[0]!.name;
    await expect.poll(nameThroughOther, { timeout: 2_000, interval: 20 }).toBe('Renamed through one');

    // Back to draft through the other: gone from the first at once.
    other.token = organizerToken;
    expect((await one.call('GET', `/public/events/${event.eventId}`)).status).toBe(200);
    expect((await other.call('PUT', `/events/${event.eventId}/status`, { status: 'DRAFT' })).status).toBe(200);
    await expect
      .poll(async () => (await one.call('GET', `/public/events/${event.eventId}`)).status, {
        timeout: 2_000,
        interval: 20,
      })
      .toBe(404);
  });

  it('serves an image uploaded through one process from the other (the bucket, not a data folder)', async () => {
    const form = new FormData();
    form.append('type', 'EVENT_COVER');
    form.append(
      'image',
      new Blob(
        [
          new Uint8Array(
            await sharp({ create: { width: 1400, height: 800, channels: 3, background: '#7c3aed' } })
              .jpeg()
              .toBuffer(),
          ),
        ],
        { type: 'image/jpeg' },
      ),
      'cover.jpg',
    );
    const uploaded = await fetch(`${apis()[0]}/events/${event.eventId}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${organizerToken}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const image = ((await uploaded.json()) as { data: { url: string } }).data;
    const [here, there] = await Promise.all(servers.map(async (s) => fetch(`http://127.0.0.1:${s.port}${image.url}`)));
    expect(there!.status).toBe(200);
    expect(Buffer.from(await there!.arrayBuffer()).equals(Buffer.from(await here!.arrayBuffer()))).toBe(true);
    expect(await s3.keys()).toContain(image.url.slice('/uploads/'.length));
  });

  it('locks a login guessed at through both processes', async () => {
    const guess = async (i: number) =>
      (
        await through(i).call('POST', '/auth/login', {
          email: 'several@example.test',
          password: `wrong-${i}-${Math.random()}`,
        })
      ).status;
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push(await guess(i % 2));
    // Five wrong answers, alternating between the processes, then locked on both.
    expect(answers.slice(0, 5).every((s) => s === 401 || s === 422)).toBe(true);
    expect(answers[5]).toBe(429);
    expect(await guess(0)).toBe(429);
  });
});

/** The processes whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fields after the command name (which may hold spaces): state, then the parent's pid.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

describe.skipIf(!onPostgres)('WEB_CONCURRENCY', { timeout: 400_000 }, () => {
  it('runs that many web processes on one port, starts one again that dies, and stops them all', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admitone-cluster-'));
    const port = await freePort();
    const server = startChild('server', {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SMTP_URL: '',
      LOG_LEVEL: 'info',
      WEB_CONCURRENCY: '2',
    });
    // A new connection per request, as separate visitors come (a kept-alive one stays with its process).
    const healthy = async () =>
      (
        await fetch(`http://127.0.0.1:${port}/api/health`, {
          headers: { connection: 'close' },
          signal: AbortSignal.timeout(5_000),
        })
      ).ok;
    try {
      const primary = server.process.pid!;
      await waitUntil(
        server,
        async () => childrenOf(primary).length === 2 && (await healthy()),
        'two web processes',
        240_000,
      );
      // One of them is killed: the other serves, and a new one takes its place.
      const [first] = childrenOf(primary);
      process.kill(first!, 'SIGKILL');
      await waitUntil(server, healthy, 'served by the other', 30_000);
      await waitUntil(
        server,
        () => childrenOf(primary).length === 2 && !childrenOf(primary).includes(first!),
        'a new web process',
        60_000,
      );
      for (let i = 0; i < 4; i++) expect(await healthy()).toBe(true);
      expect(server.output()).toContain('starting 2 web processes');
      const children = childrenOf(primary);
      await server.stop();
      expect(server.process.exitCode).toBe(0);
      for (const pid of children) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      await server.kill();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
