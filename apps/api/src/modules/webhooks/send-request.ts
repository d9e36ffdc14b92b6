import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

/** What one POST to a webhook gave: its status (null: no answer), how long, the error, the answer's start. */
export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  excerpt: string | null;
}

const EXCERPT_BYTES = 1024;

/**
 * POSTs `body` to `url`, connecting only to `addresses` (the ones the URL guard checked), within
 * `timeoutMs` for connecting and answering together; redirects are answers like any other (never
 * followed); only the first KiB of the answer is read.
 */
export function postOnce(url: URL, addresses: Array<{ address: string; family: number }>, headers: Record<string, string>, body: string, timeoutMs: number): Promise<SendResult> {
  const started = performance.now();
  const first = addresses[0]!;
  // node asks with `all: true` (autoSelectFamily): answer every checked address; otherwise the first.
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
    else callback(null, first.address, first.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: Math.round(performance.now() - started) });
    };
    const req = send(url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        done({ statusCode: res.statusCode ?? null, error: null, excerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_BYTES) || null });
        res.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= EXCERPT_BYTES) finish();
      });
      res.on('end', finish);
      res.on('error', finish);
    });
    const timer = setTimeout(() => {
      done({ statusCode: null, error: `no answer within ${timeoutMs} ms`, excerpt: null });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => done({ statusCode: null, error: err.code ? `${err.code}: ${err.message}` : err.message, excerpt: null }));
    req.end(body);
  });
}
