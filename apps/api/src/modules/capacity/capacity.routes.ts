import {
  capacityAssignmentBody,
  capacityAssignmentListResponse,
  capacityAssignmentResponse,
  capacityParams,
  eventParams,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { DomainError } from '../../shared/errors.js';
import { wholeList } from '../../shared/pagination.js';
import { requireEvent } from '../events/events.repository.js';
import { readEventDateLevels } from '../inventory/date-levels.js';
import { type CapacityRow, loadCapacities, toCapacityDto } from './capacity.repository.js';
import { deleteCapacity, saveCapacity } from './save-capacity.js';

const tags = ['capacity assignments'];
const security = [{ bearer: [] }];

/** Capacity assignments of an event, each with what is used (sold plus unexpired holds of the tickets it covers). */
export const capacityRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));

  const eventOf = (accountId: number, eventId: number) => requireEvent(db, accountId, eventId);
  /**
   * What the tickets an assignment covers have taken (sold + held), from their counters, on the date where they took
   * the most (its capacity is per date; cancelled dates aside).
   */
  const usedBy = async (eventId: number) => {
    const levels = await readEventDateLevels(db, eventId, deps.clock.now());
    const dates = levels.dates.filter((d) => d.status !== 'CANCELLED');
    return (r: CapacityRow) =>
      Math.max(
        0,
        ...dates.map((d) => {
          const on = levels.levels(d.id);
          return levels
            .ticketRows(d.id)
            .filter((t) => r.applies_to === 'ALL' || r.ticket_ids.includes(t.ticket_id))
            .reduce((n, t) => n + on.ticket(t.ticket_id).taken, 0);
        }),
      );
  };
  const one = async (accountId: number, eventId: number, id: number) => {
    const [row] = await loadCapacities(db, accountId, eventId, id);
    if (!row) throw new DomainError('NOT_FOUND');
    return toCapacityDto(row, (await usedBy(eventId))(row));
  };

  app.get(
    '/events/:eventId/capacity-assignments',
    {
      schema: {
        tags,
        security,
        summary: "The event's capacity assignments with use",
        params: eventParams,
        response: { 200: capacityAssignmentListResponse },
      },
    },
    async (req) => {
      await eventOf(authOf(req).accountId, req.params.eventId);
      const used = await usedBy(req.params.eventId);
      const data = (await loadCapacities(db, authOf(req).accountId, req.params.eventId)).map((r) =>
        toCapacityDto(r, used(r)),
      );
      return { data, meta: wholeList(data).meta };
    },
  );

  app.post(
    '/events/:eventId/capacity-assignments',
    {
      schema: {
        tags,
        security,
        summary: 'Create a capacity assignment (needs a ticket; not below what its tickets have taken)',
        params: eventParams,
        body: capacityAssignmentBody,
        response: { 201: capacityAssignmentResponse },
      },
    },
    async (req, reply) => {
      const { accountId } = authOf(req);
      await eventOf(accountId, req.params.eventId);
      const id = await saveCapacity(db, { accountId, eventId: req.params.eventId }, null, req.body, deps.clock.now());
      return reply.status(201).send({ data: await one(accountId, req.params.eventId, id) });
    },
  );

  app.get(
    '/events/:eventId/capacity-assignments/:capacityId',
    {
      schema: {
        tags,
        security,
        summary: 'One capacity assignment',
        params: capacityParams,
        response: { 200: capacityAssignmentResponse },
      },
    },
    async (req) => ({
      data: await one(authOf(req).accountId, req.params.eventId, req.params.capacityId),
    }),
  );

  app.put(
    '/events/:eventId/capacity-assignments/:capacityId',
    {
      schema: {
        tags,
        security,
        summary: 'Change a capacity assignment (not below what its tickets have taken)',
        params: capacityParams,
        body: capacityAssignmentBody,
        response: { 200: capacityAssignmentResponse },
      },
    },
    async (req) => {
      const { accountId } = authOf(req);
      await eventOf(accountId, req.params.eventId);
      await saveCapacity(
        db,
        { accountId, eventId: req.params.eventId },
        req.params.capacityId,
        req.body,
        deps.clock.now(),
      );
      return { data: await one(accountId, req.params.eventId, req.params.capacityId) };
    },
  );

  app.delete(
    '/events/:eventId/capacity-assignments/:capacityId',
    { schema: { tags, security, summary: 'Delete a capacity assignment', params: capacityParams } },
    async (req, reply) => {
      await eventOf(authOf(req).accountId, req.params.eventId);
      await deleteCapacity(
        db,
        { accountId: authOf(req).accountId, eventId: req.params.eventId },
        req.params.capacityId,
      );
      return reply.status(204).send();
    },
  );
};
