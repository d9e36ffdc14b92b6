import type { Logger } from 'pino';
import type Stripe from 'stripe';

import type { AppConfig } from './config.js';
import type { Startup } from './db/availability.js';
import type { Database } from './db/client.js';
import type { JobRunner } from './jobs/queue.js';
import type { MailTransport } from './mail/transport.js';
import type { Admission } from './modules/inventory/admission.js';
import type { StockDeps } from './modules/inventory/order-units.js';
import type { MollieFor } from './modules/payments/mollie-client.js';
import type { EventExtras } from './modules/public-events/public-event.js';
import type { PublicEventCache } from './modules/public-events/public-event-cache.js';
import type { Clock } from './shared/clock.js';
import type { FileStorage } from './storage/storage.js';

/**
 * Everything the modules need from outside; tests swap the clock, the mail transport or the database.
 * buildApp (app.ts) makes it; route modules take it as their plugin option (modules/routes.ts). It lives
 * in a file of its own so that modules never import app.ts (which imports them).
 */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  clock: Clock;
  mail: MailTransport;
  jobs: JobRunner;
  storage: FileStorage;
  log: Logger;
  /** What every change of stock needs (the clock, and the guard the concurrency suite's control run swaps). */
  stock: StockDeps;
  /** The Stripe SDK, or null when card payments are not configured. */
  stripe: Stripe | null;
  /** The Mollie SDK for an account (its connected organization, or the platform's key), or null without Mollie. */
  mollieFor: MollieFor | null;
  /** Public event answers' parts, kept in memory (invalidated after writes; see public-event-cache.ts). */
  publicEvents: PublicEventCache<EventExtras>;
  /** The buyers' checkout transactions' share of the database pool (inventory/admission.ts `checkoutShare`). */
  checkoutShare: Admission;
  /** The database part of the start (migrations, job queue): `ready` once done (see db/availability.ts). */
  startup: Startup;
}
