import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { databaseErrorLog } from '../db/availability.js';
import type { Database } from '../db/client.js';
import { STALE_CLAIM_MS } from '../mail/outbox.js';
import { guardedStock } from '../modules/inventory/counters.js';
import { releaseExpiredHolds } from '../modules/inventory/holds.js';
import { deliverDueMessages, deliverOutboxMessage, type MailDeliveryDeps } from './mail-delivery.js';

export const QUEUES = { deliverMail: 'outbox-deliver', sweepOutbox: 'outbox-sweep' } as const;

/** What use cases need from the job system: a nudge after commit. */
export interface JobQueue {
  /** Asks for delivery of outbox rows that were just committed. */
  deliverOutbox(ids: number[]): Promise<void>;
}

export interface JobRunner extends JobQueue {
  stop(): Promise<void>;
}

/**
 * pg-boss on the application's database (PostgreSQL, or PGlite through its `db` option).
 * With `work: true` this process also runs the workers (the default); `npm run worker` runs them alone.
 */
export async function startJobs(database: Database, deps: MailDeliveryDeps, opts: { work: boolean; log: Logger; holdSweepSeconds?: number }): Promise<JobRunner> {
  const boss = new PgBoss({
    ...database.boss,
    schedule: opts.work,
    supervise: opts.work,
    // PGlite is one connection: keep polling light.
    ...(database.kind === 'pglite' ? { maintenanceIntervalSeconds: 300 } : {}),
  } as PgBoss.ConstructorOptions);
  // While the database is away every poll fails: one line a minute then, not a stack per poll.
  boss.on('error', databaseErrorLog(opts.log, 'job queue error'));
  await boss.start();
  await boss.createQueue(QUEUES.deliverMail, { name: QUEUES.deliverMail, retryLimit: 0 });
  await boss.createQueue(QUEUES.sweepOutbox, { name: QUEUES.sweepOutbox, retryLimit: 0 });

  if (opts.work) {
    await boss.work<{ id: number }>(QUEUES.deliverMail, { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
      for (const job of jobs) await deliverOutboxMessage(deps, job.data.id);
    });
    await boss.work(QUEUES.sweepOutbox, { pollingIntervalSeconds: 5 }, async () => {
      await deliverDueMessages(deps);
    });
    await boss.schedule(QUEUES.sweepOutbox, '* * * * *');

    // Catch up on anything a previous process left behind: what is due now, and once more as soon as a
    // claim a killed worker left unfinished is old enough to be taken again.
    await boss.send(QUEUES.sweepOutbox, {});
    const staleSeconds = Math.ceil((deps.staleClaimMs ?? STALE_CLAIM_MS) / 1000);
    await boss.send(QUEUES.sweepOutbox, {}, { startAfter: staleSeconds + 1 });
  }

  // Holds that ran out give their units back (docs/LOCKING.md), every few seconds in every worker
  // process (sweeps never collide: each claims its orders with SKIP LOCKED). A buyer who finds a ticket
  // full releases that event's at once anyway; this keeps the counters close to the rows.
  let sweeping: Promise<void> | null = null;
  const sweepFailed = databaseErrorLog(opts.log, 'releasing expired holds failed');
  const sweep = () => {
    sweeping ??= releaseExpiredHolds(deps.db, { clock: deps.clock, guard: guardedStock }, null, { skipLocked: true })
      .then((released) => void (released && opts.log.info({ released }, 'expired holds released')))
      .catch(sweepFailed)
      .finally(() => (sweeping = null));
    return sweeping;
  };
  const timer = opts.work ? setInterval(sweep, (opts.holdSweepSeconds ?? 10) * 1000) : null;
  timer?.unref();
  if (opts.work) void sweep();

  return {
    async deliverOutbox(ids) {
      for (const id of ids) await boss.send(QUEUES.deliverMail, { id });
    },
    async stop() {
      if (timer) clearInterval(timer);
      await sweeping;
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
