import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refundOrderBody } from '@admitone/shared';
import { refundOrder } from '../payments/refund-order.js';
import type { AppDeps } from '../../app.js';
import type { Tx } from '../../db/client.js';
import { requireEvent } from '../events/events.repository.js';
import { cancelOrder, lockOrder, markOrderPaid, type OrderContext } from './order-status.js';
import { publicOrderView, type OrderRow } from './order-view.js';

const tags = ['orders'];
const security = [{ bearer: [] }];
const orderParams = z.object({ eventId: z.coerce.number().int().positive(), orderId: z.coerce.number().int().positive() });

/** The organizer's actions on an order (the orders screen arrives with issue #8). */
export const orderRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));

  async function act(accountId: number, eventId: number, orderId: number, change: (tx: Tx, c: OrderContext, o: OrderRow) => Promise<number[]>) {
    await requireEvent(db, accountId, eventId);
    const c: OrderContext = { now: deps.clock.now(), appUrl: deps.config.appUrl };
    let mails: number[] = [];
    const data = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, eventId, { id: orderId });
      mails = await change(tx, c, order);
      return publicOrderView(tx, deps.storage, (await lockOrder(tx, eventId, { id: orderId }))!, null, c.now);
    });
    if (mails.length) await deps.jobs.deliverOutbox(mails);
    return { data };
  }

  app.post('/events/:eventId/orders/:orderId/mark-as-paid', { schema: { tags, security, summary: 'An offline payment arrived: complete the order and send the tickets', params: orderParams } }, (req) =>
    act(req.auth!.accountId, req.params.eventId, req.params.orderId, markOrderPaid),
  );

  app.post(
    '/events/:eventId/orders/:orderId/refund',
    { schema: { tags, security, summary: 'Refund a card-paid order, fully or partly (optionally cancel it and e-mail the buyer)', params: orderParams, body: refundOrderBody } },
    async (req) => {
      await requireEvent(db, req.auth!.accountId, req.params.eventId);
      const mails = await refundOrder({ db, stripe: deps.stripe, now: () => deps.clock.now(), appUrl: deps.config.appUrl }, req.params.eventId, req.params.orderId, req.body);
      if (mails.length) await deps.jobs.deliverOutbox(mails);
      const order = await db.transaction((tx) => lockOrder(tx, req.params.eventId, { id: req.params.orderId }));
      return { data: await publicOrderView(db, deps.storage, order, null, deps.clock.now()) };
    },
  );

  app.post('/events/:eventId/orders/:orderId/cancel', { schema: { tags, security, summary: 'Cancel the order: its tickets return to the pool', params: orderParams } }, (req) =>
    act(req.auth!.accountId, req.params.eventId, req.params.orderId, cancelOrder),
  );
};
