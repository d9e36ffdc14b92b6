import { buildApp } from './app.js';
import { runPrimary } from './cluster.js';
import { loadConfigOrExit } from './config.js';

/**
 * Process entry: reads the configuration, builds the app, listens, and shuts down cleanly.
 *
 * It listens at once, also while the database cannot be reached: `/api/health/live` answers 200, and
 * `/api/health/ready` (and every other request) 503 DATABASE_UNAVAILABLE until the database answers —
 * tried again with backoff (1, 2, 4 … 30 s), one line per attempt. Then migrations run, jobs start and it
 * is ready by itself. Only other start failures (a failing migration, a wrong password) end the process.
 */
async function main() {
  const config = loadConfigOrExit();
  // WEB_CONCURRENCY above 1: this process only starts and watches the web processes.
  if (runPrimary(config)) return;
  const app = await buildApp(config, { databaseInBackground: true });
  if (!config.webDistDir) app.log.warn('apps/web/dist not found: only the API is served (run `npm run build`)');
  const { startup, database } = app.deps;
  const engine = database.kind === 'pglite' ? 'embedded PGlite' : `PostgreSQL at ${database.target}`;

  let closing = false;
  const shutdown = (why: string, code: number) => {
    if (closing) return;
    closing = true;
    app.log.info(`${why}, shutting down`);
    app.close().then(
      () => process.exit(code),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(`${signal} received`, 0));

  await app.listen({ port: config.port, host: config.host });
  if (!startup.ready)
    app.log.info(
      `AdmitOne is listening at ${config.appUrl}; ready once the database answers and is migrated (${engine})`,
    );
  startup.done.then(
    () => {
      if (startup.ready) app.log.info(`AdmitOne is ready at ${config.appUrl} (database: ${engine})`);
    },
    (err) => {
      app.log.error({ err }, 'could not start');
      shutdown('start failed', 1);
    },
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
