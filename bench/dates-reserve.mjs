// Dates (issue #39), measured on PostgreSQL against the database's own ceiling in the same run:
//   1. making 5,000 dates from a rule (one request), in seconds (target < 2 s);
//   2. reservations of one free ticket on one date of a 1,200-date event with 100 sold on every date,
//      by `clients` buyers while a third as many buy its other dates, against a one-date event with
//      the same two crowds (all on its one date): the same load on the same machine, so the ratio is
//      what the dates cost (target >= 0.90); both against ../shared/bench/raw-reserve (pgbench's
//      guarded reservation), alternating after a warm-up. The one-date event selling to `clients`
//      alone is printed too (the first design of this bench): beside it the run's hot date also
//      shares the two cores with the other crowd, so that ratio is about the crowd's share of the machine;
//   3. the counters of the dated event equal their rows at the end.
// Usage: node --import tsx bench/dates-reserve.mjs [clients=48] [seconds=10]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; scratch
//   databases are created and dropped. Needs pgbench and psql (Debian's postgresql-client).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { startBenchServer } from './lib/bench-server.mjs';
import { liveDatedEvent, sellOnEveryDate } from './lib/dated-event.mjs';
import { rawReserve, reserveLoad } from './lib/reserve-load.mjs';

const clients = Number(process.argv[2] ?? 48);
const seconds = Number(process.argv[3] ?? 10);
/** Buyers of other dates beside the hot date's `clients`. */
const elsewhere = Math.max(1, Math.round(clients / 3));
const DATES = 1200;
const SOLD_PER_DATE = 100;
const base = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admitone-dates-'));
const bench = await startBenchServer({
  port: 3297,
  prefix: 'admitone_dates',
  env: { DATA_DIR: dataDir, JOBS_IN_PROCESS: 'false' },
});
const { api, databaseUrl, dbName, json } = bench;
/** The HTTP load (made once the events are ready). */
let load = null;
const stop = async (code) => {
  await db.end().catch(() => undefined);
  load?.close();
  await bench.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
};
process.on('uncaughtException', async (err) => {
  console.error(err);
  await stop(1);
});
const auth = await bench.signUp({
  name: 'Dates',
  email: `dates-${dbName}@example.test`,
  password: 'dates-password-1',
  password_confirmation: 'dates-password-1',
  accept_terms: true,
  timezone: 'UTC',
});
const organizer = (await json('POST', '/organizers', { name: 'Run', email: 'run@example.test' }, auth.token)).data;
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();

/** A live event with one free ticket (no quantity, at most 4 per order). */
const liveEvent = (title) =>
  liveDatedEvent(bench, db, { token: auth.token, organizerId: organizer.id, title, ticket: { max_per_order: 4 } });

const rule = (count) => ({
  frequency: 'DAILY',
  start_on: '2035-01-02',
  count,
  times: ['19:30'],
  duration_minutes: 150,
});

// 1. 5,000 dates from a rule.
const big = await liveEvent('Five thousand dates');
let t0 = performance.now();
const made = await json('POST', `/events/${big.eventId}/dates/generate`, rule(4999), auth.token);
const makeSeconds = (performance.now() - t0) / 1000;
if (made.data?.length !== 4999) throw new Error(`generate failed: ${JSON.stringify(made).slice(0, 300)}`);
console.log(`5,000 dates from a rule (one request)          ${makeSeconds.toFixed(2)} s   (target < 2 s)`);
t0 = performance.now();
const listed = await json('GET', `/events/${big.eventId}/dates`, undefined, auth.token);
console.log(
  `the organizer's list of 5,000 dates (one request) ${((performance.now() - t0) / 1000).toFixed(2)} s   (${listed.data.length} dates)`,
);

// 2. A run of 1,200 dates with 100 sold on each, and a one-date event.
const run = await liveEvent('A long run');
const more = await json('POST', `/events/${run.eventId}/dates/generate`, rule(DATES - 1), auth.token);
if (more.data?.length !== DATES - 1) throw new Error('run not made');
const dateIds = (await db.query(`select id from event_dates where event_id = $1 order by id`, [run.eventId])).rows.map(
  (r) => r.id,
);
await sellOnEveryDate(db, databaseUrl, run, SOLD_PER_DATE);
const { openDatabase } = await import('../apps/api/src/db/client.ts');
const { findDrift } = await import('../apps/api/src/modules/inventory/reconcile.ts');
const database = openDatabase(databaseUrl);
const one = await liveEvent('One date');

load = reserveLoad(api);
const raw = rawReserve(base, clients, seconds);
console.log(
  `${'raw reference (pgbench, guard first)'.padEnd(40)} ${String(clients).padStart(3)} clients  ${raw.toFixed(0).padStart(5)} reservations/s`,
);
const hotDate = dateIds[Math.floor(DATES / 2)];
const others = dateIds.filter((id) => id !== hotDate);
const otherDate = () => ({ ...run, dateId: others[Math.floor(Math.random() * others.length)] });
const hot = { ...run, dateId: hotDate };
/**
 * `clients` buyers of the target and, beside them, `elsewhere` buyers of `beside` (the run's other dates, or the
 * one-date event itself): both share the event's checkout admission and its ticket's lock. Answers the first crowd's.
 */
const measure = async (label, target, beside, print = true) => {
  if (!beside) return load.run(label, target, clients, seconds, undefined, print);
  const [main] = await Promise.all([
    load.run(label, target, clients, seconds, undefined, print),
    load.run(
      `  (beside it: ${elsewhere} buyers of ${target.dateId ? 'other dates' : 'the same date'})`,
      beside,
      elsewhere,
      seconds,
      undefined,
      print,
    ),
  ]);
  return main;
};
// Warm both up (the server's first seconds are slower), then alternate: one-date, dated, one-date, dated.
await measure('warm-up', one, one, false);
await measure('warm-up', hot, otherDate, false);
const rounds = [];
for (let round = 0; round < 2; round++) {
  const alone = await measure('HTTP, a one-date event, alone', one);
  const oneDate = await measure('HTTP, a one-date event', one, one);
  const dated = await measure(`HTTP, one date of ${DATES.toLocaleString('en')} (100 sold each)`, hot, otherDate);
  rounds.push({ alone: alone.perSecond, oneDate: oneDate.perSecond, dated: dated.perSecond });
}
const sum = (k) => rounds.reduce((s, r) => s + r[k], 0);
const ratios = (k) => rounds.map((r) => (r.dated / r[k]).toFixed(2)).join(', ');
console.log(
  `  one date of the run / one-date event, the same crowds: ${(sum('dated') / sum('oneDate')).toFixed(2)}   (target >= 0.90; rounds ${ratios('oneDate')})`,
);
console.log(
  `  one date of the run / one-date event selling to ${clients} alone: ${(sum('dated') / sum('alone')).toFixed(2)}   (rounds ${ratios('alone')})`,
);
console.log(
  `  / raw: one-date event ${(sum('oneDate') / rounds.length / raw).toFixed(2)}, alone ${(sum('alone') / rounds.length / raw).toFixed(2)}; one date of the run ${(sum('dated') / rounds.length / raw).toFixed(2)}`,
);

// 3. Consistency.
const drift = await findDrift(database.db, run.eventId);
console.log(
  `  counters of the run: ${drift.length ? `DRIFT ${JSON.stringify(drift.slice(0, 5))}` : 'equal to their rows'}`,
);
await database.close();
await stop(drift.length ? 1 : 0);
