// The seat rush (issue #40), beside the general-admission rush and the database's own ceiling
// (../shared/bench/raw-reserve), in the same run on the same PostgreSQL server. `clients` buyers each pick a set
// of 1-6 seats side by side in one row of one 20,000-seat section (100 rows of 200), among the seats they have not
// yet seen taken (as an open picker polling availability would), and reserve them; a refusal names the seats lost,
// which the buyer then avoids. Prints reservations/s and seats/s of the seat rush, reservations/s of one hot GA
// ticket with the same clients, the raw reference, and the checks: no seat held twice, every hold whole (an order
// holds exactly the seats it asked for), counters equal to their rows.
// Usage: node --import tsx bench/seat-rush.mjs [clients=256] [seconds=10]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); needs pgbench and psql.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { startBenchServer } from './lib/bench-server.mjs';
import { rawReserve, reserveLoad } from './lib/reserve-load.mjs';

const clients = Number(process.argv[2] ?? 256);
const seconds = Number(process.argv[3] ?? 10);
const ROWS = 100;
const SEATS = 200;
const base = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admitone-seat-rush-'));
const bench = await startBenchServer({
  port: 3297,
  prefix: 'admitone_seats',
  env: { DATA_DIR: dataDir, JOBS_IN_PROCESS: 'false' },
});
const { api, databaseUrl, dbName, json } = bench;
const auth = await bench.signUp({
  name: 'Seats',
  email: `seats-${dbName}@example.test`,
  password: 'seats-password-1',
  password_confirmation: 'seats-password-1',
  accept_terms: true,
  timezone: 'UTC',
});
const organizer = (await json('POST', '/organizers', { name: 'Arena', email: 'arena@example.test' }, auth.token)).data;
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();

async function liveEvent(label, ticket) {
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
  const created = (await json('POST', `/events/${event.id}/tickets`, ticket, auth.token)).data;
  await db.query(`update events set status = 'LIVE' where id = $1`, [event.id]);
  return { eventId: event.id, ticketId: created.id };
}

// The seated event: one section of ROWS x SEATS, every seat Stalls, sold as one free ticket.
const seated = await liveEvent('Seat rush', { name: 'Stalls', type: 'FREE', max_per_order: 10 });
const layout = {
  name: 'Arena block',
  size: { width: SEATS * 20 + 40, height: ROWS * 20 + 80 },
  categories: [{ name: 'Stalls', color: '#7048e8' }],
  zones: [
    {
      name: 'Block A',
      position: { x: 20, y: 60 },
      rows: Array.from({ length: ROWS }, (_, r) => ({
        row_number: String(r + 1),
        position: { x: 0, y: r * 20 },
        seats: Array.from({ length: SEATS }, (_, s) => ({
          seat_guid: `r${r + 1}-s${s + 1}`,
          seat_number: String(s + 1),
          position: { x: s * 20, y: 0 },
          category: 'Stalls',
        })),
      })),
    },
  ],
};
process.on('uncaughtException', async (err) => {
  console.error(err);
  await bench.stop().catch(() => undefined);
  process.exit(1);
});
/** The answer's data, or a stop with what the server said. */
const must = (answer) => {
  if (!answer.data) throw new Error(JSON.stringify(answer).slice(0, 500));
  return answer.data;
};
const plans = `/organizers/${organizer.id}/seating-plans`;
const plan = must(await json('POST', `${plans}/import`, { pretix: layout }, auth.token));
must(await json('POST', `${plans}/${plan.id}/publish`, {}, auth.token));
await json(
  'PUT',
  `/events/${seated.eventId}/seating`,
  { plan_id: plan.id, categories: [{ category: 'Stalls', ticket_id: seated.ticketId }] },
  auth.token,
);
const seating = must(await json('GET', `/public/events/${seated.eventId}/seating`));
const rows = seating.zones[0].rows.map((r) => r.seats.map((s) => s[0]));

/** Bytes of an answer as a browser gets it (brotli, else gzip, as Chromium asks), and unpacked. */
function wireBytes(p) {
  return new Promise((resolve, reject) => {
    const url = new URL(`${api}${p}`);
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
        let wire = 0;
        res.on('data', (c) => (wire += c.length));
        res.on('end', () => resolve({ wire, encoding: res.headers['content-encoding'] ?? 'identity' }));
      })
      .on('error', reject);
  });
}
const planBytes = await wireBytes(`/public/events/${seated.eventId}/seating`);
console.log(
  `plan of ${ROWS * SEATS} seats: ${(planBytes.wire / 1024).toFixed(0)} KiB on the wire (${planBytes.encoding}), ${(JSON.stringify({ data: seating }).length / 1024).toFixed(0)} KiB unpacked   (target < 400 KiB)`,
);

const load = reserveLoad(api);
const post = load.postOrder;

/** A run of 1-6 seats side by side in a random row, none of them seen taken; null when none is left. */
const seen = new Set();
function pick() {
  const size = 1 + Math.floor(Math.random() * 6);
  for (let tries = 0; tries < 50; tries++) {
    const row = rows[Math.floor(Math.random() * rows.length)];
    const start = Math.floor(Math.random() * (row.length - size + 1));
    const set = row.slice(start, start + size);
    if (set.every((id) => !seen.has(id))) return set;
  }
  return null;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
async function seatRush() {
  const latencies = [];
  const codes = {};
  let ok = 0;
  let seats = 0;
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const set = pick();
        if (!set) return;
        const t = performance.now();
        const r = await post(seated.eventId, {
          items: [{ ticket_id: seated.ticketId, quantity: set.length, seats: set }],
          expected_total: 0,
        });
        latencies.push(performance.now() - t);
        if (r.status === 201) {
          ok++;
          seats += set.length;
          for (const id of set) seen.add(id);
          continue;
        }
        const error = JSON.parse(r.body).error ?? {};
        codes[error.code ?? `HTTP ${r.status}`] = (codes[error.code ?? `HTTP ${r.status}`] ?? 0) + 1;
        // The seats named as lost are avoided from now on, as a picker shows them taken.
        for (const field of Object.keys(error.field_errors ?? {})) {
          const j = Number(field.split('.').pop());
          if (Number.isInteger(j)) seen.add(set[j]);
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: ok / elapsed, seatsPerSecond: seats / elapsed, ok, seats, codes, latencies, elapsed };
}

const maxConnections = Number((await db.query('show max_connections')).rows[0].max_connections);
const rawClients = Math.min(clients, maxConnections - 10);
const raw = rawReserve(base, rawClients, seconds);
console.log(`raw reference (pgbench, guard first)      ${rawClients} clients  ${raw.toFixed(0)} reservations/s`);

const ga = await liveEvent('GA rush', { name: 'Hot', type: 'FREE', quantity: 10_000_000, max_per_order: 6 });
const gaRun = await load.run('HTTP, one hot GA ticket', ga, clients, seconds);
console.log(`  GA / raw: ${(gaRun.perSecond / raw).toFixed(2)}`);

const s = await seatRush();
const sold0 = () => s.seats;
console.log(
  `HTTP, seats (1-6 side by side, 20,000)     ${clients} clients  ${s.perSecond.toFixed(0)} reservations/s (${s.seatsPerSecond.toFixed(0)} seats/s)  p50 ${pct(s.latencies, 50).toFixed(1)}  p95 ${pct(s.latencies, 95).toFixed(1)}  p99 ${pct(s.latencies, 99).toFixed(1)} ms  refusals ${JSON.stringify(s.codes)}`,
);
console.log(
  `  seats / raw: ${(s.perSecond / raw).toFixed(2)}   seats / GA: ${(s.perSecond / gaRun.perSecond).toFixed(2)}`,
);

const availabilityBytes = await wireBytes(`/public/events/${seated.eventId}/seating/availability`);
console.log(
  `availability after the rush (${sold0()} seats taken): ${(availabilityBytes.wire / 1024).toFixed(1)} KiB on the wire (${availabilityBytes.encoding})`,
);
const twice = (
  await db.query(
    `select count(*)::int as n from (select seat_id, event_date_id from attendees where event_id = $1
       and status in ('RESERVED','AWAITING_PAYMENT','ACTIVE') group by seat_id, event_date_id having count(*) > 1) x`,
    [seated.eventId],
  )
).rows[0].n;
const sold = (
  await db.query(
    `select count(*)::int as n from attendees where event_id = $1 and status in ('RESERVED','AWAITING_PAYMENT','ACTIVE')`,
    [seated.eventId],
  )
).rows[0].n;
const { openDatabase } = await import('../apps/api/src/db/client.ts');
const { findDrift } = await import('../apps/api/src/modules/inventory/reconcile.ts');
const database = openDatabase(databaseUrl);
const drift = await findDrift(database.db, seated.eventId);
await database.close();
console.log(
  `  check: ${sold} seats held (${s.seats} answered 201), ${twice} held twice, counters ${drift.length ? `DRIFT ${JSON.stringify(drift)}` : 'equal to their rows'}`,
);
if (twice || sold !== s.seats || drift.length) process.exitCode = 1;

await db.end();
load.close();
await bench.stop();
rmSync(dataDir, { recursive: true, force: true });
