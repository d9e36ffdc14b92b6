// The buyer's event page under load, measured with wrk (Debian package `wrk`) from 50 connections:
// GET /event/{id}/{slug} (server-rendered HTML, as a browser asks for it: brotli accepted) beside the
// trivial GET /api/health/live (no database) of the same server in the same run, and the JSON answer for the same
// event.
// Prints requests/s, p50/p99 and the page's ratio to the trivial route; then the same while buyers
// reserve (every reservation changes what the page shows).
// Usage: npm run build && node --import tsx bench/event-page.mjs [seconds=10] [connections=50]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): where a scratch database is made.
//   BENCH_ENV='{"WEB_CONCURRENCY":"2"}': extra settings for the server.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';

import pg from 'pg';

import { startBenchServer } from './lib/bench-server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'), 'public.html')))
  throw new Error('build the web app first: npm run build');
if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is needed: apt-get install wrk');

const bench = await startBenchServer({
  port: 3293,
  prefix: 'admitone_page',
  env: {
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'),
    ...JSON.parse(process.env.BENCH_ENV ?? '{}'),
  },
});
const { api, databaseUrl, dbName, json } = bench;
const origin = api.replace(/\/api$/, '');

// An event as organizers make them: a description, six tickets of the four kinds, a tax and a fee.
const auth = await bench.signUp({
  name: 'Bench',
  email: `bench-${dbName}@example.test`,
  password: 'bench-password-1',
  password_confirmation: 'bench-password-1',
  accept_terms: true,
  timezone: 'UTC',
});
const t = auth.token;
const accountId = auth.user?.accounts?.[0]?.id ?? auth.account?.id ?? auth.accounts?.[0]?.id;
const organizer = (await json('POST', '/organizers', { name: 'Riverside Hall', email: 'hall@example.test' }, t)).data;
const vat = (
  await json(
    'POST',
    `/accounts/${accountId}/taxes-and-fees`,
    { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 20 },
    t,
  )
).data;
const fee = (
  await json(
    'POST',
    `/accounts/${accountId}/taxes-and-fees`,
    { name: 'Booking fee', type: 'FEE', calculation_type: 'FIXED', rate: 150 },
    t,
  )
).data;
const description = `<p>${'Three stages, twelve bands and the river at sunset. '.repeat(12)}</p><ul><li>Doors 18:00</li><li>Food trucks</li><li>No re-entry</li></ul>`;
const event = (
  await json(
    'POST',
    '/events',
    {
      title: 'Riverside Open Air',
      organizer_id: organizer.id,
      start_date: '2035-07-01T18:00',
      end_date: '2035-07-01T23:00',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      description,
    },
    t,
  )
).data;
const specs = [
  { name: 'Early bird', type: 'PAID', price: 2900, quantity: 100000 },
  { name: 'Standard', type: 'PAID', price: 3900, quantity: 100000 },
  { name: 'Kids under 12', type: 'FREE', quantity: 100000 },
  { name: 'Supporter', type: 'DONATION', min_price: 1000 },
  {
    name: 'Weekend',
    type: 'TIERED',
    tiers: [
      { label: 'Phase 1', price: 5900, quantity: 1000 },
      { label: 'Phase 2', price: 6900, quantity: 1000 },
    ],
  },
  { name: 'VIP', type: 'PAID', price: 9900, quantity: 200 },
];
const tickets = [];
for (const spec of specs)
  tickets.push(
    (
      await json(
        'POST',
        `/events/${event.id}/tickets`,
        { ...spec, tax_and_fee_ids: spec.type === 'FREE' ? [] : [vat.id, fee.id] },
        t,
      )
    ).data,
  );
await json('PUT', `/events/${event.id}/settings`, { show_remaining_tickets: true }, t);
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
// Live; the buyers below reserve from one address, so the per-client fairness caps are off here.
await db.query(
  `update events set status = 'LIVE', client_hold_limit = null, client_reservation_limit = null where id = $1`,
  [event.id],
);
await db.end();

const page = `${origin}/event/${event.id}/riverside-open-air`;
// The body as it travels (fetch would hand back the decompressed page): compressed bytes, and the page's own size.
const first = await new Promise((resolve, reject) => {
  http
    .get(page, { headers: { 'accept-encoding': 'br' } }, (res) => {
      let wire = 0;
      res.on('data', (chunk) => (wire += chunk.length));
      res.on('end', () =>
        resolve({ status: res.statusCode, encoding: res.headers['content-encoding'] ?? 'identity', wire }),
      );
    })
    .on('error', reject);
});
const raw = (await (await fetch(page)).arrayBuffer()).byteLength;
console.log(
  `event ${event.id}: page ${first.status}, ${first.encoding}, ${(first.wire / 1024).toFixed(1)} KiB on the wire (${(raw / 1024).toFixed(1)} KiB as HTML, its first style sheets in it); ${connections} connections, ${seconds} s each, wrk`,
);

/** wrk's requests/s and latency percentiles (its --latency table). */
async function wrk(url, headers = {}) {
  const args = [
    '-t2',
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    url,
  ];
  // Not execFileSync: the buyers below must keep reserving while wrk runs.
  const { stdout: out } = await promisify(execFile)('wrk', args, { encoding: 'utf8' });
  const ms = (label) => {
    const m = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!m) return NaN;
    return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
  };
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p50: ms(' 50'), p99: ms(' 99'), non2xx };
}
const line = (label, r, extra = '') =>
  console.log(
    `${label.padEnd(46)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms${r.non2xx ? `  non-2xx ${r.non2xx}` : ''}${extra}`,
  );

const browser = { 'accept-encoding': 'br, gzip', 'accept-language': 'en' };
await wrk(page, browser); // warm-up
const trivial = await wrk(`${api}/health/live`);
line('GET /api/health/live (trivial)', trivial);
const html = await wrk(page, browser);
line('GET /event/{id}/{slug} (HTML, br)', html, `  = ${(html.rps / trivial.rps).toFixed(2)} of trivial`);
const jsonAnswer = await wrk(`${api}/public/events/${event.id}`, browser);
line('GET /api/public/events/{id} (JSON)', jsonAnswer, `  = ${(jsonAnswer.rps / trivial.rps).toFixed(2)} of trivial`);

// Buyers reserve meanwhile (4 at a time, non-stop): what the page shows changes all the time.
let stop = false;
let reserved = 0;
const refused = {};
const body = JSON.stringify({ items: [{ ticket_id: tickets[2].id, quantity: 1 }], expected_total: 0 });
const buyers = Promise.all(
  Array.from({ length: 4 }, async () => {
    while (!stop) {
      const res = await fetch(`${api}/public/events/${event.id}/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      await res.arrayBuffer();
      if (res.status === 201) reserved++;
      else refused[res.status] = (refused[res.status] ?? 0) + 1;
    }
  }),
);
const selling = await wrk(page, browser);
stop = true;
await buyers;
line(
  'GET /event/{id}/{slug} while buyers reserve',
  selling,
  `  = ${(selling.rps / trivial.rps).toFixed(2)} of trivial (${reserved} reservations meanwhile${Object.keys(refused).length ? `; refused: ${JSON.stringify(refused)}` : ''})`,
);

await bench.stop();
