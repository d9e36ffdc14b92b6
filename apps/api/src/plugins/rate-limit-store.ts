import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

import type { Database } from '../db/client.js';

type StoreCallback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** Where rate-limit counts live: `memory` (one process), `database` (PostgreSQL), `redis` (REDIS_URL). */
export type RateLimitStoreKind = 'memory' | 'database' | 'redis';

/** The store the configuration asks for: Redis when REDIS_URL is set, PostgreSQL's table on PostgreSQL, else memory. */
export function rateLimitStoreKind(
  setting: RateLimitStoreKind | undefined,
  redisUrl: string | null,
  database: Database['kind'],
): RateLimitStoreKind {
  if (setting) return setting;
  if (redisUrl) return 'redis';
  return database === 'postgres' ? 'database' : 'memory';
}

/**
 * The options for @fastify/rate-limit that make every web process and host count together: its Redis
 * store (one Lua script per request), or a window per key in the unlogged `rate_limit_counters` table
 * (one upsert per request). A failing store lets the request through (`skipOnError`): the limits guard
 * against abuse, they must not take the site down with the store. `close` ends the Redis connection.
 */
export function sharedRateLimits(
  kind: RateLimitStoreKind,
  database: Database,
  redisUrl: string | null,
  log: Logger,
): { options: Partial<RateLimitPluginOptions>; close(): Promise<void> } {
  if (kind === 'redis') {
    if (!redisUrl) throw new Error('RATE_LIMIT_STORE=redis needs REDIS_URL');
    const redis = new Redis(redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 2_000,
      lazyConnect: false,
    });
    let warned = 0;
    redis.on('error', (err: Error) => {
      if (Date.now() - warned < 60_000) return;
      warned = Date.now();
      log.warn({ err: err.message }, 'rate limits: Redis not reachable; requests are let through meanwhile');
    });
    return {
      options: { redis, nameSpace: 'admitone-rl:', skipOnError: true },
      close: async () => void (await redis.quit().catch(() => redis.disconnect())),
    };
  }
  if (kind === 'database' && database.kind === 'postgres')
    return { options: { store: databaseStore(database), skipOnError: true }, close: async () => undefined };
  return { options: { store: memoryStore() }, close: async () => undefined };
}

/** Keys kept in memory before the windows that are over are swept. */
const MEMORY_KEYS_BEFORE_SWEEP = 10_000;

/**
 * A @fastify/rate-limit store in this process's memory, one for the whole app: limiters made by hand
 * (createRateLimit) share their keys as they do in PostgreSQL and Redis (the plugin's own memory store keeps one
 * table per limiter, so a budget shared between routes, such as an address's mails, was not shared).
 */
function memoryStore() {
  const windows = new Map<string, { hits: number; resetsAt: number }>();
  const live = (key: string, now: number) => {
    const w = windows.get(key);
    return w && w.resetsAt > now ? w : null;
  };
  class MemoryStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, cb: StoreCallback, timeWindow: number) {
      const now = Date.now();
      const full = `${this.prefix}${key}`;
      let w = live(full, now);
      if (!w) {
        if (windows.size >= MEMORY_KEYS_BEFORE_SWEEP)
          for (const [k, v] of windows) if (v.resetsAt <= now) windows.delete(k);
        w = { hits: 0, resetsAt: now + timeWindow };
        windows.set(full, w);
      }
      w.hits += 1;
      cb(null, { current: w.hits, ttl: w.resetsAt - now });
    }

    read(key: string, cb: StoreCallback) {
      const now = Date.now();
      const w = live(`${this.prefix}${key}`, now);
      cb(null, { current: w?.hits ?? 0, ttl: w ? w.resetsAt - now : 0 });
    }

    child(routeOptions: { routeInfo: { method?: string; url?: string } }) {
      return new MemoryStore(null, `${routeOptions.routeInfo.method ?? ''}${routeOptions.routeInfo.url ?? ''}|`);
    }
  }
  return MemoryStore as unknown as NonNullable<RateLimitPluginOptions['store']>;
}

/** A @fastify/rate-limit store on PostgreSQL: fixed windows per key, counted by one upsert. */
function databaseStore(database: Database) {
  const db = database.db;
  class DatabaseStore {
    // The plugin constructs the store with its options (unused here); a route's child gets its prefix.
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, cb: StoreCallback, timeWindow: number) {
      const full = `${this.prefix}${key}`.slice(0, 500);
      db.execute<{ hits: number; ttl: number }>(
        sql`insert into rate_limit_counters as c (key, hits, resets_at)
            values (${full}, 1, now() + ${timeWindow} * interval '1 millisecond')
            on conflict (key) do update set
              hits = case when c.resets_at <= now() then 1 else c.hits + 1 end,
              resets_at = case when c.resets_at <= now() then excluded.resets_at else c.resets_at end
            returning hits, greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::int as ttl`,
      ).then(
        (res) => {
          const row = (res as unknown as { rows: Array<{ hits: number; ttl: number }> }).rows[0]!;
          cb(null, { current: Number(row.hits), ttl: Number(row.ttl) });
          // Now and then, windows long over are swept (any process may do it).
          if (Math.random() < 0.002)
            db.execute(sql`delete from rate_limit_counters where resets_at < now() - interval '1 minute'`).catch(
              () => undefined,
            );
        },
        (err: Error) => cb(err),
      );
    }

    /** The key's count without counting (a limiter called with `{ increment: false }`). */
    read(key: string, cb: StoreCallback) {
      const full = `${this.prefix}${key}`.slice(0, 500);
      db.execute<{ hits: number; ttl: number }>(
        sql`select hits, greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::int as ttl from rate_limit_counters where key = ${full} and resets_at > now()`,
      ).then(
        (res) => {
          const row = (res as unknown as { rows: Array<{ hits: number; ttl: number }> }).rows[0];
          cb(null, { current: row ? Number(row.hits) : 0, ttl: row ? Number(row.ttl) : 0 });
        },
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: { routeInfo: { method?: string; url?: string } }) {
      // A limiter made by hand (createRateLimit) has no route: its keys tell it apart.
      return new DatabaseStore(null, `${routeOptions.routeInfo.method ?? ''}${routeOptions.routeInfo.url ?? ''}|`);
    }
  }
  return DatabaseStore as unknown as NonNullable<RateLimitPluginOptions['store']>;
}
