// The API tests on the embedded PGlite that CI runs after the full suite on PostgreSQL: not all of
// them twice, but the ones whose subject differs between the two databases (the PGlite adapter's
// transactions and locks on one connection, the job queue on it, migrations, the startup of the
// embedded database) and a smoke set of the main flows. `npm run test:api` with no TEST_DATABASE_URL
// still runs every API test on PGlite.
import { spawnSync } from 'node:child_process';

const SMOKE = [
  // Every unit and module test under apps/api/src (migrations, seed, pure rules).
  'apps/api/src/',
  // Buying: reservation, completion, stock rules and the holes once found, the public pages.
  'apps/api/test/checkout-reserve.test.ts',
  'apps/api/test/checkout-complete.test.ts',
  'apps/api/test/stock-rules.test.ts',
  'apps/api/test/stock-holes.test.ts',
  'apps/api/test/public-pages.test.ts',
  'apps/api/test/public-event-cache.test.ts',
  // Seats: a place per date through the chain's upsert links, holds, lost seats named.
  'apps/api/test/seated-checkout.test.ts',
  // Mail through the job queue on the one PGlite connection.
  'apps/api/test/mail-outbox.test.ts',
  'apps/api/test/order-mails.test.ts',
  // The payment-deadline sweep (SKIP LOCKED, two sweeps at once) on the one connection.
  'apps/api/test/payment-deadlines.test.ts',
  // Signing up and in, an export (keyset reads, streams), check-in with its double scan, the config.
  'apps/api/test/auth-register.test.ts',
  'apps/api/test/auth-login.test.ts',
  'apps/api/test/exports.test.ts',
  'apps/api/test/check-in.test.ts',
  'apps/api/test/concurrency/double-scan.test.ts',
  'apps/api/test/security/mail-abuse.test.ts',
  'apps/api/test/config.test.ts',
  'apps/api/test/platform.test.ts',
];

// Two at a time: PGlite does its database work inside the test process, so a third file only waits for a core.
const res = spawnSync('npx', ['vitest', 'run', '--project', 'api', '--maxWorkers=2', ...SMOKE], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: '' },
});
process.exit(res.status ?? 1);
