// The on-sale rush: N virtual buyers reserve and complete free orders over HTTP as fast as they can until
// the tickets sell out, on PostgreSQL on loopback; then the same reservation + completion transactions
// straight against the database, and the ratio HTTP / raw. Two shapes: one hot ticket, and 10 tickets
// under one shared capacity assignment. At the end of each run: sold == capacity (never more), no hold
// left behind, the counts agree.
// Usage: node --import tsx bench/rush.mjs [clients=64,256] [capacity=3000]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a server where a scratch
//   database is created and dropped. The server runs without in-process jobs (mail is queued in the
//   outbox, as a separate worker would send it), so the rush measures the checkout itself.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startBenchServer } from './lib/bench-server.mjs';

const clientCounts = (process.argv[2] ?? '64,256').split(',').map(Number);
const capacity = Number(process.argv[3] ?? 3000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admitone-rush-'));
const bench = await startBenchServer({ port: 3293, prefix: 'admitone_rush', env: { DATA_DIR: dataDir, JOBS_IN_PROCESS: 'false' } });
const { api, databaseUrl, dbName, json } = bench;
const auth = await json('POST', '/auth/register', { name: 'Rush', email: `rush-${dbName}@example.test`, password: 'rush-password-1', password_confirmation: 'rush-password-1', accept_terms: true, timezone: 'UTC' });
const organizer = (await json('POST', '/organizers', { name: 'Rush', email: 'rush@example.test' }, auth.token)).data;
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();

/** A live event: one hot ticket of `capacity`, or 10 unlimited tickets under one shared capacity. */
async function makeEvent(shape, label) {
  const event = (await json('POST', '/events', { title: label, organizer_id: organizer.id, start_date: '2035-01-01T19:00', end_date: '2035-01-01T23:00', timezone: 'UTC', currency: 'EUR' }, auth.token)).data;
  const tickets = [];
  if (shape === 'hot') tickets.push((await json('POST', `/events/${event.id}/tickets`, { name: 'Hot', type: 'FREE', quantity: capacity, max_per_order: 4 }, auth.token)).data);
  else {
    for (let i = 0; i < 10; i++) tickets.push((await json('POST', `/events/${event.id}/tickets`, { name: `Zone ${i + 1}`, type: 'FREE', quantity: null, max_per_order: 4 }, auth.token)).data);
    await json('POST', `/events/${event.id}/capacity-assignments`, { name: 'Venue', capacity, applies_to: 'TICKETS', ticket_ids: tickets.map((t) => t.id), enabled: true }, auth.token);
  }
  await db.query(`update events set status = 'LIVE' where id = $1`, [event.id]);
  return { eventId: event.id, ticketIds: tickets.map((t) => t.id) };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** Each buyer takes 1 or 2 tickets; `attempt` answers { ok, tickets, kind, reserveMs }. */
async function rush(label, clients, attempt) {
  const reserveMs = [];
  const errors = {};
  let orders = 0;
  let tickets = 0;
  let soldOutSeen = 0;
  const t0 = performance.now();
  let lastSale = t0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      // A buyer keeps trying until the server has said "sold out" a few times in a row overall.
      while (soldOutSeen < clients * 3) {
        const r = await attempt();
        if (r.reserveMs !== undefined) reserveMs.push(r.reserveMs);
        if (r.ok) {
          orders++;
          tickets += r.tickets;
          soldOutSeen = 0;
          lastSale = performance.now();
        } else {
          errors[r.kind] = (errors[r.kind] ?? 0) + 1;
          if (r.kind === 'NO_TICKETS_AVAILABLE') soldOutSeen++;
        }
      }
    }),
  );
  // Rates over the selling time (until the last completed order), not the sold-out tail.
  const seconds = (lastSale - t0) / 1000;
  reserveMs.sort((a, b) => a - b);
  const out = { label, clients, seconds, orders, tickets, ordersPerSecond: orders / seconds, ticketsPerSecond: tickets / seconds, p50: pct(reserveMs, 50), p95: pct(reserveMs, 95), p99: pct(reserveMs, 99), errors };
  console.log(
    `${label.padEnd(34)} ${String(clients).padStart(3)} clients  ${out.ordersPerSecond.toFixed(0).padStart(5)} orders/s  ${out.ticketsPerSecond.toFixed(0).padStart(5)} tickets/s  reserve p50 ${out.p50.toFixed(1)} p95 ${out.p95.toFixed(1)} p99 ${out.p99.toFixed(1)} ms  (${orders} orders, ${tickets} tickets in ${seconds.toFixed(1)} s)  errors ${JSON.stringify(errors)}`,
  );
  return out;
}

async function verify(label, eventId) {
  const { rows } = await db.query(
    `select count(*) filter (where a.status = 'ACTIVE')::int as sold,
            count(*) filter (where a.status = 'RESERVED' and o.reserved_until > now())::int as held,
            count(distinct o.id) filter (where o.status = 'COMPLETED')::int as completed,
            (select coalesce(sum(quantity), 0)::int from order_items i join orders o2 on o2.id = i.order_id where o2.event_id = $1 and o2.status = 'COMPLETED') as lines
       from attendees a join orders o on o.id = a.order_id where a.event_id = $1`,
    [eventId],
  );
  const r = rows[0];
  const ok = r.sold === capacity && r.sold === r.lines;
  console.log(`  check ${label}: sold ${r.sold} of ${capacity}${r.sold > capacity ? ' OVERSOLD' : ''}; held ${r.held}; completed orders ${r.completed}; order lines ${r.lines} ${ok ? '(consistent)' : '(INCONSISTENT)'}`);
  if (!ok) process.exitCode = 1;
}

// Over HTTP: reserve, then give the details (a free order completes at once).
const httpAttempt = (target) => async () => {
  const quantity = 1 + Math.floor(Math.random() * 2);
  const t = performance.now();
  const res = await fetch(`${api}/public/events/${target.eventId}/order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: [{ ticket_id: pick(target.ticketIds), quantity }], expected_total: 0 }) });
  const reserveMs = performance.now() - t;
  const body = await res.json();
  if (res.status !== 201) return { ok: false, kind: body.error?.code ?? `HTTP ${res.status}`, reserveMs };
  const order = body.data;
  const details = {
    first_name: 'Rush',
    last_name: 'Buyer',
    email: 'rush@example.test',
    answers: {},
    attendees: order.attendees.map((a) => ({ short_id: a.short_id, first_name: 'Fan', last_name: 'Person', email: 'fan@example.test', answers: {} })),
  };
  const done = await fetch(`${api}/public/events/${target.eventId}/order/${order.short_id}/details`, { method: 'PUT', headers: { 'content-type': 'application/json', 'x-checkout-token': body.checkout_token }, body: JSON.stringify(details) });
  const doneBody = await done.json();
  if (done.status !== 200 || doneBody.data.status !== 'COMPLETED') return { ok: false, kind: `details ${done.status} ${doneBody.error?.code ?? doneBody.data?.status}`, reserveMs };
  return { ok: true, tickets: quantity, reserveMs };
};

// Straight against the database: the same use cases in the same transactions, no HTTP, no JSON.
const { openDatabase } = await import('../apps/api/src/db/client.ts');
const { reserveOrder } = await import('../apps/api/src/modules/orders/reserve-order.ts');
const { saveOrderDetails } = await import('../apps/api/src/modules/orders/checkout-steps.ts');
const { lockOrder } = await import('../apps/api/src/modules/orders/order-status.ts');
const { rowStockLocks } = await import('../apps/api/src/modules/orders/stock.ts');
const { reserveOrderBody, orderDetailsBody } = await import('@admitone/shared');
const { sql } = await import('drizzle-orm');
const database = openDatabase(databaseUrl);
const rawAttempt = (target) => async () => {
  const quantity = 1 + Math.floor(Math.random() * 2);
  const input = reserveOrderBody.parse({ items: [{ ticket_id: pick(target.ticketIds), quantity }], expected_total: 0 });
  const t = performance.now();
  let reserved;
  try {
    reserved = await database.db.transaction((tx) => reserveOrder(tx, { now: new Date(), locks: rowStockLocks }, target.eventId, input, { checkoutToken: null, locale: 'en' }));
  } catch (err) {
    return { ok: false, kind: err.code ?? err.message, reserveMs: performance.now() - t };
  }
  const reserveMs = performance.now() - t;
  try {
    await database.db.transaction(async (tx) => {
      const order = await lockOrder(tx, target.eventId, { id: reserved.orderId });
      const { rows } = await tx.execute(sql`select short_id from attendees where order_id = ${reserved.orderId}`);
      const details = orderDetailsBody.parse({ first_name: 'Rush', last_name: 'Buyer', email: 'rush@example.test', answers: {}, attendees: rows.map((a) => ({ short_id: a.short_id, first_name: 'Fan', last_name: 'Person', email: 'fan@example.test', answers: {} })) });
      await saveOrderDetails(tx, { now: new Date(), appUrl: 'http://rush.test' }, order, reserved.checkoutToken, details, 'en');
    });
  } catch (err) {
    return { ok: false, kind: `details ${err.code ?? err.message}`, reserveMs };
  }
  return { ok: true, tickets: quantity, reserveMs };
};

const results = [];
for (const shape of ['hot', 'shared']) {
  for (const clients of clientCounts) {
    const httpTarget = await makeEvent(shape, `${shape} over HTTP, ${clients}`);
    const http = await rush(`${shape === 'hot' ? 'one hot ticket' : '10 tickets, shared capacity'} / HTTP`, clients, httpAttempt(httpTarget));
    await verify(`${shape} HTTP ${clients}`, httpTarget.eventId);
    const rawTarget = await makeEvent(shape, `${shape} raw, ${clients}`);
    const raw = await rush(`${shape === 'hot' ? 'one hot ticket' : '10 tickets, shared capacity'} / raw`, clients, rawAttempt(rawTarget));
    await verify(`${shape} raw ${clients}`, rawTarget.eventId);
    console.log(`  HTTP / raw (orders per second): ${(http.ordersPerSecond / raw.ordersPerSecond).toFixed(2)}`);
    results.push({ shape, clients, http, raw });
  }
}

await database.close?.();
await db.end();
await bench.stop();
rmSync(dataDir, { recursive: true, force: true });
