import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import pg from 'pg';

import { openDatabase } from '../src/db/client.js';

const MIGRATIONS = path.resolve(import.meta.dirname, '../src/db/migrations');

/** The migrations as they are now, in a few letters: a template database is made once per set of them. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')),
    ...readdirSync(path.join(MIGRATIONS, 'meta')).map((f) => `meta/${f}`),
  ].sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(MIGRATIONS, file)));
  return hash.digest('hex').slice(0, 12);
}

const TEMPLATE_PREFIX = 'admitone_tpl_';
let templateName: string | null = null;

/**
 * A migrated database to copy (`create database ... template`): copying one takes a fraction of running
 * every migration again for each test file. Made once per set of migrations by whichever test process
 * comes first, under an advisory lock (the others wait for it); templates of older migrations are dropped.
 */
async function migratedTemplate(admin: pg.Client, base: string): Promise<string> {
  if (templateName) return templateName;
  const name = `${TEMPLATE_PREFIX}${migrationsKey()}`;
  await admin.query(`select pg_advisory_lock(hashtext('admitone test template'))`);
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      const old = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like '${TEMPLATE_PREFIX}%'`,
      );
      for (const { datname } of old.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
      // Built under another name and renamed when complete: a run killed half-way leaves no half a template.
      const building = `${name}_building`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}"`);
      const url = new URL(base);
      url.pathname = `/${building}`;
      const database = openDatabase(url.toString());
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await admin.query(`alter database "${building}" rename to "${name}"`);
    }
  } finally {
    await admin.query(`select pg_advisory_unlock(hashtext('admitone test template'))`);
  }
  templateName = name;
  return name;
}

/**
 * A database for one test file: PGlite in memory by default; with TEST_DATABASE_URL, a PostgreSQL
 * database made for the file (already migrated, copied from a template; `empty` for one with nothing in
 * it, where the test is about the migrations running) and dropped afterwards.
 */
export async function createTestDatabase(
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { url: 'pglite://memory', drop: async () => undefined };
  const name = `admitone_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const template = options.empty ? null : await migratedTemplate(admin, base);
    await admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  } finally {
    await admin.end();
  }
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
