import type { Logger } from 'pino';

import type { Clock } from '../shared/clock.js';

/**
 * Mail failures in the log: while SMTP is down every mail of every round fails the same way, and a line
 * each (4,810 in one minute of an outage, issue #37) hides everything else. A failure is written at most
 * once a minute per reason (the error's message), with how many failures it stands for (`failures`:
 * this one and those left out since the last line of that reason). Shared by every lane of a process
 * (one per logger); minutes are the app's clock.
 */
export const MAIL_FAILURE_LOG_EVERY_MS = 60_000;
/** Reasons remembered at once (a bounce names its address, so reasons can be many): past it, all are forgotten. */
const MAX_REASONS = 200;

type Report = (err: unknown, mail: { outboxId: number; attempts: number; status: 'PENDING' | 'FAILED' }) => void;
const reporters = new WeakMap<Logger, Report>();

export function mailFailureLog(log: Logger, clock: Clock): Report {
  let report = reporters.get(log);
  if (report) return report;
  const quiet = new Map<string, { until: number; left: number }>();
  report = (err, mail) => {
    const reason = err instanceof Error ? err.message : String(err);
    const now = clock.now().getTime();
    const seen = quiet.get(reason);
    if (seen && now < seen.until) {
      seen.left++;
      return;
    }
    if (quiet.size >= MAX_REASONS) quiet.clear();
    const failures = (seen?.left ?? 0) + 1;
    quiet.set(reason, { until: now + MAIL_FAILURE_LOG_EVERY_MS, left: 0 });
    const more = failures > 1 ? `; ${failures - 1} more like it since the last report` : '';
    log.warn(
      { err, ...mail, failures },
      `mail delivery failed: ${reason}${more}; next report of this in 60 s at the earliest`,
    );
  };
  reporters.set(log, report);
  return report;
}
