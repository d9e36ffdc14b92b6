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
import { liveDatedEvent, sellOnEveryDate } from './lib/dated-event.mjs';

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

const run = await liveEvent('A long run');
const made = await json(
  'POST',
  `/events/${run.eventId}/dates/generate`,
  { frequency: 'DAILY', start_on: '2035-01-02', count: DATES - 1, times: ['19:30'], duration_minutes: 150 },
  auth.token,
);
if (made.data?.length !== DATES - 1) throw new Error(`dates not made: ${JSON.stringify(made).slice(0, 300)}`);
const one = await liveEvent('One date');
await sellOnEveryDate(db, databaseUrl, run, SOLD_PER_DATE);
await sellOnEveryDate(db, databaseUrl, one, SOLD_PER_DATE);
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
