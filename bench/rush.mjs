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
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { startBenchServer } from './lib/bench-server.mjs';
import { rawReserve, reserveLoad } from './lib/reserve-load.mjs';

const clientCounts = (process.argv[2] ?? '64,256').split(',').map(Number);
const seconds = Number(process.argv[3] ?? 10);
const alreadySold = Number(process.argv[4] ?? 30_000);
const base = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
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
     d as (select min(id) as id from event_dates where event_id = $1),
     i as (insert into order_items (order_id, ticket_id, event_date_id, ticket_name, quantity, unit, total)
       select o.id, $3, d.id, 'Hot', 2, '{"base":0,"discount":0,"price":0,"fees":[],"taxes":[],"fee_total":0,"tax_total":0,"total":0}'::jsonb, 0 from o, d returning id, order_id, event_date_id)
     insert into attendees (account_id, event_id, order_id, order_item_id, ticket_id, event_date_id, short_id, status, locale, position, first_name, last_name, email)
     select o.account_id, o.event_id, o.id, i.id, $3, i.event_date_id, 'abench' || i.id || '-' || p, 'ACTIVE', 'en', p, 'Fan', 'Number' || i.id, 'fan@example.test'
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

const load = reserveLoad(api);
const runLoad = load.run;
const run = (label, target, clients, stop) => runLoad(label, target, clients, seconds, stop);

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
  const raw = rawReserve(base, rawClients, seconds);
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
load.close();
await bench.stop();
rmSync(dataDir, { recursive: true, force: true });
