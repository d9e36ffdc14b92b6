import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../../src/shared/clock.js';
import { liveEvent } from '../checkout-factory.js';
import { call, createTestApp, type TestContext } from '../test-app.js';
import { createTestDatabase } from '../test-db.js';
import { fakeWebDist } from '../web-dist.js';
import { type Child, freePort, startChild, waitUntil } from './child-process.js';

/**
 * PostgreSQL going away and coming back, without stopping the shared server: the app talks to it through
 * a TCP proxy in this file, and cutting the proxy (every connection destroyed, the port closed) is the
 * outage. The embedded database cannot go away: PostgreSQL only.
 */
const base = process.env.TEST_DATABASE_URL;

/** A TCP proxy on loopback to the test PostgreSQL server that can be cut (port closed) and opened again. */
class DatabaseProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  constructor(
    readonly port: number,
    private readonly upstream: { host: string; port: number },
  ) {}

  /** The database URL of `databaseUrl`'s database through this proxy. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  async open(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const server = net.connect(this.upstream.port, this.upstream.host);
      for (const s of [client, server]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          server.destroy();
        });
      }
      client.pipe(server).pipe(client);
    });
    // The port was ours a moment ago; another process may hold it briefly (then try again).
    await waitUntil(
      null,
      () =>
        new Promise<boolean>((resolve) => {
          server.once('error', () => resolve(false));
          server.listen(this.port, '127.0.0.1', () => resolve(true));
        }),
      `proxy listening on ${this.port}`,
      10_000,
    );
    this.server = server;
  }

  /** The outage: no new connection is accepted (refused) and every open one is broken. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise((resolve) => server.close(resolve)) : null;
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}

/**
 * The app's warnings about its own shutdown (a stage that did not stop in time), passed on to the test's
 * output: a close that once hung here under load names what it waited for.
 */
const shutdownNotes = {
  env: { LOG_LEVEL: 'warn' },
  logStream: new Writable({
    write(chunk, _encoding, done) {
      if (String(chunk).includes('"shutdown: ')) process.stderr.write(chunk);
      done();
    },
  }),
};

const upstreamOf = (url: string) => {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || 5432) };
};

describe.skipIf(!base)('database outage: 503, health, recovery', { timeout: 180_000 }, () => {
  let proxy: DatabaseProxy;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let ctx: TestContext;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = new DatabaseProxy(await freePort(), upstreamOf(base!));
    await proxy.open();
    ctx = await createTestApp({
      logStream: shutdownNotes.logStream,
      env: { ...shutdownNotes.env, DATABASE_URL: proxy.urlFor(database.url) },
    });
  });
  afterAll(async () => {
    await proxy?.open().catch(() => undefined);
    await ctx?.close();
    await proxy?.cut();
    await database?.drop();
  });

  // An unknown event's promo code: read from the database on every call (404 while it answers).
  const publicRead = (locale?: string) =>
    call(ctx.app, 'GET', '/api/public/events/424242/promo-codes/NOPE', { locale });

  it('answers 503 DATABASE_UNAVAILABLE (translated, Retry-After) while the database is away, and works again when it is back', async () => {
    expect((await publicRead()).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/health')).json()).toMatchObject({
      status: 'ok',
      mail: { status: 'ok', waiting: 0 },
    });

    await proxy.cut();

    const en = await publicRead();
    expect(en.statusCode).toBe(503);
    expect(en.headers['retry-after']).toBe('5');
    expect(en.json()).toEqual({
      error: {
        code: 'DATABASE_UNAVAILABLE',
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
      },
    });
    const de = await publicRead('de');
    expect(de.statusCode).toBe(503);
    expect(de.json().error).toEqual({
      code: 'DATABASE_UNAVAILABLE',
      message: 'Der Dienst ist kurz nicht erreichbar. Bitte versuchen Sie es in ein paar Sekunden erneut.',
    });
    // A logged-in route fails in its authentication hook: the same answer, not a 401 or a 500.
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: 'a-session-token-nobody-has' });
    expect(me.statusCode).toBe(503);
    expect(me.json().error.code).toBe('DATABASE_UNAVAILABLE');

    const health = await call(ctx.app, 'GET', '/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable', code: 'DATABASE_UNAVAILABLE' });
    expect((await call(ctx.app, 'GET', '/api/health/ready')).statusCode).toBe(503);
    const live = await call(ctx.app, 'GET', '/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });

    await proxy.open();

    await waitUntil(
      null,
      async () => (await call(ctx.app, 'GET', '/api/health')).statusCode === 200,
      'health after the database is back',
      30_000,
    );
    expect((await call(ctx.app, 'GET', '/api/health/ready')).json()).toEqual({ status: 'ok' });
    expect((await publicRead()).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: 'a-session-token-nobody-has' })).statusCode).toBe(401);
  });

  it('stays ready while every connection of the pool is busy (readiness asks on a connection of its own)', async () => {
    const db = ctx.app.deps.database.db;
    const dbName = new URL(database.url).pathname.slice(1);
    const sleepers = Array.from({ length: 10 }, () => db.execute(sql`select pg_sleep(30)`).catch(() => undefined));
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      const sleeping = async () =>
        (
          await admin.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = $1 and query like 'select pg_sleep(30)%'`,
            [dbName],
          )
        ).rows[0]!.n;
      await waitUntil(null, async () => (await sleeping()) === 10, 'the whole pool busy', 30_000);
      const health = await call(ctx.app, 'GET', '/api/health/ready');
      expect(health.statusCode).toBe(200);
    } finally {
      await admin.query(
        `select pg_cancel_backend(pid) from pg_stat_activity where datname = $1 and query like 'select pg_sleep(30)%'`,
        [dbName],
      );
      await admin.end();
      await Promise.all(sleepers);
    }
  });

  it('declares the health routes in the OpenAPI document', async () => {
    const doc = (await call(ctx.app, 'GET', '/api/docs/json')).json();
    expect(Object.keys(doc.paths['/api/health/ready'].get.responses)).toEqual(expect.arrayContaining(['200', '503']));
    expect(doc.paths['/api/health/live'].get.responses).toHaveProperty('200');
    expect(doc.paths['/api/health'].get.responses).toHaveProperty('503');
  });
});

describe.skipIf(!base)('database outage: the event page', { timeout: 120_000 }, () => {
  let proxy: DatabaseProxy;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let ctx: TestContext;
  const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
  const web = fakeWebDist();
  const dist = web.dir;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = new DatabaseProxy(await freePort(), upstreamOf(base!));
    await proxy.open();
    ctx = await createTestApp({
      clock,
      webDistDir: dist,
      logStream: shutdownNotes.logStream,
      env: { ...shutdownNotes.env, DATABASE_URL: proxy.urlFor(database.url) },
    });
  });
  afterAll(async () => {
    await proxy?.open().catch(() => undefined);
    await ctx?.close();
    await proxy?.cut();
    await database?.drop();
    web.remove();
  });

  it('keeps serving the last copy of a page it rendered, and otherwise a translated page that reloads itself (503), never JSON', async () => {
    const { event } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 4500 }], { title: 'Outage Gala' });
    const url = `/event/${event.id}/outage-gala`;
    const german = { headers: { cookie: 'admitone_locale=de' } };
    const french = { headers: { cookie: 'admitone_locale=fr' } };
    expect((await call(ctx.app, 'GET', url, german)).body).toContain('Outage Gala');

    await proxy.cut();
    // Long past the moment the kept page would be checked against the database again.
    clock.advance(10 * 60_000);

    const kept = await call(ctx.app, 'GET', url, german);
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['x-page-cache']).toBe('stale');
    expect(kept.body).toContain('Outage Gala');

    // Never rendered in French: the outage page, in French, readable without scripts.
    const note = await call(ctx.app, 'GET', url, french);
    expect(note.statusCode).toBe(503);
    expect(note.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(note.headers['retry-after']).toBe('5');
    expect(note.headers['cache-control']).toBe('no-store');
    expect(note.body).toContain('<html lang="fr">');
    expect(note.body).toContain(
      'Le service est momentanément indisponible. Veuillez réessayer dans quelques secondes.',
    );
    expect(note.body).toContain('<meta http-equiv="refresh" content="10" />');
    expect(note.body).toContain('<meta name="robots" content="noindex" />');
    expect(note.body).not.toContain('<script');
    expect(note.body).not.toContain('Outage Gala');

    await proxy.open();
    await waitUntil(
      null,
      async () => (await call(ctx.app, 'GET', '/api/health')).statusCode === 200,
      'health after the database is back',
      30_000,
    );
    const back = await call(ctx.app, 'GET', url, french);
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Outage Gala');
  });
});

describe.skipIf(!base)('database outage: a process started while the database is away', { timeout: 240_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let child: Child | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'admitone-outage-'));
  });
  afterAll(async () => {
    await child?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const retryLine = (port: number, seconds: number) =>
    `database not reachable at 127.0.0.1:${port} (ECONNREFUSED); retrying in ${seconds} s`;
  const noStack = (output: string) => expect(output).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);

  it('the server listens at once (live 200, ready 503), retries with one line per attempt, and becomes ready by itself', async () => {
    const proxy = new DatabaseProxy(await freePort(), upstreamOf(base!));
    const port = await freePort();
    const api = `http://127.0.0.1:${port}/api`;
    child = startChild('server', {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: proxy.urlFor(database.url),
      DATA_DIR: dataDir,
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
    try {
      // It listens while it waits (the first attempts may come before the port is open).
      await waitUntil(
        child,
        async () => (await fetch(`${api}/health/live`)).status === 200,
        'live while the database is away',
        60_000,
      );
      await waitUntil(
        child,
        () => child!.output().includes(retryLine(proxy.port, 2)),
        'two attempts, the second waiting 2 s',
        60_000,
      );
      const live = await fetch(`${api}/health/live`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${api}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', code: 'DATABASE_UNAVAILABLE' });
      expect((await fetch(`${api}/health`)).status).toBe(503);
      const request = await fetch(`${api}/public/events/1`, { headers: { 'accept-language': 'fr' } });
      expect(request.status).toBe(503);
      expect(request.headers.get('retry-after')).toBe('5');
      expect(((await request.json()) as { error: unknown }).error).toEqual({
        code: 'DATABASE_UNAVAILABLE',
        message: 'Le service est momentanément indisponible. Veuillez réessayer dans quelques secondes.',
      });
      expect(child.output()).toContain(retryLine(proxy.port, 1));
      noStack(child.output());

      await proxy.open();
      await waitUntil(
        child,
        async () => (await fetch(`${api}/health/ready`)).status === 200,
        'ready once the database answers',
        60_000,
      );
      expect(await (await fetch(`${api}/health`)).json()).toMatchObject({ status: 'ok', mail: { status: 'ok' } });
      // Migrations ran: the tables are there.
      expect((await fetch(`${api}/public/events/424242/promo-codes/NOPE`)).status).toBe(404);
      await waitUntil(child, () => child!.output().includes('AdmitOne is ready at'), 'the ready line');

      // Away again while it runs (job queue polling every half second): it stays up and says so in a line.
      await proxy.cut();
      await waitUntil(child, async () => (await fetch(`${api}/health`)).status === 503, 'health reports the outage');
      expect((await fetch(`${api}/public/events/424242/promo-codes/NOPE`)).status).toBe(503);
      await waitUntil(
        child,
        () => child!.output().includes('job queue error: database not reachable'),
        'the job queue reports the outage in one line',
      );
      await proxy.open();
      await waitUntil(child, async () => (await fetch(`${api}/health`)).status === 200, 'health after the outage');
      expect((await fetch(`${api}/public/events/424242/promo-codes/NOPE`)).status).toBe(404);
      expect(child.process.exitCode).toBeNull();
      noStack(child.output());
    } catch (err) {
      // What the server said (and whether it is still running) belongs with any failure here.
      throw new Error(
        `${(err as Error).message}\nserver exit code: ${child.process.exitCode}\n${child.output().slice(-4000)}`,
        { cause: err },
      );
    } finally {
      await child.stop();
      child = null;
      await proxy.cut();
    }
  });

  it('the worker waits for the database the same way, then starts', async () => {
    const proxy = new DatabaseProxy(await freePort(), upstreamOf(base!));
    child = startChild('worker', {
      DATABASE_URL: proxy.urlFor(database.url),
      DATA_DIR: dataDir,
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
    try {
      await waitUntil(
        child,
        () => child!.output().includes(retryLine(proxy.port, 2)),
        'two attempts, the second waiting 2 s',
        60_000,
      );
      expect(child.output()).not.toContain('worker started');
      await proxy.open();
      await waitUntil(
        child,
        () => child!.output().includes('worker started'),
        'the worker starts once the database answers',
        60_000,
      );
      noStack(child.output());
    } finally {
      await child.stop();
      child = null;
      await proxy.cut();
    }
  });
});
