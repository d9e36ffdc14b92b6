import cluster, { type Worker } from 'node:cluster';

import type { AppConfig } from './config.js';

/**
 * `WEB_CONCURRENCY=N`: N web processes on one port (node's cluster module: this primary process owns
 * the port and hands connections to the processes in turn). Jobs (mail, hold sweep) run in the first of
 * them, unless JOBS_IN_PROCESS=false (then `npm run worker` runs them). What processes keep in memory
 * is shared through the database: cache invalidations by LISTEN/NOTIFY (invalidation-bus.ts), stock,
 * fairness caps, login throttles and the mail budget in tables. A process that dies is started again;
 * SIGTERM/SIGINT stop them all gracefully. Needs PostgreSQL: the embedded database is one process's.
 *
 * Returns true when this process is the primary (it serves nothing itself).
 */
export function runPrimary(config: AppConfig): boolean {
  if (config.webConcurrency <= 1 || !cluster.isPrimary) return false;
  if (!config.databaseUrl.startsWith('postgres')) {
    console.error(
      'WEB_CONCURRENCY above 1 needs DATABASE_URL=postgres://...: the embedded database belongs to one process. Starting one process.',
    );
    return false;
  }
  const say = (line: string) =>
    console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: line }));
  let stopping = false;
  const roles = new Map<Worker, number>();
  const start = (index: number) => {
    // The first process runs the jobs (when this process would), the others only serve.
    const worker = cluster.fork({
      ADMITONE_PROCESS_INDEX: String(index),
      JOBS_IN_PROCESS: String(index === 0 && config.jobsInProcess),
    });
    roles.set(worker, index);
  };
  cluster.on('exit', (worker, code, signal) => {
    const index = roles.get(worker) ?? 0;
    roles.delete(worker);
    if (stopping) {
      if (roles.size === 0) process.exit(0);
      return;
    }
    say(`web process ${index + 1} (pid ${worker.process.pid}) ended (${signal ?? `exit ${code}`}); starting it again`);
    setTimeout(() => start(index), 1000).unref();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      say(`${signal} received, stopping ${roles.size} web processes`);
      for (const worker of roles.keys()) worker.process.kill('SIGTERM');
      if (roles.size === 0) process.exit(0);
    });
  }
  say(
    `starting ${config.webConcurrency} web processes on port ${config.port}${config.jobsInProcess ? ' (jobs in the first)' : ''}`,
  );
  for (let i = 0; i < config.webConcurrency; i++) start(i);
  return true;
}
