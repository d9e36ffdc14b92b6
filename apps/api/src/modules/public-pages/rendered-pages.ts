import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A rendered page as it is kept: its body, and each compressed form once someone asked for it. */
export interface RenderedPage {
  status: number;
  html: string;
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
  html: string;
  forms: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
}

/** What a page is made of, computed on every check: its fingerprint input and how to render it. */
export interface PageSource {
  status: number;
  /** Everything the page shows, serialised (the same text renders the same page). */
  content: string;
  render(): string;
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
    const entry: Entry = { version, checkedAt, fingerprint, status: src.status, html: src.render(), forms: {} };
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
      html: entry.html,
      etag: `W/"${entry.fingerprint}"`,
      source,
      encoded: (encoding) => (entry.forms[encoding] ??= compress(entry.html, encoding)),
    };
  }
}

/** Compressed once per page version, so a level between speed and size (brotli 11 takes ~50 ms a page). */
function compress(html: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const body = Buffer.from(html);
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 6,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: 6 });
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
  return reply.send(rendered.html);
}
