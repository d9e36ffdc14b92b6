import {
  accountParams,
  taxDeletedResponse,
  taxOrFeeBody,
  taxOrFeeListResponse,
  taxOrFeeParams,
  taxOrFeeResponse,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { wholeList } from '../../shared/pagination.js';
import { actorOf } from '../audit/audit.js';
import { accountTaxes, createTax, deleteTax, updateTax } from './taxes.js';

const tags = ['taxes and fees'];
const security = [{ bearer: [] }];

/** Taxes and fees of the account: organizers and admins list them (tickets use them); admins change them. */
export const taxRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const { clock } = deps;
  const admin = app.requirePermission('taxes.manage');

  app.get(
    '/accounts/:id/taxes-and-fees',
    {
      preValidation: app.requirePermission('events.manage'),
      schema: {
        tags,
        security,
        summary: 'List taxes and fees',
        params: accountParams,
        response: { 200: taxOrFeeListResponse },
      },
    },
    async (req) => {
      const data = await accountTaxes(db, authOf(req).accountId, req.params.id);
      return { data, meta: wholeList(data).meta };
    },
  );

  app.post(
    '/accounts/:id/taxes-and-fees',
    {
      preValidation: admin,
      schema: {
        tags,
        security,
        summary: 'Create a tax or fee',
        params: accountParams,
        body: taxOrFeeBody,
        response: { 201: taxOrFeeResponse },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await createTax(db, clock, actorOf(authOf(req)), req.params.id, req.body) }),
  );

  app.put(
    '/accounts/:id/taxes-and-fees/:taxOrFeeId',
    {
      preValidation: admin,
      schema: {
        tags,
        security,
        summary: 'Update a tax or fee',
        params: taxOrFeeParams,
        body: taxOrFeeBody,
        response: { 200: taxOrFeeResponse },
      },
    },
    async (req) => ({
      data: await updateTax(db, clock, actorOf(authOf(req)), req.params.id, req.params.taxOrFeeId, req.body),
    }),
  );

  app.delete(
    '/accounts/:id/taxes-and-fees/:taxOrFeeId',
    {
      preValidation: admin,
      schema: {
        tags,
        security,
        summary: 'Delete a tax or fee (tickets using it keep working without it)',
        params: taxOrFeeParams,
        response: { 200: taxDeletedResponse },
      },
    },
    async (req) => ({
      data: {
        id: req.params.taxOrFeeId,
        detached_ticket_count: await deleteTax(db, clock, actorOf(authOf(req)), req.params.id, req.params.taxOrFeeId),
      },
    }),
  );
};
