// Outgoing webhooks after a busy hour: `events` events queued across 4 webhooks of 4 accounts (the
// sender is fair between accounts and caps each one: WEBHOOK_ACCOUNT_CONCURRENCY), each webhook with a
// local receiver of its own (answers 200 after `delay` ms), then `npm run worker` started: deliveries
// per second, from the first request a receiver gets to the last.
// On a scratch PostgreSQL database (bench/lib/bench-server.mjs), the web server runs with
// JOBS_IN_PROCESS=false. Each account makes a few real changes through the API (a product renamed:
// `product.updated`, with its body and deliveries written as the server writes them); they are cloned
// row by row (a new event id each, one delivery each) up to `events` in all.
// Usage: node --import tsx bench/webhooks.mjs [events=2200] [delay=5] [timeout=600]
//   WEBHOOK_* settings (WEBHOOK_CONCURRENCY, WEBHOOK_ACCOUNT_CONCURRENCY, WEBHOOK_SWEEP_SECONDS) are passed
//   to the worker; BENCH_DATABASE_URL names the server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { startBenchServer } from './lib/bench-server.mjs';

const total = Number(process.argv[2] ?? 2200);
const delayMs = Number(process.argv[3] ?? 5);
const timeoutSeconds = Number(process.argv[4] ?? 600);
const HOOKS = 4;
const REAL_CHANGES = 5;
const root = path.resolve(import.meta.dirname, '..');

// --- The receivers: one HTTP server per webhook, counting what they get (and when).
const received = [];
const receivers = [];
for (let i = 0; i < HOOKS; i++) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({
        hook: i,
        at: performance.now(),
        id: req.headers['webhook-id'] ?? req.headers['admitone-event-id'],
      });
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'), delayMs);
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  receivers.push({ server, url: `http://127.0.0.1:${server.address().port}/hook` });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admitone-webhooks-'));
const bench = await startBenchServer({
  port: 3297,
  prefix: 'admitone_webhooks',
  env: { DATA_DIR: dataDir, JOBS_IN_PROCESS: 'false', WEBHOOK_ALLOW_PRIVATE: 'true' },
});
const { json, databaseUrl, dbName } = bench;
let worker = null;
const cleanUp = async () => {
  if (worker && worker.exitCode === null) process.kill(-worker.pid, 'SIGKILL');
  await bench.stop().catch(() => undefined);
  for (const r of receivers) {
    r.server.closeAllConnections();
    r.server.close();
  }
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('uncaughtException', async (err) => {
  console.error(err);
  await cleanUp();
  process.exit(1);
});

// --- 4 accounts, each an event with a ticket and a webhook for `product.updated` to its own receiver.
const hooks = [];
for (let i = 0; i < HOOKS; i++) {
  const auth = await bench.signUp({
    name: `Hook ${i}`,
    email: `hooks-${i}-${dbName}@example.test`,
    password: 'bench-password-1',
    password_confirmation: 'bench-password-1',
    accept_terms: true,
    timezone: 'UTC',
  });
  const t = auth.token;
  const organizer = (await json('POST', '/organizers', { name: `Hall ${i}`, email: `hall-${i}@example.test` }, t)).data;
  const event = (
    await json(
      'POST',
      '/events',
      {
        title: `Concert ${i}`,
        organizer_id: organizer.id,
        start_date: '2035-07-01T19:00',
        end_date: '2035-07-01T23:00',
        timezone: 'UTC',
        currency: 'EUR',
      },
      t,
    )
  ).data;
  const ticket = (await json('POST', `/events/${event.id}/tickets`, { name: 'Entry', type: 'FREE', quantity: 500 }, t))
    .data;
  const hook = (await json('POST', '/webhooks', { url: receivers[i].url, event_types: ['product.updated'] }, t)).data;
  if (!hook?.id) throw new Error(`webhook: ${JSON.stringify(hook)}`);
  for (let n = 0; n < REAL_CHANGES; n++) {
    const saved = await json(
      'PUT',
      `/events/${event.id}/tickets/${ticket.id}`,
      { name: `Entry (${n})`, type: 'FREE', quantity: 500 },
      t,
    );
    if (!saved.data) throw new Error(`ticket: ${JSON.stringify(saved)}`);
  }
  hooks.push({ id: hook.id });
}

// --- Cloned up to `total` events: every column of a real one but its id and event id, a delivery each.
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const cols = (
  await db.query(
    `select column_name from information_schema.columns where table_name = 'webhook_events' and column_name not in ('id', 'public_id') and is_generated = 'NEVER'`,
  )
).rows
  .map((r) => `"${r.column_name}"`)
  .join(', ');
const perHook = Math.floor(total / HOOKS);
for (const [i, h] of hooks.entries()) {
  const want = perHook + (i < total % HOOKS ? 1 : 0);
  const { rows } = await db.query(`select count(*)::int as n from webhook_deliveries where webhook_id = $1`, [h.id]);
  const more = want - rows[0].n;
  if (more > 0) {
    await db.query(
      `with src as (select e.* from webhook_events e join webhook_deliveries d on d.webhook_event_id = e.id where d.webhook_id = $1 order by e.id desc limit 1),
         made as (insert into webhook_events (${cols}) select ${cols} from src, generate_series(1, $2) returning id)
       insert into webhook_deliveries (webhook_id, webhook_event_id, next_attempt_at, created_at) select $1, made.id, now(), now() from made`,
      [h.id, more],
    );
  }
}
const queued = (await db.query(`select count(*)::int as n from webhook_deliveries where state = 'PENDING'`)).rows[0].n;
console.log(
  `queued ${queued} deliveries to ${HOOKS} webhooks (${HOOKS} accounts); receivers answer after ${delayMs} ms; ${os.cpus().length} cores`,
);

// --- The worker, as `npm run worker` runs it.
const started = performance.now();
worker = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/worker.ts'], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEB_DIST_DIR: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
const deadline = Date.now() + timeoutSeconds * 1000;
let lastReport = performance.now();
while (new Set(received.map((r) => r.id)).size < queued && Date.now() < deadline) {
  await new Promise((r) => setTimeout(r, 100));
  if (performance.now() - lastReport > 10_000) {
    lastReport = performance.now();
    console.log(`  ${received.length} received after ${((lastReport - started) / 1000).toFixed(0)} s`);
  }
}
const distinct = new Set(received.map((r) => r.id)).size;
const first = received[0]?.at ?? started;
const last = received.at(-1)?.at ?? started;
const rate = received.length > 1 ? ((received.length - 1) * 1000) / (last - first) : 0;
const perReceiver = receivers.map((_, i) => received.filter((r) => r.hook === i).length);
const done = (await db.query(`select count(*)::int as n from webhook_deliveries where state = 'SUCCEEDED'`)).rows[0].n;
console.log('');
console.log(
  `received ${received.length} requests (${distinct} distinct events) of ${queued}; per receiver ${perReceiver.join(' / ')}; ${done} SUCCEEDED`,
);
console.log(
  `first request ${((first - started) / 1000).toFixed(1)} s after the worker started, last ${((last - started) / 1000).toFixed(1)} s`,
);
console.log(
  `deliveries/s: ${rate.toFixed(1)}   (target >= 100)${rate >= 100 ? '' : '  NOT MET'}${distinct < queued ? '  (timed out)' : ''}`,
);
console.log(
  `WEBHOOK_CONCURRENCY ${process.env.WEBHOOK_CONCURRENCY ?? '(default)'}, WEBHOOK_ACCOUNT_CONCURRENCY ${process.env.WEBHOOK_ACCOUNT_CONCURRENCY ?? '(default)'}, WEBHOOK_SWEEP_SECONDS ${process.env.WEBHOOK_SWEEP_SECONDS ?? '(default)'}`,
);

await db.end();
await cleanUp();
process.exit(0);
