// The public event of an event with many dates (issue #39): an event with 1,200 dates and 100 sold on
// each, against a one-date event with the same ticket and 100 sold, on the same server in the same run:
//   1. its JSON answer (GET /api/public/events/{id}), without a date (the dates list and calendar), and
//      on a date drawn at random for every request (each of 1,200 answers built from the database);
//   2. its server-rendered page (GET /event/{id}/{slug}), the same two ways;
// each as requests per second from `connections` concurrent clients for `seconds`, and the ratio to the
// one-date event (target >= 0.8). The bytes on the wire of the page are bench/first-visit.mjs's.
// Usage: npm run build && node --import tsx bench/dates-page.mjs [seconds=10] [connections=50]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; a scratch
//   database is created and dropped.
import pg from 'pg';

import { startBenchServer } from './lib/bench-server.mjs';
import { liveDatedEvent } from './lib/dated-event.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const DATES = 1200;
const SOLD_PER_DATE = 100;

const bench = await startBenchServer({ port: 3298, prefix: 'admitone_datepage', serveWeb: 'tsx' });
const { api, databaseUrl, dbName, json } = bench;
const site = api.replace(/\/api$/, '');
const auth = await bench.signUp({
  name: 'Dates',
  email: `datepage-${dbName}@example.test`,
  password: 'dates-password-1',
  password_confirmation: 'dates-password-1',
  accept_terms: true,
  timezone: 'UTC',
});
const organizer = (await json('POST', '/organizers', { name: 'Run', email: 'run@example.test' }, auth.token)).data;
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();

/** A live event with one free ticket of 500 per date, showing what is left. */
async function liveEvent(title) {
  const e = await liveDatedEvent(bench, db, {
    token: auth.token,
    organizerId: organizer.id,
    title,
    ticket: { quantity: 500 },
  });
  await json('PUT', `/events/${e.eventId}/settings`, { show_remaining_tickets: true }, auth.token);
  return e;
}

/** `SOLD_PER_DATE` completed orders on every date of the event, written straight into the tables. */
async function sell(e) {
  await db.query(
    `with o as (
       insert into orders (account_id, event_id, short_id, order_number, checkout_token_hash, status, payment_status, currency, subtotal, total, locale, completed_at)
       select ev.account_id, ev.id, 'dp' || d.id || '-' || g, 'P-' || d.id || '-' || g, 'bench', 'COMPLETED', 'NO_PAYMENT_REQUIRED', 'EUR', 0, 0, 'en', now()
       from events ev join event_dates d on d.event_id = ev.id, generate_series(1, $2::int) g where ev.id = $1
       returning id, account_id, event_id, short_id),
     i as (
       insert into order_items (order_id, ticket_id, event_date_id, ticket_name, quantity, unit, total)
       select o.id, $3, split_part(substr(o.short_id, 3), '-', 1)::int, 'Seat', 1,
              '{"base":0,"discount":0,"price":0,"fees":[],"taxes":[],"fee_total":0,"tax_total":0,"total":0}'::jsonb, 0 from o
       returning id, order_id, event_date_id)
     insert into attendees (account_id, event_id, order_id, order_item_id, ticket_id, event_date_id, short_id, status, locale, position)
     select o.account_id, o.event_id, o.id, i.id, $3, i.event_date_id, 'adp' || i.id, 'ACTIVE', 'en', 0 from o join i on i.order_id = o.id`,
    [e.eventId, SOLD_PER_DATE, e.ticketId],
  );
}

const run = await liveEvent('A long run');
const made = await json(
  'POST',
  `/events/${run.eventId}/dates/generate`,
  { frequency: 'DAILY', start_on: '2035-01-02', count: DATES - 1, times: ['19:30'], duration_minutes: 150 },
  auth.token,
);
if (made.data?.length !== DATES - 1) throw new Error(`dates not made: ${JSON.stringify(made).slice(0, 300)}`);
const one = await liveEvent('One date');
await sell(run);
await sell(one);
await db.query('analyze orders; analyze attendees; analyze ticket_dates; analyze event_dates');
const { openDatabase } = await import('../apps/api/src/db/client.ts');
const { repairDrift } = await import('../apps/api/src/modules/inventory/reconcile.ts');
const database = openDatabase(databaseUrl);
// The counters follow the rows, as the stock module keeps them.
await repairDrift(database.db, run.eventId);
await repairDrift(database.db, one.eventId);
await database.close();
const dateIds = (await db.query(`select id from event_dates where event_id = $1 order by id`, [run.eventId])).rows.map(
  (r) => r.id,
);
const oneDateId = (await db.query(`select id from event_dates where event_id = $1`, [one.eventId])).rows[0].id;

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
/** `connections` clients asking for `target()` (a new address each time) for `seconds`. */
async function load(label, target, print = true) {
  const latencies = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await fetch(target(), { headers: { 'accept-encoding': 'br' } });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const rps = (latencies.length - errors) / seconds;
  if (print)
    console.log(
      `${label.padEnd(52)} ${rps.toFixed(0).padStart(6)} req/s  p50 ${pct(latencies, 50).toFixed(1)} ms  p95 ${pct(latencies, 95).toFixed(1)} ms${errors ? `  errors ${errors}` : ''}`,
    );
  return rps;
}

const pick = () => dateIds[Math.floor(Math.random() * dateIds.length)];
const answer = (e, date) => `${api}/public/events/${e.eventId}${date ? `?date=${date}` : ''}`;
const page = (e, date) => `${site}/event/${e.eventId}/${e.slug}${date ? `?date=${date}` : ''}`;
const check = await (await fetch(answer(run))).json();
console.log(
  `run ${run.eventId}: ${check.data.dates.count} dates ahead, ${check.data.dates.upcoming.length} listed, calendar ${check.data.dates.calendar?.month} (${check.data.dates.calendar?.days.length} days); ${connections} connections, ${seconds} s each`,
);
await load('warm-up', () => answer(one), false);
await load('warm-up', () => page(run, pick()), false);
const rows = [
  ['JSON, one-date event', () => answer(one), 'JSON, the run without a date', () => answer(run)],
  [
    'JSON, one-date event (?date=)',
    () => answer(one, oneDateId),
    'JSON, the run on a random date',
    () => answer(run, pick()),
  ],
  ['page, one-date event', () => page(one), 'page, the run without a date', () => page(run)],
  [
    'page, one-date event (?date=)',
    () => page(one, oneDateId),
    'page, the run on a random date',
    () => page(run, pick()),
  ],
];
for (const [oneLabel, oneTarget, runLabel, runTarget] of rows) {
  const base = await load(oneLabel, oneTarget);
  const dated = await load(runLabel, runTarget);
  console.log(`  ratio ${(dated / base).toFixed(2)}   (target >= 0.80)`);
}
await db.end();
await bench.stop();
