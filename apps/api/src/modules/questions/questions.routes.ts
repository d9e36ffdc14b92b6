import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_QUESTIONS, eventParams, questionBody, questionParams, questionSortBody, type QuestionDto } from '@admitone/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import type { Executor, Tx } from '../../db/client.js';
import { questionTickets, questions, tickets } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { sanitizeRichText } from '../../shared/html.js';
import { requireEvent } from '../events/events.repository.js';

const tags = ['questions'];
const security = [{ bearer: [] }];
type Body = z.output<typeof questionBody>;
type Row = typeof questions.$inferSelect;

async function load(db: Executor, accountId: number, eventId: number, only?: number): Promise<QuestionDto[]> {
  const rows = await db
    .select()
    .from(questions)
    .where(and(eq(questions.account_id, accountId), eq(questions.event_id, eventId), only ? eq(questions.id, only) : undefined))
    .orderBy(asc(questions.sort_order), asc(questions.id));
  if (!rows.length) return [];
  const links = await db.select().from(questionTickets).where(inArray(questionTickets.question_id, rows.map((r) => r.id)));
  return rows.map((r: Row) => ({
    id: r.id,
    event_id: r.event_id,
    title: r.title,
    description: r.description,
    type: r.type,
    options: r.options,
    required: r.required,
    is_hidden: r.is_hidden,
    applies_to: r.applies_to,
    ticket_ids: links.filter((l) => l.question_id === r.id).map((l) => l.ticket_id).sort((a, b) => a - b),
    sort_order: r.sort_order,
    created_at: r.created_at.toISOString(),
  }));
}

/** A question's columns; text questions keep no options, order questions no tickets. */
async function save(tx: Tx, eventId: number, body: Body, questionId: number) {
  const ids = body.applies_to === 'ATTENDEE' ? [...new Set(body.ticket_ids)] : [];
  if (ids.length) {
    const found = await tx.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.event_id, eventId), inArray(tickets.id, ids)));
    if (found.length !== ids.length) throw new DomainError('VALIDATION_FAILED', { fields: { ticket_ids: [{ key: 'not_found_choice' }] } });
  }
  await tx.delete(questionTickets).where(eq(questionTickets.question_id, questionId));
  if (ids.length) await tx.insert(questionTickets).values(ids.map((t) => ({ question_id: questionId, ticket_id: t })));
}

const columnsOf = (b: Body) => ({
  title: b.title,
  description: sanitizeRichText(b.description),
  type: b.type,
  options: ['DROPDOWN', 'RADIO', 'CHECKBOX'].includes(b.type) ? b.options : [],
  required: b.required,
  is_hidden: b.is_hidden,
  applies_to: b.applies_to,
});

/** Checkout questions of an event. The default questions (name, e-mail) come with the list and cannot be changed. */
export const questionRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));

  const eventOf = (accountId: number, eventId: number) => requireEvent(db, accountId, eventId);
  const one = async (accountId: number, eventId: number, id: number) => {
    const [q] = await load(db, accountId, eventId, id);
    if (!q) throw new DomainError('NOT_FOUND');
    return q;
  };

  app.get('/events/:eventId/questions', { schema: { tags, security, summary: "The event's questions in their order, after the fixed default ones", params: eventParams } }, async (req) => {
    await eventOf(authOf(req).accountId, req.params.eventId);
    const data = await load(db, authOf(req).accountId, req.params.eventId);
    return { data, defaults: DEFAULT_QUESTIONS, meta: { current_page: 1, per_page: data.length, total: data.length, last_page: 1, allowed_sorts: [], allowed_filter_fields: [] } };
  });

  app.post('/events/:eventId/questions', { schema: { tags, security, summary: 'Create a question', params: eventParams, body: questionBody } }, async (req, reply) => {
    const { accountId } = authOf(req);
    await eventOf(accountId, req.params.eventId);
    const now = deps.clock.now();
    const id = await db.transaction(async (tx) => {
      const [last] = await tx.select({ n: max(questions.sort_order) }).from(questions).where(eq(questions.event_id, req.params.eventId));
      const [row] = await tx
        .insert(questions)
        .values({ ...columnsOf(req.body), account_id: accountId, event_id: req.params.eventId, sort_order: (last?.n ?? -1) + 1, created_at: now, updated_at: now })
        .returning({ id: questions.id });
      await save(tx, req.params.eventId, req.body, row!.id);
      return row!.id;
    });
    return reply.status(201).send({ data: await one(accountId, req.params.eventId, id) });
  });

  app.get('/events/:eventId/questions/:questionId', { schema: { tags, security, summary: 'One question', params: questionParams } }, async (req) => ({
    data: await one(authOf(req).accountId, req.params.eventId, req.params.questionId),
  }));

  app.put('/events/:eventId/questions/:questionId', { schema: { tags, security, summary: 'Change a question', params: questionParams, body: questionBody } }, async (req) => {
    const { accountId } = authOf(req);
    await one(accountId, req.params.eventId, req.params.questionId);
    await db.transaction(async (tx) => {
      await tx.update(questions).set({ ...columnsOf(req.body), updated_at: deps.clock.now() }).where(eq(questions.id, req.params.questionId));
      await save(tx, req.params.eventId, req.body, req.params.questionId);
    });
    return { data: await one(accountId, req.params.eventId, req.params.questionId) };
  });

  app.delete('/events/:eventId/questions/:questionId', { schema: { tags, security, summary: 'Delete a question', params: questionParams } }, async (req, reply) => {
    await one(authOf(req).accountId, req.params.eventId, req.params.questionId);
    await db.delete(questions).where(eq(questions.id, req.params.questionId));
    return reply.status(204).send();
  });

  app.put('/events/:eventId/questions/sort', { schema: { tags, security, summary: 'Reorder all questions of the event', params: eventParams, body: questionSortBody } }, async (req) => {
    const { accountId } = authOf(req);
    await eventOf(accountId, req.params.eventId);
    const ids = req.body.question_ids;
    await db.transaction(async (tx) => {
      const existing = await tx.select({ id: questions.id }).from(questions).where(and(eq(questions.event_id, req.params.eventId), eq(questions.account_id, accountId)));
      const known = new Set(existing.map((r) => r.id));
      if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
        throw new DomainError('VALIDATION_FAILED', { fields: { question_ids: [{ key: 'invalid' }] } });
      }
      for (const [i, id] of ids.entries()) await tx.update(questions).set({ sort_order: i }).where(eq(questions.id, id));
    });
    return { data: await load(db, accountId, req.params.eventId) };
  });
};
