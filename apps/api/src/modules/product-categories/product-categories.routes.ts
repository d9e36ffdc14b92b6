import {
  categoryArrangementBody,
  eventParams,
  productCategoryBody,
  productCategoryListResponse,
  productCategoryParams,
  productCategoryResponse,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { requireEvent } from '../events/events.repository.js';
import { arrangeCategories, createCategory, deleteCategory, updateCategory } from './product-categories.js';
import { categoryViews } from './product-categories.repository.js';

const tags = ['product categories'];
const security = [{ bearer: [] }];

/** The categories an event's products are grouped under: every id is checked against the event and the account. */
export const productCategoryRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const d = { db, clock: deps.clock };
  app.addHook('preValidation', app.requirePermission('events.manage'));
  const eventOf = (accountId: number, eventId: number) => requireEvent(db, accountId, eventId);

  app.get(
    '/events/:eventId/product-categories',
    {
      schema: {
        tags,
        security,
        summary: "The event's product categories in their order, each with its tickets' ids",
        params: eventParams,
        response: { 200: productCategoryListResponse },
      },
    },
    async (req) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      return { data: await categoryViews(db, event.account_id, event.id) };
    },
  );

  app.post(
    '/events/:eventId/product-categories',
    {
      schema: {
        tags,
        security,
        summary: 'Add a category at the end',
        params: eventParams,
        body: productCategoryBody,
        response: { 201: productCategoryResponse },
      },
    },
    async (req, reply) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      return reply.status(201).send({ data: await createCategory(d, event, req.body) });
    },
  );

  app.put(
    '/events/:eventId/product-categories/arrangement',
    {
      schema: {
        tags,
        security,
        summary: 'Order the categories and place every ticket in a category, in order (all of them, each once)',
        params: eventParams,
        body: categoryArrangementBody,
        response: { 200: productCategoryListResponse },
      },
    },
    async (req) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      return { data: await arrangeCategories(d, event, req.body) };
    },
  );

  app.put(
    '/events/:eventId/product-categories/:categoryId',
    {
      schema: {
        tags,
        security,
        summary: 'Change a category (a blank name: the default name)',
        params: productCategoryParams,
        body: productCategoryBody,
        response: { 200: productCategoryResponse },
      },
    },
    async (req) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      return { data: await updateCategory(d, event, req.params.categoryId, req.body) };
    },
  );

  app.delete(
    '/events/:eventId/product-categories/:categoryId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an empty category (an event keeps at least one)',
        params: productCategoryParams,
      },
    },
    async (req, reply) => {
      await deleteCategory(d, await eventOf(authOf(req).accountId, req.params.eventId), req.params.categoryId);
      return reply.status(204).send();
    },
  );
};
