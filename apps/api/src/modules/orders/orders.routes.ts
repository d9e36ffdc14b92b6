import {
  buyerLinkSchema,
  changeOrderDateBody,
  checkoutInvoiceBody,
  editBuyerBody,
  eventParams,
  oneOf,
  ORDER_SORTS,
  orderDetailResponse,
  orderFileParams,
  orderListResponse,
  orderMailListResponse,
  orderMailParams,
  orderMailResponse,
  orderParams,
  orderSyncListQuery,
  refundOrderBody,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { type AuthContext, authOf, sessionOf } from '../../plugins/auth.js';
import { notFound } from '../../shared/errors.js';
import { pagedOrSynced, type SyncRequest } from '../../shared/sync.js';
import { readOrderFile } from '../checkout/answer-files.js';
import { buyerLinkPath, sendOrderLink } from '../checkout/order-link.js';
import { changeOrderDate } from '../event-dates/move-order.js';
import { requireEvent } from '../events/events.repository.js';
import { correctInvoiceDetails } from '../invoices/correct-invoice-details.js';
import { refundProviders } from '../payments/payment-gateway.js';
import { refundOrder } from '../payments/refund-order.js';
import { editBuyer, resendConfirmation } from './order-admin-actions.js';
import { listOrders, orderDetail, syncOrders } from './order-admin-view.js';
import { orderMail, orderMails, sendOrderMailAgain } from './order-outbox.js';
import { cancelOrder, markOrderPaid, type OrderContext } from './order-status.js';
import type { OrderRow } from './order-view.js';
import { changeOrder } from './organizer-order-change.js';

const tags = ['orders'];
const security = [{ bearer: [] }];
const FILTERS = ['status', 'payment_status', 'ticket_id', 'affiliate_id', 'event_date_id'];

/**
 * A Content-Disposition that saves a file under its (already safe) name: an ASCII fallback for old
 * clients, and the name itself per RFC 6266 / 8187.
 */
const attachment = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};

/** The organizer's orders: list, detail with history, and the actions on one order. */
export const orderRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));

  const detail = async (eventId: number, orderId: number) => {
    const data = await orderDetail(db, eventId, orderId, refundProviders(deps.config));
    if (!data) throw notFound();
    return { data };
  };

  /**
   * Runs one change on the locked order (an order of the caller's event), delivers its mails, answers the order.
   * Its mails to addresses the team typed in (all of them for a resend) follow the team-mail rules.
   */
  async function act(
    req: { auth: AuthContext | null; params: { eventId: number; orderId: number } },
    change: (tx: Tx, c: OrderContext, o: OrderRow) => Promise<number[]>,
    opts: { resend: boolean } = { resend: false },
  ) {
    const { eventId, orderId } = req.params;
    await requireEvent(db, authOf(req).accountId, eventId);
    await detail(eventId, orderId); // a checkout in progress is not the organizer's to change
    const c: OrderContext = {
      now: deps.clock.now(),
      appUrl: deps.config.appUrl,
      storage: deps.storage,
      userId: authOf(req).user.id,
      stock: deps.stock,
    };
    const by = {
      accountId: authOf(req).accountId,
      userId: authOf(req).user.id,
      mailBudgetPerHour: deps.config.mailBudgetPerHour,
    };
    const mails = await changeOrder(db, c, by, { eventId, orderId }, change, opts);
    if (mails.length) await deps.jobs.deliverOutbox(mails);
    return detail(eventId, orderId);
  }

  app.get(
    '/events/:eventId/orders',
    {
      schema: {
        tags,
        security,
        summary: "The event's orders: search, filters, sorting, pages; or incremental sync (updated_since, cursor)",
        params: eventParams,
        querystring: orderSyncListQuery,
        response: { 200: orderListResponse },
      },
    },
    async (req) => {
      await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const read = {
        sync: (s: SyncRequest) => syncOrders(db, req.params.eventId, req.query, s),
        page: () => listOrders(db, req.params.eventId, req.query),
      };
      return pagedOrSynced('orders', req.query, req.url, read, { sorts: ORDER_SORTS, filters: FILTERS });
    },
  );

  app.get(
    '/events/:eventId/orders/:orderId',
    {
      schema: {
        tags,
        security,
        summary: 'One order: lines, payments, refunds, answers, attendees, history and the actions possible',
        params: orderParams,
        response: { 200: orderDetailResponse },
      },
    },
    async (req) => {
      await requireEvent(db, authOf(req).accountId, req.params.eventId);
      return detail(req.params.eventId, req.params.orderId);
    },
  );

  app.get(
    '/events/:eventId/orders/:orderId/files/:fileId',
    {
      schema: {
        tags,
        security,
        summary:
          'A file the buyer uploaded to answer a FILE question (the `file_id` of the answer), as a download; never cached',
        params: orderFileParams,
      },
    },
    async (req, reply) => {
      const { eventId, orderId, fileId } = req.params;
      await requireEvent(db, authOf(req).accountId, eventId);
      const found = await readOrderFile({ db, storage: deps.storage, log: deps.log }, eventId, orderId, fileId);
      if (!found) throw notFound();
      reply
        .type(found.file.type)
        .header('content-disposition', attachment(found.file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      if (found.stored.length !== null) reply.header('content-length', String(found.stored.length));
      return reply.send(found.stored.body);
    },
  );

  app.post(
    '/events/:eventId/orders/:orderId/mark-as-paid',
    {
      schema: {
        tags,
        security,
        summary: 'An offline payment arrived: complete the order and send the tickets',
        params: orderParams,
        response: { 200: orderDetailResponse },
      },
    },
    (req) => act(req, markOrderPaid),
  );

  app.post(
    '/events/:eventId/orders/:orderId/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel the order: its tickets return to the pool',
        params: orderParams,
        response: { 200: orderDetailResponse },
      },
    },
    (req) => act(req, cancelOrder),
  );

  app.put(
    '/events/:eventId/orders/:orderId/invoice-details',
    {
      schema: {
        tags,
        security,
        summary: "Correct the buyer's invoice details (company, address, VAT number); the invoice is reissued",
        params: orderParams,
        body: checkoutInvoiceBody,
        response: { 200: orderDetailResponse },
      },
    },
    (req) => act(req, (tx, c, o) => correctInvoiceDetails(tx, c, o, req.body)),
  );

  app.post(
    '/events/:eventId/orders/:orderId/date',
    {
      schema: {
        tags,
        security,
        summary:
          'Move the order to another date of the event (not cancelled; each of its tickets sold there): its stock moves with it (NO_TICKETS_AVAILABLE when the date has no room), the tickets keep their codes, the order keeps what was paid; the buyer is mailed unless notify_buyer is false',
        params: orderParams,
        body: changeOrderDateBody,
        response: { 200: orderDetailResponse },
      },
    },
    (req) => act(req, (tx, c, o) => changeOrderDate(tx, c, o, req.body)),
  );

  app.post(
    '/events/:eventId/orders/:orderId/resend-confirmation',
    {
      schema: {
        tags,
        security,
        summary:
          "Send the buyer's order confirmation again (needs a confirmed address; counts against the mail budget)",
        params: orderParams,
        response: { 200: orderDetailResponse },
      },
    },
    (req) => act(req, resendConfirmation, { resend: true }),
  );

  app.post(
    '/events/:eventId/orders/:orderId/send-link',
    {
      schema: {
        tags,
        security,
        summary:
          'E-mail the buyer the link to their order page (needs a confirmed address; counts against the mail budget)',
        params: orderParams,
        response: { 200: orderDetailResponse },
      },
    },
    (req) => act(req, sendOrderLink, { resend: true }),
  );

  app.get(
    '/events/:eventId/orders/:orderId/buyer-link',
    {
      schema: {
        tags,
        security,
        summary:
          "The buyer's order page with the order's secret, for a signed-in organizer to pass on; API keys are refused",
        params: orderParams,
        response: { 200: oneOf(buyerLinkSchema) },
      },
    },
    async (req) => {
      sessionOf(authOf(req));
      await requireEvent(db, authOf(req).accountId, req.params.eventId);
      await detail(req.params.eventId, req.params.orderId); // a checkout in progress has no link to pass on
      const path = await buyerLinkPath(db, req.params.eventId, req.params.orderId);
      if (!path) throw notFound();
      return { data: { path } };
    },
  );

  app.get(
    '/events/:eventId/orders/:orderId/mails',
    {
      schema: {
        tags,
        security,
        summary: "The order's e-mails: delivered, still being tried (with the last error) or failed",
        params: orderParams,
        response: { 200: orderMailListResponse },
      },
    },
    async (req) => {
      await requireEvent(db, authOf(req).accountId, req.params.eventId);
      await detail(req.params.eventId, req.params.orderId);
      return { data: await orderMails(db, req.params.orderId) };
    },
  );

  app.post(
    '/events/:eventId/orders/:orderId/mails/:mailId/send-again',
    {
      schema: {
        tags,
        security,
        summary:
          'Send a failed e-mail of the order again, to the same address (counts against the mail budget only when the team typed the address)',
        params: orderMailParams,
        response: { 200: orderMailResponse },
      },
    },
    async (req) => {
      const { orderId, mailId } = req.params;
      await act(req, (tx, c, o) => sendOrderMailAgain(tx, c, o, mailId));
      const mail = await orderMail(db, orderId, mailId);
      if (!mail) throw notFound();
      return { data: mail };
    },
  );

  app.put(
    '/events/:eventId/orders/:orderId/buyer',
    {
      schema: {
        tags,
        security,
        summary: "Correct the buyer's name, e-mail and order answers",
        params: orderParams,
        body: editBuyerBody,
        response: { 200: orderDetailResponse },
      },
    },
    (req) => act(req, (tx, c, o) => editBuyer(tx, c, o, req.body)),
  );

  app.post(
    '/events/:eventId/orders/:orderId/refund',
    {
      schema: {
        tags,
        security,
        summary: 'Refund a card-paid order, fully or partly (optionally cancel it and e-mail the buyer)',
        params: orderParams,
        body: refundOrderBody,
        response: { 200: orderDetailResponse },
      },
    },
    async (req) => {
      const { eventId, orderId } = req.params;
      await requireEvent(db, authOf(req).accountId, eventId);
      await detail(eventId, orderId);
      const by = authOf(req);
      const teamMail = {
        accountId: by.accountId,
        userId: by.user.id,
        mailBudgetPerHour: deps.config.mailBudgetPerHour,
      };
      const mails = await refundOrder(
        {
          db,
          stripe: deps.stripe,
          mollieFor: deps.mollieFor,
          now: () => deps.clock.now(),
          appUrl: deps.config.appUrl,
          storage: deps.storage,
          userId: by.user.id,
          teamMail,
          stock: deps.stock,
        },
        eventId,
        orderId,
        req.body,
      );
      if (mails.length) await deps.jobs.deliverOutbox(mails);
      return detail(eventId, orderId);
    },
  );
};
