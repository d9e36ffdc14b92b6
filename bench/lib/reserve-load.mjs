// What the stock benchmarks share: the database's own ceiling (../shared/bench/raw-reserve), and buyers
// reserving over HTTP in a loop, each request from a new client address as the ticket selector sends it.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';

const rawScript = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'bench', 'raw-reserve', 'run.sh');

/** The reference: pgbench's guarded reservation on one hot ticket, `clients` connections, `seconds`. */
export function rawReserve(base, clients, seconds) {
  const out = execFileSync('bash', [rawScript, String(clients), String(seconds), '1'], {
    env: {
      ...process.env,
      PGHOST: base.hostname,
      PGPORT: base.port || '5432',
      PGUSER: decodeURIComponent(base.username || 'postgres'),
    },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const check = JSON.parse(out.split('\n').find((l) => l.startsWith('{')) ?? '{}');
  if (check.oversold_tickets !== 0) throw new Error(`raw reference oversold: ${JSON.stringify(check)}`);
  return Number(/reservations\/s ([\d.]+)/.exec(out)[1]);
}

/** Sends reservations to the API at `api` (its `/api` address). */
export function reserveLoad(api) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const apiUrl = new URL(api);
  let clientNo = 0;

  /** One reservation body sent to `eventId` (a fresh Idempotency-Key per click), from a new client address. */
  function postOrder(eventId, payload) {
    const body = JSON.stringify(payload);
    const n = clientNo++;
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: apiUrl.hostname,
          port: apiUrl.port,
          path: `${apiUrl.pathname}/public/events/${eventId}/order`,
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
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** One reservation of `target` ({ eventId, ticketId, dateId? }) as the ticket selector sends it. */
  function reserveOnce(target, quantity) {
    return postOrder(target.eventId, {
      items: [{ ticket_id: target.ticketId, quantity }],
      expected_total: 0,
      ...(target.dateId ? { event_date_id: target.dateId } : {}),
    });
  }

  const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

  /**
   * `clients` buyers reserving 1–4 tickets of `target` (or of `target()` per request) in a loop for
   * `seconds` (or until `stop(errors)`); prints and answers rates and latency.
   */
  async function run(label, target, clients, seconds, stop = () => false, print = true) {
    const latencies = [];
    const errors = {};
    let ok = 0;
    let tickets = 0;
    const t0 = performance.now();
    const until = t0 + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until && !stop(errors)) {
          const quantity = 1 + Math.floor(Math.random() * 4);
          const t = performance.now();
          const r = await reserveOnce(typeof target === 'function' ? target() : target, quantity);
          latencies.push(performance.now() - t);
          if (r.status === 201) {
            ok++;
            tickets += quantity;
          } else {
            const code = JSON.parse(r.body).error?.code ?? `HTTP ${r.status}`;
            errors[code] = (errors[code] ?? 0) + 1;
          }
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const out = {
      perSecond: ok / elapsed,
      ticketsPerSecond: tickets / elapsed,
      p50: pct(latencies, 50),
      p95: pct(latencies, 95),
      p99: pct(latencies, 99),
      ok,
      errors,
    };
    if (print)
      console.log(
        `${label.padEnd(40)} ${String(clients).padStart(3)} clients  ${out.perSecond.toFixed(0).padStart(5)} reservations/s (${out.ticketsPerSecond.toFixed(0)} tickets/s)  p50 ${out.p50.toFixed(1)}  p95 ${out.p95.toFixed(1)}  p99 ${out.p99.toFixed(1)} ms${Object.keys(errors).length ? `  errors ${JSON.stringify(errors)}` : ''}`,
      );
    return out;
  }

  return { postOrder, reserveOnce, run, close: () => agent.destroy() };
}
