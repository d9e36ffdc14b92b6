import {
  legalLinksSchema,
  oneOf,
  pageViewBody,
  publicAttendeeParams,
  publicDateMonthQuery,
  publicDateMonthResponse,
  publicDayDatesQuery,
  publicDayDatesResponse,
  publicEventParams,
  publicEventQuery,
  publicPromoCheckResponse,
  publicPromoParams,
  publicTicketPageResponse,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { requestLocale } from '../../plugins/locale.js';
import { promoGuessesOf } from '../../plugins/promo-guesses.js';
import { notFound } from '../../shared/errors.js';
import { findPublicEvent } from '../checkout/catalogue.js';
import { qrSvg } from '../order-documents/ticket-qr.js';
import { RenderedPages, sendRendered } from '../public-pages/rendered-pages.js';
import { countPageView } from './page-views.js';
import { dateMonth, datesOnDay } from './public-dates.js';
import { publicEventFor, toAppliedPromo, usablePromo } from './public-event.js';
import { publicTicketView, ticketCalendarFile } from './ticket-page.js';

const tags = ['public'];

/** What anyone may read (SPEC §7 Public): live events, promo code checks, tickets by their secret link. */
export const publicEventRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const liveEvent = async (id: number) => {
    const event = await findPublicEvent(db, id);
    if (!event) throw notFound();
    return event;
  };

  // The answer is kept serialised and compressed, like the event page, until the event's catalogue or stock
  // changes in this process (or for the stock counts' 2 s): read far more often than it changes.
  // No response schema: the answer goes out as the kept bytes (a string or its brotli/gzip Buffer), which
  // fastify never passes to a serializer; its shape is `publicEventResponse` (@admitone/shared), built by
  // `publicEventFor`.
  // Wrong promo codes count per client and per event (plugins/promo-guesses.ts).
  const guesses = promoGuessesOf(app, deps.config);
  const answers = new RenderedPages(() => deps.clock.now().getTime(), {
    freshMs: () => deps.publicEvents.stockMs,
    maxPages: 2000,
  });
  app.get(
    '/events/:eventId',
    {
      schema: {
        tags,
        summary: 'A live event with its visible tickets (draft, archived: 404)',
        params: publicEventParams,
        querystring: publicEventQuery,
      },
    },
    async (req, reply) => {
      const id = req.params.eventId;
      // Past the guess limits the event is answered without the code (as the page is).
      const promo = await guesses.codeFor(req, id, req.query.promo_code, (code) =>
        usablePromo(db, id, code, deps.clock.now()),
      );
      // The organizer's texts come in the visitor's language (cookie, else Accept-Language), one answer each.
      const locale = requestLocale(req);
      const date = req.query.date;
      const answer = await answers.page(
        `${id}|${locale}|${promo ?? ''}|${date ?? ''}`,
        deps.publicEvents.stockVersionOf(id),
        async () => {
          const data = await publicEventFor(
            { db, storage: deps.storage, cache: deps.publicEvents },
            id,
            promo,
            deps.clock.now(),
            locale,
            date,
          );
          const body = data ? JSON.stringify({ data }) : '';
          return { status: data ? 200 : 404, content: body, render: () => body };
        },
      );
      if (answer.status !== 200) throw notFound();
      return sendRendered(req, reply, answer, 'application/json; charset=utf-8');
    },
  );

  app.get(
    '/events/:eventId/dates/calendar',
    {
      schema: {
        tags,
        summary: "A month of a live event's calendar: the days with dates ahead and their state (no month: the first)",
        params: publicEventParams,
        querystring: publicDateMonthQuery,
        response: { 200: publicDateMonthResponse },
      },
    },
    async (req) => {
      const event = await liveEvent(req.params.eventId);
      const now = deps.clock.now();
      // From the dates kept for the event's pages (as fresh as their stock counts).
      const dates = await deps.publicEvents.datesOf(db, event.id, now);
      return { data: dateMonth(dates, event.timezone, req.query.month, now) };
    },
  );

  app.get(
    '/events/:eventId/dates',
    {
      schema: {
        tags,
        summary: 'The dates of a live event that start on a day (its time slots), in order',
        params: publicEventParams,
        querystring: publicDayDatesQuery,
        response: { 200: publicDayDatesResponse },
      },
    },
    async (req) => {
      const event = await liveEvent(req.params.eventId);
      const now = deps.clock.now();
      const dates = await deps.publicEvents.datesOf(db, event.id, now);
      return { data: datesOnDay(dates, event.timezone, req.query.day, now, event.show_remaining_tickets) };
    },
  );

  app.get(
    '/events/:eventId/promo-codes/:code',
    {
      schema: {
        tags,
        summary:
          'Whether a promo code can be used now (wrong codes are limited per client and per event: 429 RATE_LIMITED past it, for any code)',
        params: publicPromoParams,
        response: { 200: publicPromoCheckResponse },
      },
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (req) => {
      const event = await liveEvent(req.params.eventId);
      const promo = await guesses.lookup(req, event.id, () =>
        usablePromo(db, event.id, req.params.code, deps.clock.now()),
      );
      return { valid: !!promo, promo: promo ? toAppliedPromo(promo) : null };
    },
  );

  app.post(
    '/events/:eventId/views',
    {
      schema: {
        tags,
        summary: 'Count a view of the public page (once per visitor per half hour)',
        params: publicEventParams,
        body: pageViewBody,
      },
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const event = await liveEvent(req.params.eventId);
      await countPageView(db, event.id, req.body.visitor_id, deps.clock.now());
      return reply.status(204).send();
    },
  );

  app.get(
    '/legal',
    {
      schema: {
        tags,
        summary: "The operator's terms and privacy policy, linked from sign-up",
        response: { 200: oneOf(legalLinksSchema) },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { data: { terms_url: deps.config.legal.termsUrl, privacy_url: deps.config.legal.privacyUrl } };
    },
  );

  app.get(
    '/events/:eventId/attendees/:shortId',
    {
      schema: {
        tags,
        summary: 'A ticket by its secret link',
        params: publicAttendeeParams,
        response: { 200: publicTicketPageResponse },
      },
    },
    async (req) => {
      const ticket = await publicTicketView(db, deps.storage, req.params.eventId, req.params.shortId);
      // Only a ticket that admits goes into a wallet (its QR code is given only then).
      const wallet = { apple: !!deps.config.wallet.apple, google: !!deps.config.wallet.google };
      return { data: { ...ticket, ...(ticket.qr_code && (wallet.apple || wallet.google) ? { wallet } : {}) } };
    },
  );

  app.get(
    '/events/:eventId/attendees/:shortId/qr.svg',
    { schema: { tags, summary: "A valid ticket's QR code", params: publicAttendeeParams } },
    async (req, reply) => {
      const ticket = await publicTicketView(db, deps.storage, req.params.eventId, req.params.shortId);
      if (!ticket.qr_code) throw notFound();
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'private, max-age=300')
        .send(await qrSvg(ticket.qr_code));
    },
  );

  app.get(
    '/events/:eventId/attendees/:shortId/calendar.ics',
    {
      schema: {
        tags,
        summary: "A ticket's event as a calendar file (iCalendar, in the event's time zone)",
        params: publicAttendeeParams,
      },
    },
    async (req, reply) => {
      const ticket = await publicTicketView(db, deps.storage, req.params.eventId, req.params.shortId);
      if (ticket.ticket_state === 'CANCELLED') throw notFound();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ticket.event.slug}.ics"`)
        .header('cache-control', 'private, max-age=300')
        .send(ticketCalendarFile(ticket, deps.config.appUrl, deps.clock.now()));
    },
  );
};
