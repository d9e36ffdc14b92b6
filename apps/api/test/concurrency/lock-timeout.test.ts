import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { type Database, openDatabase } from '../../src/db/client.js';
import { createTestDatabase } from '../test-db.js';
import { onPostgres } from './stock-world.js';

/**
 * LOCK_TIMEOUT_MS holds on every connection of the pool, also the one the migrations waited on for their
 * advisory lock (it waits without a limit, then goes back to the pool): a request that lands on it must
 * not wait for a row lock forever. (It did: busy.test.ts hung in about one run of three.)
 */
describe.skipIf(!onPostgres)('the lock timeout of pooled connections', () => {
  let database: Database | null = null;
  let drop: () => Promise<void> = async () => undefined;
  afterAll(async () => {
    await database?.close();
    await drop();
  });

  it('is LOCK_TIMEOUT_MS on all ten connections after the migrations ran', async () => {
    const scratch = await createTestDatabase({ empty: true });
    drop = scratch.drop;
    database = openDatabase(scratch.url, { lockTimeoutMs: 300 });
    await database.migrate();
    // Ten transactions at once hold all ten connections of the pool, the migrations' one among them.
    let arrived = 0;
    let open!: () => void;
    const allIn = new Promise<void>((resolve) => (open = resolve));
    const seen = await Promise.all(
      Array.from({ length: 10 }, () =>
        database!.db.transaction(async (tx) => {
          const { rows } = (await tx.execute(
            sql`select current_setting('lock_timeout') as t, pg_backend_pid() as pid`,
          )) as unknown as { rows: { t: string; pid: number }[] };
          if (++arrived === 10) open();
          await allIn;
          return rows[0]!;
        }),
      ),
    );
    expect(new Set(seen.map((s) => s.pid)).size).toBe(10);
    expect(seen.map((s) => s.t)).toEqual(Array(10).fill('300ms'));
  });
});
