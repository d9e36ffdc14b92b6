// Attendee and order lists and exports with 100,000 attendees (50,000 orders) on PostgreSQL: p50/p95
// of list pages, searches and sorts, then the peak RSS growth of full CSV and XLSX exports.
// The app runs in this process (so process.memoryUsage().rss is the server's, sampled every 50 ms);
// requests go over HTTP on loopback and the export bodies are read and dropped as they stream.
// Usage: node --import tsx bench/attendees.mjs [attendees=100000] [requests=40]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a server where a
//   scratch database is created and dropped.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

import pg from 'pg';

// A full garbage collection before each export, so the baseline holds no garbage of earlier steps.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

const count = Number(process.argv[2] ?? 100_000);
const requests = Number(process.argv[3] ?? 40);
const port = 3288;
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `admitone_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database "${dbName}"`);
const url = new URL(base);
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admitone-bench-'));

const { buildApp } = await import('../apps/api/src/app.ts');
const { loadConfig } = await import('../apps/api/src/config.ts');
const { seedBulkAttendees } = await import('../apps/api/test/bulk-attendees.ts');
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'error',
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  APP_URL: `http://127.0.0.1:${port}`,
  AUTH_RATE_LIMIT_MAX: '1000',
  PORT: String(port),
  HOST: '127.0.0.1',
});
const app = await buildApp({ ...config, webDistDir: null }, { work: false });
await app.listen({ port, host: '127.0.0.1' });
const api = `http://127.0.0.1:${port}/api`;

try {
  const json = async (method, p, body, token) => {
    const res = await fetch(`${api}${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const parsed = await res.json();
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(parsed)}`);
    return parsed;
  };
  // Sign up, then open the mailed link (its outbox row waits: no worker runs in this process).
  const email = `bench-${dbName}@example.test`;
  await json('POST', '/auth/register', {
    name: 'Bench',
    email,
    password: 'bench-password-1',
    password_confirmation: 'bench-password-1',
    accept_terms: true,
    timezone: 'UTC',
  });
  const probe = new pg.Client({ connectionString: databaseUrl });
  await probe.connect();
  const { rows: mailed } = await probe.query(
    `select payload->'data'->>'url' as url from outbox where payload->>'to' = $1 and payload->>'template' = 'signup_confirmation'`,
    [email],
  );
  await probe.end();
  const auth = await json(
    'POST',
    `/auth/confirm-sign-up/${/confirm-sign-up\/([A-Za-z0-9_-]+)/.exec(mailed[0].url)[1]}`,
    {},
  );
  const token = auth.token;
  const organizer = (await json('POST', '/organizers', { name: 'Bench', email: 'bench@example.test' }, token)).data;
  const event = (
    await json(
      'POST',
      '/events',
      {
        title: 'Big festival',
        organizer_id: organizer.id,
        start_date: '2035-01-01T19:00',
        end_date: '2035-01-01T23:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
      },
      token,
    )
  ).data;
  const tickets = [];
  for (const name of ['Day pass', 'Weekend pass'])
    tickets.push((await json('POST', `/events/${event.id}/tickets`, { name, type: 'PAID', price: 1000 }, token)).data);
  const q = async (body) => (await json('POST', `/events/${event.id}/questions`, body, token)).data.id;
  const attendeeQuestionIds = [
    await q({ title: 'T-shirt size', type: 'SINGLE_LINE_TEXT' }),
    await q({ title: 'Diet', type: 'CHECKBOX', options: ['Vegan', 'Gluten-free'] }),
  ];
  const orderQuestionIds = [await q({ title: 'Company', type: 'SINGLE_LINE_TEXT', applies_to: 'ORDER' })];
  const db = app.deps.database.db;
  const { events } = await import('../apps/api/src/db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  const [{ account_id: accountId }] = await db
    .select({ account_id: events.account_id })
    .from(events)
    .where(eq(events.id, event.id));

  let t0 = performance.now();
  const { orders } = await seedBulkAttendees(db, {
    accountId,
    eventId: event.id,
    currency: 'EUR',
    tickets,
    attendeeQuestionIds,
    orderQuestionIds,
    attendees: count,
  });
  const raw = new pg.Client({ connectionString: databaseUrl });
  await raw.connect();
  await raw.query('analyze');
  console.log(`seeded ${count} attendees in ${orders} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  const rows = [];
  async function measure(label, p) {
    const first = await fetch(`${api}${p}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await first.json();
    if (!first.ok) {
      rows.push({ request: label, status: first.status, rows: '-', p50: '-', p95: '-' });
      return;
    }
    const times = [];
    for (let i = 0; i < requests; i++) {
      const t = performance.now();
      const res = await fetch(`${api}${p}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    rows.push({
      request: label,
      status: first.status,
      rows: `${body.data?.length ?? '?'}/${body.meta?.total ?? '?'}`,
      p50: pct(times, 50).toFixed(1),
      p95: pct(times, 95).toFixed(1),
      over: pct(times, 95) > 100 ? 'OVER 100 ms' : '',
    });
  }
  const e = `/events/${event.id}`;
  const lastAttendeePage = Math.ceil(count / 20);
  for (const [label, p] of [
    ['attendees page 1', `${e}/attendees?page=1`],
    ['attendees page 2500', `${e}/attendees?page=2500`],
    [`attendees last page (${lastAttendeePage})`, `${e}/attendees?page=${lastAttendeePage}`],
    ['attendees query=Guest4242', `${e}/attendees?query=Guest4242`],
    ['attendees query=guest77@example', `${e}/attendees?query=guest77%40example`],
    ['attendees sort last_name desc', `${e}/attendees?sort_by=last_name&sort_direction=desc`],
    ['attendees sort created_at', `${e}/attendees?sort_by=created_at`],
    ['attendees sort checked_in_at', `${e}/attendees?sort_by=checked_in_at`],
    ['attendees checked in, page 100', `${e}/attendees?filter_fields[checked_in]=true&page=100`],
    ['orders page 1', `${e}/orders?page=1`],
    ['orders page 2500', `${e}/orders?page=2500`],
    ['orders query=Buyer4242', `${e}/orders?query=Buyer4242`],
    ['orders sort last_name', `${e}/orders?sort_by=last_name&sort_direction=asc`],
    ['orders sort created_at', `${e}/orders?sort_by=created_at`],
    ['orders sort total', `${e}/orders?sort_by=total`],
  ])
    await measure(label, p);
  console.log(`\nList requests (${requests} each, sequential, over HTTP):`);
  console.table(rows);

  const exports = [];
  async function exportRun(kind, format) {
    gc();
    await new Promise((r) => setTimeout(r, 300));
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    t0 = performance.now();
    const res = await fetch(`${api}${e}/${kind}/export?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    let bytes = 0;
    let lines = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      if (format === 'csv') for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    }
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const MB = 1024 * 1024;
    exports.push({
      export: `${kind} ${format}`,
      status: res.status,
      'x-total-rows': res.headers.get('x-total-rows'),
      'csv lines': format === 'csv' ? lines : '-',
      'size MB': (bytes / MB).toFixed(1),
      'bytes/row': Math.round(bytes / Number(res.headers.get('x-total-rows') || 1)),
      seconds: ((performance.now() - t0) / 1000).toFixed(1),
      'rss before MB': (baseline / MB).toFixed(0),
      'rss peak MB': (peak / MB).toFixed(0),
      'growth MB': ((peak - baseline) / MB).toFixed(1),
    });
  }
  for (const kind of ['attendees', 'orders']) for (const format of ['csv', 'xlsx']) await exportRun(kind, format);
  console.log('\nFull exports (RSS of this process, sampled every 50 ms; target growth < 100 MB):');
  console.table(exports);
  await raw.end();
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
}
