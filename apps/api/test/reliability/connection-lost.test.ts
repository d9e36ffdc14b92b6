import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { createTestDatabase } from '../test-db.js';

/**
 * A connection that dies while a transaction holds it between two statements (the database restarted,
 * a proxy cut it) must fail that transaction, not the process. node-postgres emits `error` on a client
 * whose socket ends while no query runs, and the pool listens only while the client is idle: without a
 * listener of our own, that event is an uncaught exception and the web process exits mid-outage, resetting
 * every request it was answering (seen in the database-outage test under load).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
beforeAll(async () => {
  if (!onPostgres) return;
  testDb = await createTestDatabase();
  database = openDatabase(testDb.url);
});
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

describe.runIf(onPostgres)('a connection lost inside a transaction', () => {
  it('fails the transaction and leaves the process and the pool working', async () => {
    const uncaught: unknown[] = [];
    const note = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', note);
    try {
      const admin = new pg.Client({ connectionString: testDb.url });
      await admin.connect();
      const outcome = database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
        // Killed from outside while this transaction waits between statements.
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        await new Promise((r) => setTimeout(r, 300));
        await tx.execute(sql`select 1`);
      });
      await expect(outcome).rejects.toThrow();
      await admin.end();
      expect(uncaught).toEqual([]);
      // The broken connection left the pool: the next statement gets a good one.
      expect(((await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] }).rows[0]!.one).toBe(1);
    } finally {
      process.off('uncaughtException', note);
    }
  });
});
