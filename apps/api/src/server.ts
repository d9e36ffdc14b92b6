import { buildApp } from './app.js';
import { loadConfigOrExit } from './config.js';

/** Process entry: reads the configuration, builds the app, listens, and shuts down cleanly. */
async function main() {
  const config = loadConfigOrExit();
  const app = await buildApp(config);
  if (!config.webDistDir) app.log.warn('apps/web/dist not found: only the API is served (run `npm run build`)');
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`AdmitOne is ready at ${config.appUrl} (database: ${config.databaseUrl.startsWith('pglite') ? 'embedded PGlite' : 'PostgreSQL'})`);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal} received, shutting down`);
      app.close().then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
