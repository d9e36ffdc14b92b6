import type { PassPickBody } from '@admitone/shared';
import { and, eq, inArray, max } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client.js';
import { attendees } from '../../db/schema/index.js';
import type { TicketMailBudget } from '../../plugins/address-mail-limit.js';
import { DomainError } from '../../shared/errors.js';
import { orNoStock } from '../attendees/attendee-stock.js';
import { COUNTED, takeNewUnit } from '../inventory/order-units.js';
import { newAttendeeShortId } from '../orders/ids.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { enqueueOrderMails } from '../orders/order-mails.js';
import type { OrderContext } from '../orders/order-status.js';
import { choosableDates, passesOf, passForDate, pickLines } from '../orders/pass-picks-view.js';
import { lockBuyerOrder } from './buyer-changes.js';

/**
 * Passes for any N dates (docs/DOMAIN.md, "Passes"): buying one takes nothing; its holder picks dates from the order
 * page, each pick a ticket of its own taken through the stock module as a buyer takes (the date on sale, not begun,
 * the pass sold there, a place left), at most N per pass bought, each pass once per date (two passes on one line are
 * two holders, who may go on the same evening).
 */

const pickRefused = (key: 'pass_date_unavailable' | 'pass_no_picks_left') =>
  new DomainError('VALIDATION_FAILED', { fields: { event_date_id: [{ key }] } });

/**
 * The holder of a pass for any N dates picks one (the order's secret opens it, its order complete): a ticket for
 * that date, taken through the stock module (NO_TICKETS_AVAILABLE when the date is full), named as the pass's earlier
 * picks (else the buyer), sharing their `pass_group`, mailed to its holder within `budget`. Refused on the field when
 * no pick is left or the date cannot be picked.
 */
export function pickPassDate(
  db: Db,
  c: OrderContext,
  ref: { eventId: number; shortId: string; secret: string | null },
  body: PassPickBody,
  budget: TicketMailBudget,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const { order } = await lockBuyerOrder(tx, ref.eventId, ref.shortId, ref.secret, c.now);
    if (order.status !== 'COMPLETED') throw new DomainError('SELF_SERVICE_CLOSED');
    const line = (await pickLines(tx, order.id)).find((l) => l.ticket_id === body.ticket_id);
    if (!line) throw new DomainError('VALIDATION_FAILED', { fields: { ticket_id: [{ key: 'not_found_choice' }] } });
    if (line.picked >= line.picks) throw pickRefused('pass_no_picks_left');
    if (!(await choosableDates(tx, ref.eventId, line, c.now)).some((d) => d.id === body.event_date_id))
      throw pickRefused('pass_date_unavailable');
    const pass = passForDate(await passesOf(tx, line), line.per_pass, body.event_date_id);
    if (!pass) throw pickRefused('pass_date_unavailable');
    const holder = await holderOf(tx, order, line.item_id, pass.group);
    if (holder.email) await budget(line.item_id, holder.email);
    const unit = {
      ticket_id: line.ticket_id,
      tier_id: null,
      event_date_id: body.event_date_id,
      is_admission: true,
      seat_id: null,
    };
    const attendeeId = await orNoStock(() =>
      takeNewUnit(tx, c.stock, ref.eventId, unit, (sp) => insertPick(sp, c, order, line.item_id, holder, unit), {
        buyer: true,
      }),
    );
    await recordOrderEvent(tx, order.id, {
      kind: 'PASS_DATE_PICKED',
      data: { attendee_id: attendeeId, event_date_id: body.event_date_id },
      at: c.now,
    });
    return enqueueOrderMails(tx, c, order.id, { ticket: attendeeId });
  });
}

/** Who a pick's ticket is for: its pass's earlier picks' holder and group, else the buyer (a new group). */
async function holderOf(
  tx: Tx,
  order: { first_name: string | null; last_name: string | null; email: string | null },
  itemId: number,
  group: string | null,
) {
  const buyer = { first_name: order.first_name, last_name: order.last_name, email: order.email, pass_group: null };
  if (group === null) return buyer;
  const [earlier] = await tx
    .select({
      first_name: attendees.first_name,
      last_name: attendees.last_name,
      email: attendees.email,
      pass_group: attendees.pass_group,
    })
    .from(attendees)
    .where(
      and(
        eq(attendees.order_item_id, itemId),
        eq(attendees.pass_group, group),
        inArray(attendees.status, [...COUNTED]),
      ),
    )
    .orderBy(attendees.position)
    .limit(1);
  return earlier ?? buyer;
}

async function insertPick(
  tx: Tx,
  c: OrderContext,
  order: { id: number; account_id: number; event_id: number; locale: string },
  itemId: number,
  holder: Awaited<ReturnType<typeof holderOf>>,
  unit: { ticket_id: number; event_date_id: number },
): Promise<number> {
  const [last] = await tx
    .select({ n: max(attendees.position) })
    .from(attendees)
    .where(eq(attendees.order_id, order.id));
  const shortId = newAttendeeShortId();
  const [row] = await tx
    .insert(attendees)
    .values({
      account_id: order.account_id,
      event_id: order.event_id,
      order_id: order.id,
      order_item_id: itemId,
      ticket_id: unit.ticket_id,
      event_date_id: unit.event_date_id,
      short_id: shortId,
      // The first pick names the group; the later ones join it (the door admits any of its codes on each date).
      pass_group: holder.pass_group ?? shortId,
      status: 'ACTIVE',
      first_name: holder.first_name,
      last_name: holder.last_name,
      email: holder.email,
      locale: order.locale as (typeof attendees.$inferInsert)['locale'],
      position: (last?.n ?? -1) + 1,
      is_admission: true,
      created_at: c.now,
      updated_at: c.now,
    })
    .returning({ id: attendees.id });
  return row!.id;
}
