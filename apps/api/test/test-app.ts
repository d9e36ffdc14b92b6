import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';

import { type App, buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { outbox } from '../src/db/schema/index.js';
import type { MailTransport } from '../src/mail/transport.js';
import type { StockGuard } from '../src/modules/inventory/counters.js';
import type { Clock } from '../src/shared/clock.js';
import type { FileStorage } from '../src/storage/storage.js';
import { startTestSmtp, type TestSmtp } from './smtp.js';
import { createTestDatabase } from './test-db.js';

export interface TestContext {
  app: App;
  smtp: TestSmtp;
  close(): Promise<void>;
}

/** The real app on its own database, with mail going to an in-process SMTP server. */
export async function createTestApp(
  options: {
    clock?: Clock;
    env?: Record<string, string>;
    mail?: MailTransport;
    work?: boolean;
    stockGuard?: StockGuard;
    webDistDir?: string;
    /** Another app's database (a second web process on it); left for that app to drop. */
    sharedDatabaseUrl?: string;
    /** Where the app logs (set LOG_LEVEL in env too: tests log nothing by default). */
    logStream?: BuildOptions['logStream'];
    /** File storage made over the app's uploads folder (e.g. one that fails like a read-only disk). */
    storage?: (uploadsDir: string) => FileStorage;
  } = {},
): Promise<TestContext> {
  const smtp = await startTestSmtp();
  const database = options.sharedDatabaseUrl
    ? { url: options.sharedDatabaseUrl, drop: async () => undefined }
    : await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'admitone-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      APP_URL: 'http://admitone.test',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '',
      CHECKOUT_RATE_LIMIT_MAX: '100000',
      REGISTER_RATE_LIMIT_MAX: '100000',
      // The per-address mail limit has its own test (security/address-mail-limit.test.ts).
      ADDRESS_MAILS_PER_HOUR: '100000',
      // Ticket mails per ticket (security/ticket-mail-bombing.test.ts) and wrong promo codes
      // (security/promo-guessing.test.ts).
      TICKET_MAILS_PER_HOUR: '100000',
      PROMO_MISSES_PER_CLIENT: '100000',
      PROMO_MISSES_PER_EVENT: '100000',
      AUTH_ACCOUNT_RATE_LIMIT_MAX: '100000',
      // The mail budget has its own tests (security/mail-abuse.test.ts).
      MAIL_BUDGET_PER_HOUR: '100000',
      AUTH_ANSWER_FLOOR_MS: '0',
      // Tests move their clock: holds are released when a test (or a buyer finding a ticket full) does it.
      HOLD_SWEEP_SECONDS: '3600',
      // Webhooks are sent when a test says so (deliverDueWebhooks), never by a timer between its checks.
      WEBHOOK_SWEEP_SECONDS: '3600',
      // Mail is rendered on the main thread here: a render thread loads the templates again (through tsx,
      // seconds per test file). The real processes of the reliability tests render on threads.
      MAIL_RENDER_THREADS: '0',
      // Two test files run at once on two cores: bulk mail would wait for a calm machine that never comes.
      // Its giving way has tests of its own (cpu-pressure.test.ts).
      MAIL_YIELD_TO_BUSY_CPU: 'false',
      ...options.env,
    },
    process.cwd(),
  );
  const app = await buildApp(
    { ...config, webDistDir: options.webDistDir ?? null },
    {
      clock: options.clock,
      mail: options.mail,
      work: options.work,
      stockGuard: options.stockGuard,
      storage: options.storage?.(path.join(config.dataDir, 'uploads')),
      logStream: options.logStream,
    },
  );
  await app.ready();
  return {
    app,
    smtp,
    async close() {
      await app.close();
      await smtp.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until every mail queued so far is delivered (delivery rewrites its outbox row): after it, a mail
 * that did not arrive was never going to. Tests that check that nothing was sent wait for this, not for time.
 */
export async function mailSettled(app: App, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await app.deps.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(inArray(outbox.status, ['PENDING', 'SENDING']))
      .limit(1);
    if (!open.length) return;
    if (Date.now() > deadline) throw new Error(`the outbox did not drain within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API like a client: JSON in, JSON out, optional bearer token and language. */
export async function call(
  app: App,
  method: Method,
  url: string,
  opts: { token?: string | null; body?: unknown; locale?: string; headers?: Record<string, string>; ip?: string } = {},
): Promise<LightMyRequestResponse & { json: <T = any>() => T }> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.locale) headers['accept-language'] = opts.locale;
  return (await app.inject({
    method,
    url,
    headers,
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  })) as never;
}
