// What the HTTP benchmarks share: a scratch PostgreSQL database (created here, dropped at the end) and
// the real server started on it as a child process, plus a small JSON client for its API.
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server where the
//   scratch database is created.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * Creates the scratch database and starts the server on `port` with `env` on top of the defaults.
 * `serveWeb`: serve the built web app too (apps/web/dist), as `npm start` does: `'npm-start'` runs
 * scripts/start.mjs (the compiled build), `'tsx'` the API from its sources; by default the API alone.
 */
export async function startBenchServer({ port, prefix = 'admitone_bench', env = {}, serveWeb = null }) {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const server = spawn(
    process.execPath,
    serveWeb === 'npm-start' ? ['scripts/start.mjs'] : ['--import', 'tsx', 'apps/api/src/server.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'error',
        CHECKOUT_RATE_LIMIT_MAX: '1000000000',
        AUTH_RATE_LIMIT_MAX: '1000',
        ...(serveWeb ? { NODE_ENV: 'production' } : { WEB_DIST_DIR: '' }),
        TRUST_PROXY: 'loopback',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    },
  );
  let exited = null;
  server.on('exit', (code, signal) => (exited = code ?? signal));
  const api = `http://127.0.0.1:${port}/api`;
  for (let i = 0; ; i++) {
    if (exited !== null) {
      await admin.query(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
      throw new Error(`the server exited (code ${exited}) before it answered`);
    }
    try {
      if ((await fetch(`${api}/docs/json`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const json = async (method, p, body, token) => {
    const res = await fetch(`${api}${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return res.json();
  };
  // Without SMTP_URL the server writes each mail as an .eml file under DATA_DIR/mail.
  const mailDir = path.resolve(root, env.DATA_DIR ?? process.env.DATA_DIR ?? 'data', 'mail');
  /** The newest sign-up link's token for `email`: from its outbox row while it waits, else from the mail file. */
  const signUpToken = async (email) => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `select id, payload->'data'->>'url' as url from outbox where payload->>'to' = $1 and payload->>'template' = 'signup_confirmation' order by id desc limit 1`,
        [email],
      );
      if (!rows[0]) throw new Error(`no sign-up link was mailed to ${email}`);
      const tokenIn = (text) => /confirm-sign-up\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
      if (rows[0].url) return tokenIn(rows[0].url);
      // Sent already (the row's link is wiped then): the .eml file (quoted-printable soft breaks joined).
      const safe = email.replace(/[^a-zA-Z0-9@._-]/g, '_');
      for (let i = 0; i < 100; i++) {
        let files = [];
        try {
          files = readdirSync(mailDir)
            .filter((f) => f.endsWith(`-${safe}.eml`))
            .sort();
        } catch {
          /* the folder appears with the first mail */
        }
        const token = files.length
          ? tokenIn(readFileSync(path.join(mailDir, files.at(-1)), 'latin1').replace(/=\r?\n/g, ''))
          : undefined;
        if (token) return token;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no sign-up mail for ${email} in ${mailDir}`);
    } finally {
      await db.end();
    }
  };
  return {
    api,
    databaseUrl,
    dbName,
    json,
    /**
     * Signs up and opens the mailed link, as a person would; answers what opening it answered (token, user, accounts).
     */
    async signUp(body) {
      const res = await fetch(`${api}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 202) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
      return json('POST', `/auth/confirm-sign-up/${await signUpToken(body.email.toLowerCase())}`, {});
    },
    /** Stops the server and drops the scratch database. */
    async stop() {
      // The database goes only once the server has gone (its workers would log every failed query meanwhile):
      // a graceful stop, or a kill after 10 s.
      const gone = new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
      process.kill(-server.pid, 'SIGTERM');
      const late = setTimeout(() => process.kill(-server.pid, 'SIGKILL'), 10_000);
      await gone;
      clearTimeout(late);
      await admin.query(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    },
  };
}
