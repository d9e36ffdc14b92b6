// What the HTTP benchmarks share: a scratch PostgreSQL database (created here, dropped at the end) and
// the real server started on it as a child process, plus a small JSON client for its API.
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server where the
//   scratch database is created.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Creates the scratch database and starts the server on `port` with `env` on top of the defaults. */
export async function startBenchServer({ port, prefix = 'admitone_bench', env = {} }) {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'error', CHECKOUT_RATE_LIMIT_MAX: '1000000000', AUTH_RATE_LIMIT_MAX: '1000', WEB_DIST_DIR: '', TRUST_PROXY: 'loopback', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const api = `http://127.0.0.1:${port}/api`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${api}/docs/json`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const json = async (method, p, body, token) => {
    const res = await fetch(`${api}${p}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
    return res.json();
  };
  return {
    api,
    databaseUrl,
    dbName,
    json,
    /** Stops the server and drops the scratch database. */
    async stop() {
      process.kill(-server.pid, 'SIGTERM');
      await new Promise((r) => setTimeout(r, 1500));
      await admin.query(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    },
  };
}
