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
