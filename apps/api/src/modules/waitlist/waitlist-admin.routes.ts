import {
  eventParams,
  waitlistEntryParams,
  waitlistEntryResponse,
  waitlistQuery,
  waitlistResponse,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { requireEvent } from '../events/events.repository.js';
import { eventWaitlist, organizerEntry, withdrawEntry } from './entries.js';
import { offerByOrganizer, offerFreedUnits } from './offers.js';

const tags = ['waitlist'];
const security = [{ bearer: [] }];

/** The organizer's waitlist of an event: the list with states and demand, offers by hand, removal. */
export const waitlistAdminRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));
  const offerDeps = () => ({ db, stock: deps.stock, appUrl: deps.config.appUrl });

  app.get(
    '/events/:eventId/waitlist',
    {
      schema: {
        tags,
        security,
        summary: "The event's waitlist: entries (by state and ticket), how many in each state, demand per ticket",
        params: eventParams,
        querystring: waitlistQuery,
        response: { 200: waitlistResponse },
      },
    },
    async (req) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const list = await eventWaitlist(db, event.id, deps.clock.now(), req.query);
      return { data: { offer_mode: event.waitlist_offer_mode, offer_hours: event.waitlist_offer_hours, ...list } };
    },
  );

  app.post(
    '/events/:eventId/waitlist/:entryId/offer',
    {
      schema: {
        tags,
        security,
        summary:
          'Offer tickets to a waiting entry now: its units are held for the offer time and it is mailed the checkout link (NO_TICKETS_AVAILABLE, WAITLIST_ENTRY_CHANGED)',
        params: waitlistEntryParams,
        response: { 200: waitlistEntryResponse },
      },
    },
    async (req) => {
      const { accountId } = authOf(req);
      await requireEvent(db, accountId, req.params.eventId);
      const mails = await offerByOrganizer(offerDeps(), accountId, req.params.eventId, req.params.entryId);
      await deps.jobs.deliverOutbox(mails);
      return { data: await organizerEntry(db, req.params.eventId, req.params.entryId, deps.clock.now()) };
    },
  );

  app.delete(
    '/events/:eventId/waitlist/:entryId',
    {
      schema: {
        tags,
        security,
        summary:
          'Remove an entry from the waitlist (an open offer is withdrawn and its tickets go to the next in line)',
        params: waitlistEntryParams,
      },
    },
    async (req, reply) => {
      const { accountId } = authOf(req);
      await requireEvent(db, accountId, req.params.eventId);
      const released = await withdrawEntry(
        db,
        deps.stock,
        req.params.eventId,
        { id: req.params.entryId, accountId },
        'REMOVED',
      );
      if (released) {
        const mails = await offerFreedUnits(offerDeps(), req.params.eventId);
        if (mails.length) await deps.jobs.deliverOutbox(mails);
      }
      return reply.status(204).send();
    },
  );
};
