import {
  publicBestSeatsQuery,
  publicBestSeatsResponse,
  publicEventParams,
  type PublicSeatAvailabilityDto,
  publicSeatAvailabilityResponse,
  publicSeatingQuery,
  publicSeatingResponse,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { DomainError, notFound } from '../../shared/errors.js';
import type { Catalogue } from '../checkout/catalogue.js';
import { loadPublicEventParts } from '../public-events/public-event.js';
import { type PlacedPlan, placeSeats } from './best-available.js';
import { bestSeats, publicSeatingOf, seatAvailability, versionLayout } from './public-seating.js';
import type { EventSeatingRef } from './seating-ref.js';
import { type PlaceMap, placeMapOf } from './seats.js';

const tags = ['public'];

/** What buyers' requests of one seated event share: its plan as sent, its places and its seats placed. */
interface SeatingView {
  body: string;
  places: PlaceMap;
  placed: PlacedPlan;
}

/**
 * How long an availability answer is kept when nothing changed in this process (another process's sales show after
 * it): pickers poll every 2 s, and many may be open.
 */
const AVAILABILITY_MS = 1_000;

/** A seated event's plan for buyers, what is free on a date, and the best seats of a category. */
export const publicSeatingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  // Kept with the event's cached catalogue: a new catalogue (the organizer changed something) makes a new view.
  const views = new WeakMap<EventSeatingRef, Promise<SeatingView>>();
  const recent = new Map<string, { at: number; data: PublicSeatAvailabilityDto }>();

  const seatedEvent = async (eventId: number) => {
    const parts = await deps.publicEvents.staticOf(eventId, () => loadPublicEventParts(db, eventId));
    const seating = parts?.catalogue.seating;
    if (!parts || !seating) throw notFound();
    let view = views.get(seating);
    if (!view) {
      view = (async () => {
        const layout = await versionLayout(db, seating.versionId);
        const places = await placeMapOf(db, seating.versionId);
        if (!layout) throw notFound();
        const data = publicSeatingResponse.parse({ data: publicSeatingOf(layout, places, seating) });
        return { body: JSON.stringify(data), places, placed: placeSeats(layout) };
      })();
      views.set(seating, view);
      view.catch(() => views.delete(seating));
    }
    return { catalogue: parts.catalogue, view: await view };
  };

  /** The date asked for (one of the event's, not cancelled), else its only one. */
  const dateOf = (catalogue: Catalogue, dateId: number | undefined) => {
    const open = catalogue.dates.dates.filter((d) => d.status !== 'CANCELLED');
    const date = dateId ? open.find((d) => d.id === dateId) : open.length === 1 ? open[0] : undefined;
    if (!date)
      throw new DomainError('VALIDATION_FAILED', {
        fields: { date: [{ key: dateId ? 'not_found_choice' : 'choose_date' }] },
      });
    return date.id;
  };

  const availabilityOf = async (eventId: number, view: SeatingView, dateId: number) => {
    // A checkout in this process changes the event's stock version: the next poll reads again.
    const key = `${eventId}:${dateId}:${view.places.versionId}:${deps.publicEvents.stockVersionOf(eventId)}`;
    const now = deps.clock.now().getTime();
    const kept = recent.get(key);
    if (kept && now - kept.at < AVAILABILITY_MS) return kept.data;
    const data = await seatAvailability(db, view.places, eventId, dateId, deps.clock);
    recent.set(key, { at: now, data });
    if (recent.size > 1000) recent.delete(recent.keys().next().value!);
    return data;
  };

  app.get(
    '/events/:eventId/seating',
    {
      schema: {
        tags,
        summary: "A seated event's plan as buyers choose from it (404: the event is not seated)",
        // No response schema: the answer goes out as kept (`publicSeatingResponse` describes it).
        params: publicEventParams,
      },
    },
    async (req, reply) => {
      const { view } = await seatedEvent(req.params.eventId);
      // Sent as kept (an arena's plan is large); compressed on the way like every answer.
      return reply.type('application/json; charset=utf-8').send(view.body);
    },
  );

  app.get(
    '/events/:eventId/seating/availability',
    {
      schema: {
        tags,
        summary: 'The places that cannot be chosen on a date, and what is left in standing areas',
        params: publicEventParams,
        querystring: publicSeatingQuery,
        response: { 200: publicSeatAvailabilityResponse },
      },
    },
    async (req, reply) => {
      const { catalogue, view } = await seatedEvent(req.params.eventId);
      const data = await availabilityOf(req.params.eventId, view, dateOf(catalogue, req.query.date));
      reply.header('cache-control', 'no-store');
      return { data };
    },
  );

  app.get(
    '/events/:eventId/seating/best',
    {
      schema: {
        tags,
        summary: 'The best free seats of a category on a date: side by side, nearest the stage (not held)',
        params: publicEventParams,
        querystring: publicBestSeatsQuery,
        response: { 200: publicBestSeatsResponse },
      },
    },
    async (req) => {
      const { catalogue, view } = await seatedEvent(req.params.eventId);
      const dateId = dateOf(catalogue, req.query.date);
      if (!catalogue.seating!.categories.has(req.query.category))
        throw new DomainError('VALIDATION_FAILED', { fields: { category: [{ key: 'not_found_choice' }] } });
      const availability = await seatAvailability(db, view.places, req.params.eventId, dateId, deps.clock);
      return {
        data: { seats: bestSeats(view.placed, view.places, availability, req.query.category, req.query.quantity) },
      };
    },
  );
};
