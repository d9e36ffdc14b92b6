import {
  joinWaitlistBody,
  publicEventParams,
  publicWaitlistEntryResponse,
  waitlistEntryTokenParams,
  waitlistJoinedResponse,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { addressMailLimit } from '../../plugins/address-mail-limit.js';
import { requestLocale } from '../../plugins/locale.js';
import { publicEntry, withdrawEntry } from './entries.js';
import { joinWaitlist } from './join.js';
import { offerFreedUnits } from './offers.js';

const tags = ['waitlist'];

/**
 * The waitlist from the buyer's side (no sign-in): join a sold-out ticket's list from the event page,
 * and, with the link of the confirmation or offer mail, see one's place or offer and leave.
 */
export const publicWaitlistRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const perAddressMail = addressMailLimit(app, deps.config.addressMailsPerHour);
  const offerDeps = () => ({ db, stock: deps.stock, appUrl: deps.config.appUrl });

  app.post(
    '/events/:eventId/waitlist',
    {
      schema: {
        tags,
        summary:
          "Join a sold-out ticket's waitlist (WAITLIST_CLOSED when it has none or can be bought now); the same answer when the address is already waiting",
        params: publicEventParams,
        body: joinWaitlistBody,
        response: { 201: waitlistJoinedResponse },
      },
      // Per client address, as many as reservations (CHECKOUT_RATE_LIMIT_MAX a minute); per address, the mail budget.
      config: { rateLimit: { max: deps.config.checkoutRateLimitMax, timeWindow: 60_000, hook: 'preHandler' as const } },
      preHandler: perAddressMail,
    },
    async (req, reply) => {
      const events = { db, storage: deps.storage, cache: deps.publicEvents };
      const mails = await joinWaitlist(
        { db, events, now: deps.clock.now(), appUrl: deps.config.appUrl },
        req.params.eventId,
        req.body,
        requestLocale(req),
      );
      if (mails.length) await deps.jobs.deliverOutbox(mails);
      return reply.status(201).send({ data: { joined: true } });
    },
  );

  app.get(
    '/events/:eventId/waitlist/:token',
    {
      schema: {
        tags,
        summary: 'A waitlist entry as the link in its mails shows it: place in line, or the offer and its checkout',
        params: waitlistEntryTokenParams,
        response: { 200: publicWaitlistEntryResponse },
      },
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (req) => ({ data: await publicEntry(db, req.params.eventId, req.params.token, deps.clock.now()) }),
  );

  app.post(
    '/events/:eventId/waitlist/:token/leave',
    {
      schema: {
        tags,
        summary: 'Leave the waitlist (an open offer is given up: its tickets go to the next in line)',
        params: waitlistEntryTokenParams,
        response: { 200: publicWaitlistEntryResponse },
      },
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    },
    async (req) => {
      const released = await withdrawEntry(db, deps.stock, req.params.eventId, { token: req.params.token }, 'LEFT');
      if (released) {
        const mails = await offerFreedUnits(offerDeps(), req.params.eventId);
        if (mails.length) await deps.jobs.deliverOutbox(mails);
      }
      return { data: await publicEntry(db, req.params.eventId, req.params.token, deps.clock.now()) };
    },
  );
};
