import {
  boxOfficeParams,
  boxOfficeQuery,
  boxOfficeResponse,
  boxOfficeSaleBody,
  boxOfficeSaleParams,
  boxOfficeSaleResponse,
  boxOfficeShiftListResponse,
  boxOfficeShiftParams,
  boxOfficeShiftResponse,
  closeShiftBody,
  isLocale,
  openShiftBody,
} from '@admitone/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { requestLocale } from '../../plugins/locale.js';
import { DomainError } from '../../shared/errors.js';
import { findCheckInList } from '../check-in/check-in-lists.repository.js';
import { deviceOf } from '../check-in/device.js';
import { applyScan } from '../check-in/scan.js';
import type { OrderContext } from '../orders/order-status.js';
import { boxOfficeEvent } from './box-office-access.js';
import { boxOfficeView } from './box-office-catalogue.js';
import { saleTickets, sellAtBoxOffice, voidLastSale } from './box-office-sale.js';
import { closeShift, listShifts, openShift, openShiftView } from './shifts.js';

const tags = ['box-office'];
const security = [{ bearer: [] }];

/**
 * The box office (issue #41): staff with `boxoffice.sell` (organizers, admins, and box-office staff at the events given
 * to them) open a shift with a float, sell in it (cash, a card terminal, complimentary), void its last sale, and close
 * it with the cash counted. Every sale is an order of the BOX_OFFICE channel, taken through the stock module.
 */
export const boxOfficeRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('boxoffice.sell'));

  const ctxOf = (req: FastifyRequest): OrderContext & { userId: number } => ({
    now: deps.clock.now(),
    appUrl: deps.config.appUrl,
    storage: deps.storage,
    userId: authOf(req).user.id,
    stock: deps.stock,
  });

  app.get(
    '/events/:eventId/box-office',
    {
      schema: {
        tags,
        security,
        summary: 'What the box office sells on a date (the next one by default), the check-in lists, the open shift',
        params: boxOfficeParams,
        querystring: boxOfficeQuery,
        response: { 200: boxOfficeResponse },
      },
    },
    async (req) => ({
      data: await boxOfficeView(db, authOf(req), req.params.eventId, req.query.date, deps.clock.now()),
    }),
  );

  app.get(
    '/events/:eventId/box-office/shifts',
    {
      schema: {
        tags,
        security,
        summary: 'The shifts of the event, newest first (box-office staff: their own)',
        params: boxOfficeParams,
        response: { 200: boxOfficeShiftListResponse },
      },
    },
    async (req) => {
      const auth = authOf(req);
      await boxOfficeEvent(db, auth, req.params.eventId);
      const everyone = auth.permissions.includes('events.manage');
      return { data: await listShifts(db, req.params.eventId, everyone ? null : auth.user.id) };
    },
  );

  app.post(
    '/events/:eventId/box-office/shifts',
    {
      schema: {
        tags,
        security,
        summary: 'Open the caller’s shift with a float of cash',
        params: boxOfficeParams,
        body: openShiftBody,
        response: { 201: boxOfficeShiftResponse },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      await boxOfficeEvent(db, auth, req.params.eventId);
      const shift = await openShift(
        db,
        { accountId: auth.accountId, eventId: req.params.eventId, userId: auth.user.id },
        req.body.float,
        deps.clock.now(),
      );
      return reply.status(201).send({ data: shift });
    },
  );

  app.post(
    '/events/:eventId/box-office/shifts/:shiftId/close',
    {
      schema: {
        tags,
        security,
        summary: 'Close the caller’s open shift with the cash counted per denomination',
        params: boxOfficeShiftParams,
        body: closeShiftBody,
        response: { 200: boxOfficeShiftResponse },
      },
    },
    async (req) => {
      const auth = authOf(req);
      await boxOfficeEvent(db, auth, req.params.eventId);
      const where = { eventId: req.params.eventId, userId: auth.user.id, shiftId: req.params.shiftId };
      return { data: await closeShift(db, where, req.body, deps.clock.now()) };
    },
  );

  app.post(
    '/events/:eventId/box-office/sales',
    {
      schema: {
        tags,
        security,
        summary: 'Sell in the caller’s open shift: a completed order, paid in cash, by card terminal, or free',
        params: boxOfficeParams,
        body: boxOfficeSaleBody,
        response: { 201: boxOfficeSaleResponse },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const eventId = req.params.eventId;
      await boxOfficeEvent(db, auth, eventId);
      const list = req.body.admit_on_list_id
        ? await findCheckInList(db, auth.accountId, eventId, req.body.admit_on_list_id)
        : null;
      if (req.body.admit_on_list_id && !list)
        throw new DomainError('VALIDATION_FAILED', { fields: { admit_on_list_id: [{ key: 'not_found_choice' }] } });
      const locale = isLocale(req.body.locale) ? req.body.locale : requestLocale(req);
      const done = await sellAtBoxOffice(db, ctxOf(req), eventId, req.body, locale);
      if (done.mails.length) await deps.jobs.deliverOutbox(done.mails);
      const units = await saleTickets(db, done.orderId);
      const admitted = new Set<number>();
      if (list)
        for (const u of units) {
          const outcome = await applyScan(
            {
              db,
              accountId: auth.accountId,
              eventId,
              list,
              user: { id: auth.user.id, name: auth.user.name },
              device: deviceOf(req.headers['user-agent']),
              now: deps.clock.now(),
            },
            { attendee_id: u.id, action: 'CHECK_IN' },
          );
          if (outcome.result === 'CHECKED_IN') admitted.add(u.id);
        }
      const shift = await openShiftView(db, eventId, auth.user.id);
      return reply.status(201).send({
        data: {
          ...done.sale,
          tickets: units.map((u) => ({ short_id: u.short_id, name: u.name, checked_in: admitted.has(u.id) })),
          shift: shift!,
        },
      });
    },
  );

  app.post(
    '/events/:eventId/box-office/sales/:orderId/void',
    {
      schema: {
        tags,
        security,
        summary: 'Void the last sale of the caller’s open shift (its tickets cancelled, the stock given back)',
        params: boxOfficeSaleParams,
        response: { 200: boxOfficeShiftResponse },
      },
    },
    async (req) => {
      const auth = authOf(req);
      await boxOfficeEvent(db, auth, req.params.eventId);
      const { mails } = await voidLastSale(db, ctxOf(req), req.params.eventId, req.params.orderId);
      if (mails.length) await deps.jobs.deliverOutbox(mails);
      return { data: (await openShiftView(db, req.params.eventId, auth.user.id))! };
    },
  );
};
