import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventParams, PROMO_SORTS, promoCodeBody, promoListQuery, promoParams } from '@admitone/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import type { Tx } from '../../db/client.js';
import { promoCodeTickets, promoCodes, tickets } from '../../db/schema/index.js';
import { zonedToUtc } from '../../shared/dates.js';
import { DomainError, isUniqueViolation } from '../../shared/errors.js';
import { paginated } from '../../shared/pagination.js';
import { requireEvent } from '../events/events.repository.js';
import { lockPromoLimit } from '../inventory/limits.js';
import { findPromo, listPromos, toPromoDto } from './promo-codes.repository.js';

const tags = ['promo codes'];
const security = [{ bearer: [] }];
type Body = z.output<typeof promoCodeBody>;
const codeTaken = () => new DomainError('VALIDATION_FAILED', { fields: { code: [{ key: 'promo_code_taken' }] } });

/** Writes a code's columns and ticket links; the tickets must be the event's own. */
async function save(tx: Tx, event: { id: number; timezone: string }, body: Body, id: number | null, base: { account_id: number }, now: Date): Promise<number> {
  const ids = [...new Set(body.ticket_ids)];
  if (ids.length) {
    const found = await tx.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.event_id, event.id), inArray(tickets.id, ids)));
    if (found.length !== ids.length) throw new DomainError('VALIDATION_FAILED', { fields: { ticket_ids: [{ key: 'not_found_choice' }] } });
  }
  const values = {
    code: body.code,
    code_key: body.code.toLowerCase(),
    discount_type: body.discount_type,
    discount: body.discount_type === 'NONE' ? '0' : body.discount.toFixed(3),
    max_uses: body.max_uses,
    expires_at: body.expires_at ? zonedToUtc(body.expires_at, event.timezone) : null,
    updated_at: now,
  };
  let promoId = id;
  if (promoId === null) {
    const [row] = await tx.insert(promoCodes).values({ ...values, ...base, event_id: event.id, created_at: now }).returning({ id: promoCodes.id });
    promoId = row!.id;
  } else {
    // The code's counter is locked before its limit changes: never below the uses it has.
    await lockPromoLimit(tx, promoId, body.max_uses);
    await tx.update(promoCodes).set(values).where(eq(promoCodes.id, promoId));
    await tx.delete(promoCodeTickets).where(eq(promoCodeTickets.promo_code_id, promoId));
  }
  if (ids.length) await tx.insert(promoCodeTickets).values(ids.map((t) => ({ promo_code_id: promoId!, ticket_id: t })));
  return promoId;
}

/** Promo codes of an event (SPEC §7): every id is checked against the event and the account. */
export const promoCodeRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));

  const eventOf = (accountId: number, eventId: number) => requireEvent(db, accountId, eventId);
  const one = async (accountId: number, event: { id: number; slug: string }, id: number) => {
    const row = await findPromo(db, accountId, event.id, id);
    if (!row) throw new DomainError('NOT_FOUND');
    const now = deps.clock.now();
    return toPromoDto(row, event, now, row.taken);
  };
  const write = async (accountId: number, event: { id: number; timezone: string }, body: Body, id: number | null) => {
    try {
      return await db.transaction((tx) => save(tx, event, body, id, { account_id: accountId }, deps.clock.now()));
    } catch (err) {
      if (isUniqueViolation(err)) throw codeTaken();
      throw err;
    }
  };

  app.get('/events/:eventId/promo-codes', { schema: { tags, security, summary: "The event's promo codes", params: eventParams, querystring: promoListQuery } }, async (req) => {
    const event = await eventOf(authOf(req).accountId, req.params.eventId);
    const { rows, total } = await listPromos(db, authOf(req).accountId, event.id, req.query);
    const now = deps.clock.now();
    return paginated(rows.map((r) => toPromoDto(r, event, now, r.taken)), total, req.query, { sorts: PROMO_SORTS, filters: [] });
  });

  app.post('/events/:eventId/promo-codes', { schema: { tags, security, summary: 'Create a promo code (unique per event, any case)', params: eventParams, body: promoCodeBody } }, async (req, reply) => {
    const event = await eventOf(authOf(req).accountId, req.params.eventId);
    const id = await write(authOf(req).accountId, event, req.body, null);
    return reply.status(201).send({ data: await one(authOf(req).accountId, event, id) });
  });

  app.get('/events/:eventId/promo-codes/:promoId', { schema: { tags, security, summary: 'One promo code', params: promoParams } }, async (req) => ({
    data: await one(authOf(req).accountId, await eventOf(authOf(req).accountId, req.params.eventId), req.params.promoId),
  }));

  app.put('/events/:eventId/promo-codes/:promoId', { schema: { tags, security, summary: 'Change a promo code', params: promoParams, body: promoCodeBody } }, async (req) => {
    const event = await eventOf(authOf(req).accountId, req.params.eventId);
    await one(authOf(req).accountId, event, req.params.promoId);
    await write(authOf(req).accountId, event, req.body, req.params.promoId);
    return { data: await one(authOf(req).accountId, event, req.params.promoId) };
  });

  app.delete('/events/:eventId/promo-codes/:promoId', { schema: { tags, security, summary: 'Delete a promo code', params: promoParams } }, async (req, reply) => {
    const event = await eventOf(authOf(req).accountId, req.params.eventId);
    await one(authOf(req).accountId, event, req.params.promoId);
    await db.delete(promoCodes).where(eq(promoCodes.id, req.params.promoId));
    return reply.status(204).send();
  });
};
