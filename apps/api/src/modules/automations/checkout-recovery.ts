import type { CheckoutRecoveryDto } from '@admitone/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/index.js';
import { mailPayload } from '../../mail/outbox.js';
import { DomainError } from '../../shared/errors.js';
import { dateOfOrder } from '../event-dates/order-dates.js';
import { rowsOf } from '../inventory/counters.js';
import { type AutomationDeps, eventForMails } from './automation-context.js';
import { writeAutomationMails } from './automation-mails.js';
import { unsubscribedFrom, unsubscribeLinks } from './mail-contacts.js';
import { localeOf } from './reminders.js';

/** Checkouts written per pass. */
const BATCH = 100;
/** A checkout left longer ago than this (the worker was down) gets no mail. */
const STALE_AFTER = '7 days';

interface LeftCheckout {
  automation_id: number;
  message: string | null;
  organizer_id: number;
  id: number;
  event_id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  locale: string;
  promo_code: string | null;
}

/**
 * Checkouts left by buyers who agreed to a mail, where the event's abandoned-checkout mail is on: online orders never
 * finished (their hold ran out), stopped at least the automation's delay ago (within a week; counted from when the hold
 * ran out, not from when the expiry sweep noticed), for a date still ahead; not when the same address has since
 * ordered for the event, has had this mail from the event before (never twice: the key is the address), or has
 * unsubscribed from the organizer.
 */
const leftCheckouts = (db: Executor, now: Date) =>
  rowsOf<LeftCheckout>(
    db,
    sql`select distinct on (lower(o.email), m.id) m.id as automation_id, m.message, e.organizer_id, o.id, o.event_id,
        lower(o.email) as email, o.first_name, o.last_name, o.locale, o.promo_code
      from orders o
      join mail_automations m on m.event_id = o.event_id and m.kind = 'ABANDONED_CHECKOUT' and m.enabled
      join events e on e.id = o.event_id
      where o.recovery_consent and o.status in ('RESERVED', 'ABANDONED') and o.email is not null
        and o.channel = 'ONLINE'
        and (o.status = 'ABANDONED' or o.reserved_until < ${now}::timestamptz)
        and coalesce(o.reserved_until, o.hold_released_at, o.updated_at) + m.offset_minutes * interval '1 minute'
          <= ${now}::timestamptz
        and coalesce(o.reserved_until, o.hold_released_at, o.updated_at)
          > ${now}::timestamptz - interval '${sql.raw(STALE_AFTER)}'
        and exists (select 1 from order_items i join event_dates d on d.id = i.event_date_id
          where i.order_id = o.id and d.start_date > ${now}::timestamptz and d.status <> 'CANCELLED')
        and not exists (select 1 from orders c where c.event_id = o.event_id and lower(c.email) = lower(o.email)
          and c.id <> o.id and c.status not in ('RESERVED', 'ABANDONED') and c.created_at >= o.created_at)
        and not exists (select 1 from automation_sends s where s.automation_id = m.id
          and s.recipient_key = lower(o.email))
        and not ${unsubscribedFrom(sql`e.organizer_id`, sql`lower(o.email)`)}
      order by lower(o.email), m.id, o.created_at desc
      limit ${BATCH}`,
  );

/**
 * Writes the abandoned-checkout mails that are due (each in its own transaction with its send row: once per address
 * and event). The order gets a recovery token: its link opens the event page with the same choices, which are
 * reserved again only when the buyer continues (nothing is held meanwhile). Returns the outbox ids.
 */
export async function sendCheckoutRecoveries(db: Db, deps: AutomationDeps): Promise<{ mails: number[] }> {
  const mails: number[] = [];
  for (;;) {
    const due = await leftCheckouts(db, deps.clock.now());
    let wrote = 0;
    for (const o of due) {
      const ids = await db.transaction(async (tx) => {
        const token = (
          await rowsOf<{ token: string }>(
            tx,
            sql`update orders set recovery_token = coalesce(recovery_token,
                replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''))
              where id = ${o.id} returning recovery_token as token`,
          )
        )[0]!.token;
        const date = await dateOfOrder(tx, o.id);
        const ctx = await eventForMails(tx, deps, o.event_id, date);
        const event = await ctx.mailEvent(o.locale);
        const lines = await tx
          .select({
            ticket_name: orderItems.ticket_name,
            tier_label: orderItems.tier_label,
            quantity: orderItems.quantity,
          })
          .from(orderItems)
          .where(eq(orderItems.order_id, o.id))
          .orderBy(asc(orderItems.id));
        const links = await unsubscribeLinks(tx, deps.appUrl, o.organizer_id, [o.email]);
        const params = new URLSearchParams({ recover: token });
        if (date) params.set('date', String(date.id));
        if (o.promo_code) params.set('promo_code', o.promo_code);
        return writeAutomationMails(
          tx,
          o.automation_id,
          [
            {
              key: o.email,
              email: o.email,
              eventDateId: date?.id ?? null,
              orderId: o.id,
              payload: () =>
                mailPayload('checkout_recovery', o.email, localeOf(o.locale), {
                  name: { first_name: o.first_name, last_name: o.last_name },
                  event,
                  lines,
                  message: o.message,
                  recover_url: `${ctx.url}?${params.toString()}`,
                  unsubscribe: links.get(o.email)!,
                  sender: ctx.sender,
                }),
            },
          ],
          deps.clock.now(),
        );
      });
      wrote += ids.length;
      mails.push(...ids);
    }
    // A full page that wrote nothing new (another worker got there) ends the pass too.
    if (due.length < BATCH || !wrote) break;
  }
  return { mails };
}

/** The choices of a left checkout, by its mail's token (another event's token is not found). */
export async function checkoutRecovery(db: Executor, eventId: number, token: string): Promise<CheckoutRecoveryDto> {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.event_id, eventId),
        eq(orders.recovery_token, token),
        inArray(orders.status, ['RESERVED', 'ABANDONED']),
      ),
    );
  if (!order?.email) throw new DomainError('NOT_FOUND');
  const items = await db.select().from(orderItems).where(eq(orderItems.order_id, order.id)).orderBy(asc(orderItems.id));
  // Passes, seats and general products come back as they were chosen; the page checks what is still for sale.
  const merged = new Map<string, CheckoutRecoveryDto['items'][number]>();
  for (const i of items) {
    const k = `${i.ticket_id}:${i.tier_id ?? ''}`;
    const seen = merged.get(k);
    if (seen) seen.quantity += i.quantity;
    else
      merged.set(k, {
        ticket_id: i.ticket_id,
        tier_id: i.tier_id,
        quantity: i.quantity,
        amount: i.unit.base ?? null,
      });
  }
  return {
    event_date_id: items[0]?.event_date_id ?? null,
    promo_code: order.promo_code,
    items: [...merged.values()],
    buyer: { first_name: order.first_name, last_name: order.last_name, email: order.email },
  };
}
