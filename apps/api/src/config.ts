import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

import { API_KEY_RATE_LIMIT_DEFAULT } from '@admitone/shared';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const databaseUrl = z
  .string()
  .refine((v) => /^(postgres|postgresql):\/\//.test(v) || v === 'pglite://memory' || v.startsWith('pglite://'), {
    message: 'must be postgres://user@host:port/db, pglite://memory, or pglite:///a/folder',
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: databaseUrl.optional(),
  /**
   * PostgreSQL directly, when DATABASE_URL goes through a transaction pooler (PgBouncer): LISTEN and session locks use
   * it.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .refine((v) => /^(postgres|postgresql):\/\//.test(v), { message: 'must be postgres://user@host:port/db' })
    .optional(),
  APP_URL: z.url({ message: 'must be an absolute URL such as http://localhost:3000' }).optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), { message: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().default('AdmitOne <no-reply@admitone.local>'),
  /** The operator's terms and privacy policy: the sign-up's "I accept" links to them. */
  TERMS_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) address' }).optional(),
  PRIVACY_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) address' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Run background jobs inside the web process (default); set false when `npm run worker` runs them. */
  JOBS_IN_PROCESS: bool.default(true),
  /** Redis (`redis://host:6379`): rate-limit counts shared there instead of in PostgreSQL. */
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), { message: 'must start with redis:// or rediss://' })
    .optional(),
  /** Where rate-limit counts live: redis (REDIS_URL), database (PostgreSQL), memory (one process). */
  RATE_LIMIT_STORE: z.enum(['memory', 'database', 'redis']).optional(),
  /** Web processes on the one port (PostgreSQL only); jobs run in the first of them (see cluster.ts). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Login and forgot-password attempts allowed per client address and e-mail per window. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Login and forgot-password attempts per e-mail address per window, whatever the client address. */
  AUTH_ACCOUNT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  /**
   * Sign-up, forgot-password and e-mail change answer no sooner than this (plus jitter), so their timing
   * does not tell whether an address is registered. Keep it above the slower branch (a password hash).
   */
  AUTH_ANSWER_FLOOR_MS: z.coerce.number().int().min(0).max(10_000).default(400),
  /**
   * Which proxies' X-Forwarded-For to believe: unset or `false` (none: the client is the connection's
   * address), a hop count, or a comma-separated list of proxy addresses and CIDRs (`loopback` and the
   * other names of the proxy-addr package allowed); `true` believes any (only behind a proxy that always
   * overwrites the header).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((v) => /^(true|false|\d{1,2})$/.test(v) || v.split(',').every((p) => isProxyAddress(p.trim())), {
      message: 'must be false, true, a hop count or a comma-separated list of proxy addresses or CIDRs',
    })
    .optional(),
  /**
   * A header the operator's proxy sets to the client's country (ISO code), e.g. `cf-ipcountry` behind Cloudflare:
   * "Where you are signed in" shows it. Believed only from a trusted proxy (TRUST_PROXY).
   */
  GEO_COUNTRY_HEADER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,60}$/, { message: 'must be a header name such as cf-ipcountry' })
    .transform((v) => v.toLowerCase())
    .optional(),
  /** Sign-ups per client address per AUTH_RATE_LIMIT_WINDOW_SECONDS (each one sends a confirmation e-mail). */
  REGISTER_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  /** Sign-up links or notices and reset links one e-mail address may be sent per hour, whoever asks. */
  ADDRESS_MAILS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /**
   * Ticket mails one ticket may be sent per hour at a buyer's request (e-mail changes, transfers, resends), whoever
   * asks.
   */
  TICKET_MAILS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Wrong promo codes one client address may try per PROMO_MISS_WINDOW_SECONDS (past it 429 until the window ends). */
  PROMO_MISSES_PER_CLIENT: z.coerce.number().int().min(1).default(10),
  PROMO_MISS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Wrong promo codes tried for one event per minute, all clients together. */
  PROMO_MISSES_PER_EVENT: z.coerce.number().int().min(1).default(60),
  CHECKOUT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  /** Calls per API key per minute (every process and host together). */
  API_KEY_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(API_KEY_RATE_LIMIT_DEFAULT),
  /**
   * E-mails an account's team may cause per hour to addresses they type in: invitations, ticket mails of
   * attendees added by hand, resends from the admin, and messages (once each, plus once per recipient the
   * team typed in). Mail caused by buyers' own orders does not count.
   */
  MAIL_BUDGET_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(200),
  PUBLIC_EVENT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** A mail left "sending" this long by a worker that died is sent again (keep it above the slowest SMTP answer). */
  OUTBOX_STALE_CLAIM_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * A mail that cannot be delivered (SMTP down or refusing for now) is tried again, at most every 30 minutes, for this
   * long before it is FAILED.
   */
  MAIL_RETRY_HOURS: z.coerce.number().min(1).max(720).default(72),
  /**
   * Bulk mails (orders, tickets, messages) rendered and sent at once per worker process; the urgent lane has workers of
   * its own.
   */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Threads rendering bulk mail (ticket PDFs) per worker process; 0 renders on the main thread. Default: one per core
   * but one, at least one.
   */
  MAIL_RENDER_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  /** Bulk mail waits (up to 6 s a batch) while other processes keep the machine's CPU busy: jobs/cpu-pressure.ts. */
  MAIL_YIELD_TO_BUSY_CPU: bool.default(true),
  /** PostgreSQL: how long a statement may wait for a row lock before the request answers 503 (never a hang). */
  LOCK_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(3000),
  /** Reservations of one event in the database at once, per web process (the rest queue in arrival order). */
  CHECKOUT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Database connections (of the pool's 10) that buyers' checkout transactions may hold at once per web
   * process; the rest stay free for everything else when a hot ticket row is locked (inventory/admission.ts).
   */
  CHECKOUT_POOL_SHARE: z.coerce.number().int().min(1).max(9).default(6),
  /** How often a worker gives back the units of holds that ran out. */
  HOLD_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** Webhooks: deliver to loopback and private addresses too (off: refused, docs/SECURITY.md). */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /** Webhooks: one attempt may take this long, connecting and answering together. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Webhooks: how often each worker process looks for deliveries that are due. */
  WEBHOOK_SWEEP_SECONDS: z.coerce.number().min(0.2).max(3600).default(2),
  /**
   * Webhooks: turned off (and its admins mailed) after this many failed attempts in a row over at least
   * WEBHOOK_DISABLE_AFTER_HOURS.
   */
  WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).default(15),
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().min(0).default(24),
  /** Webhooks: deliveries in flight per worker process, of all accounts together. */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(20),
  /**
   * Webhooks: deliveries of one account in flight at once (all worker processes): a slow receiver holds only its own
   * account's.
   */
  WEBHOOK_ACCOUNT_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
  /** Webhooks: "send test event" per account per minute (429 past it). */
  WEBHOOK_TEST_SENDS_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  /** How often the worker reminds and cancels offline orders near or past their payment deadline. */
  PAYMENT_DEADLINE_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Serve the built web app from this folder (defaults to apps/web/dist when it exists). */
  WEB_DIST_DIR: z.string().optional(),
  /** Card payments: all three keys, or none (then card payment is simply not offered). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** CONNECT: each account connects its own Stripe account; SINGLE: payments go to the platform's. */
  STRIPE_MODE: z.enum(['CONNECT', 'SINGLE']).default('CONNECT'),
  /** Connect mode: the platform's share of each payment, in percent (application_fee_amount). */
  STRIPE_PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(0),
  /** Another Stripe API address (a local Stripe-compatible server in tests), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: z.url().optional(),
  /**
   * Mollie (iDEAL, Bancontact, SEPA, PayPal, cards): MOLLIE_CLIENT_ID and MOLLIE_CLIENT_SECRET of the platform's OAuth
   * app (Mollie Connect: each account connects its own Mollie organization), or MOLLIE_API_KEY (payments go to the
   * platform's own Mollie account). Unset: Mollie is not offered.
   */
  MOLLIE_CLIENT_ID: z.string().min(1).optional(),
  MOLLIE_CLIENT_SECRET: z.string().min(1).optional(),
  MOLLIE_API_KEY: z.string().min(1).optional(),
  /** Connect: the platform's share of each payment, in percent (Mollie's applicationFee). */
  MOLLIE_PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(0),
  /** Connect: payments in Mollie's test mode (the organizations' test profiles). */
  MOLLIE_TESTMODE: bool.default(false),
  /** Other Mollie addresses (a local Mollie-compatible server in tests). */
  MOLLIE_API_URL: z.url().default('https://api.mollie.com/v2/'),
  MOLLIE_AUTHORIZE_URL: z.url().default('https://my.mollie.com/oauth2/authorize'),
  MOLLIE_TOKEN_URL: z.url().default('https://api.mollie.com/oauth2/tokens'),
  /**
   * Apple Wallet passes: the Pass Type ID, the team, its certificate and key (PEM, or a file holding it) and Apple's
   * WWDR intermediate certificate. Unset: no "Add to Apple Wallet". The same certificate signs the pushes that tell
   * devices a pass changed (APNs; APPLE_WALLET_APNS_URL: another address, a local server in tests).
   */
  APPLE_WALLET_PASS_TYPE_ID: z.string().min(1).optional(),
  APPLE_WALLET_TEAM_ID: z.string().min(1).optional(),
  APPLE_WALLET_CERT: z.string().min(1).optional(),
  APPLE_WALLET_KEY: z.string().min(1).optional(),
  APPLE_WALLET_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WALLET_WWDR_CERT: z.string().min(1).optional(),
  APPLE_WALLET_APNS_URL: z.url().default('https://api.push.apple.com'),
  /**
   * Google Wallet: the issuer id and a service account's JSON key (the text, or a file holding it). Unset: no "Save to
   * Google Wallet". GOOGLE_WALLET_API_URL: another address of the Wallet API (a local server in tests).
   */
  GOOGLE_WALLET_ISSUER_ID: z.string().regex(/^\d+$/).optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT: z.string().min(1).optional(),
  GOOGLE_WALLET_API_URL: z.url().default('https://walletobjects.googleapis.com/walletobjects/v1/'),
  /** Uploaded images in an S3-compatible bucket instead of DATA_DIR/uploads (every host sees the same files). */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Another S3-compatible service (MinIO, Ceph, R2, Scaleway...), e.g. https://s3.example.net. */
  S3_ENDPOINT: z.url().optional(),
  /** Addresses as endpoint/bucket/key instead of bucket.endpoint/key (most S3-compatible servers want it). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Keys of the bucket; without them the SDK's usual sources (instance role, ~/.aws) are asked. */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Where browsers load the files from (a CDN in front of the bucket); by default the app serves them at /uploads/. */
  S3_PUBLIC_URL: z.url().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | null;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Where browsers load files from; null: the app serves them at /uploads/. */
  publicUrl: string | null;
}

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://...` or `pglite://memory` or `pglite://<folder>` (or `pglite://memory?from=<saved data dir>`). */
  databaseUrl: string;
  /** PostgreSQL without a transaction pooler in between (DATABASE_DIRECT_URL), or null when DATABASE_URL is direct. */
  databaseDirectUrl: string | null;
  appUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** The operator's terms and privacy policy (TERMS_URL, PRIVACY_URL), linked from sign-up; null: none. */
  legal: { termsUrl: string | null; privacyUrl: string | null };
  logLevel: Env['LOG_LEVEL'];
  jobsInProcess: boolean;
  webConcurrency: number;
  redisUrl: string | null;
  rateLimitStore: 'memory' | 'database' | 'redis' | undefined;
  authRateLimit: { max: number; windowSeconds: number; perAccountMax: number; answerFloorMs: number };
  /** fastify's trustProxy: whose X-Forwarded-For names the client. */
  trustProxy: boolean | number | string[];
  /** Sign-ups per client address per auth window. */
  registerRateLimitMax: number;
  /** The proxy's header naming the client's country (GEO_COUNTRY_HEADER), lower-case; null: none. */
  geoCountryHeader: string | null;
  /** Sign-up and reset mails per e-mail address per hour, whatever the client. */
  addressMailsPerHour: number;
  /** Ticket mails per ticket per hour at a buyer's request. */
  ticketMailsPerHour: number;
  /** Wrong promo codes per client address per window, and per event per minute (plugins/promo-guesses.ts). */
  promoGuesses: { perClient: number; windowSeconds: number; perEvent: number };
  /** Reservations per client address per minute. */
  checkoutRateLimitMax: number;
  /** Calls per API key per minute. */
  apiKeyRateLimitMax: number;
  /** E-mails per account per hour to addresses its team typed in (see MAIL_BUDGET_PER_HOUR). */
  mailBudgetPerHour: number;
  /** How long public event catalogues stay in memory (0: not at all). */
  publicEventCacheSeconds: number;
  /** After this long a mail claimed by a worker that never finished is claimed again. */
  /** How long undeliverable mail is tried again before it is FAILED (MAIL_RETRY_HOURS). */
  mailRetryHours: number;
  outboxStaleClaimSeconds: number;
  /** Bulk mail workers per worker process (MAIL_CONCURRENCY). */
  mailConcurrency: number;
  /** MAIL_RENDER_THREADS (undefined: the default for this machine). */
  mailRenderThreads?: number;
  /** MAIL_YIELD_TO_BUSY_CPU: bulk mail waits while the rest of the machine is busy (jobs/cpu-pressure.ts). */
  mailYieldToBusyCpu: boolean;
  /** PostgreSQL: the longest wait for a lock (a busy checkout answers 503 CHECKOUT_BUSY after it). */
  lockTimeoutMs: number;
  /** Seconds between sweeps of holds that ran out. */
  holdSweepSeconds: number;
  webhooks: {
    allowPrivate: boolean;
    timeoutMs: number;
    sweepSeconds: number;
    disableAfterFailures: number;
    disableAfterHours: number;
    concurrency: number;
    accountConcurrency: number;
    testSendsPerMinute: number;
  };
  paymentDeadlineSweepSeconds: number;
  /** Reservations of one event in the database at once, per process. */
  checkoutConcurrency: number;
  checkoutPoolShare: number;
  webDistDir: string | null;
  /** null: card payments are not configured. */
  stripe: StripeConfig | null;
  /** null: Mollie is not configured. */
  mollie: MollieConfig | null;
  /** Uploads in an S3-compatible bucket (S3_*), or null for DATA_DIR/uploads on local disk. */
  s3: S3Config | null;
  /** Wallet passes (APPLE_WALLET_*, GOOGLE_WALLET_*); each null when not configured. */
  wallet: { apple: AppleWalletConfig | null; google: GoogleWalletConfig | null };
}

export interface AppleWalletConfig {
  passTypeId: string;
  teamId: string;
  /** PEM texts. */
  cert: string;
  key: string;
  keyPassphrase: string | null;
  wwdr: string;
  apnsUrl: string;
}

export interface GoogleWalletConfig {
  issuerId: string;
  /** The service account: its e-mail, its private key (PEM) and where it gets access tokens. */
  clientEmail: string;
  privateKey: string;
  tokenUrl: string;
  apiUrl: string;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  mode: 'CONNECT' | 'SINGLE';
  platformFeePercent: number;
  apiUrl: string | null;
}

export interface MollieConfig {
  /** CONNECT: each account connects its own organization (OAuth); SINGLE: payments go to the platform's (API key). */
  mode: 'CONNECT' | 'SINGLE';
  clientId: string | null;
  clientSecret: string | null;
  apiKey: string | null;
  platformFeePercent: number;
  testmode: boolean;
  apiUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
}

export class ConfigError extends Error {}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** An address, a CIDR (address/bits) or one of proxy-addr's names. */
function isProxyAddress(p: string): boolean {
  if (PROXY_NAMES.has(p)) return true;
  const [address, bits, ...rest] = p.split('/');
  if (rest.length || !address || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** TRUST_PROXY as fastify takes it; off unless set. */
function trustProxyOf(v: string | undefined): boolean | number | string[] {
  if (v === undefined || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v) === 0 ? false : Number(v);
  return v.split(',').map((p) => p.trim());
}

/** Reads and validates settings from the environment (and `.env` if present); throws a readable ConfigError. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  if (source === process.env && existsSync(path.join(cwd, '.env'))) process.loadEnvFile(path.join(cwd, '.env'));
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_*: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together (or none)',
    );
  }
  if (Boolean(e.MOLLIE_CLIENT_ID) !== Boolean(e.MOLLIE_CLIENT_SECRET) || (e.MOLLIE_CLIENT_ID && e.MOLLIE_API_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  MOLLIE_*: set MOLLIE_CLIENT_ID and MOLLIE_CLIENT_SECRET together (Mollie Connect), or MOLLIE_API_KEY alone',
    );
  }
  if (e.DATABASE_DIRECT_URL && !/^postgres(ql)?:\/\//.test(e.DATABASE_URL ?? '')) {
    throw new ConfigError(
      "Invalid configuration:\n  DATABASE_DIRECT_URL: only with a PostgreSQL DATABASE_URL (the pooler's address)",
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_*: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (or neither)',
    );
  }
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const defaultDist = path.resolve(import.meta.dirname, '../../web/dist');
  const webDistDir = e.WEB_DIST_DIR ? path.resolve(cwd, e.WEB_DIST_DIR) : existsSync(defaultDist) ? defaultDist : null;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `pglite://${path.join(dataDir, 'pgdata')}`,
    databaseDirectUrl: e.DATABASE_DIRECT_URL ?? null,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    legal: { termsUrl: e.TERMS_URL ?? null, privacyUrl: e.PRIVACY_URL ?? null },
    logLevel: e.LOG_LEVEL,
    jobsInProcess: e.JOBS_IN_PROCESS,
    webConcurrency: e.WEB_CONCURRENCY,
    redisUrl: e.REDIS_URL ?? null,
    rateLimitStore: e.RATE_LIMIT_STORE,
    authRateLimit: {
      max: e.AUTH_RATE_LIMIT_MAX,
      windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      perAccountMax: e.AUTH_ACCOUNT_RATE_LIMIT_MAX,
      answerFloorMs: e.AUTH_ANSWER_FLOOR_MS,
    },
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    registerRateLimitMax: e.REGISTER_RATE_LIMIT_MAX,
    geoCountryHeader: e.GEO_COUNTRY_HEADER ?? null,
    addressMailsPerHour: e.ADDRESS_MAILS_PER_HOUR,
    ticketMailsPerHour: e.TICKET_MAILS_PER_HOUR,
    promoGuesses: {
      perClient: e.PROMO_MISSES_PER_CLIENT,
      windowSeconds: e.PROMO_MISS_WINDOW_SECONDS,
      perEvent: e.PROMO_MISSES_PER_EVENT,
    },
    checkoutRateLimitMax: e.CHECKOUT_RATE_LIMIT_MAX,
    apiKeyRateLimitMax: e.API_KEY_RATE_LIMIT_MAX,
    mailBudgetPerHour: e.MAIL_BUDGET_PER_HOUR,
    publicEventCacheSeconds: e.PUBLIC_EVENT_CACHE_SECONDS,
    outboxStaleClaimSeconds: e.OUTBOX_STALE_CLAIM_SECONDS,
    mailRetryHours: e.MAIL_RETRY_HOURS,
    mailConcurrency: e.MAIL_CONCURRENCY,
    mailRenderThreads: e.MAIL_RENDER_THREADS,
    mailYieldToBusyCpu: e.MAIL_YIELD_TO_BUSY_CPU,
    lockTimeoutMs: e.LOCK_TIMEOUT_MS,
    holdSweepSeconds: e.HOLD_SWEEP_SECONDS,
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      sweepSeconds: e.WEBHOOK_SWEEP_SECONDS,
      disableAfterFailures: e.WEBHOOK_DISABLE_AFTER_FAILURES,
      disableAfterHours: e.WEBHOOK_DISABLE_AFTER_HOURS,
      concurrency: e.WEBHOOK_CONCURRENCY,
      accountConcurrency: e.WEBHOOK_ACCOUNT_CONCURRENCY,
      testSendsPerMinute: e.WEBHOOK_TEST_SENDS_PER_MINUTE,
    },
    paymentDeadlineSweepSeconds: e.PAYMENT_DEADLINE_SWEEP_SECONDS,
    checkoutConcurrency: e.CHECKOUT_CONCURRENCY,
    checkoutPoolShare: e.CHECKOUT_POOL_SHARE,
    webDistDir,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT ?? null,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          credentials: e.S3_ACCESS_KEY_ID
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! }
            : null,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, '') ?? null,
        }
      : null,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          mode: e.STRIPE_MODE,
          platformFeePercent: e.STRIPE_PLATFORM_FEE_PERCENT,
          apiUrl: e.STRIPE_API_URL ?? null,
        }
      : null,
    mollie:
      e.MOLLIE_CLIENT_ID || e.MOLLIE_API_KEY
        ? {
            mode: e.MOLLIE_CLIENT_ID ? 'CONNECT' : 'SINGLE',
            clientId: e.MOLLIE_CLIENT_ID ?? null,
            clientSecret: e.MOLLIE_CLIENT_SECRET ?? null,
            apiKey: e.MOLLIE_API_KEY ?? null,
            platformFeePercent: e.MOLLIE_PLATFORM_FEE_PERCENT,
            testmode: e.MOLLIE_TESTMODE,
            apiUrl: e.MOLLIE_API_URL.endsWith('/') ? e.MOLLIE_API_URL : `${e.MOLLIE_API_URL}/`,
            authorizeUrl: e.MOLLIE_AUTHORIZE_URL,
            tokenUrl: e.MOLLIE_TOKEN_URL,
          }
        : null,
    wallet: walletConfig(e),
  };
}

/** A PEM (or JSON) setting: the text itself, or the path of a file holding it. */
function textOrFile(name: string, v: string): string {
  if (v.trimStart().startsWith('-----BEGIN') || v.trimStart().startsWith('{')) return v;
  try {
    return readFileSync(v, 'utf8');
  } catch {
    throw new ConfigError(`Invalid configuration:\n  ${name}: neither PEM/JSON text nor a readable file (${v})`);
  }
}

function walletConfig(e: z.infer<typeof envSchema>): AppConfig['wallet'] {
  const appleKeys = [
    e.APPLE_WALLET_PASS_TYPE_ID,
    e.APPLE_WALLET_TEAM_ID,
    e.APPLE_WALLET_CERT,
    e.APPLE_WALLET_KEY,
    e.APPLE_WALLET_WWDR_CERT,
  ];
  if (appleKeys.some(Boolean) && !appleKeys.every(Boolean))
    throw new ConfigError(
      'Invalid configuration:\n  APPLE_WALLET_*: set APPLE_WALLET_PASS_TYPE_ID, APPLE_WALLET_TEAM_ID, APPLE_WALLET_CERT, APPLE_WALLET_KEY and APPLE_WALLET_WWDR_CERT together (or none)',
    );
  if (Boolean(e.GOOGLE_WALLET_ISSUER_ID) !== Boolean(e.GOOGLE_WALLET_SERVICE_ACCOUNT))
    throw new ConfigError(
      'Invalid configuration:\n  GOOGLE_WALLET_*: set GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT together (or none)',
    );
  let google: GoogleWalletConfig | null = null;
  if (e.GOOGLE_WALLET_ISSUER_ID && e.GOOGLE_WALLET_SERVICE_ACCOUNT) {
    const text = textOrFile('GOOGLE_WALLET_SERVICE_ACCOUNT', e.GOOGLE_WALLET_SERVICE_ACCOUNT);
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Answered below as not a service account key.
    }
    const account = serviceAccountSchema.safeParse(json);
    if (!account.success)
      throw new ConfigError(
        'Invalid configuration:\n  GOOGLE_WALLET_SERVICE_ACCOUNT: not a service account key (client_email, private_key)',
      );
    privateKeyOf('GOOGLE_WALLET_SERVICE_ACCOUNT', account.data.private_key, null);
    google = {
      issuerId: e.GOOGLE_WALLET_ISSUER_ID,
      clientEmail: account.data.client_email,
      privateKey: account.data.private_key,
      tokenUrl: account.data.token_uri,
      apiUrl: e.GOOGLE_WALLET_API_URL.endsWith('/') ? e.GOOGLE_WALLET_API_URL : `${e.GOOGLE_WALLET_API_URL}/`,
    };
  }
  let apple: AppConfig['wallet']['apple'] = null;
  if (e.APPLE_WALLET_PASS_TYPE_ID && e.APPLE_WALLET_TEAM_ID) {
    const cert = textOrFile('APPLE_WALLET_CERT', e.APPLE_WALLET_CERT!);
    const key = textOrFile('APPLE_WALLET_KEY', e.APPLE_WALLET_KEY!);
    const wwdr = textOrFile('APPLE_WALLET_WWDR_CERT', e.APPLE_WALLET_WWDR_CERT!);
    const keyPassphrase = e.APPLE_WALLET_KEY_PASSPHRASE ?? null;
    // Checked now, so a wrong file stops the start with its name instead of failing the first buyer's pass.
    const signer = certificateOf('APPLE_WALLET_CERT', cert);
    certificateOf('APPLE_WALLET_WWDR_CERT', wwdr);
    if (!signer.checkPrivateKey(privateKeyOf('APPLE_WALLET_KEY', key, keyPassphrase)))
      throw new ConfigError('Invalid configuration:\n  APPLE_WALLET_KEY: not the private key of APPLE_WALLET_CERT');
    apple = {
      passTypeId: e.APPLE_WALLET_PASS_TYPE_ID,
      teamId: e.APPLE_WALLET_TEAM_ID,
      cert,
      key,
      keyPassphrase,
      wwdr,
      apnsUrl: e.APPLE_WALLET_APNS_URL.replace(/\/$/, ''),
    };
  }
  return { apple, google };
}

/** A PEM certificate, or a ConfigError naming the setting. */
function certificateOf(name: string, pem: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch {
    throw new ConfigError(`Invalid configuration:\n  ${name}: not a PEM certificate`);
  }
}

/** A PEM private key (opened with its passphrase), or a ConfigError naming the setting. */
function privateKeyOf(name: string, pem: string, passphrase: string | null): KeyObject {
  try {
    return createPrivateKey({ key: pem, ...(passphrase !== null ? { passphrase } : {}) });
  } catch {
    throw new ConfigError(
      `Invalid configuration:\n  ${name}: not a PEM private key${passphrase === null ? ' (or it needs its passphrase)' : ' that this passphrase opens'}`,
    );
  }
}

const serviceAccountSchema = z.object({
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
});

/** For process entries: the configuration, or a readable message and exit code 1. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
