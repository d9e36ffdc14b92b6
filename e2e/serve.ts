// The server the end-to-end tests drive: the real app (built web app included) on a fresh
// database (PGlite in memory, or a new PostgreSQL database when TEST_DATABASE_URL is set), with
// the demo seed, and mail written as .eml files under E2E_DATA_DIR/mail for the tests to read.
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';

import { sql } from 'drizzle-orm';

import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { createUserWithAccount } from '../apps/api/src/modules/auth/confirm-sign-up.js';
import { unsubscribeLinks } from '../apps/api/src/modules/automations/mail-contacts.js';
import { findUserByEmail } from '../apps/api/src/modules/users/users.repository.js';
import { seed } from '../apps/api/src/seed/seed.js';
import { mollieConnectEnv, startMollieServer, trustLocalTls } from '../apps/api/test/mollie-server.js';
import { startStripeServer } from '../apps/api/test/stripe-server.js';
import { createTestDatabase } from '../apps/api/test/test-db.js';
import { appleWalletCertificates, googleServiceAccount, walletEnv } from '../apps/api/test/wallet-fixtures.js';
import { LEGACY_LOGIN } from './legacy-login';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR!;
rmSync(dataDir, { recursive: true, force: true });
const database = await createTestDatabase();
// E2E_STRIPE=1: card payments on, against the local Stripe-compatible server (Stripe cannot be reached here).
const stripe = process.env.E2E_STRIPE ? await startStripeServer() : null;
// ...and Mollie (Connect: the flow connects the demo account) against the local Mollie-compatible server, which speaks
// HTTPS only with its own certificate: this process accepts it (every server it talks to is on this machine).
if (stripe) trustLocalTls();
const mollie = stripe ? await startMollieServer() : null;
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: database.url,
  APP_URL: `http://localhost:${port}`,
  AUTH_RATE_LIMIT_MAX: '50',
  REGISTER_RATE_LIMIT_MAX: '1000',
  // The webhook flow's receiver listens on this host; deliveries go out within a second.
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_SWEEP_SECONDS: '0.5',
  // Two browser lanes keep the machine busy: the flows' ticket mails must not wait for it to calm down.
  MAIL_YIELD_TO_BUSY_CPU: 'false',
  // The scheduler (payment deadlines, scheduled messages, reminders, abandoned checkouts) looks every 2 seconds.
  PAYMENT_DEADLINE_SWEEP_SECONDS: '2',
  ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
  ...(stripe
    ? {
        STRIPE_SECRET_KEY: 'sk_test_admitone_e2e',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_admitone_e2e',
        STRIPE_WEBHOOK_SECRET: 'whsec_admitone_e2e',
        STRIPE_MODE: 'SINGLE',
        STRIPE_API_URL: stripe.url,
      }
    : {}),
  ...(mollie ? mollieConnectEnv(mollie) : {}),
  // Wallet passes, signed with certificates made here (nothing pushes: no device registers in the flows).
  ...walletEnv(appleWalletCertificates(), 'https://127.0.0.1:9', {
    json: googleServiceAccount('http://127.0.0.1:9/token').json,
    apiUrl: 'http://127.0.0.1:9/walletobjects/v1/',
  }),
});
if (!config.webDistDir) throw new Error('apps/web/dist is missing: run `npm run build` first');
// The server's clock can be moved forward by the tests (hold expiry) through a control port that
// exists only here, never in the product: POST http://127.0.0.1:<E2E_PORT+1>/clock/advance {"minutes": n}.
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
const app = await buildApp(config, { clock });
await seed(app.deps.database.db, app.deps.clock);
// A login from before sign-ups were confirmed by link, whose address is still unconfirmed: the flows that
// show what such a login may not do use it (the demo login gets confirmed by other flows of the run).
if (!(await findUserByEmail(app.deps.database.db, LEGACY_LOGIN.email))) {
  await createUserWithAccount(
    { db: app.deps.database.db, clock: app.deps.clock },
    { name: 'Legacy Organizer', ...LEGACY_LOGIN, timezone: 'Europe/London', locale: 'en', emailVerified: false },
  );
}
await app.listen({ port, host: '127.0.0.1' });
const control = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    if (req.method === 'POST' && req.url === '/clock/advance') {
      offsetMs += Number((JSON.parse(body || '{}') as { minutes?: number }).minutes ?? 0) * 60_000;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ now: clock.now().toISOString() }));
    } else if (req.method === 'POST' && req.url === '/orders/age') {
      // A checkout left this many minutes earlier than it was (the abandoned-checkout mail's delay, without moving
      // the clock every other flow shares).
      const { short_id, minutes } = JSON.parse(body || '{}') as { short_id: string; minutes: number };
      const shift = sql`${minutes} * interval '1 minute'`;
      void app.deps.database.db
        .execute(
          sql`update orders set created_at = created_at - ${shift}, updated_at = updated_at - ${shift},
            reserved_until = reserved_until - ${shift}, hold_released_at = hold_released_at - ${shift}
            where short_id = ${short_id}`,
        )
        .then(() => res.writeHead(200).end('{}'));
    } else if (req.method === 'POST' && req.url === '/messages/due') {
      // A scheduled message whose time has come (it goes with the scheduler's next run).
      const { id } = JSON.parse(body || '{}') as { id: number };
      void app.deps.database.db
        .execute(
          sql`update messages set send_at = now() - interval '1 second' where id = ${id} and status = 'SCHEDULED'`,
        )
        .then(() => res.writeHead(200).end('{}'));
    } else if (req.method === 'POST' && req.url === '/contacts/link') {
      // The unsubscribe link an organizer's marketing mail to this address carries (made as when such a mail goes).
      const { organizer_id, email } = JSON.parse(body || '{}') as { organizer_id: number; email: string };
      void unsubscribeLinks(app.deps.database.db, config.appUrl, organizer_id, [email]).then((links) =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ token: links.get(email)!.page_url.split('/').at(-1) })),
      );
    } else if (stripe && req.method === 'POST' && req.url === '/stripe/intent-status') {
      // What the card network does when the Payment Element confirms: the intent moves to a new state.
      const { id, status, declined } = JSON.parse(body || '{}') as { id: string; status: string; declined?: boolean };
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(stripe.setStatus(id, status, declined)));
    } else res.writeHead(404).end();
  });
});
control.listen(port + 1, '127.0.0.1');
const stop = async () => {
  control.close();
  await stripe?.close();
  await mollie?.close();
  await app.close();
  await database.drop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
