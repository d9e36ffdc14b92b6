import { randomBytes } from 'node:crypto';

import pg from 'pg';
import type { Logger } from 'pino';

import type { CacheChange, PublicEventCache } from './public-event-cache.js';

/** The PostgreSQL channel every web process of one database listens on. */
export const CHANNEL = 'admitone_cache';
/** How long a write waits at most for its own notice to come back (then it answers anyway). */
const ECHO_WAIT_MS = 1_000;

export interface InvalidationBus {
  /** Resolves once every change told so far has been delivered to every listening process (or gave up). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const noBus: InvalidationBus = { settled: async () => undefined, close: async () => undefined };

/**
 * Shares the public event cache's invalidations between the web processes on one PostgreSQL database:
 * each change made here is sent with NOTIFY, each process LISTENs on one connection of its own and
 * applies what the others sent. A write's answer waits for its own notice to come back (PostgreSQL
 * delivers it to every listener at the same moment), so the other processes apply the change as soon as
 * their event loop reads the notice (a read in that same moment may still get the old copy). While the listening
 * connection is lost, notices may be missed: on reconnecting the process
 * forgets everything it kept. The embedded database is one process's: nothing to share.
 */
export async function shareInvalidations(
  cache: PublicEventCache<unknown>,
  databaseUrl: string,
  kind: 'pglite' | 'postgres',
  log: Logger,
): Promise<InvalidationBus> {
  if (kind !== 'postgres') return noBus;
  const origin = randomBytes(6).toString('base64url');
  let sequence = 0;
  const waiting = new Map<number, () => void>();
  const inFlight = new Set<Promise<void>>();
  let listener: pg.Client | null = null;
  let connecting: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let backoffMs = 500;

  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true, connectionTimeoutMillis: 5_000 });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      let notice: { o: string; n: number; c: CacheChange };
      try {
        notice = JSON.parse(msg.payload) as typeof notice;
      } catch {
        return;
      }
      if (notice.o === origin) waiting.get(notice.n)?.();
      else cache.apply(notice.c);
    });
    client.on('error', (err) => {
      log.warn({ err: err.message }, 'cache invalidation listener lost; reconnecting');
      lost(client);
    });
    client.on('end', () => lost(client));
    connecting = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } finally {
      connecting = null;
    }
    // Closed while it connected: nobody will end this connection later.
    if (closed) return void (await client.end().catch(() => undefined));
    listener = client;
    backoffMs = 500;
  };

  const lost = (client: pg.Client) => {
    if (listener !== client || closed) return;
    listener = null;
    // Notices sent while nobody listened are gone: start from the database again.
    cache.clear(true);
    schedule();
  };

  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((err: Error) => {
        log.warn(
          { err: err.message },
          `cache invalidation listener: database not reachable; retrying in ${backoffMs / 1000} s`,
        );
        backoffMs = Math.min(backoffMs * 2, 30_000);
        schedule();
      });
    }, backoffMs);
    retry.unref();
  };

  await connect().catch((err: Error) => {
    log.warn({ err: err.message }, 'cache invalidation listener: database not reachable; retrying');
    schedule();
  });

  const publish = (change: CacheChange) => {
    const client = listener;
    if (!client) return;
    const n = ++sequence;
    const delivered = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ECHO_WAIT_MS);
      timer.unref();
      waiting.set(n, () => {
        clearTimeout(timer);
        resolve();
      });
      client
        .query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ o: origin, n, c: change })])
        .catch((err: Error) => {
          log.warn({ err: err.message }, 'cache invalidation not sent');
          resolve();
        });
    }).finally(() => {
      waiting.delete(n);
      inFlight.delete(delivered);
    });
    inFlight.add(delivered);
  };
  cache.onChange = publish;

  return {
    async settled() {
      await Promise.all([...inFlight]);
    },
    async close() {
      closed = true;
      cache.onChange = null;
      if (retry) clearTimeout(retry);
      await Promise.all([...inFlight]);
      const clients = [listener, connecting];
      listener = null;
      await Promise.all(clients.map((client) => client?.end().catch(() => undefined)));
    },
  };
}
