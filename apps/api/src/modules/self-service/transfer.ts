import type { TransferTicketBody } from '@admitone/shared';
import { personName } from '@admitone/shared';
import { eq } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { attendees, listCheckIns, retiredTicketCodes } from '../../db/schema/index.js';
import type { TicketMailBudget } from '../../plugins/address-mail-limit.js';
import { DomainError } from '../../shared/errors.js';
import { newAttendeeShortId } from '../orders/ids.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { enqueueOrderMails } from '../orders/order-mails.js';
import type { OrderContext } from '../orders/order-status.js';
import { type BuyerTicketRef, lockBuyerOrder, lockTicketOf } from './buyer-changes.js';

const holder = (p: { first_name: string | null; last_name: string | null; email: string | null }) =>
  `${personName(p)}${p.email ? ` <${p.email}>` : ''}`;

/**
 * The buyer passes one ticket on to another person, as the event allows (until its cut-off; not a
 * ticket already used at the door, nor a pass's). The ticket keeps its place in the order and in stock (nothing is
 * taken or given back) but gets a new code: the old code is retired at once, so a scan of it (also one
 * queued offline, or checked against a door device's offline data) is answered TRANSFERRED. The new
 * holder gets the ticket by e-mail, within `budget` (the new address's and the ticket's mails an hour;
 * past it 429 and the ticket is not passed on); the order's history records from whom to whom.
 */
export function transferTicket(
  db: Db,
  c: OrderContext,
  { eventId, shortId, secret, attendeeShortId }: BuyerTicketRef,
  to: TransferTicketBody,
  budget: TicketMailBudget,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const { order, allowed } = await lockBuyerOrder(tx, eventId, shortId, secret, c.now);
    if (!allowed?.can_transfer) throw new DomainError('SELF_SERVICE_CLOSED');
    const a = await lockTicketOf(tx, order, attendeeShortId);
    if (a.status !== 'ACTIVE') throw new DomainError('SELF_SERVICE_CLOSED');
    // A pass's ticket is not passed on alone: any of the pass's codes admits on each of its dates.
    if (a.pass_group) throw new DomainError('SELF_SERVICE_CLOSED');
    const used = await tx
      .select({ list: listCheckIns.list_id })
      .from(listCheckIns)
      .where(eq(listCheckIns.attendee_id, a.id))
      .limit(1);
    if (used.length) throw new DomainError('SELF_SERVICE_CLOSED');

    if (to.email) await budget(a.id, to.email);
    const code = newAttendeeShortId();
    await tx
      .insert(retiredTicketCodes)
      .values({ code: a.short_id, event_id: eventId, attendee_id: a.id, retired_at: c.now });
    await tx
      .update(attendees)
      .set({ short_id: code, first_name: to.first_name, last_name: to.last_name, email: to.email, updated_at: c.now })
      .where(eq(attendees.id, a.id));
    await recordOrderEvent(tx, order.id, {
      kind: 'TICKET_TRANSFERRED',
      data: { attendee_id: a.id, from: holder(a), to: holder(to) },
      at: c.now,
    });
    // The new holder's mail says who passed the ticket on: the buyer, who did it from their order.
    const by = personName(order);
    return enqueueOrderMails(tx, c, order.id, { ticket: a.id, ...(by ? { passedOnBy: by } : {}) });
  });
}
