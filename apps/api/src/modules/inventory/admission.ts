import { DomainError } from '../../shared/errors.js';

interface Lane {
  running: number;
  waiting: Array<() => void>;
}

/**
 * Admission to the database for the checkouts of one event, per process: at most `width` at once, the
 * others wait their turn in arrival order. Reservations of a hot ticket are serialised by its row lock
 * anyway; keeping the queue here instead of in PostgreSQL's lock manager keeps it first come, first
 * served (the database wakes lock waiters in no fair order) and spares the lock manager a crowd, so the
 * slowest buyers wait less. A buyer who would wait longer than `maxWaitMs` is told to try again
 * (503 CHECKOUT_BUSY), never left hanging.
 */
/**
 * The process's checkout share of the database pool: every buyer's checkout transaction (reservations,
 * details and completion, offline payment, extensions) runs within `CHECKOUT_POOL_SHARE` connections, so
 * a ticket row locked for long (a slow transaction, an operator's statement) can hold at most that share
 * waiting on it, and the rest of the app (organizers, pages, health, the job loops) keeps its
 * connections. One lane (key 0) of an `Admission`: a checkout waits here at most twice the lock timeout,
 * then 503 CHECKOUT_BUSY.
 */
export const checkoutShare = (width: number, lockTimeoutMs: number) => new Admission(width, lockTimeoutMs * 2);

/**
 * An event's admission, then the process's checkout share (in that order: a crowd for one event waits in its own lane
 * first).
 */
export const withinShare = (perEvent: Admission, share: Admission): Pick<Admission, 'run'> => ({
  run: (key, work) => perEvent.run(key, () => share.run(0, work)),
});

export class Admission {
  private lanes = new Map<number, Lane>();

  constructor(
    private readonly width: number,
    private readonly maxWaitMs: number,
  ) {}

  async run<T>(key: number, work: () => Promise<T>): Promise<T> {
    let lane = this.lanes.get(key);
    if (!lane) this.lanes.set(key, (lane = { running: 0, waiting: [] }));
    if (lane.running >= this.width) await this.wait(lane);
    else lane.running++;
    try {
      return await work();
    } finally {
      const next = lane.waiting.shift();
      if (next) next();
      else if (--lane.running === 0) this.lanes.delete(key);
    }
  }

  private wait(lane: Lane): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = lane.waiting.indexOf(go);
        if (at >= 0) lane.waiting.splice(at, 1);
        reject(new DomainError('CHECKOUT_BUSY', { retryAfter: 2 }));
      }, this.maxWaitMs);
      lane.waiting.push(go);
    });
  }
}
