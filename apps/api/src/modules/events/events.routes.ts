import {
  contentTranslationBody,
  createEventBody,
  duplicateEventBody,
  EVENT_SORTS,
  eventListQuery,
  eventListResponse,
  eventParams,
  eventPreviewResponse,
  eventResponse,
  eventStatsQuery,
  eventStatsResponse,
  eventStatusBody,
  eventTranslationsResponse,
  idParams,
  isLocale,
  paymentOptionsResponse,
  paymentReadinessResponse,
  publicEventQuery,
  translationParams,
  updateEventBody,
  updateEventSettingsBody,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { type AuthContext, authOf, worksOrganizer } from '../../plugins/auth.js';
import { requestLocale } from '../../plugins/locale.js';
import { DomainError } from '../../shared/errors.js';
import { paginated } from '../../shared/pagination.js';
import { actorOf } from '../audit/audit.js';
import { checkDateFilter } from '../event-dates/order-dates.js';
import { paymentOptionsFor } from '../payments/payment-options.js';
import { previewEventFor } from '../public-events/public-event.js';
import { createEvent } from './create-event.js';
import { duplicateEvent } from './duplicate-event.js';
import { eventStats } from './event-stats.js';
import { changeEventStatus, deleteEvent } from './event-status.js';
import { eventTranslations, saveEventTranslation } from './event-translations.js';
import { eventView, eventViews } from './event-view.js';
import { requireEvent } from './events.repository.js';
import { listEvents } from './events.repository.js';
import { paymentReadiness } from './payment-readiness.js';
import { updateEvent } from './update-event.js';
import { updateEventSettings } from './update-event-settings.js';

const tags = ['events'];
const security = [{ bearer: [] }];

/** Events of the caller's account. Organizers and admins alike may do all of this. */
export const eventRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const { clock, storage } = deps;
  const d = { db, clock, storage, stripe: deps.config.stripe, mollie: deps.config.mollie };
  app.addHook('preValidation', app.requirePermission('events.manage'));

  app.get(
    '/events/:eventId/translations',
    {
      schema: {
        tags,
        security,
        summary:
          "The event's texts (title, description, checkout messages, ticket names, questions) as written and in each language",
        params: eventParams,
        response: { 200: eventTranslationsResponse },
      },
    },
    async (req) => ({
      data: await eventTranslations(db, authOf(req).accountId, req.params.eventId),
    }),
  );

  app.put(
    '/events/:eventId/translations/:locale',
    {
      schema: {
        tags,
        security,
        summary: 'Every text of the event in one language (blank: buyers see it as written); HTML sanitised',
        params: translationParams,
        body: contentTranslationBody,
        response: { 200: eventTranslationsResponse },
      },
    },
    async (req) => ({
      data: await saveEventTranslation(db, authOf(req).accountId, req.params.eventId, req.params.locale, req.body),
    }),
  );

  app.post(
    '/events',
    {
      schema: {
        tags,
        security,
        summary: 'Create an event (a draft); start and end are wall-clock times in `timezone`',
        body: createEventBody,
        response: { 201: eventResponse },
      },
    },
    async (req, reply) => {
      outsideScopeIsUnknown(authOf(req), req.body.organizer_id);
      const event = await createEvent({ db, clock }, authOf(req).accountId, req.body);
      return reply.status(201).send({ data: event });
    },
  );

  app.get(
    '/events',
    {
      schema: {
        tags,
        security,
        summary: 'List events (archived ones only with filter_fields[status]=ARCHIVED)',
        querystring: eventListQuery,
        response: { 200: eventListResponse },
      },
    },
    async (req) => {
      const now = clock.now();
      const { rows, total } = await listEvents(db, authOf(req).accountId, req.query, now, authOf(req).eventIds);
      return paginated(await eventViews(db, storage, authOf(req).accountId, rows, now), total, req.query, {
        sorts: EVENT_SORTS,
        filters: ['status', 'lifecycle', 'organizer_id'],
      });
    },
  );

  app.get(
    '/events/:id',
    { schema: { tags, security, summary: 'One event', params: idParams, response: { 200: eventResponse } } },
    async (req) => ({
      data: await eventView(db, storage, authOf(req).accountId, req.params.id, clock.now()),
    }),
  );

  app.put(
    '/events/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change an event (any subset of fields)',
        params: idParams,
        body: updateEventBody,
        response: { 200: eventResponse },
      },
    },
    async (req) => {
      outsideScopeIsUnknown(authOf(req), req.body.organizer_id);
      await updateEvent(d, authOf(req).accountId, req.params.id, req.body);
      return { data: await eventView(db, storage, authOf(req).accountId, req.params.id, clock.now()) };
    },
  );

  app.put(
    '/events/:id/settings',
    {
      schema: {
        tags,
        security,
        summary: 'Change settings: e-mail, SEO, checkout messages, display, colours (any subset)',
        params: idParams,
        body: updateEventSettingsBody,
        response: { 200: eventResponse },
      },
    },
    async (req) => {
      await updateEventSettings(d, authOf(req).accountId, req.params.id, req.body, actorOf(authOf(req)));
      return { data: await eventView(db, storage, authOf(req).accountId, req.params.id, clock.now()) };
    },
  );

  app.get(
    '/events/:id/stats',
    {
      schema: {
        tags,
        security,
        summary:
          'Sales, refunds, tickets, page views, check-ins and a daily series (7, 14, 30 or 90 days) for the dashboard',
        params: idParams,
        querystring: eventStatsQuery,
        response: { 200: eventStatsResponse },
      },
    },
    async (req) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.id);
      await checkDateFilter(db, event.id, req.query.event_date_id, 'event_date_id');
      return { data: await eventStats(db, event, deps.clock.now(), req.query.days, req.query.event_date_id) };
    },
  );

  app.put(
    '/events/:id/status',
    {
      schema: {
        tags,
        security,
        summary: 'Go live (needs a confirmed e-mail), back to draft, or archive',
        params: idParams,
        body: eventStatusBody,
        response: { 200: eventResponse },
      },
    },
    async (req) => {
      await changeEventStatus(d, authOf(req).accountId, req.params.id, req.body.status, actorOf(authOf(req)));
      return { data: await eventView(db, storage, authOf(req).accountId, req.params.id, clock.now()) };
    },
  );

  app.get(
    '/events/:id/preview',
    {
      schema: {
        tags,
        security,
        summary:
          'The event as visitors would see it, whatever its status: the organizer previews a draft on its public page',
        params: idParams,
        querystring: publicEventQuery,
        response: { 200: eventPreviewResponse },
      },
    },
    async (req) => {
      const preview = await previewEventFor(
        db,
        storage,
        authOf(req).accountId,
        req.params.id,
        req.query.promo_code ?? undefined,
        clock.now(),
        requestLocale(req),
        req.query.date,
      );
      if (!preview) throw new DomainError('NOT_FOUND');
      return { data: preview.event, meta: { status: preview.status } };
    },
  );

  app.get(
    '/events/:id/payment-readiness',
    {
      schema: {
        tags,
        security,
        summary:
          'Whether buyers can pay for the paid tickets (card, offline payments); going live is refused when they cannot',
        params: idParams,
        response: { 200: paymentReadinessResponse },
      },
    },
    async (req) => {
      return {
        data: await paymentReadiness(
          db,
          deps.config.stripe,
          await requireEvent(db, authOf(req).accountId, req.params.id),
          deps.config.mollie,
        ),
      };
    },
  );

  app.get(
    '/events/:id/payment-options',
    {
      schema: {
        tags,
        security,
        summary:
          "Every way buyers could pay online for the event's currency (Stripe's card form, the connected Mollie methods), to choose from in its settings",
        params: idParams,
        response: { 200: paymentOptionsResponse },
      },
    },
    async (req) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.id);
      const locale = authOf(req).user.locale;
      return {
        data: await paymentOptionsFor(
          { db, config: deps.config, mollieFor: deps.mollieFor, log: deps.log, now: () => clock.now() },
          {
            accountId: event.account_id,
            currency: event.currency,
            amount: 0,
            locale: isLocale(locale) ? locale : 'en',
            chosen: null,
          },
        ),
      };
    },
  );

  app.post(
    '/events/:id/duplicate',
    {
      schema: {
        tags,
        security,
        summary: 'Copy an event as a new draft',
        params: idParams,
        body: duplicateEventBody,
        response: { 201: eventResponse },
      },
    },
    async (req, reply) => {
      const copyId = await duplicateEvent(d, authOf(req).accountId, req.params.id, req.body);
      return reply.status(201).send({ data: await eventView(db, storage, authOf(req).accountId, copyId, clock.now()) });
    },
  );

  app.delete(
    '/events/:id',
    { schema: { tags, security, summary: 'Delete an event and its images', params: idParams } },
    async (req, reply) => {
      await deleteEvent(d, authOf(req).accountId, req.params.id);
      return reply.status(204).send();
    },
  );
};

/**
 * A member limited to some organizers names another of the account's organizers: refused exactly as an organizer of
 * another account (a field error on `organizer_id`), so the scope does not tell them which organizers exist.
 */
function outsideScopeIsUnknown(auth: AuthContext, organizerId: number | undefined) {
  if (organizerId !== undefined && !worksOrganizer(auth, organizerId))
    throw new DomainError('VALIDATION_FAILED', { fields: { organizer_id: [{ key: 'not_found_choice' }] } });
}
