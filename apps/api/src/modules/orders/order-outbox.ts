import type { OrderMailDto } from '@admitone/shared';
import { and, asc, eq } from 'drizzle-orm';

import type { Executor, Tx } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';
import { type MailPayload, queueAgain } from '../../mail/outbox.js';
import { DomainError, notFound } from '../../shared/errors.js';
import type { OrderContext } from './order-status.js';
import type { OrderRow } from './order-view.js';

/**
 * The e-mails written about an order (mail/outbox.ts `enqueueMail` with its order): what the organizer's
 * drawer lists, and the one action on them, "send again" for a mail that failed (SMTP refused the
 * address, or an outage outlasted MAIL_RETRY_HOURS).
 */

type OutboxRow = typeof outbox.$inferSelect;

const toDto = (r: OutboxRow): OrderMailDto => {
  const p = r.payload as unknown as Partial<MailPayload>;
  return {
    id: r.id,
    template: String(p.template ?? ''),
    to: String(p.to ?? ''),
    status: r.status,
    attempts: r.attempts,
    error: r.status === 'SENT' ? null : r.last_error,
    created_at: r.created_at.toISOString(),
    sent_at: r.sent_at?.toISOString() ?? null,
  };
};

/** The order's mails, oldest first. */
export async function orderMails(db: Executor, orderId: number): Promise<OrderMailDto[]> {
  return (await db.select().from(outbox).where(eq(outbox.order_id, orderId)).orderBy(asc(outbox.id))).map(toDto);
}

/** Mails that say the order (or its tickets) stands: not sent again once it no longer does. */
const WHILE_ORDER_STANDS: Record<string, readonly string[]> = {
  order_confirmation: ['COMPLETED', 'AWAITING_PAYMENT', 'PARTIALLY_REFUNDED'],
  attendee_ticket: ['COMPLETED', 'PARTIALLY_REFUNDED'],
  payment_received: ['COMPLETED', 'PARTIALLY_REFUNDED'],
  payment_reminder: ['AWAITING_PAYMENT'],
};

/**
 * Queues one FAILED mail of the (locked) order again, as it was written, to the same address: 404 when
 * it is not this order's, 409 MAIL_NOT_FAILED when it is not failed (sent, or still being tried), 409
 * ORDER_NOT_EDITABLE when it would tell of an order or tickets that no longer stand. Returns its id to
 * deliver; the caller applies the team-mail rules (counted only when the team typed the address).
 */
export async function sendOrderMailAgain(
  tx: Tx,
  ctx: OrderContext,
  order: OrderRow,
  mailId: number,
): Promise<number[]> {
  const [row] = await tx
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, mailId), eq(outbox.order_id, order.id)));
  if (!row) throw notFound();
  if (row.status !== 'FAILED') throw new DomainError('MAIL_NOT_FAILED');
  const standing = WHILE_ORDER_STANDS[String((row.payload as { template?: unknown }).template)];
  if (standing && !standing.includes(order.status)) throw new DomainError('ORDER_NOT_EDITABLE');
  const queued = await queueAgain(tx, [row.id], ctx.now);
  if (!queued.length) throw new DomainError('MAIL_NOT_FAILED');
  return queued;
}

/** One mail of the order as the drawer shows it (after a send again). */
export async function orderMail(db: Executor, orderId: number, mailId: number): Promise<OrderMailDto | null> {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, mailId), eq(outbox.order_id, orderId)));
  return row ? toDto(row) : null;
}
