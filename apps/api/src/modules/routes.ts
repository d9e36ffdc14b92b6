import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../deps.js';
import { accountRoutes } from './accounts/accounts.routes.js';
import { affiliateRoutes } from './affiliates/affiliates.routes.js';
import { apiKeyRoutes } from './api-keys/api-keys.routes.js';
import { attendeeRoutes } from './attendees/attendees.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { passkeyRoutes } from './auth/passkey.routes.js';
import { securityRoutes } from './auth/security.routes.js';
import { ssoRoutes } from './auth/sso.routes.js';
import { accountAutomationRoutes, automationRoutes } from './automations/automations.routes.js';
import { publicAutomationRoutes } from './automations/public-automation.routes.js';
import { boxOfficeRoutes } from './box-office/box-office.routes.js';
import { capacityRoutes } from './capacity/capacity.routes.js';
import { checkInRoutes } from './check-in/check-in.routes.js';
import { checkInHistoryRoutes } from './check-in/check-in-history.routes.js';
import { checkInListRoutes } from './check-in/check-in-lists.routes.js';
import { staffLinkRoutes } from './check-in/staff-link.routes.js';
import { publicOrderRoutes } from './checkout/checkout.routes.js';
import { eventDateRoutes } from './event-dates/event-dates.routes.js';
import { ticketDateRoutes } from './event-dates/ticket-dates.routes.js';
import { eventRoutes } from './events/events.routes.js';
import { exportRoutes } from './exports/exports.routes.js';
import { imageRoutes } from './images/images.routes.js';
import { invoiceRoutes, publicInvoiceRoutes } from './invoices/invoices.routes.js';
import { messageRoutes } from './messages/messages.routes.js';
import { orderLookupRoutes } from './order-lookup/order-lookup.routes.js';
import { orderRoutes } from './orders/orders.routes.js';
import { organizerRoutes } from './organizers/organizers.routes.js';
import { paymentConnectionRoutes } from './payments/payment-connection.routes.js';
import { paymentRoutes } from './payments/payments.routes.js';
import { healthRoutes } from './platform/health.routes.js';
import { productCategoryRoutes } from './product-categories/product-categories.routes.js';
import { promoCodeRoutes } from './promo-codes/promo-codes.routes.js';
import { publicEventRoutes } from './public-events/public-events.routes.js';
import { questionRoutes } from './questions/questions.routes.js';
import { reportRoutes } from './reports/reports.routes.js';
import { eventSeatingRoutes } from './seating/event-seating.routes.js';
import { publicSeatingRoutes } from './seating/public-seating.routes.js';
import { seatingRoutes } from './seating/seating.routes.js';
import { selfServiceRoutes } from './self-service/self-service.routes.js';
import { taxRoutes } from './taxes/taxes.routes.js';
import { ticketRoutes } from './tickets/tickets.routes.js';
import { teamRoutes } from './users/team.routes.js';
import { userRoutes } from './users/users.routes.js';
import { publicWaitlistRoutes } from './waitlist/waitlist.routes.js';
import { waitlistAdminRoutes } from './waitlist/waitlist-admin.routes.js';
import { walletRoutes } from './wallet/wallet.routes.js';
import { webhookRoutes } from './webhooks/webhooks.routes.js';

/** A module's routes: a fastify plugin taking the app's dependencies. */
export type RoutePlugin = FastifyPluginAsyncZod<{ deps: AppDeps }>;

/** Where a route plugin is mounted: every path it declares is under `prefix`. */
export interface RouteModule {
  prefix: '/api' | '/api/public';
  plugin: RoutePlugin;
}

/**
 * Every JSON route of the API, in the order buildApp (app.ts) registers them, each as its own
 * encapsulated plugin with `{ deps }`. A new module adds its line here; app.ts does not change.
 * `/api/public/*` is the buyer's side (no sign-in); each route states its own guard
 * (`app.authenticate`, `app.requirePermission`) or none.
 */
export const routeModules: readonly RouteModule[] = [
  { prefix: '/api', plugin: healthRoutes },
  { prefix: '/api', plugin: authRoutes },
  { prefix: '/api', plugin: userRoutes },
  { prefix: '/api', plugin: securityRoutes },
  { prefix: '/api', plugin: passkeyRoutes },
  { prefix: '/api', plugin: ssoRoutes },
  { prefix: '/api', plugin: auditRoutes },
  { prefix: '/api', plugin: teamRoutes },
  { prefix: '/api', plugin: accountRoutes },
  { prefix: '/api', plugin: taxRoutes },
  { prefix: '/api', plugin: organizerRoutes },
  { prefix: '/api', plugin: seatingRoutes },
  { prefix: '/api', plugin: eventSeatingRoutes },
  { prefix: '/api', plugin: eventRoutes },
  { prefix: '/api', plugin: imageRoutes },
  { prefix: '/api', plugin: ticketRoutes },
  { prefix: '/api', plugin: productCategoryRoutes },
  { prefix: '/api', plugin: capacityRoutes },
  { prefix: '/api', plugin: eventDateRoutes },
  { prefix: '/api', plugin: ticketDateRoutes },
  { prefix: '/api', plugin: promoCodeRoutes },
  { prefix: '/api', plugin: affiliateRoutes },
  { prefix: '/api', plugin: questionRoutes },
  { prefix: '/api', plugin: orderRoutes },
  { prefix: '/api', plugin: attendeeRoutes },
  { prefix: '/api', plugin: boxOfficeRoutes },
  { prefix: '/api', plugin: messageRoutes },
  { prefix: '/api', plugin: automationRoutes },
  { prefix: '/api', plugin: accountAutomationRoutes },
  { prefix: '/api', plugin: exportRoutes },
  { prefix: '/api', plugin: reportRoutes },
  { prefix: '/api', plugin: checkInRoutes },
  { prefix: '/api', plugin: checkInListRoutes },
  { prefix: '/api', plugin: checkInHistoryRoutes },
  { prefix: '/api', plugin: paymentConnectionRoutes },
  { prefix: '/api', plugin: waitlistAdminRoutes },
  { prefix: '/api', plugin: apiKeyRoutes },
  { prefix: '/api', plugin: webhookRoutes },
  { prefix: '/api/public', plugin: publicEventRoutes },
  { prefix: '/api/public', plugin: publicOrderRoutes },
  { prefix: '/api/public', plugin: paymentRoutes },
  { prefix: '/api/public', plugin: staffLinkRoutes },
  { prefix: '/api/public', plugin: orderLookupRoutes },
  { prefix: '/api/public', plugin: selfServiceRoutes },
  { prefix: '/api/public', plugin: publicWaitlistRoutes },
  { prefix: '/api/public', plugin: walletRoutes },
  { prefix: '/api', plugin: invoiceRoutes },
  { prefix: '/api/public', plugin: publicInvoiceRoutes },
  { prefix: '/api/public', plugin: publicSeatingRoutes },
  { prefix: '/api/public', plugin: publicAutomationRoutes },
];
