import type { EventStatus } from '@admitone/shared';
import { eq, inArray } from 'drizzle-orm';

import type { MollieConfig, StripeConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { events, images } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { getAccount } from '../accounts/account-settings.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { dropAnswerFilesOf } from '../checkout/answer-files.repository.js';
import { keysOf, listImages } from '../images/images.repository.js';
import { removeFiles } from '../images/stored-file-removal.js';
import { eventHasOrders } from '../orders/event-orders.js';
import { findEvent } from './events.repository.js';
import { paymentReadiness } from './payment-readiness.js';

/**
 * Moves an event between draft, live and archived. Going live needs the account's e-mail confirmed and,
 * when the event sells paid tickets, a way for buyers to pay (payment-readiness.ts).
 */
export async function changeEventStatus(
  deps: { db: Db; clock: Clock; stripe: StripeConfig | null; mollie?: MollieConfig | null },
  accountId: number,
  id: number,
  status: EventStatus,
  actor: AuditActor,
): Promise<void> {
  const found = await findEvent(deps.db, accountId, id);
  if (!found) throw new DomainError('NOT_FOUND');
  if (status === 'LIVE' && !(await getAccount(deps.db, accountId, accountId)).is_email_verified) {
    throw new DomainError('EMAIL_NOT_VERIFIED');
  }
  if (
    status === 'LIVE' &&
    found.event.status !== 'LIVE' &&
    (await paymentReadiness(deps.db, deps.stripe, found.event, deps.mollie)).blocked
  ) {
    throw new DomainError('NO_PAYMENT_METHOD');
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(events).set({ status, updated_at: now }).where(eq(events.id, id));
    if (found.event.status !== status)
      await recordAudit(
        tx,
        actor,
        {
          action: 'event.status_changed',
          eventId: id,
          target: { type: 'event', id, label: found.event.title },
          data: { status: { from: found.event.status, to: status } },
        },
        now,
      );
  });
}

/**
 * Deletes an event for good, with its images and the files of checkouts that never completed; an event
 * with orders can only be archived.
 */
export async function deleteEvent(
  deps: { db: Db; storage: FileStorage; clock: Clock },
  accountId: number,
  id: number,
): Promise<void> {
  const found = await findEvent(deps.db, accountId, id);
  if (!found) throw new DomainError('NOT_FOUND');
  if (await eventHasOrders(deps.db, id, deps.clock.now())) throw new DomainError('EVENT_HAS_ORDERS');
  const pictures = await listImages(deps.db, accountId, 'event', id);
  const files = await deps.db.transaction(async (tx) => {
    const keys = await dropAnswerFilesOf(tx, { eventId: id });
    if (pictures.length)
      await tx.delete(images).where(
        inArray(
          images.id,
          pictures.map((p) => p.id),
        ),
      );
    await tx.delete(events).where(eq(events.id, id));
    return keys;
  });
  for (const p of pictures) for (const key of keysOf(p)) await deps.storage.delete(key);
  await removeFiles.now(deps, files);
}
