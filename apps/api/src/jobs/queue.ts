import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

import type { AppConfig } from '../config.js';
import { databaseErrorLog } from '../db/availability.js';
import type { Database } from '../db/client.js';
import { oneAtATime, SETUP_LOCKS } from '../db/setup-lock.js';
import { lanesOf, type MailLane, STALE_CLAIM_MS } from '../mail/outbox.js';
import { defaultRenderThreads, renderPool } from '../mail/render-pool.js';
import { runScheduler } from '../modules/automations/scheduler.js';
import { sweepAbandonedAnswerFiles } from '../modules/checkout/answer-files.js';
import { settleDateCancellations } from '../modules/event-dates/date-cancellation-work.js';
import { settleDateMoves } from '../modules/event-dates/date-move-work.js';
import { sweepStoredFileDeletions } from '../modules/images/stored-file-removal.js';
import { guardedStock } from '../modules/inventory/counters.js';
import { releaseExpiredHolds } from '../modules/inventory/holds.js';
import type { DeadlineDeps } from '../modules/orders/payment-deadlines.js';
import { refundProviders } from '../modules/payments/payment-gateway.js';
import { offerAllFreedUnits } from '../modules/waitlist/offers.js';
import { pushWalletChanges, type WalletPushDeps } from '../modules/wallet/wallet-push.js';
import type { WebhookDeliveryDeps } from '../modules/webhooks/delivery.js';
import { buildPayload } from '../modules/webhooks/payloads.js';
import { webhookSender } from '../modules/webhooks/sender.js';
import { setWebhookBodyBuilder } from '../modules/webhooks/webhook-outbox.js';
import { purgeIdempotencyKeys } from '../shared/idempotency.js';
import type { FileStorage } from '../storage/storage.js';
import { othersCpuShare, yieldWhileBusy } from './cpu-pressure.js';
import type { MailDeliveryDeps } from './mail-delivery.js';
import { LaneWorkers } from './mail-lanes.js';

/**
 * The longest a bulk batch waits for a busy machine (docs/PERFORMANCE.md "A reminder wave"): long enough that a
 * wave of reminders takes little from a rush of buyers, short enough that the mail still moves however long the rush
 * lasts (a batch per lane loop every few seconds).
 */
export const BULK_MAX_WAIT_MS = 6000;

/**
 * `mail-urgent` and `mail-bulk` are doorbells: a job says "this lane has mail" to whichever process runs
 * the workers (at most one waits per lane: policy `short` with one key); the workers then claim the
 * outbox rows themselves. `outbox-sweep` runs every minute (retries after a delay, lost kicks).
 */
export const QUEUES = {
  urgentMail: 'mail-urgent',
  bulkMail: 'mail-bulk',
  sweepOutbox: 'outbox-sweep',
  dateCancellations: 'date-cancellations',
} as const;
const LANE_QUEUES: Record<MailLane, string> = { urgent: QUEUES.urgentMail, bulk: QUEUES.bulkMail };

/** How the worker delivers webhooks (modules/webhooks/delivery.ts), and how often it looks. */
export type WebhookJobOptions = Omit<WebhookDeliveryDeps, 'db' | 'clock'> & { sweepSeconds: number };

/** The webhook delivery settings of the configuration. */
export const webhookJobOptions = (
  config: Pick<AppConfig, 'webhooks' | 'appUrl' | 'stripe' | 'mollie'>,
): WebhookJobOptions => ({
  ...config.webhooks,
  appUrl: config.appUrl,
  staleClaimMs: Math.max(60_000, config.webhooks.timeoutMs * 3),
  refundVia: refundProviders(config),
});

/** Bulk mail workers per worker process (MAIL_CONCURRENCY); the urgent lane has its own. */
export const DEFAULT_MAIL_CONCURRENCY = 4;
const URGENT_CONCURRENCY = 2;

/** What use cases need from the job system: a nudge after commit. */
export interface JobQueue {
  /** Asks for delivery of outbox rows that were just committed. */
  deliverOutbox(ids: number[]): Promise<void>;
}

export interface JobRunner extends JobQueue {
  /**
   * Works through the orders of cancelled and moved dates now (modules/event-dates/date-cancellation-work.ts,
   * date-move-work.ts): in this process when it runs the workers (joining a run under way), else a nudge to the
   * worker.
   */
  settleDateChanges(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss on the application's database (PostgreSQL, or PGlite through its `db` option).
 * With `work: true` this process also runs the workers (the default); `npm run worker` runs them alone.
 */
export async function startJobs(
  database: Database,
  deps: MailDeliveryDeps,
  opts: {
    work: boolean;
    log: Logger;
    holdSweepSeconds?: number;
    mailConcurrency?: number;
    renderThreads?: number;
    deadlines?: DeadlineDeps;
    /** How often the scheduler runs (PAYMENT_DEADLINE_SWEEP_SECONDS). */
    deadlineSweepSeconds?: number;
    /** The hourly mail budget scheduled messages spend (MAIL_BUDGET_PER_HOUR). */
    mailBudgetPerHour?: number;
    webhooks?: WebhookJobOptions;
    /** Bulk mail waits while the rest of the machine is busy (default true; false: MAIL_YIELD_TO_BUSY_CPU=false). */
    yieldToBusyMachine?: boolean;
    /**
     * Uploaded files: every 5 minutes the answer files of checkouts that never completed are dropped, and
     * the files of deleted images and answers that storage refused to remove are removed.
     */
    files?: FileStorage;
    /** Wallet passes (modules/wallet): what changed is told to the devices that hold them and to Google. */
    wallet?: Omit<WalletPushDeps, 'db' | 'now'>;
  },
): Promise<JobRunner> {
  const boss = new PgBoss({
    ...database.boss,
    schedule: opts.work,
    supervise: opts.work,
    // PGlite is one connection: keep polling light.
    ...(database.kind === 'pglite' ? { maintenanceIntervalSeconds: 300 } : {}),
  } as PgBoss.ConstructorOptions);
  // While the database is away every poll fails: one line a minute then, not a stack per poll.
  boss.on('error', databaseErrorLog(opts.log, 'job queue error'));
  // Processes starting together on a fresh database would deadlock in pg-boss's set-up: one at a time.
  await oneAtATime(database, SETUP_LOCKS.jobQueue, async () => {
    await boss.start();
    for (const name of [QUEUES.urgentMail, QUEUES.bulkMail])
      await boss.createQueue(name, { name, policy: 'short', retryLimit: 0 });
    await boss.createQueue(QUEUES.sweepOutbox, { name: QUEUES.sweepOutbox, retryLimit: 0 });
    await boss.createQueue(QUEUES.dateCancellations, {
      name: QUEUES.dateCancellations,
      policy: 'short',
      retryLimit: 0,
    });
  });

  const mailFailed = databaseErrorLog(opts.log, 'mail delivery failed');
  // Bulk mail (ticket PDFs) is rendered on threads of its own: see mail/render-pool.ts.
  const pool =
    opts.work && !deps.renderBulk ? renderPool(opts.renderThreads ?? defaultRenderThreads(), opts.log) : null;
  const mailDeps: MailDeliveryDeps = pool ? { ...deps, renderBulk: pool.render } : deps;
  // Bulk mail gives way while the rest of the machine is busy (a rush of buyers on the same host):
  // every batch waits up to BULK_MAX_WAIT_MS for the CPU to calm down (jobs/cpu-pressure.ts), so a rush
  // still sees a few bulk mails a second, never none. Urgent mail never waits.
  const pressure = opts.work && opts.yieldToBusyMachine !== false ? othersCpuShare() : null;
  const lanes: Record<MailLane, LaneWorkers> | null = opts.work
    ? {
        urgent: new LaneWorkers(mailDeps, 'urgent', URGENT_CONCURRENCY, mailFailed),
        bulk: new LaneWorkers(
          mailDeps,
          'bulk',
          Math.max(1, opts.mailConcurrency ?? DEFAULT_MAIL_CONCURRENCY),
          mailFailed,
          pressure ? yieldWhileBusy({ share: pressure.share, maxWaitMs: BULK_MAX_WAIT_MS }) : undefined,
        ),
      }
    : null;

  if (lanes) {
    await boss.work(QUEUES.urgentMail, { pollingIntervalSeconds: 0.5 }, async () => lanes.urgent.kick());
    await boss.work(QUEUES.bulkMail, { pollingIntervalSeconds: 1 }, async () => lanes.bulk.kick());
    await boss.work(QUEUES.sweepOutbox, { pollingIntervalSeconds: 5 }, async () => {
      lanes.urgent.kick();
      lanes.bulk.kick();
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
      // Units that came back (holds and offers that ran out, cancellations, refunds, a raised quantity) go
      // to the people waiting for them first (modules/waitlist), one offer maker per event at a time.
      .then(async () => {
        if (!opts.deadlines) return;
        const mails = await offerAllFreedUnits({
          db: deps.db,
          stock: opts.deadlines.stock,
          appUrl: opts.deadlines.appUrl,
        });
        if (mails.length) opts.log.info({ offers: mails.length }, 'waitlist offers made');
        for (const lane of await lanesOf(deps.db, mails)) lanes?.[lane].kick();
      })
      .catch(sweepFailed)
      .finally(() => (sweeping = null));
    return sweeping;
  };
  const timer = opts.work ? setInterval(sweep, (opts.holdSweepSeconds ?? 10) * 1000) : null;
  timer?.unref();
  if (opts.work) void sweep();

  // The one scheduler of time-driven work (modules/automations/scheduler.ts): offline orders' payment reminders and
  // deadlines, scheduled messages, reminders, follow-ups and abandoned-checkout mails, every minute in every worker
  // process (each part takes its work with SKIP LOCKED or behind a unique key: never twice), one run at a time.
  let settling: Promise<void> | null = null;
  const settleFailed = databaseErrorLog(opts.log, 'the scheduler failed');
  // A reminder wave is written at the bulk lanes' pace: each batch waits while the rest of the machine is busy.
  const wavePace = pressure ? yieldWhileBusy({ share: pressure.share }) : undefined;
  const deadlineDeps = opts.deadlines;
  const settle = () => {
    if (!deadlineDeps) return Promise.resolve();
    const deliver = (ids: number[]) =>
      void lanesOf(deps.db, ids).then((ls) => ls.forEach((lane) => lanes?.[lane].kick()), settleFailed);
    settling ??= runScheduler(deps.db, { ...deadlineDeps, mailBudgetPerHour: opts.mailBudgetPerHour ?? 0 }, opts.log, {
      deliver,
      pace: wavePace,
    })
      .then(async (mails) => {
        for (const lane of await lanesOf(deps.db, mails)) lanes?.[lane].kick();
      })
      .catch(settleFailed)
      .finally(() => (settling = null));
    return settling;
  };
  // The orders of cancelled dates (cancel-date.ts), then those of moved dates to tell (move-date.ts), one run at a
  // time per process (each order is re-checked under its lock, so two processes never do one twice), with the
  // deadlines and at once after a cancellation or a move.
  let cancellingDates: Promise<void> | null = null;
  const cancelDatesFailed = databaseErrorLog(opts.log, 'cancelling the orders of cancelled dates failed');
  const cancelDates = () => {
    if (!deadlineDeps) return Promise.resolve();
    const moveDeps = { appUrl: deadlineDeps.appUrl, storage: deadlineDeps.storage, clock: deps.clock };
    cancellingDates ??= settleDateCancellations(deps.db, deadlineDeps)
      .then(async (r) => {
        if (r.cancelled) opts.log.info({ cancelled: r.cancelled }, 'orders of cancelled dates cancelled');
        for (const lane of await lanesOf(deps.db, r.mails)) lanes?.[lane].kick();
        const moved = await settleDateMoves(deps.db, moveDeps);
        if (moved.told) opts.log.info({ told: moved.told }, 'buyers of moved dates told');
        for (const lane of await lanesOf(deps.db, moved.mails)) lanes?.[lane].kick();
      })
      .catch(cancelDatesFailed)
      .finally(() => (cancellingDates = null));
    return cancellingDates;
  };
  if (opts.work) await boss.work(QUEUES.dateCancellations, { pollingIntervalSeconds: 2 }, () => cancelDates());
  const deadlineTimer =
    opts.work && deadlineDeps
      ? setInterval(() => void settle().then(cancelDates), (opts.deadlineSweepSeconds ?? 60) * 1000)
      : null;
  deadlineTimer?.unref();
  if (deadlineTimer) void settle().then(cancelDates);

  // Webhook deliveries that are due (new, or retries after their backoff, or left by a sender that died),
  // every WEBHOOK_SWEEP_SECONDS in every worker process (each claims its deliveries with SKIP LOCKED), and
  // again whenever one finishes: each runs on its own, fairly between accounts (modules/webhooks/sender.ts).
  const deliverFailed = databaseErrorLog(opts.log, 'webhook delivery failed');
  const hooks = opts.webhooks;
  // Webhook bodies are built in the changes' transactions, in this process too (modules/webhooks/payloads.ts).
  if (hooks)
    setWebhookBodyBuilder((tx, source, at) => buildPayload(tx, source, { refundVia: hooks.refundVia, now: at }));
  const sender =
    opts.work && hooks
      ? webhookSender(
          { ...hooks, db: deps.db, clock: deps.clock },
          {
            mails: (ids) =>
              void lanesOf(deps.db, ids).then((ls) => ls.forEach((lane) => lanes?.[lane].kick()), deliverFailed),
            failed: deliverFailed,
          },
        )
      : null;
  const webhookTimer = sender && hooks ? setInterval(() => void sender.sweep(), hooks.sweepSeconds * 1000) : null;
  webhookTimer?.unref();

  // Idempotency keys older than a day are forgotten, every hour (a delete is harmless when two processes run it).
  const purgeFailed = databaseErrorLog(opts.log, 'forgetting old idempotency keys failed');
  const purge = () => void purgeIdempotencyKeys(deps.db).catch(purgeFailed);
  const purgeTimer = opts.work ? setInterval(purge, 3_600_000) : null;
  purgeTimer?.unref();
  if (opts.work) purge();

  // Files of deleted images that storage refused to remove (a read-only disk, a bucket away) go later, and
  // so do the answer files of checkouts that never completed (checkout/answer-files.ts).
  const files = opts.files;
  const fileSweepFailed = databaseErrorLog(opts.log, 'removing files of deleted images failed');
  const sweepFiles = () =>
    void (
      files &&
      sweepAbandonedAnswerFiles({ db: deps.db, clock: deps.clock, storage: files })
        .catch(fileSweepFailed)
        .then(() => sweepStoredFileDeletions({ db: deps.db, storage: files }))
        .catch(fileSweepFailed)
    );
  const fileTimer = opts.work && files ? setInterval(sweepFiles, 300_000) : null;
  fileTimer?.unref();

  // Changed wallet passes are told to the devices that hold them (APNs) and to Google every 10 s, by any worker
  // process (each claims its passes with SKIP LOCKED), a run at a time in each.
  const wallet = opts.wallet;
  const walletFailed = databaseErrorLog(opts.log, 'telling wallets of changed passes failed');
  let telling: Promise<unknown> | null = null;
  const tellWallets = () =>
    void (telling ??= pushWalletChanges({ ...wallet!, db: deps.db, now: () => deps.clock.now() })
      .catch(walletFailed)
      .finally(() => (telling = null)));
  const walletTimer =
    opts.work && wallet && (wallet.wallet.apple || wallet.wallet.google) ? setInterval(tellWallets, 10_000) : null;
  walletTimer?.unref();

  return {
    async deliverOutbox(ids) {
      // One nudge per lane, however many mails (a 1,000-ticket order is one): the workers claim the rows.
      for (const lane of await lanesOf(deps.db, ids)) {
        if (lanes) lanes[lane].kick();
        else await boss.send(LANE_QUEUES[lane], {}, { singletonKey: 'kick' });
      }
    },
    async settleDateChanges() {
      if (opts.work) return cancelDates();
      await boss.send(QUEUES.dateCancellations, {}, { singletonKey: 'kick' });
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (deadlineTimer) clearInterval(deadlineTimer);
      if (webhookTimer) clearInterval(webhookTimer);
      if (purgeTimer) clearInterval(purgeTimer);
      if (fileTimer) clearInterval(fileTimer);
      if (walletTimer) clearInterval(walletTimer);
      await sweeping;
      await settling;
      await cancellingDates;
      await telling;
      await sender?.stop();
      await Promise.all([lanes?.urgent.stop(), lanes?.bulk.stop()]);
      pressure?.stop();
      await pool?.close();
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
