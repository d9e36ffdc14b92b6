import { randomBytes } from 'node:crypto';

import pg from 'pg';

/**
 * A database for one test file: PGlite in memory by default; with TEST_DATABASE_URL, a fresh
 * PostgreSQL database created for the file and dropped afterwards.
 */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { url: 'pglite://memory', drop: async () => undefined };
  const name = `admitone_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}
