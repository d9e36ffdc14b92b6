import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** CPU time so far: the machine's busy and total (all cores, ms) and this process's own (all its threads, ms). */
export interface CpuTimes {
  machineBusyMs: number;
  machineTotalMs: number;
  ownMs: number;
}

/** The machine's CPU times (/proc/stat through os.cpus()) and this process's (process.cpuUsage()). */
export function readCpuTimes(): CpuTimes {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const used = times.user + times.nice + times.sys + times.irq;
    busy += used;
    total += used + times.idle;
  }
  const own = process.cpuUsage();
  return { machineBusyMs: busy, machineTotalMs: total, ownMs: (own.user + own.system) / 1000 };
}

/**
 * How much of the machine's CPU everything but this process used lately (0..1 of all cores), sampled
 * every `everyMs` and smoothed over a few samples. On a host that also serves buyers, that is the web
 * processes and the database at work: a rush.
 */
export function othersCpuShare({
  read = readCpuTimes,
  everyMs = 250,
}: { read?: () => CpuTimes; everyMs?: number } = {}): { share: () => number; stop: () => void } {
  let last = read();
  let share = 0;
  const timer = setInterval(() => {
    const now = read();
    const total = now.machineTotalMs - last.machineTotalMs;
    if (total > 0) {
      const others = Math.max(0, now.machineBusyMs - last.machineBusyMs - (now.ownMs - last.ownMs)) / total;
      share = share * 0.5 + Math.min(1, others) * 0.5;
    }
    last = now;
  }, everyMs);
  timer.unref();
  return { share: () => share, stop: () => clearInterval(timer) };
}

/**
 * Before bulk work (a batch of ticket mails): while the rest of the machine is busy (more than
 * `above` of its CPU), wait, up to `maxWaitMs` a batch, so bulk mail never holds up a rush of buyers on
 * a host it shares with them, and never stops either (a batch goes out at least every `maxWaitMs`). On
 * a host of its own, or while buyers are few, it waits for nothing.
 */
export function yieldWhileBusy({
  share,
  above = 0.5,
  maxWaitMs = 2000,
  stepMs = 100,
  wait = sleep,
}: {
  share: () => number;
  above?: number;
  maxWaitMs?: number;
  stepMs?: number;
  wait?: (ms: number) => Promise<unknown>;
}) {
  return async (): Promise<void> => {
    for (let waited = 0; share() > above && waited < maxWaitMs; waited += stepMs) await wait(stepMs);
  };
}
