import type { editBuyerBody } from '@admitone/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';

import type { Tx } from '../../db/client.js';
import { orders, questionAnswers } from '../../db/schema/index.js';
import { DomainError, type FieldIssues } from '../../shared/errors.js';
import { answerFilesOf } from '../checkout/answer-files.js';
import { dropUnusedAnswerFiles, orderFileRows } from '../checkout/answer-files.repository.js';
import { checkAnswers, orderQuestions } from '../checkout/answers.js';
import { recordOrderEvent } from './order-history.js';
import { enqueueOrderMails } from './order-mails.js';
import type { OrderContext } from './order-status.js';
import { checkoutQuestions, type OrderRow } from './order-view.js';

export type EditBuyerInput = z.output<typeof editBuyerBody>;

/** Sends the buyer's order confirmation again (completed or awaiting an offline payment). */
export async function resendConfirmation(tx: Tx, ctx: OrderContext, order: OrderRow): Promise<number[]> {
  if (!order.email || !['COMPLETED', 'AWAITING_PAYMENT', 'PARTIALLY_REFUNDED'].includes(order.status))
    throw new DomainError('ORDER_NOT_EDITABLE');
  await recordOrderEvent(tx, order.id, {
    kind: 'CONFIRMATION_RESENT',
    userId: ctx.userId,
    data: { email: order.email },
    at: ctx.now,
  });
  return enqueueOrderMails(tx, ctx, order.id, 'confirmation');
}

/**
 * The organizer corrects the buyer's name or e-mail, and (when given) the answers to order questions,
 * checked like at checkout. What changed is kept in the order's history.
 */
export async function editBuyer(tx: Tx, ctx: OrderContext, order: OrderRow, input: EditBuyerInput): Promise<number[]> {
  if (!order.email) throw new DomainError('ORDER_NOT_EDITABLE');
  const changed = (['first_name', 'last_name', 'email'] as const).filter((k) => (order[k] ?? '') !== input[k]);
  if (input.answers) {
    const issues: FieldIssues = {};
    const rows = checkAnswers(
      orderQuestions(await checkoutQuestions(tx, order.event_id)),
      input.answers,
      'answers.',
      issues,
      answerFilesOf(await orderFileRows(tx, order.id), null, false),
    );
    if (Object.keys(issues).length) throw new DomainError('VALIDATION_FAILED', { fields: issues });
    await tx
      .delete(questionAnswers)
      .where(and(eq(questionAnswers.order_id, order.id), isNull(questionAnswers.attendee_id)));
    if (rows.length)
      await tx.insert(questionAnswers).values(rows.map((r) => ({ order_id: order.id, attendee_id: null, ...r })));
    await dropUnusedAnswerFiles(tx, order.id);
    changed.push('answers' as never);
  }
  await tx
    .update(orders)
    .set({ first_name: input.first_name, last_name: input.last_name, email: input.email, updated_at: ctx.now })
    .where(eq(orders.id, order.id));
  if (changed.length)
    await recordOrderEvent(tx, order.id, {
      kind: 'BUYER_EDITED',
      userId: ctx.userId,
      data: { fields: changed },
      at: ctx.now,
    });
  return [];
}
