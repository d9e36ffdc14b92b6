/** The part of a pino (or fastify) logger used here. */
interface Log {
  info(msg: string): void;
  warn(msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * When PostgreSQL cannot be reached (down, restarting, network gone): how to tell, how to say it in one
 * line, and how to wait for it. A request that fails this way answers 503 DATABASE_UNAVAILABLE
 * (plugins/error-handler.ts); a process that starts during it retries with backoff (`startWhenReachable`).
 */

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
]);
/** PostgreSQL: connection exceptions (class 08), and the server shutting down or starting up (57P01-57P03). */
const isServerCode = (code: string) =>
  /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03';
/** node-postgres's own messages when a connection times out, breaks, or the pool is closing. */
const MESSAGES: [RegExp, string][] = [
  [/timeout exceeded when trying to connect/i, 'connect timeout'],
  [/Connection terminated due to connection timeout/i, 'connect timeout'],
  [/Connection terminated/i, 'connection lost'],
  [/encountered a connection error and is not queryable/i, 'connection lost'],
  [/Client was closed and is not queryable/i, 'closing'],
  [/Cannot use a pool after calling end on the pool/i, 'closing'],
  [/did not answer within/i, 'no answer'],
];

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/**
 * The short reason when `err` (or what it wraps: drizzle's query errors, AggregateError) means "the database cannot be
 * reached", else null.
 */
export function unavailableReason(err: unknown, depth = 0): string | null {
  if (!err || typeof err !== 'object' || depth > 4) return null;
  const e = err as ErrorLike;
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || isServerCode(e.code))) return e.code;
  if (typeof e.message === 'string') {
    for (const [pattern, reason] of MESSAGES) if (pattern.test(e.message)) return reason;
  }
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const reason = unavailableReason(inner, depth + 1);
      if (reason) return reason;
    }
  }
  return unavailableReason(e.cause, depth + 1);
}

/** True when the error means the database cannot be reached (as opposed to a query or data problem). */
export const isDatabaseUnavailable = (err: unknown): boolean => unavailableReason(err) !== null;

/** `host:port` of a PostgreSQL URL, for messages (never the user or password). */
export function databaseTarget(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname || u.searchParams.get('host') || 'localhost';
    return `${host}:${u.port || '5432'}`;
  } catch {
    return 'the configured address';
  }
}

/** Seconds before attempt `n + 1` (n from 0): 1, 2, 4, … capped at 30. */
export const backoffSeconds = (attempt: number): number => Math.min(30, 2 ** Math.min(attempt, 5));

/** What app.ts and worker.ts keep of the start: whether the database part ran, and when it does. */
export interface Startup {
  /** True once `start` succeeded (migrations ran, jobs started). */
  readonly ready: boolean;
  /**
   * Resolves when ready (or stopped first); rejects when `start` failed for another reason than an unreachable
   * database.
   */
  readonly done: Promise<void>;
  /** Stops retrying and waits for an attempt under way. */
  stop(): Promise<void>;
}

/**
 * Runs `start` (migrations, job queue) as soon as the database can be reached: each attempt that fails
 * because it cannot be reached prints one line — `database not reachable at host:port (ECONNREFUSED);
 * retrying in 2 s` — and waits 1, 2, 4, … 30 s before the next. Any other failure ends it (`done` rejects).
 */
export function startWhenReachable(opts: { target: string; log: Log; start: () => Promise<void> }): Startup {
  let ready = false;
  let stopped = false;
  let wake: (() => void) | null = null;
  let attemptUnderWay: Promise<unknown> = Promise.resolve();
  const done = (async () => {
    for (let attempt = 0; !stopped; attempt++) {
      const run = opts.start();
      attemptUnderWay = run.catch(() => undefined);
      try {
        await run;
        ready = true;
        if (attempt > 0) opts.log.info(`database reachable at ${opts.target}`);
        return;
      } catch (err) {
        const reason = unavailableReason(err);
        if (stopped) return;
        if (!reason) throw err;
        const seconds = backoffSeconds(attempt);
        opts.log.warn(`database not reachable at ${opts.target} (${reason}); retrying in ${seconds} s`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, seconds * 1000);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  })();
  // Whoever starts in the background reads `done` later: a fatal error is not "unhandled" meanwhile.
  done.catch(() => undefined);
  return {
    get ready() {
      return ready;
    },
    done,
    async stop() {
      stopped = true;
      (wake as (() => void) | null)?.();
      await attemptUnderWay;
    },
  };
}

/**
 * An error logger for background work that keeps polling the database (the job queue, sweeps): while the
 * database cannot be reached it writes one line — no stack — at most once per `everyMs`, with how many it
 * left out; other errors are logged in full as before.
 */
export function databaseErrorLog(log: Log, what: string, everyMs = 60_000): (err: unknown) => void {
  let quietUntil = 0;
  let left = 0;
  return (err) => {
    const reason = unavailableReason(err);
    if (!reason) {
      log.error({ err }, what);
      return;
    }
    const now = Date.now();
    if (now < quietUntil) {
      left++;
      return;
    }
    log.warn(
      `${what}: database not reachable (${reason})${left ? `; ${left} more like it since the last report` : ''}; next report in ${Math.round(everyMs / 1000)} s at the earliest`,
    );
    left = 0;
    quietUntil = now + everyMs;
  };
}
