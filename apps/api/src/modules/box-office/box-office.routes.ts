import {
  allocationBody,
  allocationParams,
  allocationResponse,
  boxOfficeParams,
  boxOfficeQuery,
  boxOfficeResponse,
  boxOfficeSaleBody,
  type BoxOfficeSaleDto,
  boxOfficeSaleParams,
  boxOfficeSaleResponse,
  boxOfficeShiftListResponse,
  boxOfficeShiftParams,
  boxOfficeShiftResponse,
  cardSaleBody,
  cardSaleResponse,
  claimBody,
  closeShiftBody,
  completeCardSaleBody,
  isLocale,
  offlineSaleBody,
  offlineUnitsResponse,
  openShiftBody,
  publicEventResponse,
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
import { refundLatePayment } from '../payments/late-refund.js';
import { cardDestination } from '../payments/payment-connection.js';
import { refundOrder } from '../payments/refund-order.js';
import { allocationView, claimUnits, setAllocation } from './allocations.js';
import { boxOfficeEvent } from './box-office-access.js';
import { boxOfficePickerEvent, boxOfficeView } from './box-office-catalogue.js';
import { type SaleInput, saleTickets, sellAtBoxOffice, storedSale, voidLastSale } from './box-office-sale.js';
import { completeCardSale, startCardSale } from './card-sale.js';
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
  const cardDeps = { db, stripe: deps.stripe, config: deps.config.stripe };
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
    async (req) => {
      const auth = authOf(req);
      const stripe = deps.stripe && deps.config.stripe;
      const cards = stripe ? !!(await cardDestination(db, deps.config.stripe!, auth.accountId)) : false;
      const view = await boxOfficeView(
        db,
        auth,
        req.params.eventId,
        req.query.date,
        deps.clock.now(),
        cards,
        requestLocale(req),
      );
      return { data: view };
    },
  );

  app.get(
    '/events/:eventId/box-office/event',
    {
      schema: {
        tags,
        security,
        summary: 'The event as the box office sells it on a date, for choosing seats on its plan',
        params: boxOfficeParams,
        querystring: boxOfficeQuery,
        response: { 200: publicEventResponse },
      },
    },
    async (req) => ({
      data: await boxOfficePickerEvent(
        db,
        deps.storage,
        authOf(req),
        req.params.eventId,
        req.query.date,
        deps.clock.now(),
        requestLocale(req),
      ),
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
    async (req, reply) => reply.status(201).send({ data: await sell(req, req.body) }),
  );

  app.post(
    '/events/:eventId/box-office/offline-sales',
    {
      schema: {
        tags,
        security,
        summary: 'Send a sale made on a device without a network (written once however often it is sent)',
        params: boxOfficeParams,
        body: offlineSaleBody,
        response: { 201: boxOfficeSaleResponse },
      },
    },
    async (req, reply) => {
      const { client_id, unit_ids, sold_at, ...sale } = req.body;
      const offline = { client_id, unit_ids, sold_at: new Date(sold_at) };
      return reply.status(201).send({ data: await sell(req, { ...sale, offline }) });
    },
  );

  /** A sale (online, or sent from a device that sold offline), then its tickets admitted when asked for. */
  async function sell(req: FastifyRequest<{ Params: { eventId: number } }>, body: SaleInput) {
    const auth = authOf(req);
    const eventId = req.params.eventId;
    await boxOfficeEvent(db, auth, eventId);
    const list = await admitList(req, body.admit_on_list_id);
    const locale = isLocale(body.locale) ? body.locale : requestLocale(req);
    const done = await sellAtBoxOffice(db, ctxOf(req), eventId, body, locale);
    if (done.mails.length) await deps.jobs.deliverOutbox(done.mails);
    return receipt(req, done.orderId, done.sale, list);
  }

  /** The check-in list a sale's tickets are admitted on (null: none asked for); one not of the event is refused. */
  async function admitList(req: FastifyRequest<{ Params: { eventId: number } }>, listId: number | null | undefined) {
    if (!listId) return null;
    const list = await findCheckInList(db, authOf(req).accountId, req.params.eventId, listId);
    if (!list)
      throw new DomainError('VALIDATION_FAILED', { fields: { admit_on_list_id: [{ key: 'not_found_choice' }] } });
    return list;
  }

  /** A sale's receipt: its tickets, admitted on `list` when given (already admitted ones say so), and the shift. */
  async function receipt(
    req: FastifyRequest<{ Params: { eventId: number } }>,
    orderId: number,
    sale: Omit<BoxOfficeSaleDto, 'tickets' | 'shift'>,
    list: Awaited<ReturnType<typeof admitList>>,
  ): Promise<BoxOfficeSaleDto> {
    const auth = authOf(req);
    const eventId = req.params.eventId;
    const units = await saleTickets(db, orderId);
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
            overrider: null,
          },
          { attendee_id: u.id, action: 'CHECK_IN' },
        );
        // Admitted now, or already (an offline sale sent again).
        if (outcome.result === 'CHECKED_IN' || u.checked_in) admitted.add(u.id);
      }
    const shift = await openShiftView(db, eventId, auth.user.id);
    return {
      ...sale,
      tickets: units.map((u) => ({ short_id: u.short_id, name: u.name, checked_in: admitted.has(u.id) })),
      shift: shift!,
    };
  }

  app.post(
    '/events/:eventId/box-office/card-sales',
    {
      schema: {
        tags,
        security,
        summary: 'Start a sale paid by card through Stripe on the staff device (its units held until it is paid)',
        params: boxOfficeParams,
        body: cardSaleBody,
        response: { 201: cardSaleResponse },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      await boxOfficeEvent(db, auth, req.params.eventId);
      const locale = isLocale(req.body.locale) ? req.body.locale : requestLocale(req);
      const started = await startCardSale(
        cardDeps,
        ctxOf(req),
        auth.accountId,
        req.params.eventId,
        { ...req.body, admit_on_list_id: null },
        locale,
      );
      return reply.status(201).send({ data: started });
    },
  );

  app.post(
    '/events/:eventId/box-office/card-sales/:orderId/complete',
    {
      schema: {
        tags,
        security,
        summary: 'Once Stripe confirmed the card on the device: the sale, completed once, and its receipt',
        params: boxOfficeSaleParams,
        body: completeCardSaleBody,
        response: { 200: boxOfficeSaleResponse },
      },
    },
    async (req) => {
      await boxOfficeEvent(db, authOf(req), req.params.eventId);
      const list = await admitList(req, req.body.admit_on_list_id);
      const { effects, completed } = await completeCardSale(
        cardDeps,
        ctxOf(req),
        req.params.eventId,
        req.params.orderId,
      );
      if (effects.mails.length) await deps.jobs.deliverOutbox(effects.mails);
      if (effects.refund && deps.stripe)
        await refundLatePayment(
          {
            db,
            stripe: deps.stripe,
            mollieFor: deps.mollieFor,
            jobs: deps.jobs,
            log: deps.log,
            now: () => deps.clock.now(),
            appUrl: deps.config.appUrl,
            storage: deps.storage,
          },
          effects.refund,
        );
      if (!completed) throw new DomainError('PAYMENT_NOT_COMPLETED');
      return { data: await receipt(req, req.params.orderId, await storedSale(db, req.params.orderId), list) };
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
      const ctx = ctxOf(req);
      const { mails, refundCard } = await voidLastSale(db, ctx, req.params.eventId, req.params.orderId);
      if (refundCard) {
        const refundMails = await refundOrder(
          {
            db,
            stripe: deps.stripe,
            mollieFor: deps.mollieFor,
            now: () => deps.clock.now(),
            appUrl: deps.config.appUrl,
            storage: deps.storage,
            userId: auth.user.id,
            stock: deps.stock,
          },
          req.params.eventId,
          req.params.orderId,
          { cancel_order: true, notify_buyer: false },
        );
        mails.push(...refundMails);
      }
      if (mails.length) await deps.jobs.deliverOutbox(mails);
      return { data: (await openShiftView(db, req.params.eventId, auth.user.id))! };
    },
  );

  app.get(
    '/events/:eventId/box-office/allocations/:dateId',
    {
      schema: {
        tags,
        security,
        summary: 'What a date keeps for the door (its box-office allocation), per ticket',
        params: allocationParams,
        response: { 200: allocationResponse },
      },
    },
    async (req) => {
      const event = await boxOfficeEvent(db, authOf(req), req.params.eventId);
      return { data: await allocationView(db, event, req.params.dateId) };
    },
  );

  app.put(
    '/events/:eventId/box-office/allocations/:dateId',
    {
      schema: {
        tags,
        security,
        summary: 'Set how many units of each ticket a date keeps for the door (taken from its stock now)',
        params: allocationParams,
        body: allocationBody,
        response: { 200: allocationResponse },
      },
    },
    async (req) => {
      const auth = authOf(req);
      if (!auth.permissions.includes('events.manage')) throw new DomainError('FORBIDDEN');
      const event = await boxOfficeEvent(db, auth, req.params.eventId);
      await setAllocation(db, deps.stock, event, req.params.dateId, req.body, deps.clock.now());
      return { data: await allocationView(db, event, req.params.dateId) };
    },
  );

  app.post(
    '/events/:eventId/box-office/claims',
    {
      schema: {
        tags,
        security,
        summary: 'Top up the units the caller’s device may sell offline on a date, and list them',
        params: boxOfficeParams,
        body: claimBody,
        response: { 200: offlineUnitsResponse },
      },
    },
    async (req) => {
      const auth = authOf(req);
      await boxOfficeEvent(db, auth, req.params.eventId);
      return {
        data: await claimUnits(db, req.params.eventId, auth.user.id, req.body.event_date_id, deps.clock.now()),
      };
    },
  );
};
