import os from 'node:os';
import path from 'node:path';

import pino from 'pino';

import { loadConfigOrExit } from './config.js';
import { startWhenReachable } from './db/availability.js';
import { openDatabase } from './db/client.js';
import { loadCatalogs } from './i18n/i18n.js';
import { type JobRunner, startJobs, webhookJobOptions } from './jobs/queue.js';
import { createMailTransport } from './mail/transport.js';
import { guardedStock } from './modules/inventory/counters.js';
import { mollieAccess } from './modules/payments/mollie-client.js';
import { createStripe } from './modules/payments/stripe-client.js';
import { offerWallets } from './modules/wallet/wallet-offer.js';
import { systemClock } from './shared/clock.js';
import { s3Storage } from './storage/s3-storage.js';
import { localStorage } from './storage/storage.js';

/**
 * The worker's work (mail, webhooks, sweeps) can wait a moment; a buyer's reservation on the same
 * machine cannot. On Linux the process lowers its CPU priority (nice 10) before it starts any thread,
 * so every thread it starts later (mail render threads, libuv's pool) inherits it, and the web
 * processes and the database win the CPU whenever both want it (bench/mail.mjs: the reservation rate
 * while a sell-out's ticket mails go out). On a host of its own it changes nothing.
 */
const WORKER_NICE = 10;
function runBelowNormalPriority(log: pino.Logger) {
  if (process.platform !== 'linux') return;
  try {
    os.setPriority(Math.max(os.getPriority(), WORKER_NICE));
  } catch (err) {
    log.warn({ err }, "could not lower the worker's CPU priority");
  }
}

/**
 * A separate job process for larger installs (`npm run worker`): run the web process with
 * JOBS_IN_PROCESS=false beside it. Needs PostgreSQL: the embedded database is one process's.
 * Started while the database cannot be reached, it waits for it (one line per attempt, backoff up to
 * 30 s); while the database is away later, the job queue reports it once a minute and carries on.
 */
async function main() {
  const config = loadConfigOrExit();
  offerWallets({ apple: !!config.wallet.apple, google: !!config.wallet.google });
  const log = pino({ level: config.logLevel });
  runBelowNormalPriority(log);
  if (!config.databaseUrl.startsWith('postgres')) {
    log.error(
      'npm run worker needs DATABASE_URL=postgres://...; with the embedded database, jobs run inside `npm start`.',
    );
    process.exit(1);
  }
  await loadCatalogs();
  const database = openDatabase(config.databaseUrl, {
    lockTimeoutMs: config.lockTimeoutMs,
    directUrl: config.databaseDirectUrl,
  });
  const transport = createMailTransport(config, log);
  let jobs: JobRunner | null = null;
  const startup = startWhenReachable({
    target: database.target,
    log,
    start: async () => {
      await database.migrate();
      // Ticket PDFs print the organizer's logo read from it; mails about deadlines link the logo where the web process
      // serves it.
      const storage = config.s3 ? await s3Storage(config.s3) : localStorage(path.join(config.dataDir, 'uploads'));
      jobs = await startJobs(
        database,
        {
          db: database.db,
          clock: systemClock,
          transport,
          log,
          staleClaimMs: config.outboxStaleClaimSeconds * 1000,
          retryForMs: config.mailRetryHours * 3_600_000,
          storage,
        },
        {
          work: true,
          log,
          holdSweepSeconds: config.holdSweepSeconds,
          mailConcurrency: config.mailConcurrency,
          renderThreads: config.mailRenderThreads,
          yieldToBusyMachine: config.mailYieldToBusyCpu,
          deadlineSweepSeconds: config.paymentDeadlineSweepSeconds,
          mailBudgetPerHour: config.mailBudgetPerHour,
          files: storage,
          deadlines: {
            appUrl: config.appUrl,
            storage,
            stock: { clock: systemClock, guard: guardedStock },
            stripe: createStripe(config.stripe),
            mollieFor: config.mollie ? mollieAccess(database.db, config.mollie, () => systemClock.now()) : null,
          },
          webhooks: webhookJobOptions(config),
          wallet: { storage, appUrl: config.appUrl, wallet: config.wallet },
        },
      );
    },
  });
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await startup.stop();
    await (jobs as JobRunner | null)?.stop();
    transport.close();
    await database.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  try {
    await startup.done;
  } catch (err) {
    log.error({ err }, 'worker could not start');
    await stop(1);
  }
  if (startup.ready) log.info('worker started');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
