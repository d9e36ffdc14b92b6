import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { liveEvent } from '../checkout-factory.js';
import { buyerIp } from '../concurrency/stock-world.js';
import { call, createTestApp, type TestContext } from '../test-app.js';
import { createTestDatabase } from '../test-db.js';
import { pgbouncerBinary, startPgBouncer } from './pgbouncer.js';

/**
 * The app behind PgBouncer in transaction pooling mode (many hosts, few database connections): requests
 * go through the pooler (DATABASE_URL), while the cache bus's LISTEN and the session advisory locks of
 * start-up use a direct connection (DATABASE_DIRECT_URL). A transaction pooler passes no connection
 * settings, so the lock timeout must come from the database; the app checks it at start and refuses
 * to run without it, naming the statement. PostgreSQL only; CI installs pgbouncer and sets
 * REQUIRE_PGBOUNCER=1, so there the test cannot skip.
 */
const base = process.env.TEST_DATABASE_URL;
const available = Boolean(pgbouncerBinary());
if (base && !available && process.env.REQUIRE_PGBOUNCER)
  throw new Error('REQUIRE_PGBOUNCER is set but pgbouncer is not installed');

describe.skipIf(!base || !available)('behind PgBouncer in transaction mode', { timeout: 120_000 }, () => {
  let bouncer: Awaited<ReturnType<typeof startPgBouncer>>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let admin: pg.Client;
  const apps: TestContext[] = [];
  const env = () => ({
    DATABASE_URL: bouncer.urlFor(database.url),
    DATABASE_DIRECT_URL: database.url,
    LOCK_TIMEOUT_MS: '400',
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    const u = new URL(base!);
    bouncer = await startPgBouncer({
      host: u.hostname || '127.0.0.1',
      port: Number(u.port || 5432),
      user: decodeURIComponent(u.username || 'postgres'),
    });
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    await admin?.end();
    await bouncer?.stop();
    await database?.drop();
  });

  it('refuses to start while the database sets no lock timeout, naming the statement to run', async () => {
    const dbName = new URL(database.url).pathname.slice(1);
    await expect(createTestApp({ env: env(), sharedDatabaseUrl: database.url })).rejects.toThrow(
      `ALTER DATABASE "${dbName}" SET lock_timeout = '400ms';`,
    );
  });

  it('sells through the pooler, gives up on a held row lock after the timeout, and shares cache changes over the direct LISTEN', async () => {
    const dbName = new URL(database.url).pathname.slice(1);
    await admin.query(`alter database "${dbName}" set lock_timeout = '400ms'`);
    // A database setting applies to sessions opened after it: the pooler's open server connections go.
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [dbName],
    );
    const one = await createTestApp({ env: env(), sharedDatabaseUrl: database.url });
    apps.push(one);
    const other = await createTestApp({ env: env(), sharedDatabaseUrl: database.url });
    apps.push(other);

    const { u, event, tickets } = await liveEvent(one.app, [{ name: 'Seat', type: 'FREE', quantity: 10 }]);
    const order = (n: number, app = one) =>
      call(app.app, 'POST', `/api/public/events/${event.id}/order`, {
        ip: buyerIp(n),
        body: { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }], expected_total: 0 },
      });
    expect((await order(1)).statusCode).toBe(201);

    // Each process has its LISTEN session straight on PostgreSQL (last statement there: LISTEN, or a NOTIFY it sent).
    const listeners = await admin.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = $1 and (query like 'LISTEN%' or query like 'select pg_notify%')`,
      [dbName],
    );
    expect(listeners.rows[0]!.n).toBe(2);

    // A row lock held elsewhere: the request through the pooler gives up after the database's lock timeout.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from tickets where id = $1 for update', [tickets[0]!.id]);
      const busy = await order(2);
      expect(busy.statusCode).toBe(503);
      expect(busy.json().error.code).toBe('CHECKOUT_BUSY');
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect((await order(3, other)).statusCode).toBe(201);

    // An edit through one process reaches the other's cache (notice over the direct connections).
    const read = async () =>
      (await call(other.app, 'GET', `/api/public/events/${event.id}`)).json().data.tickets[0].name as string;
    expect(await read()).toBe('Seat');
    const ticket = (
      await call(one.app, 'GET', `/api/events/${event.id}/tickets/${tickets[0]!.id}`, { token: u.token })
    ).json().data;
    expect(
      (
        await call(one.app, 'PUT', `/api/events/${event.id}/tickets/${ticket.id}`, {
          token: u.token,
          body: { ...ticket, name: 'Renamed' },
        })
      ).statusCode,
    ).toBe(200);
    await expect.poll(read, { timeout: 2_000, interval: 20 }).toBe('Renamed');
  });
});
