// The server the end-to-end tests drive: the real app (built web app included) on a fresh
// database (PGlite in memory, or a new PostgreSQL database when TEST_DATABASE_URL is set), with
// the demo seed, and mail written as .eml files under E2E_DATA_DIR/mail for the tests to read.
import { rmSync } from 'node:fs';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { seed } from '../apps/api/src/seed/seed.js';
import { createTestDatabase } from '../apps/api/test/test-db.js';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR!;
rmSync(dataDir, { recursive: true, force: true });
const database = await createTestDatabase();
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: database.url,
  APP_URL: `http://localhost:${port}`,
  AUTH_RATE_LIMIT_MAX: '50',
});
if (!config.webDistDir) throw new Error('apps/web/dist is missing: run `npm run build` first');
const app = await buildApp(config);
await seed(app.deps.database.db, app.deps.clock);
await app.listen({ port, host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await database.drop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
