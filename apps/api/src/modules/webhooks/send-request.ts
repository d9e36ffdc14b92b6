import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

/** What one POST to a webhook gave: its status (null: no answer), how long, the error, the answer's start. */
export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  excerpt: string | null;
}

const EXCERPT_BYTES = 1024;
/** Receivers whose connections are kept (the least recently used beyond this lose theirs). */
const AGENTS_KEPT = 200;
/**
 * An idle connection is closed after this: before receivers' own idle limits (often 5 s), so a kept one is rarely found
 * closed.
 */
const IDLE_MS = 4_000;

/**
 * Connections kept open per receiver (keep-alive): one agent per origin and the addresses the URL guard
 * checked for it, so a kept connection only ever goes to an address that was allowed; a URL that now
 * resolves elsewhere gets an agent of its own.
 */
const agents = new Map<string, HttpAgent>();
function agentFor(url: URL, addresses: Array<{ address: string }>): HttpAgent {
  const key = `${url.protocol}//${url.host}|${addresses.map((a) => a.address).join(',')}`;
  let agent = agents.get(key);
  if (agent) agents.delete(key);
  else
    agent =
      url.protocol === 'https:'
        ? new HttpsAgent({ keepAlive: true, timeout: IDLE_MS })
        : new HttpAgent({ keepAlive: true, timeout: IDLE_MS });
  agents.set(key, agent);
  if (agents.size > AGENTS_KEPT) {
    const [oldest, dropped] = agents.entries().next().value as [string, HttpAgent];
    agents.delete(oldest);
    dropped.destroy();
  }
  return agent;
}

/** Closes every kept connection (tests, shutdown). */
export function closeWebhookConnections(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/**
 * POSTs `body` to `url`, connecting only to `addresses` (the ones the URL guard checked), within
 * `timeoutMs` for connecting and answering together; redirects are answers like any other (never
 * followed); only the first KiB of the answer is read. Connections are kept per receiver (agentFor); a
 * kept one the receiver closed meanwhile (reset before any answer) is tried once on a new connection.
 */
export function postOnce(
  url: URL,
  addresses: Array<{ address: string; family: number }>,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<SendResult> {
  const started = performance.now();
  const first = addresses[0]!;
  // node asks with `all: true` (autoSelectFamily): answer every checked address; otherwise the first.
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
    else callback(null, first.address, first.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const agent = agentFor(url, addresses);
  return new Promise((resolve) => {
    let settled = false;
    let current: ReturnType<typeof send>;
    const done = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: Math.round(performance.now() - started) });
    };
    const attempt = (retried: boolean) => {
      const req = send(
        url,
        { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup, agent },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const finish = (cut: boolean) => {
            done({
              statusCode: res.statusCode ?? null,
              error: null,
              excerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_BYTES) || null,
            });
            // An answer longer than read: its connection is not kept (the rest is not waited for).
            if (cut) res.destroy();
          };
          res.on('data', (chunk: Buffer) => {
            if (size >= EXCERPT_BYTES) return;
            chunks.push(chunk);
            size += chunk.length;
            if (size >= EXCERPT_BYTES) finish(true);
          });
          res.on('end', () => finish(false));
          res.on('error', () => finish(true));
        },
      );
      current = req;
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (!retried && req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE') && !settled)
          return attempt(true);
        done({ statusCode: null, error: err.code ? `${err.code}: ${err.message}` : err.message, excerpt: null });
      });
      req.end(body);
    };
    const timer = setTimeout(() => {
      done({ statusCode: null, error: `no answer within ${timeoutMs} ms`, excerpt: null });
      current.destroy();
    }, timeoutMs);
    attempt(false);
  });
}
