import type { Logger } from 'pino';

import type { Db } from '../../db/client.js';
import { purgeAuditLog } from '../audit/audit-log.js';
import { purgeCeremonies } from '../auth/passkey-ceremonies.js';
import { purgeSsoSignIns } from '../auth/sso-sign-in.js';
import { sendDueMessages } from '../messages/scheduled-messages.js';
import { type DeadlineDeps, settlePaymentDeadlines } from '../orders/payment-deadlines.js';
import { resumeDuplicateRefunds } from '../payments/duplicate-payments.js';
import { closeAbandonedExchanges, resumeExchangeRefunds } from '../self-service/exchange-payments.js';
import type { AutomationDeps } from './automation-context.js';
import { sendCheckoutRecoveries } from './checkout-recovery.js';
import { sendDueFollowUps } from './follow-ups.js';
import { sendDueReminders } from './reminders.js';

/** When this process last deleted old audit log lines (ms). */
let lastPurge = 0;

export interface SchedulerDeps extends DeadlineDeps {
  /** The hourly mail budget a scheduled message spends, as when sent by hand. */
  mailBudgetPerHour: number;
}

/**
 * The one scheduler of time-driven mail and order work (every PAYMENT_DEADLINE_SWEEP_SECONDS in each worker process):
 * offline orders' payment reminders and deadlines, scheduled messages, reminders before dates, follow-ups after them,
 * abandoned-checkout mails, exchange refunds whose request died before Stripe answered and exchange payments never
 * made, and deleting audit log lines past their account's retention. Each mail part takes its work
 * with SKIP LOCKED or writes it behind a unique key in the transaction of its mail, so several workers, a crash mid-run
 * and catching up after downtime never send one twice. A part that fails is logged and does not stop the others.
 * Returns the outbox ids to deliver.
 */
export async function runScheduler(
  db: Db,
  deps: SchedulerDeps,
  log: Pick<Logger, 'info' | 'error'>,
  /** How a wave is written: its mails handed to the lanes as each batch commits, and paced to a busy machine. */
  wave: Pick<AutomationDeps, 'deliver' | 'pace'> = {},
): Promise<number[]> {
  const mails: number[] = [];
  const clock = deps.stock.clock;
  const auto: AutomationDeps = { clock, appUrl: deps.appUrl, storage: deps.storage, ...wave };
  const parts: Array<[string, () => Promise<number[]>]> = [
    [
      'payment deadlines',
      async () => {
        const r = await settlePaymentDeadlines(db, deps);
        if (r.reminded || r.cancelled)
          log.info({ reminded: r.reminded, cancelled: r.cancelled }, 'payment deadlines settled');
        return r.mails;
      },
    ],
    [
      'scheduled messages',
      async () => {
        const r = await sendDueMessages({
          db,
          clock,
          mailBudgetPerHour: deps.mailBudgetPerHour,
          storage: deps.storage,
          appUrl: deps.appUrl,
        });
        if (r.sent) log.info({ sent: r.sent }, 'scheduled messages sent');
        return r.mails;
      },
    ],
    ['reminders', async () => (await sendDueReminders(db, auto)).mails],
    ['follow-ups', async () => (await sendDueFollowUps(db, auto)).mails],
    ['abandoned checkouts', async () => (await sendCheckoutRecoveries(db, auto)).mails],
    [
      'exchange refunds left pending',
      async () => {
        const exchangeDeps = {
          db,
          stripe: deps.stripe ?? null,
          mollieFor: deps.mollieFor ?? null,
          now: () => clock.now(),
          appUrl: deps.appUrl,
          storage: deps.storage,
          stock: deps.stock,
          log,
        };
        const given = await closeAbandonedExchanges(exchangeDeps);
        if (given) log.info({ given }, 'unpaid exchange payments given up');
        return resumeExchangeRefunds(exchangeDeps);
      },
    ],
    [
      'duplicate payments to give back',
      async () => {
        const given = await resumeDuplicateRefunds({
          db,
          stripe: deps.stripe ?? null,
          mollieFor: deps.mollieFor ?? null,
          now: () => clock.now(),
          log,
        });
        if (given) log.info({ given }, 'duplicate payments refunded on a later try');
        return [];
      },
    ],
    [
      'audit log retention',
      async () => {
        // Once an hour is plenty: lines are kept for days.
        if (clock.now().getTime() - lastPurge < 3_600_000) return [];
        lastPurge = clock.now().getTime();
        const gone = await purgeAuditLog(db, clock.now());
        if (gone) log.info({ gone }, 'old audit log lines deleted');
        // Passkey requests and single sign-ons last minutes: the ones that ran out go in the same hourly pass.
        await purgeCeremonies(db, clock.now());
        await purgeSsoSignIns(db, clock.now());
        return [];
      },
    ],
  ];
  for (const [name, run] of parts) {
    try {
      const ids = await run();
      if (ids.length && name !== 'payment deadlines' && name !== 'scheduled messages')
        log.info({ mails: ids.length }, `${name} written`);
      mails.push(...ids);
    } catch (err) {
      log.error({ err }, `scheduler: ${name} failed`);
    }
  }
  return mails;
}
