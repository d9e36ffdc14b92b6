// Reservations per second for one hot ticket on PostgreSQL: 64 concurrent clients over HTTP
// (loopback, the real server in a child process), then the same reservation transaction
// (reserve-order.ts with its row locks) called straight against the database by 64 concurrent
// loops, so the ratio shows what the HTTP stack costs. Each phase uses its own fresh event.
// Usage: node --import tsx bench/reserve.mjs [seconds=10] [clients=64]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a server where a
//   scratch database is created and dropped.
import pg from 'pg';
import { startBenchServer } from './lib/bench-server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const clients = Number(process.argv[3] ?? 64);
const bench = await startBenchServer({ port: 3291 });
const { api, databaseUrl, dbName, json } = bench;
const auth = await json('POST', '/auth/register', { name: 'Bench', email: `bench-${dbName}@example.test`, password: 'bench-password-1', password_confirmation: 'bench-password-1', accept_terms: true, timezone: 'UTC' });
const organizer = (await json('POST', '/organizers', { name: 'Bench', email: 'bench@example.test' }, auth.token)).data;
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
async function hotEvent(title) {
  const event = (await json('POST', '/events', { title, organizer_id: organizer.id, start_date: '2035-01-01T19:00', end_date: '2035-01-01T23:00', timezone: 'UTC', currency: 'EUR' }, auth.token)).data;
  const ticket = (await json('POST', `/events/${event.id}/tickets`, { name: 'Hot', type: 'FREE', quantity: 10_000_000, max_per_order: 10 }, auth.token)).data;
  await db.query(`update events set status = 'LIVE' where id = $1`, [event.id]);
  return { eventId: event.id, ticketId: ticket.id };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
async function run(label, once) {
  const latencies = [];
  const errors = {};
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const err = await once();
        latencies.push(performance.now() - t0);
        if (err) errors[err] = (errors[err] ?? 0) + 1;
      }
    }),
  );
  const ok = latencies.length - Object.values(errors).reduce((s, n) => s + n, 0);
  latencies.sort((a, b) => a - b);
  const perSecond = ok / seconds;
  console.log(`${label}: ${perSecond.toFixed(0)} reservations/s (${ok} in ${seconds} s, ${clients} clients); latency p50 ${pct(latencies, 50).toFixed(1)} ms, p95 ${pct(latencies, 95).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms${Object.keys(errors).length ? `; errors ${JSON.stringify(errors)}` : ''}`);
  return perSecond;
}

const httpTarget = await hotEvent('Hot over HTTP');
const body = JSON.stringify({ items: [{ ticket_id: httpTarget.ticketId, quantity: 1 }], expected_total: 0 });
const http = await run('HTTP  ', async () => {
  const res = await fetch(`${api}/public/events/${httpTarget.eventId}/order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  await res.arrayBuffer();
  return res.status === 201 ? null : `HTTP ${res.status}`;
});

const rawTarget = await hotEvent('Hot, raw');
const { openDatabase } = await import('../apps/api/src/db/client.ts');
const { reserveOrder } = await import('../apps/api/src/modules/orders/reserve-order.ts');
const { rowStockLocks } = await import('../apps/api/src/modules/orders/stock.ts');
const { reserveOrderBody } = await import('@admitone/shared');
const database = openDatabase(databaseUrl);
const input = reserveOrderBody.parse({ items: [{ ticket_id: rawTarget.ticketId, quantity: 1 }], expected_total: 0 });
const raw = await run('direct', async () => {
  try {
    await database.db.transaction((tx) => reserveOrder(tx, { now: new Date(), locks: rowStockLocks }, rawTarget.eventId, input, { checkoutToken: null, locale: 'en' }));
    return null;
  } catch (err) {
    return err.code ?? err.message;
  }
});
console.log(`HTTP / direct: ${(http / raw).toFixed(2)}`);

const { rows } = await db.query(`select e.title, t.quantity, count(a.id)::int as taken from events e join tickets t on t.event_id = e.id left join attendees a on a.ticket_id = t.id group by e.title, t.quantity`);
for (const r of rows) console.log(`check ${r.title}: ${r.taken} held of ${r.quantity} (never more)`);

await database.close();
await db.end();
await bench.stop();
