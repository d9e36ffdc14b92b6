import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { capacityAssignmentBody, capacityParams, eventParams } from '@admitone/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app.js';
import type { Tx } from '../../db/client.js';
import { capacityAssignmentTickets, capacityAssignments, tickets } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { requireEvent } from '../events/events.repository.js';
import { countStock } from '../orders/stock.js';
import { loadCapacities, toCapacityDto, type CapacityRow } from './capacity.repository.js';

const tags = ['capacity assignments'];
const security = [{ bearer: [] }];
type Body = z.output<typeof capacityAssignmentBody>;

/**
 * Checks the tickets named belong to the event, and that the event has a ticket at all
 * ("a ticket must exist before a capacity assignment can be created").
 */
async function checkTickets(tx: Tx, eventId: number, body: Body) {
  const [existing] = await tx.select({ n: count() }).from(tickets).where(eq(tickets.event_id, eventId));
  if (!existing?.n) throw new DomainError('TICKET_REQUIRED');
  if (body.applies_to === 'ALL') return [];
  const ids = [...new Set(body.ticket_ids)];
  const found = await tx.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.event_id, eventId), inArray(tickets.id, ids)));
  if (found.length !== ids.length) throw new DomainError('VALIDATION_FAILED', { fields: { ticket_ids: [{ key: 'not_found_choice' }] } });
  return ids;
}

/** Capacity assignments of an event, each with what is used (sold plus unexpired holds of the tickets it covers). */
export const capacityRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));

  const eventOf = (accountId: number, eventId: number) => requireEvent(db, accountId, eventId);
  const usedBy = async (eventId: number) => {
    const counts = await countStock(db, eventId, deps.clock.now());
    return (r: CapacityRow) => {
      const ids = r.applies_to === 'ALL' ? null : r.ticket_ids;
      return counts.totalOver(ids);
    };
  };
  const one = async (accountId: number, eventId: number, id: number) => {
    const [row] = await loadCapacities(db, accountId, eventId, id);
    if (!row) throw new DomainError('NOT_FOUND');
    return toCapacityDto(row, (await usedBy(eventId))(row));
  };

  app.get('/events/:eventId/capacity-assignments', { schema: { tags, security, summary: "The event's capacity assignments with use", params: eventParams } }, async (req) => {
    await eventOf(req.auth!.accountId, req.params.eventId);
    const used = await usedBy(req.params.eventId);
    const data = (await loadCapacities(db, req.auth!.accountId, req.params.eventId)).map((r) => toCapacityDto(r, used(r)));
    return { data, meta: { current_page: 1, per_page: data.length, total: data.length, last_page: 1, allowed_sorts: [], allowed_filter_fields: [] } };
  });

  app.post('/events/:eventId/capacity-assignments', { schema: { tags, security, summary: 'Create a capacity assignment (needs a ticket)', params: eventParams, body: capacityAssignmentBody } }, async (req, reply) => {
    const { accountId } = req.auth!;
    await eventOf(accountId, req.params.eventId);
    const now = deps.clock.now();
    const id = await db.transaction(async (tx) => {
      const ticketIds = await checkTickets(tx, req.params.eventId, req.body);
      const [row] = await tx
        .insert(capacityAssignments)
        .values({ account_id: accountId, event_id: req.params.eventId, name: req.body.name, capacity: req.body.capacity, applies_to: req.body.applies_to, enabled: req.body.enabled, created_at: now, updated_at: now })
        .returning({ id: capacityAssignments.id });
      if (ticketIds.length) await tx.insert(capacityAssignmentTickets).values(ticketIds.map((t) => ({ capacity_assignment_id: row!.id, ticket_id: t })));
      return row!.id;
    });
    return reply.status(201).send({ data: await one(accountId, req.params.eventId, id) });
  });

  app.get('/events/:eventId/capacity-assignments/:capacityId', { schema: { tags, security, summary: 'One capacity assignment', params: capacityParams } }, async (req) => ({
    data: await one(req.auth!.accountId, req.params.eventId, req.params.capacityId),
  }));

  app.put('/events/:eventId/capacity-assignments/:capacityId', { schema: { tags, security, summary: 'Change a capacity assignment', params: capacityParams, body: capacityAssignmentBody } }, async (req) => {
    const { accountId } = req.auth!;
    await one(accountId, req.params.eventId, req.params.capacityId);
    await db.transaction(async (tx) => {
      const ticketIds = await checkTickets(tx, req.params.eventId, req.body);
      await tx
        .update(capacityAssignments)
        .set({ name: req.body.name, capacity: req.body.capacity, applies_to: req.body.applies_to, enabled: req.body.enabled, updated_at: deps.clock.now() })
        .where(eq(capacityAssignments.id, req.params.capacityId));
      await tx.delete(capacityAssignmentTickets).where(eq(capacityAssignmentTickets.capacity_assignment_id, req.params.capacityId));
      if (ticketIds.length) await tx.insert(capacityAssignmentTickets).values(ticketIds.map((t) => ({ capacity_assignment_id: req.params.capacityId, ticket_id: t })));
    });
    return { data: await one(accountId, req.params.eventId, req.params.capacityId) };
  });

  app.delete('/events/:eventId/capacity-assignments/:capacityId', { schema: { tags, security, summary: 'Delete a capacity assignment', params: capacityParams } }, async (req, reply) => {
    await one(req.auth!.accountId, req.params.eventId, req.params.capacityId);
    await db.delete(capacityAssignments).where(eq(capacityAssignments.id, req.params.capacityId));
    return reply.status(204).send();
  });
};
