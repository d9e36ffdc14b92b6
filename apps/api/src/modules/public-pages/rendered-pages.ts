import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A rendered page as it is kept: its body, and each compressed form once someone asked for it. */
export interface RenderedPage {
  status: number;
  /** The page as it is sent without compression (text, or its UTF-8 bytes). */
  body: string | Buffer;
  /** A weak validator: the fingerprint of everything the page shows (same for every encoding). */
  etag: string;
  /**
   * `hit` (reused), `revalidated` (checked against fresh data, unchanged), `miss` (rendered), or
   * `stale` (the last copy kept, sent because what it shows could not be checked: the database is away).
   */
  source: 'hit' | 'revalidated' | 'miss' | 'stale';
  encoded(encoding: 'br' | 'gzip'): Promise<Buffer>;
}

interface Entry {
  version: string;
  checkedAt: number;
  fingerprint: string;
  status: number;
  body: string | Buffer;
  forms: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
}

/** What a page is made of, computed on every check: its fingerprint input and how to render it. */
export interface PageSource {
  status: number;
  /** Everything the page shows, serialised (the same text renders the same page). */
  content: string;
  /** The page (text, or its UTF-8 bytes). */
  render(): string | Buffer;
}

/**
 * Rendered buyer pages kept in memory, one per key (event, language, address). A page is reused as
 * it is while the event's version is unchanged and it was checked less than `freshMs` ago (so stock
 * and sale states shown may lag that long: the same limit the stock counts have); after that, what it
 * shows is computed again and the page is rendered again only when that differs. Any change the
 * organizer makes bumps the version, so edits show on the next load. Concurrent requests for a page
 * that needs checking share one check. The least recently used pages go beyond `maxPages`.
 */
export class RenderedPages {
  private entries = new Map<string, Entry>();
  private checking = new Map<string, Promise<RenderedPage>>();

  constructor(
    private readonly now: () => number,
    private readonly opts: { freshMs: () => number; maxPages: number },
  ) {}

  get size(): number {
    return this.entries.size;
  }

  page(key: string, version: string, source: () => Promise<PageSource>): Promise<RenderedPage> {
    const entry = this.entries.get(key);
    if (entry && entry.version === version && this.now() - entry.checkedAt < this.opts.freshMs())
      return Promise.resolve(this.view(key, entry, 'hit'));
    // A check started before the last invalidation may have read the old state: not shared across versions.
    const sharedKey = `${version}\u0000${key}`;
    const pending = this.checking.get(sharedKey);
    if (pending) return pending;
    const checked = this.check(key, version, source).finally(() => this.checking.delete(sharedKey));
    this.checking.set(sharedKey, checked);
    return checked;
  }

  /** The last copy kept under `key`, whatever its version or age (for when nothing can be checked). */
  kept(key: string): RenderedPage | null {
    const entry = this.entries.get(key);
    return entry ? this.view(key, entry, 'stale') : null;
  }

  private async check(key: string, version: string, source: () => Promise<PageSource>): Promise<RenderedPage> {
    const checkedAt = this.now();
    const src = await source();
    const fingerprint = createHash('sha256').update(`${src.status}\n${src.content}`).digest('base64url').slice(0, 27);
    const old = this.entries.get(key);
    if (old && old.fingerprint === fingerprint) {
      Object.assign(old, { version, checkedAt });
      return this.view(key, old, 'revalidated');
    }
    const entry: Entry = { version, checkedAt, fingerprint, status: src.status, body: src.render(), forms: {} };
    this.entries.set(key, entry);
    return this.view(key, entry, 'miss');
  }

  private view(key: string, entry: Entry, source: RenderedPage['source']): RenderedPage {
    // Least recently used first in the map's order: a page in use moves to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.opts.maxPages) this.entries.delete(this.entries.keys().next().value!);
    return {
      status: entry.status,
      body: entry.body,
      etag: `W/"${entry.fingerprint}"`,
      source,
      encoded: (encoding) => (entry.forms[encoding] ??= compress(entry.body, encoding)),
    };
  }
}

/** Up to this size a page is compressed on the spot; larger ones (sitemaps) in the background. */
const COMPRESS_INLINE_MAX = 256 * 1024;

/**
 * Compressed once per page version, so a level between speed and size (brotli 11 takes ~50 ms a page). A
 * page is compressed on the spot, with a window no larger than the page: compressing many pages at once in
 * the background, each encoder with a full-size window (4 MiB), took up to four times the CPU time.
 */
function compress(page: string | Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const body = typeof page === 'string' ? Buffer.from(page) : page;
  const inline = body.length <= COMPRESS_INLINE_MAX;
  if (encoding === 'gzip')
    return inline ? Promise.resolve(gzipSync(body, { level: 6 })) : gzipAsync(body, { level: 6 });
  const options = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 6,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      // The smallest window that holds the whole page: it compresses as well as a larger one.
      [constants.BROTLI_PARAM_LGWIN]: Math.max(
        constants.BROTLI_MIN_WINDOW_BITS,
        Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.ceil(Math.log2(body.length + 16))),
      ),
    },
  };
  return inline ? Promise.resolve(brotliCompressSync(body, options)) : brotli(body, options);
}

/**
 * Sends a kept answer: 304 when the client has it (If-None-Match), else in the best encoding it accepts,
 * with `Vary: Accept-Encoding`, the validator, and `no-cache` (browsers ask again, and get 304 while nothing changed).
 */
export async function sendRendered(
  req: FastifyRequest,
  reply: FastifyReply,
  rendered: RenderedPage,
  contentType: string,
) {
  reply
    .status(rendered.status)
    .header('content-type', contentType)
    .header('cache-control', 'no-cache')
    .header('etag', rendered.etag)
    .header('vary', 'Accept-Encoding')
    .header('x-page-cache', rendered.source);
  if (rendered.status === 200 && req.headers['if-none-match']?.split(/\s*,\s*/).includes(rendered.etag))
    return reply.status(304).send();
  const encoding = negotiate(req.headers['accept-encoding'] ?? '', ['br', 'gzip', 'identity']);
  if (encoding === 'br' || encoding === 'gzip')
    return reply.header('content-encoding', encoding).send(await rendered.encoded(encoding));
  return reply.send(rendered.body);
}
