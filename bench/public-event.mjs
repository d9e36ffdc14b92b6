// The public event endpoint under load: GET /api/public/events/{id} (an event with 10 tickets, tiers,
// taxes and fees, a capacity assignment and 20,000 sold tickets) from 50 concurrent connections for
// 10 s, beside a trivial route of the same server (GET /api/health/live, no database), and their ratio. Then the same
// while buyers reserve (every reservation changes the stock the answer shows).
// Usage: node --import tsx bench/public-event.mjs [seconds=10] [connections=50]
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a server where a
//   scratch database is created and dropped.
import pg from 'pg';

import { startBenchServer } from './lib/bench-server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const bench = await startBenchServer({ port: 3292 });
const { api, databaseUrl, dbName, json } = bench;

// The event: 10 tickets of every kind, taxes and fees, a shared capacity, 20,000 sold.
const auth = await bench.signUp({
  name: 'Bench',
  email: `bench-${dbName}@example.test`,
  password: 'bench-password-1',
  password_confirmation: 'bench-password-1',
  accept_terms: true,
  timezone: 'UTC',
});
const t = auth.token;
const organizer = (await json('POST', '/organizers', { name: 'Bench', email: 'bench@example.test' }, t)).data;
const accountId = auth.user?.accounts?.[0]?.id ?? auth.account?.id ?? auth.accounts?.[0]?.id;
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
const event = (
  await json(
    'POST',
    '/events',
    {
      title: 'Popular',
      organizer_id: organizer.id,
      start_date: '2035-01-01T19:00',
      end_date: '2035-01-01T23:00',
      timezone: 'UTC',
      currency: 'EUR',
    },
    t,
  )
).data;
const tickets = [];
for (let i = 0; i < 10; i++) {
  const spec =
    i === 0
      ? {
          name: 'Tiered',
          type: 'TIERED',
          tiers: [
            { label: 'Early', price: 2000, quantity: 5000 },
            { label: 'Regular', price: 3000, quantity: 20000 },
            { label: 'Late', price: 4000, quantity: null },
          ],
        }
      : i === 1
        ? { name: 'Donation', type: 'DONATION', min_price: 500 }
        : i % 3 === 0
          ? { name: `Free ${i}`, type: 'FREE', quantity: 100000 }
          : { name: `Paid ${i}`, type: 'PAID', price: 1000 * i, quantity: 100000 };
  const res = await json(
    'POST',
    `/events/${event.id}/tickets`,
    { ...spec, tax_and_fee_ids: spec.type === 'FREE' ? [] : [vat?.id, fee?.id].filter(Boolean) },
    t,
  );
  if (!res.data) throw new Error(`ticket: ${JSON.stringify(res)}`);
  tickets.push(res.data);
}
await json(
  'POST',
  `/events/${event.id}/capacity-assignments`,
  {
    name: 'Hall',
    capacity: 1000000,
    applies_to: 'TICKETS',
    ticket_ids: tickets.slice(2, 6).map((x) => x.id),
    enabled: true,
  },
  t,
);
await json('PUT', `/events/${event.id}/settings`, { show_remaining_tickets: true }, t);
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
// Live; the four buyers below reserve from one address, so the per-client fairness caps are off here.
await db.query(
  `update events set status = 'LIVE', client_hold_limit = null, client_reservation_limit = null where id = $1`,
  [event.id],
);
const sold = 20000;
const hot = tickets[3];
await db.query(
  `with o as (
     insert into orders (account_id, event_id, short_id, order_number, checkout_token_hash, status, payment_status, currency, subtotal, total, locale, completed_at)
     select e.account_id, e.id, 'ob' || g, 'B-' || g, 'x', 'COMPLETED', 'PAYMENT_RECEIVED', 'EUR', 1000, 1000, 'en', now() from events e, generate_series(1, $2) g where e.id = $1
     returning id, account_id, event_id),
   d as (select min(id) as id from event_dates where event_id = $1),
   i as (
     insert into order_items (order_id, ticket_id, event_date_id, ticket_name, quantity, unit, total)
     select o.id, $3, d.id, 'Paid', 1, '{"base":1000,"discount":0,"price":1000,"fees":[],"taxes":[],"fee_total":0,"tax_total":0,"total":1000}'::jsonb, 1000 from o, d
     returning id, order_id, event_date_id)
   insert into attendees (account_id, event_id, order_id, order_item_id, ticket_id, event_date_id, short_id, status, locale, position)
   select o.account_id, o.event_id, o.id, i.id, $3, i.event_date_id, 'ab' || o.id, 'ACTIVE', 'en', 0 from o join i on i.order_id = o.id`,
  [event.id, sold, hot.id],
);
// The rows above were written straight into the tables: their counters follow, as the stock module would keep them.
await db.query(`update ticket_dates set taken = $2 where ticket_id = $1`, [hot.id, sold]);
await db.query(`update event_dates set taken = $2 where event_id = $1`, [event.id, sold]);
await db.query(
  `insert into capacity_dates (capacity_assignment_id, event_date_id, taken)
   select c.id, d.id, $2 from capacity_assignments c join event_dates d on d.event_id = c.event_id
   where c.event_id = $1 and c.enabled and c.capacity is not null
   on conflict (capacity_assignment_id, event_date_id) do update set taken = excluded.taken`,
  [event.id, sold],
);

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
async function load(label, target, alongside) {
  const latencies = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  let stop = false;
  const side = alongside ? alongside(() => stop) : Promise.resolve(0);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await fetch(target);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) errors++;
      }
    }),
  );
  stop = true;
  const sideCount = await side;
  latencies.sort((a, b) => a - b);
  const rps = (latencies.length - errors) / seconds;
  console.log(
    `${label.padEnd(44)} ${rps.toFixed(0).padStart(6)} req/s  p50 ${pct(latencies, 50).toFixed(1)} ms  p95 ${pct(latencies, 95).toFixed(1)} ms  p99 ${pct(latencies, 99).toFixed(1)} ms${errors ? `  errors ${errors}` : ''}${alongside ? `  (${sideCount} reservations meanwhile)` : ''}`,
  );
  return rps;
}

const publicUrl = `${api}/public/events/${event.id}`;
const check = await (await fetch(publicUrl)).json();
console.log(
  `event ${event.id}: ${check.data.tickets.length} tickets listed, "${hot.name}" remaining ${check.data.tickets.find((x) => x.id === hot.id).remaining} (sold ${sold}); ${connections} connections, ${seconds} s each`,
);
await load('warm-up', publicUrl);
const trivial = await load('GET /api/health/live (trivial)', `${api}/health/live`);
const pub = await load('GET /api/public/events/{id}', publicUrl);
console.log(`public event / trivial: ${(pub / trivial).toFixed(2)}`);
// Buyers reserve the free ticket meanwhile: each reservation invalidates the event's stock part.
const free = tickets.find((x) => x.type === 'FREE');
const body = JSON.stringify({ items: [{ ticket_id: free.id, quantity: 1 }], expected_total: 0 });
const during = await load('GET /api/public/events/{id} while buyers reserve', publicUrl, async (stopped) => {
  let n = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (!stopped()) {
        const res = await fetch(`${api}/public/events/${event.id}/order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await res.arrayBuffer();
        if (res.status === 201) n++;
      }
    }),
  );
  return n;
});
console.log(`public event while selling / trivial: ${(during / trivial).toFixed(2)}`);

await db.end();
await bench.stop();
