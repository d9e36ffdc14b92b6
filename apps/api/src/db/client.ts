import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import { databaseTarget } from './availability.js';
import * as schema from './schema/index.js';
import { TransactionSafePool } from './transaction-safe-pool.js';

export type Schema = typeof schema;
/** The one database type the code sees, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. Inside a transaction, pass the `tx`. */
export type Executor = Db | Tx;

/** Raw SQL access for pg-boss (its `db` option) when it cannot open its own connections. */
export interface RawSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL: where session-level work connects (LISTEN, session advisory locks): DATABASE_DIRECT_URL
   * when the pool goes through a transaction pooler, else the pool's own address. Null on PGlite.
   */
  directUrl: string | null;
  /** For pg-boss: a connection string (PostgreSQL) or a raw executor (PGlite). */
  boss: { connectionString: string; connectionTimeoutMillis?: number; keepAlive?: boolean } | { db: RawSql };
  migrate(): Promise<void>;
  /**
   * `select 1` within `timeoutMs` (readiness checks): rejects when the database cannot be reached. The
   * embedded database is in the process: it answers while open (a long transaction does not make it "down").
   */
  ping(timeoutMs: number): Promise<void>;
  /** Where the database is, for messages: `host:port` (never credentials), or `embedded PGlite`. */
  target: string;
  close(): Promise<void>;
}

/**
 * PostgreSQL connections: a request waits at most this long for a connection (a new one, or a free one
 * of the pool) before it fails — answered 503 DATABASE_UNAVAILABLE instead of hanging while the database
 * is away. TCP keepalive notices a connection whose other end vanished without closing it.
 */
export const CONNECT_TIMEOUT_MS = 5_000;
const connectionOptions = { connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true };

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * Opens PostgreSQL (`postgres://...`) or embedded PGlite (`pglite://memory`, `pglite://<folder>`, or
 * `pglite://memory?from=<file>`: in memory from a saved data directory, see test/test-db.ts). On
 * PostgreSQL no statement waits for a lock longer than `lockTimeoutMs` (55P03 then, answered as 503
 * CHECKOUT_BUSY); PGlite runs one statement at a time and never waits. Strings are standard-conforming
 * on every connection (a statement sent with its values inlined relies on it: reservation-insert.ts).
 */
export function openDatabase(url: string, opts: { lockTimeoutMs?: number; directUrl?: string | null } = {}): Database {
  if (url.startsWith('pglite://')) {
    const where = url.slice('pglite://'.length);
    let client: PGlite;
    // pg_trgm: the organizer's searches use trigram indexes (as on PostgreSQL, where it ships with the server).
    const options = { extensions: { pg_trgm } };
    const snapshot = /^memory\?from=(.+)$/.exec(where)?.[1];
    if (where === 'memory' || where === '') client = new PGlite(options);
    else if (snapshot) {
      // In memory, starting from a data directory saved with dumpDataDir (the test suites' migrated template):
      // no initdb and no migrations to run.
      client = new PGlite({ ...options, loadDataDir: new Blob([readFileSync(decodeURIComponent(snapshot))]) });
    } else {
      mkdirSync(where, { recursive: true });
      client = new PGlite(where, options);
    }
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      directUrl: null,
      boss: {
        db: {
          executeSql: async (text, values) => {
            // A job still finishing after the app closed (pg-boss's stop waits only so long) finds the
            // database gone: nothing is left to record, so it gets an empty answer instead of a crash
            // (a count for the statements that end in one: pg-boss reads `rows[0].count` of those).
            const gone = () => ({ rows: /SELECT COUNT\(\*\)/i.test(text) ? [{ count: '0' }] : [] });
            if (client.closed) return gone();
            try {
              return values?.length
                ? await client.query(text, values)
                : ((await client.exec(text)).at(-1) ?? { rows: [] });
            } catch (err) {
              if (client.closed) return gone();
              throw err;
            }
          },
        },
      },
      migrate: async () => {
        await migratePglite(db as never, { migrationsFolder });
      },
      ping: async () => {
        if (client.closed) throw new Error('Client was closed and is not queryable');
      },
      target: 'embedded PGlite',
      close: () => client.close(),
    };
  }
  // Through a transaction pooler (DATABASE_DIRECT_URL set: PgBouncer in transaction mode) a connection
  // cannot carry start-up options, and a session setting would leak to whoever gets the server
  // connection next: the lock timeout then comes from the role or database (docs/SCALING.md), which
  // checkPooledSettings verifies at start.
  const direct = opts.directUrl ?? null;
  const sessionOptions = direct
    ? {}
    : { options: `-c lock_timeout=${opts.lockTimeoutMs ?? 3000} -c standard_conforming_strings=on` };
  const pool = new TransactionSafePool({ connectionString: url, max: 10, ...connectionOptions, ...sessionOptions });
  pool.on('error', () => {
    /* an idle client died; the pool replaces it */
  });
  // A client also dies while checked out, between two statements of a transaction (the database
  // restarted, a proxy cut the line): node-postgres then emits `error` on it, and the pool listens only
  // while a client is idle, so without this the event would end the process. The transaction's next
  // statement fails instead (503 DATABASE_UNAVAILABLE), and the pool drops the client when it comes back
  // unusable (test/reliability/connection-lost.test.ts).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  let healthPool: pg.Pool | null = null;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    // pg-boss passes these to its own pool: its polls fail fast too while the database is away.
    boss: { connectionString: url, ...connectionOptions },
    directUrl: direct ?? url,
    migrate: async () => {
      if (direct) {
        // A session advisory lock needs a session of its own: a direct connection, not the pooler's.
        const client = new pg.Client({ connectionString: direct, ...connectionOptions });
        client.on('error', () => undefined); // a connection lost between statements fails the next one, not the process
        await client.connect();
        try {
          await client.query('set lock_timeout = 0');
          await client.query('select pg_advisory_lock(727001)');
          await migratePg(drizzlePg({ client, schema }) as never, { migrationsFolder });
          await checkPooledSettings(pool, opts.lockTimeoutMs ?? 3000);
        } finally {
          await client.end().catch(() => undefined);
        }
        return;
      }
      // Two processes starting together (web + worker) must not apply migrations twice.
      const lock = await pool.connect();
      try {
        // Waiting for another process's migrations may take longer than a request's lock timeout.
        await lock.query('set lock_timeout = 0');
        await lock.query('select pg_advisory_lock(727001)');
        await migratePg(db as never, { migrationsFolder });
      } finally {
        await lock.query('select pg_advisory_unlock(727001)').catch(() => undefined);
        // Back to the pool with the request's limit (the connection's start-up value): a request on it
        // must not wait for a row lock forever.
        const reset = await lock.query('reset lock_timeout').then(
          () => true,
          () => false,
        );
        lock.release(!reset);
      }
    },
    ping: async (timeoutMs) => {
      // A connection of its own: a pool busy with an on-sale rush is no reason to call the database down.
      if (closed) throw new Error('Cannot use a pool after calling end on the pool');
      if (!healthPool) {
        healthPool = new pg.Pool({
          connectionString: url,
          max: 1,
          ...connectionOptions,
          idleTimeoutMillis: 60_000,
          allowExitOnIdle: true,
        });
        healthPool.on('error', () => undefined);
      }
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
      });
      const query = healthPool.query('select 1');
      query.catch(() => undefined);
      try {
        await Promise.race([query, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    target: databaseTarget(url),
    close: async () => {
      closed = true;
      await Promise.all([pool.end(), healthPool?.end()]);
    },
  };
}

/** Thrown at start when the database behind a transaction pooler does not give the settings every connection needs. */
export class PooledSettingsError extends Error {}

/**
 * Behind a transaction pooler the pool's connections carry no start-up options, so the database or the
 * role must set what they would have: a lock timeout (else a request may wait for a row lock for ever)
 * and standard-conforming strings. Checked once at start, on a pooled connection; refusing to start with
 * the statement to run beats a hang on the first on-sale.
 */
export async function checkPooledSettings(pool: pg.Pool, lockTimeoutMs: number): Promise<void> {
  // SHOW-style values carry their unit ('3s', '3500ms'; '0' is off), which an interval reads as such.
  const { rows } = await pool.query<{ lock_ms: string; scs: string; db: string; role: string }>(
    `select extract(epoch from current_setting('lock_timeout')::interval) * 1000 as lock_ms, current_setting('standard_conforming_strings') as scs, current_database() as db, current_user as role`,
  );
  const row = rows[0]!;
  const wrong: string[] = [];
  if (!(Number(row.lock_ms) > 0)) wrong.push(`lock_timeout = '${lockTimeoutMs}ms'`);
  if (row.scs !== 'on') wrong.push(`standard_conforming_strings = on`);
  if (wrong.length) {
    throw new PooledSettingsError(
      `DATABASE_DIRECT_URL is set, so DATABASE_URL goes through a transaction pooler, which passes no connection settings; the database must set them. Run once: ${wrong.map((w) => `ALTER DATABASE "${row.db}" SET ${w};`).join(' ')} (or ALTER ROLE "${row.role}" SET ...), then start again.`,
    );
  }
}
