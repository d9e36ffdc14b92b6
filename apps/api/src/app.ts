import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';

import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino, { type DestinationStream } from 'pino';
import qs from 'qs';

import type { AppConfig } from './config.js';
import { startWhenReachable } from './db/availability.js';
import { openDatabase } from './db/client.js';
import type { AppDeps } from './deps.js';
import { loadCatalogs } from './i18n/i18n.js';
import { type JobRunner, startJobs, webhookJobOptions } from './jobs/queue.js';
import { createMailTransport, type MailTransport } from './mail/transport.js';
import { checkoutShare } from './modules/inventory/admission.js';
import { guardedStock, type StockGuard } from './modules/inventory/counters.js';
import { mollieAccess } from './modules/payments/mollie-client.js';
import { createStripe } from './modules/payments/stripe-client.js';
import { untilStarted } from './modules/platform/health.routes.js';
import { invalidatePublicEvents } from './modules/public-events/invalidate.js';
import { shareInvalidations } from './modules/public-events/invalidation-bus.js';
import { PublicEventCache, publicEventCache } from './modules/public-events/public-event-cache.js';
import { pageFallback } from './modules/public-pages/page-fallback.js';
import { registerPublicPages } from './modules/public-pages/public-pages.js';
import { registerSiteFiles } from './modules/public-pages/site-files.js';
import { routeModules } from './modules/routes.js';
import { offerWallets } from './modules/wallet/wallet-offer.js';
import authPlugin from './plugins/auth.js';
import { registerContentEncodingGuard } from './plugins/content-encoding.js';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  frameworkErrors,
  registerErrorHandler,
  sendError,
} from './plugins/error-handler.js';
import { allowedMethods, registerHttpConventions, requestIdOf, withAllow } from './plugins/http-conventions.js';
import { registerJsonDepthLimit } from './plugins/json-depth.js';
import { registerKeyIdempotency } from './plugins/key-idempotency.js';
import { logRedaction } from './plugins/log-redaction.js';
import { registerNulGuard } from './plugins/nul-guard.js';
import { registerOpenApi } from './plugins/openapi.js';
import { rateLimitStoreKind, sharedRateLimits } from './plugins/rate-limit-store.js';
import { registerStoredFiles } from './plugins/stored-files.js';
import { registerStrictInput } from './plugins/strict-input.js';
import { type Clock, systemClock } from './shared/clock.js';
import { DomainError } from './shared/errors.js';
import { stopInStages } from './shared/shutdown.js';
import { s3Storage } from './storage/s3-storage.js';
import { type FileStorage, isPrivateKey, localStorage } from './storage/storage.js';

/**
 * Headers helmet sets on every answer that mean something only for a document (a page or a worker
 * script): what it may load, frame or open, and how the browser treats it as a page. `nosniff` and the
 * cross-origin resource policy stay on every file.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
export interface BuildOptions {
  clock?: Clock;
  mail?: MailTransport;
  storage?: FileStorage;
  /** The counters' guard (only the concurrency suite's control run swaps it). */
  stockGuard?: StockGuard;
  /** Run job workers in this process (defaults to the config). */
  work?: boolean;
  /**
   * Return before the database is reachable (server.ts: it listens at once, answers 503 until ready,
   * and migrates and starts jobs by itself when the database answers). By default buildApp waits for that.
   */
  databaseInBackground?: boolean;
  /** Where the log goes (tests read it); standard output by default. */
  logStream?: DestinationStream;
}

export type App = FastifyInstance & { deps: AppDeps };

/** Builds the whole server: infrastructure, then shared plugins, then the modules. Used by tests too. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  // Addresses are logged with their secrets (links' tokens, promo codes) redacted (plugins/log-redaction.ts).
  const redaction = logRedaction();
  const logOptions = { level: config.logLevel, serializers: { req: redaction.serializeRequest } };
  const log = options.logStream ? pino(logOptions, options.logStream) : pino(logOptions);
  await loadCatalogs();
  offerWallets({ apple: !!config.wallet.apple, google: !!config.wallet.google });
  const database = openDatabase(config.databaseUrl, {
    lockTimeoutMs: config.lockTimeoutMs,
    directUrl: config.databaseDirectUrl,
  });
  const clock = options.clock ?? systemClock;
  const mail = options.mail ?? createMailTransport(config, log);
  const uploadsDir = path.join(config.dataDir, 'uploads');
  await mkdir(uploadsDir, { recursive: true });
  const storage = options.storage ?? (config.s3 ? await s3Storage(config.s3) : localStorage(uploadsDir));
  const stock = { clock, guard: options.stockGuard ?? guardedStock };
  const stripe = createStripe(config.stripe);
  const mollieFor = config.mollie ? mollieAccess(database.db, config.mollie, () => clock.now()) : null;
  // What needs the database runs once it answers, retrying with backoff while it does not (one line each).
  let runner: JobRunner | null = null;
  const startup = startWhenReachable({
    target: database.target,
    log,
    start: async () => {
      await database.migrate();
      runner = await startJobs(
        database,
        {
          db: database.db,
          clock,
          transport: mail,
          log,
          staleClaimMs: config.outboxStaleClaimSeconds * 1000,
          retryForMs: config.mailRetryHours * 3_600_000,
          storage,
        },
        {
          work: options.work ?? config.jobsInProcess,
          log,
          holdSweepSeconds: config.holdSweepSeconds,
          mailConcurrency: config.mailConcurrency,
          renderThreads: config.mailRenderThreads,
          yieldToBusyMachine: config.mailYieldToBusyCpu,
          files: storage,
          deadlines: { appUrl: config.appUrl, storage, stock, stripe, mollieFor },
          deadlineSweepSeconds: config.paymentDeadlineSweepSeconds,
          mailBudgetPerHour: config.mailBudgetPerHour,
          webhooks: webhookJobOptions(config),
          wallet: { storage, appUrl: config.appUrl, wallet: config.wallet },
        },
      );
    },
  });
  if (!options.databaseInBackground) await startup.done;
  const jobs = laterJobs(() => runner);
  const deps: AppDeps = {
    config,
    database,
    clock,
    mail,
    jobs,
    storage,
    log,
    stock,
    stripe,
    mollieFor,
    checkoutShare: checkoutShare(config.checkoutPoolShare, config.lockTimeoutMs),
    publicEvents: publicEventCache(config.publicEventCacheSeconds, clock),
    startup,
  };
  // Other web processes on the same PostgreSQL database hear of this one's cache invalidations, and it of theirs.
  const cacheBus = await shareInvalidations(
    deps.publicEvents as PublicEventCache<unknown>,
    database.directUrl ?? config.databaseUrl,
    database.kind,
    log,
  );

  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    // The client's X-Request-Id when sane, else a UUID: in every log line and on every answer.
    genReqId: requestIdOf,
    // Whose X-Forwarded-For to believe (TRUST_PROXY): by default nobody's, so a client cannot pick its address.
    // (a boolean, a hop count or addresses: the cast only picks one of fastify's overloads).
    trustProxy: config.trustProxy as string[],
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    routerOptions: {
      ignoreTrailingSlash: true,
      querystringParser: (s: string) => qs.parse(s, { depth: 2, arrayLimit: 50 }),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRoute', redaction.onRoute);
  // Unknown body fields and query parameters answer 422 naming them (plugins/strict-input.ts).
  registerStrictInput(app);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // Stripe.js and its Payment Element (card payments) load from Stripe's own hosts.
        'script-src': ["'self'", "'wasm-unsafe-eval'", 'https://js.stripe.com'],
        'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        'connect-src': ["'self'", 'https://api.stripe.com'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The IETF draft's RateLimit-Limit/-Remaining/-Reset headers, and Retry-After when refused.
  // Counted where every process and host sees the same counts (plugins/rate-limit-store.ts).
  const rateLimits = sharedRateLimits(
    rateLimitStoreKind(config.rateLimitStore, config.redisUrl, database.kind),
    database,
    config.redisUrl,
    log,
  );
  await app.register(rateLimit, { global: false, enableDraftSpec: true, ...rateLimits.options });
  await app.register(multipart);
  // Before compression (hooks run in the order added): it keeps the answer as the route gave it.
  registerKeyIdempotency(app, database);
  // Answers of the routes registered below, compressed when the client accepts it: brotli, else gzip
  // (with `Vary: Accept-Encoding`). Brotli quality 5: a 40 KiB page in ~2 ms (11 takes ~70 ms) at
  // ~7 % more bytes than 11. Under 1 KiB, or already carrying a content-encoding (pre-compressed
  // files, cached pages), an answer passes as it is. Request bodies are never inflated (see
  // registerContentEncodingGuard).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
    globalDecompression: false,
  });
  await registerOpenApi(app, { appUrl: config.appUrl });
  await app.register(authPlugin, { database, clock, apiKeyRateLimitMax: config.apiKeyRateLimitMax });
  registerErrorHandler(app);
  registerHttpConventions(app);
  registerNulGuard(app);
  registerJsonDepthLimit(app);
  registerContentEncodingGuard(app);
  app.addHook('onRequest', untilStarted(deps));
  // Before the answer leaves (the write has committed), so the client's next read sees the change.
  app.addHook('onSend', async (req, reply, payload) => {
    invalidatePublicEvents(deps.publicEvents as PublicEventCache<unknown>, req.method, req.url, reply.statusCode);
    // The other processes have heard of it before the client can ask one of them.
    await cacheBus.settled();
    return payload;
  });

  // The modules' JSON routes, each in its own encapsulated context, in the list's order (modules/routes.ts).
  for (const { prefix, plugin } of routeModules) await app.register(plugin, { deps, prefix });

  // robots.txt and the sitemap of the public event pages (with or without the web build).
  registerSiteFiles(app, deps);

  // Uploaded files: keys change with content, so they may be cached for a year. On local disk they are
  // served as static files; from a bucket (S3_*) they are read through the storage and streamed. Private
  // keys (buyers' answer files) are served by neither: 404, as for a file that is not there.
  if (config.s3 && !options.storage) registerStoredFiles(app, storage);
  else {
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      allowedPath: (pathName) => !isPrivateKey(pathName),
      setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
    });
  }
  let fallback: ReturnType<typeof pageFallback> = null;
  if (config.webDistDir) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // The build writes `x.br` and `x.gz` beside every text file (apps/web/vite.config.ts): sent as is,
      // with the original's type and the same caching. They are no addresses of their own.
      preCompressed: true,
      // robots.txt and sitemap.xml are the server's (registerSiteFiles), not files of the build.
      globIgnore: ['**/*.br', '**/*.gz', 'robots.txt', 'sitemap.xml'],
      setHeaders: (res, sent) => {
        const file = sent.replace(/\.(br|gz)$/, '');
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A hashed script, style, font or image is never a document: the headers that only govern
        // documents are left off (about 850 bytes on each of a first visit's dozens of files).
        if (hashed) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
        // The embed script is loaded by other sites.
        if (file.endsWith(`${path.sep}widget.js`)) res.header('cross-origin-resource-policy', 'cross-origin');
        // The house font is also loaded by Stripe's payment frame (another origin).
        if (/\.woff2?$/.test(file))
          res.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
      },
    });
    await registerPublicPages(app, deps, config.webDistDir);
    fallback = pageFallback(config.webDistDir);
  }
  app.setNotFoundHandler((request, reply) => {
    // A page the browser asked for: a screen of the organizer app (200), else its page with 404 and
    // noindex, its router showing the 404 screen (modules/public-pages/page-fallback.ts). Unknown API
    // routes, and other methods, answer the JSON 404.
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/api(?:[/?]|$)/.test(request.url);
    if (wantsPage && fallback) return fallback(request, reply);
    // A known address asked with another method: 405 with the methods it takes.
    const allowed = allowedMethods(app, request);
    if (allowed) return sendError(request, withAllow(reply, allowed), 'METHOD_NOT_ALLOWED', 405);
    return sendError(request, reply, 'ROUTE_NOT_FOUND', 404);
  });

  // Each stage bounded: one connection that never says goodbye must not keep the process from stopping.
  app.addHook('onClose', () =>
    stopInStages(log, [
      ['cache invalidation listener', () => cacheBus.close()],
      ['rate limits', () => rateLimits.close()],
      ['start-up', () => startup.stop()],
      ['job queue', () => jobs.stop()],
      ['mail transport', () => mail.close()],
      ['database pool', () => database.close()],
    ]),
  );

  return Object.assign(app, { deps }) as unknown as App;
}

/**
 * The job runner once the start has made one (requests wait for the start, so they always find it);
 * before that, a call answers 503 DATABASE_UNAVAILABLE and stopping does nothing.
 */
function laterJobs(current: () => JobRunner | null): JobRunner {
  return new Proxy({} as JobRunner, {
    get(_target, key) {
      if (key === 'then') return undefined;
      const runner = current();
      if (key === 'stop') return async () => runner?.stop();
      if (!runner)
        return async () =>
          Promise.reject(new DomainError('DATABASE_UNAVAILABLE', { retryAfter: DATABASE_RETRY_AFTER_SECONDS }));
      const value = (runner as unknown as Record<PropertyKey, unknown>)[key];
      return typeof value === 'function' ? value.bind(runner) : value;
    },
  });
}
