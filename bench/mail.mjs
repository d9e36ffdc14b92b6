// Mail after a sell-out: ticket mails (PDF, QR, calendar file) rendered and handed to a local SMTP
// server (a process of its own, lib/counting-smtp.mjs: in this one it would hold up the load generator),
// a password reset requested during that backlog, and the on-sale rush with delivery running.
// On a scratch PostgreSQL database (bench/lib/bench-server.mjs), the web server runs with
// JOBS_IN_PROCESS=false and the outbox is filled with `mails` ticket mails: one real free order of 100
// through the public API, cloned row by row (a new attendee code and address each) as a sell-out writes
// them. Then:
//   1. `npm run worker` started: ticket mails/s accepted by the SMTP server over `window` seconds;
//   2. a password reset requested during the backlog: seconds until the SMTP server has it;
//   3. the reservation rate (`clients` buyers, `seconds`, one hot free ticket, rush.mjs style) with the
//      worker held still and with it delivering, in `rounds` turns → the ratio of the medians;
//   5. the worker stopped, a second web server with the jobs in process (the single-process default):
//      ticket mails/s over `window` seconds, and a reset during that backlog.
// BENCH_BACKLOG=reminders: the backlog is a reminder wave instead (issue #42): the order's tickets cloned to `mails`
// ticket holders at addresses of their own, for a date 47 hours ahead, so the worker's scheduler writes the 48-hour
// reminder to each (modules/automations/reminders.ts) and the lanes send them; the rates count reminders.
// Usage: node --import tsx bench/mail.mjs [mails=30000] [seconds=10] [clients=64] [window=20] [rounds=3]
//   MAIL_CONCURRENCY (default 4) and MAIL_YIELD_TO_BUSY_CPU (default true; false is the control run: bulk
//   mail without its CPU gate) are passed to the worker processes; BENCH_DATABASE_URL names the server.
import { fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { startBenchServer } from './lib/bench-server.mjs';

const mails = Number(process.argv[2] ?? 30_000);
const seconds = Number(process.argv[3] ?? 10);
const clients = Number(process.argv[4] ?? 64);
const windowSeconds = Number(process.argv[5] ?? 20);
const rounds = Number(process.argv[6] ?? 3);
const root = path.resolve(import.meta.dirname, '..');
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

// --- A local SMTP server (a process of its own: lib/counting-smtp.mjs) that counts what it accepts and
// notes when each reset arrives.
let accepted = 0;
const arrivals = new Map(); // watched recipient -> Date.now() of the newest mail to it
const smtp = fork(path.join(import.meta.dirname, 'lib', 'counting-smtp.mjs'), {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const smtpPort = await new Promise((resolve, reject) => {
  smtp.on('message', (m) => {
    if (m.port) resolve(m.port);
    if (m.accepted !== undefined) accepted = m.accepted;
    if (m.arrival) arrivals.set(m.arrival, m.at);
  });
  smtp.once('exit', (code) => reject(new Error(`the SMTP server exited (${code})`)));
});
const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admitone-mail-'));
const bench = await startBenchServer({
  port: 3294,
  prefix: 'admitone_mail',
  env: { DATA_DIR: dataDir, JOBS_IN_PROCESS: 'false', SMTP_URL: smtpUrl },
});
const { api, databaseUrl, dbName, json } = bench;
const children = [];
const cleanUp = async () => {
  for (const child of children) if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  await bench.stop().catch(() => undefined);
  smtp.kill();
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('uncaughtException', async (err) => {
  console.error(err);
  await cleanUp();
  process.exit(1);
});

const organizerEmail = `mail-${dbName}@example.test`;
smtp.send({ watch: organizerEmail });
const auth = await bench.signUp({
  name: 'Mail',
  email: organizerEmail,
  password: 'mail-password-1',
  password_confirmation: 'mail-password-1',
  accept_terms: true,
  timezone: 'UTC',
});
const organizer = (
  await json('POST', '/organizers', { name: 'Riverside Music Hall', email: 'hall@example.test' }, auth.token)
).data;
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();

async function freeEvent(title, quantity, maxPerOrder) {
  const event = (
    await json(
      'POST',
      '/events',
      {
        title,
        organizer_id: organizer.id,
        start_date: '2035-07-17T17:30',
        end_date: '2035-07-17T21:00',
        timezone: 'Europe/London',
        currency: 'GBP',
      },
      auth.token,
    )
  ).data;
  const ticket = (
    await json(
      'POST',
      `/events/${event.id}/tickets`,
      { name: 'Lawn', type: 'FREE', quantity, max_per_order: maxPerOrder },
      auth.token,
    )
  ).data;
  await db.query(`update events set status = 'LIVE', location = $2 where id = $1`, [
    event.id,
    {
      venue_name: 'Riverside Park',
      address_line_1: '1 Embankment Walk',
      city: 'London',
      zip_or_postal_code: 'SE1 9PX',
      country: 'GB',
    },
  ]);
  return { eventId: event.id, ticketId: ticket.id };
}

// --- The backlog: one real free order of 100 through the public API, its ticket mails cloned.
const sellOut = await freeEvent('Riverside Open Air', mails + 1000, 100);
await db.query(`update events set client_hold_limit = null, client_reservation_limit = null where id = $1`, [
  sellOut.eventId,
]);
const reserved = await fetch(`${api}/public/events/${sellOut.eventId}/order`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
  body: JSON.stringify({ items: [{ ticket_id: sellOut.ticketId, quantity: 100 }], expected_total: 0 }),
}).then((r) => r.json());
if (!reserved.data) throw new Error(`reservation failed: ${JSON.stringify(reserved)}`);
const buyer = {
  'content-type': 'application/json',
  'x-checkout-token': reserved.checkout_token,
  'x-order-secret': reserved.order_secret,
};
const detailsBody = {
  first_name: 'Zoé',
  last_name: 'Buyer',
  email: 'zoe@example.test',
  attendees: reserved.data.attendees.map((a, i) => ({
    short_id: a.short_id,
    first_name: `Guest${i + 1}`,
    last_name: 'Brontë',
    email: `guest${i + 1}@example.test`,
    answers: {},
  })),
  answers: {},
};
const completed = await fetch(`${api}/public/events/${sellOut.eventId}/order/${reserved.data.short_id}/details`, {
  method: 'PUT',
  headers: buyer,
  body: JSON.stringify(detailsBody),
}).then((r) => r.json());
if (completed.data?.status !== 'COMPLETED')
  throw new Error(`order not completed: ${JSON.stringify(completed).slice(0, 500)}`);
const { rows: real } = await db.query(
  `select count(*)::int as n from outbox where payload->>'template' = 'attendee_ticket' and status = 'PENDING'`,
);
if (real[0].n !== 100) throw new Error(`expected 100 ticket mails from the order, found ${real[0].n}`);
const reminders = process.env.BENCH_BACKLOG === 'reminders';
if (reminders) {
  // The order's mails are not part of the wave; its 100 tickets become `mails` holders, each at an address of its
  // own, bought two days ago, for a date 47 hours ahead (its 48-hour reminder is due now).
  await db.query(`delete from outbox where status = 'PENDING'`);
  const { rows: order } = await db.query(`select id from orders where short_id = $1`, [reserved.data.short_id]);
  await db.query(
    `insert into attendees (account_id, event_id, order_id, order_item_id, ticket_id, tier_id, event_date_id, short_id,
       status, first_name, last_name, email, locale, position, is_admission)
     select a.account_id, a.event_id, a.order_id, a.order_item_id, a.ticket_id, a.tier_id, a.event_date_id,
       'r' || g || 'x' || a.id, 'ACTIVE', a.first_name, a.last_name, 'fan' || g || '-' || a.id || '@example.test',
       a.locale, a.position, true
     from generate_series(1, $2::int) g cross join (select * from attendees where order_id = $1) a
     order by g, a.id limit $3`,
    [order[0].id, Math.ceil(mails / 100), Math.max(0, mails - 100)],
  );
  await db.query(
    `update orders set created_at = now() - interval '2 days', completed_at = now() - interval '2 days' where id = $1`,
    [order[0].id],
  );
  await db.query(
    `update event_dates set start_date = now() + interval '47 hours', end_date = now() + interval '50 hours'
     where event_id = $1`,
    [sellOut.eventId],
  );
  await db.query('analyze attendees');
} else
  await db.query(
    `insert into outbox (kind, lane, payload, status, created_at, available_at)
   select 'mail', 'bulk',
          jsonb_set(jsonb_set(t.payload, '{data,ticket,attendee,short_id}', to_jsonb('m' || g || 'x' || t.id)), '{to}', to_jsonb('fan' || g || '-' || t.id || '@example.test')),
          'PENDING', now(), now()
     from generate_series(1, $1::int) g
     cross join (select id, payload from outbox where payload->>'template' = 'attendee_ticket' and status = 'PENDING') t
    order by g, t.id
    limit $2`,
    [Math.ceil(mails / 100), Math.max(0, mails - 100)],
  );
await db.query('analyze outbox');
const pending = async () =>
  reminders
    ? mails - (await db.query(`select count(*)::int as n from outbox where status = 'SENT'`)).rows[0].n
    : (await db.query(`select count(*)::int as n from outbox where status <> 'SENT'`)).rows[0].n;
console.log(
  reminders
    ? `backlog: ${mails.toLocaleString('en')} ticket holders to remind (written by the worker's scheduler)`
    : `backlog: ${(await pending()).toLocaleString('en')} mails waiting (${mails.toLocaleString('en')} ticket mails and the order's confirmation)`,
);

// --- The rush (as bench/rush.mjs): each reservation from its own client address.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
const apiUrl = new URL(api);
let clientNo = 0;
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
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
async function rush(label) {
  const target = await freeEvent(label, 10_000_000, 4);
  let ok = 0;
  const errors = {};
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const status = await reserveOnce(target, 1 + Math.floor(Math.random() * 4));
        if (status === 201) ok++;
        else errors[status] = (errors[status] ?? 0) + 1;
      }
    }),
  );
  const rate = ok / ((performance.now() - t0) / 1000);
  console.log(
    `${label.padEnd(44)} ${clients} clients ${seconds} s: ${rate.toFixed(0).padStart(5)} reservations/s${Object.keys(errors).length ? `  errors ${JSON.stringify(errors)}` : ''}  (load ${load()})`,
  );
  return rate;
}

/** Ticket mails/s the SMTP server accepts over `windowSeconds`. */
async function throughput(label) {
  const from = accepted;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, windowSeconds * 1000));
  const rate = (accepted - from) / ((performance.now() - t0) / 1000);
  console.log(
    `${label.padEnd(44)} ${rate.toFixed(1).padStart(6)} mails/s accepted by SMTP over ${windowSeconds} s  (load ${load()})`,
  );
  return rate;
}

/** Seconds from asking for a password reset until the SMTP server has the mail. */
async function resetLatency(label, base = api) {
  const t0 = Date.now();
  arrivals.delete(organizerEmail);
  const res = await fetch(`${base}/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: organizerEmail }),
  });
  if (res.status !== 200) throw new Error(`forgot-password answered ${res.status}`);
  while (!arrivals.has(organizerEmail)) {
    if (Date.now() - t0 > 600_000) throw new Error('no reset mail within 10 minutes');
    await new Promise((r) => setTimeout(r, 5));
  }
  const s = (arrivals.get(organizerEmail) - t0) / 1000;
  console.log(
    `${label.padEnd(44)} ${s.toFixed(2).padStart(6)} s until the SMTP server has it  (${(await pending()).toLocaleString('en')} mails still waiting)`,
  );
  return s;
}

function start(label, script, env) {
  // BENCH_WORKER_PROF=dir: a CPU profile of the worker process (written when it stops).
  const prof =
    process.env.BENCH_WORKER_PROF && label === 'worker'
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_WORKER_PROF}`]
      : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', script], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      AUTH_RATE_LIMIT_MAX: '1000',
      TRUST_PROXY: 'loopback',
      WEB_DIST_DIR: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  children.push(child);
  return {
    child,
    /** Holds the process still (SIGSTOP) / lets it go on (SIGCONT). */
    pause: () => process.kill(-child.pid, 'SIGSTOP'),
    resume: () => process.kill(-child.pid, 'SIGCONT'),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}
const untilAccepted = async (n) => {
  while (accepted < n) await new Promise((r) => setTimeout(r, 20));
};

console.log(`load before: ${load()}   (${os.cpus().length} cores)`);

// The worker process, as `npm run worker` runs it.
const worker = start('worker', 'apps/api/src/worker.ts', reminders ? { PAYMENT_DEADLINE_SWEEP_SECONDS: '1' } : {});
const workerStarted = performance.now();
await untilAccepted(accepted + 1);
if (reminders)
  console.log(
    `first reminder accepted ${((performance.now() - workerStarted) / 1000).toFixed(1)} s after the worker started`,
  );
const workerRate = await throughput('npm run worker: ticket mails');
const workerReset = await resetLatency('password reset during the backlog (worker)');
// The rush without and with delivery, in turns (the worker held still with SIGSTOP, then let go): one
// ten-second rate may differ from the next by a fifth on this machine, and taking turns puts that drift
// on both sides. How much mail went out meanwhile is printed too: a worker that stopped sending while
// buyers reserve would make the ratio look good for nothing.
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const withoutRates = [];
const withRates = [];
const mailDuringRush = [];
for (let i = 1; i <= rounds; i++) {
  worker.pause();
  withoutRates.push(await rush(`rush, worker held still (${i}/${rounds})`));
  worker.resume();
  const from = accepted;
  const t0 = performance.now();
  withRates.push(await rush(`rush, worker delivering (${i}/${rounds})`));
  mailDuringRush.push((accepted - from) / ((performance.now() - t0) / 1000));
}
const without = median(withoutRates);
const withDelivery = median(withRates);
const stillWaiting = await pending();
await worker.stop();

// The single-process default: jobs inside the web server.
const inProcess = start('in-process server', 'apps/api/src/server.ts', {
  PORT: '3295',
  HOST: '127.0.0.1',
  JOBS_IN_PROCESS: 'true',
  CHECKOUT_RATE_LIMIT_MAX: '1000000000',
});
await untilAccepted(accepted + 1);
const inProcessRate = await throughput('jobs in process: ticket mails');
const inProcessReset = await resetLatency(
  'password reset during the backlog (in process)',
  'http://127.0.0.1:3295/api',
);
await inProcess.stop();

const ratio = withDelivery / without;
console.log('');
console.log(
  `ticket mails/s, worker process:        ${workerRate.toFixed(1)}   (target >= 100)${workerRate >= 100 ? '' : '  NOT MET'}`,
);
console.log(`ticket mails/s, jobs in process:       ${inProcessRate.toFixed(1)}`);
console.log(
  `reset during the backlog (worker):     ${workerReset.toFixed(2)} s   (target < 5 s)${workerReset < 5 ? '' : '  NOT MET'}`,
);
console.log(`reset during the backlog (in process): ${inProcessReset.toFixed(2)} s`);
console.log(
  `reservations with / without delivery:  ${withDelivery.toFixed(0)} / ${without.toFixed(0)} = ${ratio.toFixed(2)} (medians of ${rounds} turns each)   (target >= 0.80)${ratio >= 0.8 ? '' : '  NOT MET'}${stillWaiting ? '' : '  (the backlog ran out during the rush)'}`,
);
console.log(`ticket mails/s sent during the rush:   ${mailDuringRush.map((r) => r.toFixed(0)).join(', ')}`);
console.log(
  `MAIL_CONCURRENCY ${process.env.MAIL_CONCURRENCY ?? '4 (default)'}, MAIL_YIELD_TO_BUSY_CPU ${process.env.MAIL_YIELD_TO_BUSY_CPU ?? 'true (default)'}, ${os.cpus().length} cores, load ${load()}`,
);

await db.end();
agent.destroy();
await cleanUp();
