import pino from 'pino';
import { loadConfigOrExit } from './config.js';
import { openDatabase } from './db/client.js';
import { loadCatalogs } from './i18n/i18n.js';
import { startJobs } from './jobs/queue.js';
import { createMailTransport } from './mail/transport.js';
import { systemClock } from './shared/clock.js';

/**
 * A separate job process for larger installs (`npm run worker`): run the web process with
 * JOBS_IN_PROCESS=false beside it. Needs PostgreSQL: the embedded database is one process's.
 */
async function main() {
  const config = loadConfigOrExit();
  const log = pino({ level: config.logLevel });
  if (!config.databaseUrl.startsWith('postgres')) {
    log.error('npm run worker needs DATABASE_URL=postgres://...; with the embedded database, jobs run inside `npm start`.');
    process.exit(1);
  }
  await loadCatalogs();
  const database = openDatabase(config.databaseUrl, { lockTimeoutMs: config.lockTimeoutMs });
  await database.migrate();
  const transport = createMailTransport(config, log);
  const jobs = await startJobs(database, { db: database.db, clock: systemClock, transport, log, staleClaimMs: config.outboxStaleClaimSeconds * 1000 }, { work: true, log, holdSweepSeconds: config.holdSweepSeconds });
  log.info('worker started');
  const stop = async () => {
    await jobs.stop();
    transport.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
