import pg from 'pg';

import { CONNECT_TIMEOUT_MS, type Database } from './client.js';

/** Advisory lock keys of work that must run in one process at a time (migrations use 727001). */
export const SETUP_LOCKS = { jobQueue: 727002 } as const;

/**
 * Runs `fn` while holding a session-level advisory lock on its own connection, so processes started
 * together on a fresh database (several web processes, web and worker) do one set-up after the other
 * instead of deadlocking in it (pg-boss's schema and queue creation did). The embedded database is one
 * process's: nothing to wait for.
 */
export async function oneAtATime<T>(database: Database, key: number, fn: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres' || !database.directUrl) return fn();
  // A session advisory lock: on a direct connection (DATABASE_DIRECT_URL), never through a transaction pooler.
  const client = new pg.Client({ connectionString: database.directUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // The lock is held while `fn` runs, with no query on this connection: if it dies then, node-postgres
  // emits `error`, which would end the process (the lock goes with the session; `fn` fails on its own).
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('set lock_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [key]);
    return await fn();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
