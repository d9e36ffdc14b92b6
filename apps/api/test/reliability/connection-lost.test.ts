import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { type Database, openDatabase } from '../../src/db/client.js';
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
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        // Killed from outside while this transaction waits between statements.
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        await new Promise((r) => setTimeout(r, 300));
        await tx.execute(sql`select 1`);
      });
      await expect(outcome).rejects.toThrow();
      await admin.end();
      expect(uncaught).toEqual([]);
      // The broken connection left the pool: the next statement gets a good one.
      expect(
        ((await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] }).rows[0]!.one,
      ).toBe(1);
    } finally {
      process.off('uncaughtException', note);
    }
  });
});

/** Resolves to 'hung' when `work` has not finished within `ms` (a lost connection makes waits endless). */
const orHung = <T>(work: Promise<T>, ms = 10_000) =>
  Promise.race([work, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), ms).unref())]);

/** Makes the next `times` statements starting with `statement` fail as a connection dropped at that moment would. */
function failNext(statement: 'begin' | 'rollback', times: number) {
  const original = pg.Client.prototype.query;
  let left = times;
  return vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    if (left > 0 && text.trimStart().toLowerCase().startsWith(statement)) {
      left--;
      return Promise.reject(new Error('Connection terminated unexpectedly'));
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original);
}

describe.runIf(onPostgres)(
  'a transaction whose BEGIN or ROLLBACK fails (drizzle-orm gives such connections back wrong)',
  () => {
    it('a failed BEGIN gives its connection back: more failures than the pool has connections, and the pool still works and closes', async () => {
      const own = openDatabase(testDb.url);
      const spy = failNext('begin', 12);
      try {
        for (let i = 0; i < 12; i++)
          await expect(own.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      } finally {
        spy.mockRestore();
      }
      // Before: each failed BEGIN kept its connection checked out for ever; the pool (10) was empty.
      expect(await orHung(own.db.transaction(async (tx) => tx.execute(sql`select 1`)).then(() => 'done'))).toBe('done');
      expect(await orHung(own.close().then(() => 'closed'))).toBe('closed');
    });

    it('a failed ROLLBACK closes its connection instead of lending it out again inside the open transaction', async () => {
      const own = openDatabase(testDb.url);
      const admin = new pg.Client({ connectionString: testDb.url });
      await admin.connect();
      try {
        let pid = 0;
        const spy = failNext('rollback', 1);
        try {
          const failing = own.db.transaction(async (tx) => {
            const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
              rows: { pid: number }[];
            };
            pid = rows[0]!.pid;
            throw new Error('the work failed');
          });
          await expect(failing).rejects.toThrow();
        } finally {
          spy.mockRestore();
        }
        // The connection whose ROLLBACK never ran is closed (before: back in the pool, still in its transaction).
        const alive = async () =>
          (await admin.query('select count(*)::int as n from pg_stat_activity where pid = $1', [pid])).rows[0]
            .n as number;
        for (let i = 0; i < 100 && (await alive()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
        expect(await alive()).toBe(0);
      } finally {
        await admin.end();
        await own.close();
      }
    });
  },
);
