import {
  DEFAULT_QUESTIONS,
  eventParams,
  questionBody,
  questionListResponse,
  questionOrderResponse,
  questionParams,
  questionResponse,
  questionSortBody,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { wholeList } from '../../shared/pagination.js';
import { requireEvent } from '../events/events.repository.js';
import {
  createQuestion,
  deleteQuestion,
  getQuestion,
  listQuestions,
  reorderQuestions,
  updateQuestion,
} from './questions.js';

const tags = ['questions'];
const security = [{ bearer: [] }];

/** Checkout questions of an event. The default questions (name, e-mail) come with the list and cannot be changed. */
export const questionRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));
  const eventOf = (accountId: number, eventId: number) => requireEvent(db, accountId, eventId);

  app.get(
    '/events/:eventId/questions',
    {
      schema: {
        tags,
        security,
        summary: "The event's questions in their order, after the fixed default ones",
        params: eventParams,
        response: { 200: questionListResponse },
      },
    },
    async (req) => {
      await eventOf(authOf(req).accountId, req.params.eventId);
      const data = await listQuestions(db, authOf(req).accountId, req.params.eventId);
      return { data, defaults: DEFAULT_QUESTIONS, meta: wholeList(data).meta };
    },
  );

  app.post(
    '/events/:eventId/questions',
    {
      schema: {
        tags,
        security,
        summary: 'Create a question',
        params: eventParams,
        body: questionBody,
        response: { 201: questionResponse },
      },
    },
    async (req, reply) => {
      const { accountId } = authOf(req);
      await eventOf(accountId, req.params.eventId);
      return reply
        .status(201)
        .send({ data: await createQuestion(db, deps.clock, accountId, req.params.eventId, req.body) });
    },
  );

  app.get(
    '/events/:eventId/questions/:questionId',
    {
      schema: { tags, security, summary: 'One question', params: questionParams, response: { 200: questionResponse } },
    },
    async (req) => ({
      data: await getQuestion(db, authOf(req).accountId, req.params.eventId, req.params.questionId),
    }),
  );

  app.put(
    '/events/:eventId/questions/:questionId',
    {
      schema: {
        tags,
        security,
        summary: 'Change a question',
        params: questionParams,
        body: questionBody,
        response: { 200: questionResponse },
      },
    },
    async (req) => ({
      data: await updateQuestion(
        db,
        deps.clock,
        authOf(req).accountId,
        req.params.eventId,
        req.params.questionId,
        req.body,
      ),
    }),
  );

  app.delete(
    '/events/:eventId/questions/:questionId',
    { schema: { tags, security, summary: 'Delete a question', params: questionParams } },
    async (req, reply) => {
      await deleteQuestion(db, authOf(req).accountId, req.params.eventId, req.params.questionId);
      return reply.status(204).send();
    },
  );

  app.put(
    '/events/:eventId/questions/sort',
    {
      schema: {
        tags,
        security,
        summary: 'Reorder all questions of the event',
        params: eventParams,
        body: questionSortBody,
        response: { 200: questionOrderResponse },
      },
    },
    async (req) => {
      const { accountId } = authOf(req);
      await eventOf(accountId, req.params.eventId);
      return { data: await reorderQuestions(db, accountId, req.params.eventId, req.body.question_ids) };
    },
  );
};
