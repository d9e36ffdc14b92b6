import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { databaseTarget } from './availability.js';
import * as schema from './schema/index.js';

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
 * Opens PostgreSQL (`postgres://...`) or embedded PGlite (`pglite://memory`, `pglite://<folder>`). On
 * PostgreSQL no statement waits for a lock longer than `lockTimeoutMs` (55P03 then, answered as 503
 * CHECKOUT_BUSY); PGlite runs one statement at a time and never waits. Strings are standard-conforming
 * on every connection (a statement sent with its values inlined relies on it: reservation-insert.ts).
 */
export function openDatabase(url: string, opts: { lockTimeoutMs?: number } = {}): Database {
  if (url.startsWith('pglite://')) {
    const where = url.slice('pglite://'.length);
    let client: PGlite;
    // pg_trgm: the organizer's searches use trigram indexes (as on PostgreSQL, where it ships with the server).
    const options = { extensions: { pg_trgm } };
    if (where === 'memory' || where === '') client = new PGlite(options);
    else {
      mkdirSync(where, { recursive: true });
      client = new PGlite(where, options);
    }
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      boss: {
        db: {
          executeSql: async (text, values) => {
            // A job still finishing after the app closed (pg-boss's stop waits only so long) finds the
            // database gone: nothing is left to record, so it gets an empty answer instead of a crash
            // (a count for the statements that end in one: pg-boss reads `rows[0].count` of those).
            const gone = () => ({ rows: /SELECT COUNT\(\*\)/i.test(text) ? [{ count: '0' }] : [] });
            if (client.closed) return gone();
            try {
              return values?.length ? await client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] });
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
  const pool = new pg.Pool({ connectionString: url, max: 10, ...connectionOptions, options: `-c lock_timeout=${opts.lockTimeoutMs ?? 3000} -c standard_conforming_strings=on` });
  pool.on('error', () => {
    /* an idle client died; the pool replaces it */
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  let healthPool: pg.Pool | null = null;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    // pg-boss passes these to its own pool: its polls fail fast too while the database is away.
    boss: { connectionString: url, ...connectionOptions },
    migrate: async () => {
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
        const reset = await lock.query('reset lock_timeout').then(() => true, () => false);
        lock.release(!reset);
      }
    },
    ping: async (timeoutMs) => {
      // A connection of its own: a pool busy with an on-sale rush is no reason to call the database down.
      if (closed) throw new Error('Cannot use a pool after calling end on the pool');
      if (!healthPool) {
        healthPool = new pg.Pool({ connectionString: url, max: 1, ...connectionOptions, idleTimeoutMillis: 60_000, allowExitOnIdle: true });
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
