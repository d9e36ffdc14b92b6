// The on-sale rush, measured against the database's own ceiling (../shared/bench/raw-reserve: pgbench
// running the smallest correct reservation, a guarded counter update first) in the same run, on the same
// PostgreSQL server. Prints, for each client count:
//   raw reservations/s, HTTP reservations/s of one hot free ticket (our real server, one process, every
//   request from its own client address so the fairness caps are on as in production), the ratio, and
//   reservation latency p50/p95/p99;
// then, at the first client count, the rate on an event with 30,000 tickets already sold against a fresh
// one; and a sold-out check (capacity 3,000: sold == capacity, counters == rows).
// Usage: node --import tsx bench/rush.mjs [clients=64,256] [seconds=10] [sold=30000]
//   BENCH_WAITLIST=1: the hot ticket has its waitlist open (the reservation's extra "nobody waits" check).
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; scratch
//   databases are created and dropped. Needs pgbench and psql (Debian's postgresql-client).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { startBenchServer } from './lib/bench-server.mjs';

const clientCounts = (process.argv[2] ?? '64,256').split(',').map(Number);
const seconds = Number(process.argv[3] ?? 10);
const alreadySold = Number(process.argv[4] ?? 30_000);
const base = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const rawScript = path.resolve(import.meta.dirname, '..', '..', 'shared', 'bench', 'raw-reserve', 'run.sh');

/** The reference: pgbench's guarded reservation on one hot ticket, `clients` connections, `seconds`. */
function rawReserve(clients) {
  const out = execFileSync('bash', [rawScript, String(clients), String(seconds), '1'], {
    env: {
      ...process.env,
      PGHOST: base.hostname,
      PGPORT: base.port || '5432',
      PGUSER: decodeURIComponent(base.username || 'postgres'),
    },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const check = JSON.parse(out.split('\n').find((l) => l.startsWith('{')) ?? '{}');
  if (check.oversold_tickets !== 0) throw new Error(`raw reference oversold: ${JSON.stringify(check)}`);
  return Number(/reservations\/s ([\d.]+)/.exec(out)[1]);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admitone-rush-'));
const bench = await startBenchServer({
  port: 3293,
  prefix: 'admitone_rush',
  env: { DATA_DIR: dataDir, JOBS_IN_PROCESS: 'false' },
});
const { api, databaseUrl, dbName, json } = bench;
const auth = await bench.signUp({
  name: 'Rush',
  email: `rush-${dbName}@example.test`,
  password: 'rush-password-1',
  password_confirmation: 'rush-password-1',
  accept_terms: true,
  timezone: 'UTC',
});
const organizer = (await json('POST', '/organizers', { name: 'Rush', email: 'rush@example.test' }, auth.token)).data;
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();

/** A live event with one free ticket of `quantity` (at most 4 per order), fairness caps at their defaults. */
async function hotEvent(label, quantity) {
  const event = (
    await json(
      'POST',
      '/events',
      {
        title: label,
        organizer_id: organizer.id,
        start_date: '2035-01-01T19:00',
        end_date: '2035-01-01T23:00',
        timezone: 'UTC',
        currency: 'EUR',
      },
      auth.token,
    )
  ).data;
  // BENCH_WAITLIST=1: the ticket's waitlist is open (nobody waiting), so every reservation also checks that no one
  // waits.
  const created = await json(
    'POST',
    `/events/${event.id}/tickets`,
    { name: 'Hot', type: 'FREE', quantity, max_per_order: 4, waitlist_enabled: process.env.BENCH_WAITLIST === '1' },
    auth.token,
  );
  if (!created.data) throw new Error(`ticket not created: ${JSON.stringify(created)}`);
  const ticket = created.data;
  await db.query(`update events set status = 'LIVE' where id = $1`, [event.id]);
  return { eventId: event.id, ticketId: ticket.id };
}

/** `n` completed orders of 2 tickets written straight into the tables, then the counters repaired from them. */
async function sell(target, n) {
  await db.query(
    `with o as (
       insert into orders (account_id, event_id, short_id, order_number, checkout_token_hash, status, payment_status, currency, subtotal, total, locale, email, completed_at)
       select e.account_id, e.id, 'bench' || e.id || '-' || g, 'B-' || e.id || '-' || g, 'bench', 'COMPLETED', 'NO_PAYMENT_REQUIRED', 'EUR', 0, 0, 'en', 'b' || g || '@example.test', now()
       from events e, generate_series(1, $2::int) g where e.id = $1 returning id, account_id, event_id),
     i as (insert into order_items (order_id, ticket_id, ticket_name, quantity, unit, total)
       select o.id, $3, 'Hot', 2, '{"base":0,"discount":0,"price":0,"fees":[],"taxes":[],"fee_total":0,"tax_total":0,"total":0}'::jsonb, 0 from o returning id, order_id)
     insert into attendees (account_id, event_id, order_id, order_item_id, ticket_id, short_id, status, locale, position, first_name, last_name, email)
     select o.account_id, o.event_id, o.id, i.id, $3, 'abench' || i.id || '-' || p, 'ACTIVE', 'en', p, 'Fan', 'Number' || i.id, 'fan@example.test'
     from i join o on o.id = i.order_id, generate_series(0, 1) p`,
    [target.eventId, Math.ceil(n / 2), target.ticketId],
  );
  await db.query('analyze orders; analyze attendees');
  const { openDatabase } = await import('../apps/api/src/db/client.ts');
  const { repairDrift } = await import('../apps/api/src/modules/inventory/reconcile.ts');
  const database = openDatabase(databaseUrl);
  await repairDrift(database.db, target.eventId);
  await database.close();
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
const apiUrl = new URL(api);
let clientNo = 0;
/**
 * One reservation over HTTP as the ticket selector sends it (a fresh Idempotency-Key per click), from a new client
 * address.
 */
function reserveOnce(target, quantity) {
  const body = JSON.stringify({ items: [{ ticket_id: target.ticketId, quantity }], expected_total: 0 });
  const n = clientNo++;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: apiUrl.hostname,
        port: apiUrl.port,
        path: `${apiUrl.pathname}/public/events/${target.eventId}/order`,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'idempotency-key': randomUUID(),
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
/** `clients` buyers reserving 1–4 tickets in a loop for `seconds` (or until `stop(errors)`); rates and latency. */
async function run(label, target, clients, stop = () => false) {
  const latencies = [];
  const errors = {};
  let ok = 0;
  let tickets = 0;
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until && !stop(errors)) {
        const quantity = 1 + Math.floor(Math.random() * 4);
        const t = performance.now();
        const r = await reserveOnce(target, quantity);
        latencies.push(performance.now() - t);
        if (r.status === 201) {
          ok++;
          tickets += quantity;
        } else {
          const code = JSON.parse(r.body).error?.code ?? `HTTP ${r.status}`;
          errors[code] = (errors[code] ?? 0) + 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const out = {
    perSecond: ok / elapsed,
    ticketsPerSecond: tickets / elapsed,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    ok,
    errors,
  };
  console.log(
    `${label.padEnd(40)} ${String(clients).padStart(3)} clients  ${out.perSecond.toFixed(0).padStart(5)} reservations/s (${out.ticketsPerSecond.toFixed(0)} tickets/s)  p50 ${out.p50.toFixed(1)}  p95 ${out.p95.toFixed(1)}  p99 ${out.p99.toFixed(1)} ms${Object.keys(errors).length ? `  errors ${JSON.stringify(errors)}` : ''}`,
  );
  return out;
}

const drift = async (eventId) => {
  const { openDatabase } = await import('../apps/api/src/db/client.ts');
  const { findDrift } = await import('../apps/api/src/modules/inventory/reconcile.ts');
  const database = openDatabase(databaseUrl);
  const found = await findDrift(database.db, eventId);
  await database.close();
  return found;
};

process.on('uncaughtException', async (err) => {
  console.error(err);
  await bench.stop().catch(() => undefined);
  process.exit(1);
});
// pgbench opens one connection per client: past the server's max_connections it measures at the most it may open.
const maxConnections = Number((await db.query('show max_connections')).rows[0].max_connections);
const results = [];
for (const clients of clientCounts) {
  const rawClients = Math.min(clients, maxConnections - 10);
  const raw = rawReserve(rawClients);
  console.log(
    `${'raw reference (pgbench, guard first)'.padEnd(40)} ${String(rawClients).padStart(3)} clients  ${raw.toFixed(0).padStart(5)} reservations/s${rawClients < clients ? `  (the server allows ${maxConnections} connections)` : ''}`,
  );
  const fresh = await hotEvent(`fresh, ${clients}`, 10_000_000);
  const http = await run('HTTP, one hot free ticket, fresh event', fresh, clients);
  console.log(
    `  HTTP / raw: ${(http.perSecond / raw).toFixed(2)}   (target >= 0.50; p99 target < 250 ms at 64 clients)`,
  );
  results.push({ clients, raw, http });
  if (clients === clientCounts[0]) {
    const big = await hotEvent(`${alreadySold} sold, ${clients}`, 10_000_000);
    await sell(big, alreadySold);
    const bigRun = await run(`HTTP, ${alreadySold.toLocaleString('en')} already sold`, big, clients);
    console.log(
      `  ${alreadySold.toLocaleString('en')} sold / fresh: ${(bigRun.perSecond / http.perSecond).toFixed(2)}   (target >= 0.80)`,
    );
    const d = await drift(big.eventId);
    console.log(`  counters of the big event: ${d.length ? `DRIFT ${JSON.stringify(d)}` : 'equal to their rows'}`);
    if (d.length) process.exitCode = 1;
  }
}

// Sold-out check: capacity 3,000, the first client count reserving until refused.
const capacity = 3000;
const soldOut = await hotEvent('sold out', capacity);
await run(
  'HTTP, until 3,000 are sold out',
  soldOut,
  clientCounts[0],
  (errors) => (errors.NO_TICKETS_AVAILABLE ?? 0) > 50,
);
const { rows } = await db.query(
  `select count(*)::int as n from attendees where event_id = $1 and status in ('RESERVED','ACTIVE','AWAITING_PAYMENT')`,
  [soldOut.eventId],
);
const d = await drift(soldOut.eventId);
console.log(
  `  check: ${rows[0].n} of ${capacity} taken${rows[0].n > capacity ? ' OVERSOLD' : ''}; counters ${d.length ? `DRIFT ${JSON.stringify(d)}` : 'equal to their rows'}`,
);
if (rows[0].n !== capacity || d.length) process.exitCode = 1;

await db.end();
agent.destroy();
await bench.stop();
rmSync(dataDir, { recursive: true, force: true });
