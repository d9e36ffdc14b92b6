import {
  EMPTY_SEATING_LAYOUT,
  seatingExportQuery,
  seatingImportBody,
  seatingOrganizerParams,
  seatingPlanBody,
  seatingPlanListResponse,
  seatingPlanParams,
  seatingPlanResponse,
  seatingVersionParams,
  seatingVersionResponse,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { notFound } from '../../shared/errors.js';
import { findOrganizer } from '../organizers/organizers.repository.js';
import { toPretix, toSeatCsv } from './layout-formats.js';
import {
  createPlan,
  deletePlan,
  getPlan,
  getVersion,
  listPlans,
  type PlanScope,
  publishPlan,
  savePlan,
} from './seating.repository.js';

const tags = ['seating'];
const security = [{ bearer: [] }];
/** A plan's JSON runs to a few MiB for an arena (20,000 seats). */
const PLAN_BODY_LIMIT = 8 * 1024 * 1024;

/** An organizer's seating plans: drafts, published versions, pretix JSON in and out, a CSV of the seats. */
export const seatingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('organizers.manage'));

  /** The caller's organizer, else NOT_FOUND. */
  const scopeOf = async (accountId: number, organizerId: number): Promise<PlanScope> => {
    if (!(await findOrganizer(db, accountId, organizerId))) throw notFound();
    return { accountId, organizerId };
  };
  const base = '/organizers/:organizerId/seating-plans';

  app.get(
    base,
    {
      schema: {
        tags,
        security,
        summary: "The organizer's seating plans by name, with their versions",
        params: seatingOrganizerParams,
        response: { 200: seatingPlanListResponse },
      },
    },
    async (req) => ({ data: await listPlans(db, await scopeOf(authOf(req).accountId, req.params.organizerId)) }),
  );

  app.post(
    base,
    {
      bodyLimit: PLAN_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Make a seating plan (a draft, empty unless a layout is given)',
        params: seatingOrganizerParams,
        body: seatingPlanBody,
        response: { 201: seatingPlanResponse },
      },
    },
    async (req, reply) => {
      const scope = await scopeOf(authOf(req).accountId, req.params.organizerId);
      const layout = req.body.layout ?? { ...EMPTY_SEATING_LAYOUT, name: req.body.name };
      const id = await createPlan(db, scope, req.body.name, layout, deps.clock.now());
      return reply.status(201).send({ data: await getPlan(db, scope, id) });
    },
  );

  app.post(
    `${base}/import`,
    {
      bodyLimit: PLAN_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: "Make a seating plan from pretix's seating-plan JSON (a draft)",
        params: seatingOrganizerParams,
        body: seatingImportBody,
        response: { 201: seatingPlanResponse },
      },
    },
    async (req, reply) => {
      const scope = await scopeOf(authOf(req).accountId, req.params.organizerId);
      const name = req.body.name ?? (req.body.pretix.name || 'Seating plan');
      const id = await createPlan(db, scope, name, req.body.pretix, deps.clock.now());
      return reply.status(201).send({ data: await getPlan(db, scope, id) });
    },
  );

  app.get(
    `${base}/:planId`,
    {
      schema: {
        tags,
        security,
        summary: 'One seating plan with its draft layout',
        params: seatingPlanParams,
        response: { 200: seatingPlanResponse },
      },
    },
    async (req) => {
      const scope = await scopeOf(authOf(req).accountId, req.params.organizerId);
      return { data: await getPlan(db, scope, req.params.planId) };
    },
  );

  app.put(
    `${base}/:planId`,
    {
      bodyLimit: PLAN_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: "Save a seating plan's name and draft (published versions do not change)",
        params: seatingPlanParams,
        body: seatingPlanBody,
        response: { 200: seatingPlanResponse },
      },
    },
    async (req) => {
      const scope = await scopeOf(authOf(req).accountId, req.params.organizerId);
      await savePlan(db, scope, req.params.planId, req.body.name, req.body.layout, deps.clock.now());
      return { data: await getPlan(db, scope, req.params.planId) };
    },
  );

  app.post(
    `${base}/:planId/publish`,
    {
      schema: {
        tags,
        security,
        summary: 'Publish the draft as the next version, once every seat has a category and a unique number',
        params: seatingPlanParams,
        response: { 200: seatingPlanResponse },
      },
    },
    async (req) => {
      const scope = await scopeOf(authOf(req).accountId, req.params.organizerId);
      await publishPlan(db, scope, req.params.planId, deps.clock.now());
      return { data: await getPlan(db, scope, req.params.planId) };
    },
  );

  app.get(
    `${base}/:planId/versions/:version`,
    {
      schema: {
        tags,
        security,
        summary: 'A published version of a seating plan, with its layout',
        params: seatingVersionParams,
        response: { 200: seatingVersionResponse },
      },
    },
    async (req) => {
      const scope = await scopeOf(authOf(req).accountId, req.params.organizerId);
      return { data: await getVersion(db, scope, req.params.planId, req.params.version) };
    },
  );

  app.get(
    `${base}/:planId/export`,
    {
      schema: {
        tags,
        security,
        summary: "A plan's draft or version as pretix's seating-plan JSON, or its seats as CSV",
        params: seatingPlanParams,
        querystring: seatingExportQuery,
      },
    },
    async (req, reply) => {
      const scope = await scopeOf(authOf(req).accountId, req.params.organizerId);
      const plan = await getPlan(db, scope, req.params.planId);
      const layout = req.query.version ? (await getVersion(db, scope, plan.id, req.query.version)).layout : plan.layout;
      const slug =
        plan.name
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .toLowerCase() || 'seating-plan';
      const file = `${slug}${req.query.version ? `-v${req.query.version}` : ''}`;
      if (req.query.format === 'csv')
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file}.csv"`)
          .send(toSeatCsv(layout));
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}.json"`)
        .send(JSON.stringify(toPretix(layout), null, 2));
    },
  );

  app.delete(
    `${base}/:planId`,
    { schema: { tags, security, summary: 'Delete a seating plan with its versions', params: seatingPlanParams } },
    async (req, reply) => {
      const scope = await scopeOf(authOf(req).accountId, req.params.organizerId);
      await deletePlan(db, scope, req.params.planId);
      return reply.status(204).send();
    },
  );
};
