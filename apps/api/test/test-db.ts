import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import type { PGlite } from '@electric-sql/pglite';
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

let pgliteSnapshot: Promise<string> | null = null;
/** The installed PGlite release (its package.json, next to the `dist` folder its entry is in). */
const PGLITE_VERSION = (() => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
})();

/**
 * The embedded database's counterpart of the template: a migrated PGlite data directory saved as a file
 * (in the system's temporary folder, one per set of migrations), which each test file's in-memory
 * database starts from. Starting PGlite afresh runs initdb and then every migration (about 5 s);
 * loading the saved one takes about 1.5 s. Two processes that make it at once each write their own
 * file and rename it into place, so a reader never sees half of one.
 */
function migratedPgliteSnapshot(): Promise<string> {
  pgliteSnapshot ??= (async () => {
    // Named after the migrations and the PGlite release (a data directory is read by the release that wrote it).
    const file = path.join(os.tmpdir(), `admitone-pglite-${PGLITE_VERSION}-${migrationsKey()}.tar`);
    if (existsSync(file)) return file;
    const database = openDatabase('pglite://memory');
    try {
      await database.migrate();
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await database.close();
    }
    return file;
  })();
  return pgliteSnapshot;
}

/**
 * A database for one test file, already migrated (`empty` for one with nothing in it, where the test is
 * about the migrations running): PGlite in memory by default, started from the saved snapshot; with
 * TEST_DATABASE_URL, a PostgreSQL database made for the file, copied from a template, and dropped afterwards.
 */
export async function createTestDatabase(
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const url = options.empty
      ? 'pglite://memory'
      : `pglite://memory?from=${encodeURIComponent(await migratedPgliteSnapshot())}`;
    return { url, drop: async () => undefined };
  }
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
