import {
  checkoutRecoveryParams,
  checkoutRecoveryResponse,
  unsubscribeParams,
  unsubscribeResponse,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { checkoutRecovery } from './checkout-recovery.js';
import { unsubscribe, unsubscribeState } from './mail-contacts.js';

const tags = ['automations'];

/** The buyer's side of automatic mail: a left checkout's choices, and one-click unsubscribe (RFC 8058). */
export const publicAutomationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const limited = {
    rateLimit: { max: deps.config.checkoutRateLimitMax, timeWindow: 60_000, hook: 'preHandler' as const },
  };
  // A mail app's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form (RFC 8058): it carries nothing
  // the route needs, the token in the address says it all.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, undefined),
  );

  app.get(
    '/events/:eventId/recoveries/:token',
    {
      schema: {
        tags,
        summary: "The choices of a checkout the buyer left, by its mail's link, to make again (nothing is held)",
        params: checkoutRecoveryParams,
        response: { 200: checkoutRecoveryResponse },
      },
      config: limited,
    },
    async (req) => ({ data: await checkoutRecovery(db, req.params.eventId, req.params.token) }),
  );

  app.get(
    '/unsubscribe/:token',
    {
      schema: {
        tags,
        summary: 'Whose marketing-type mail an unsubscribe link stops, and whether it already did',
        params: unsubscribeParams,
        response: { 200: unsubscribeResponse },
      },
      config: limited,
    },
    async (req) => ({ data: await unsubscribeState(db, req.params.token) }),
  );

  app.post(
    '/unsubscribe/:token',
    {
      schema: {
        tags,
        summary:
          "Unsubscribe from an organizer's marketing-type mail (abandoned checkouts, follow-ups); the one-click address of List-Unsubscribe",
        params: unsubscribeParams,
        response: { 200: unsubscribeResponse },
      },
      config: limited,
    },
    async (req) => ({ data: await unsubscribe(db, req.params.token, deps.clock.now()) }),
  );
};
