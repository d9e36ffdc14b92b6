import type { Locale, MessageRecipientType } from '@admitone/shared';
import { personName } from '@admitone/shared';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { attendees, orders, tickets } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { attendeeCounted, buyerCounted } from '../attendees/typed-addresses.js';

/** Who a message goes to, as the composer chose it. */
export interface RecipientSelection {
  recipient_type: MessageRecipientType;
  ticket_ids: number[];
  order_id: number | null;
  attendee_ids: number[];
}

/** One address a message is written to. */
export interface Recipient {
  /** Lower-case: one e-mail per address. */
  email: string;
  name: string | null;
  locale: Locale;
  attendee_id: number | null;
  order_id: number | null;
  /**
   * The address counts against the mail budget (attendees/typed-addresses.ts, `buyerCounted`): the team
   * typed it in, or it came through an order no card payment vouches for (free, offline, made by hand).
   */
  counted: boolean;
}

/** Orders whose buyers may be messaged: paid, awaiting payment or partly refunded. */
export const MESSAGEABLE_ORDER_STATUSES = ['COMPLETED', 'AWAITING_PAYMENT', 'PARTIALLY_REFUNDED'] as const;

const notFoundChoice = (field: string) =>
  new DomainError('VALIDATION_FAILED', { fields: { [field]: [{ key: 'not_found_choice' }] } });

/** Refuses ids that are not the event's own (as a field error, like any other bad choice). */
async function checkOwnIds(db: Executor, eventId: number, s: RecipientSelection): Promise<void> {
  if (s.recipient_type === 'TICKET_HOLDERS') {
    const wanted = [...new Set(s.ticket_ids)];
    const found = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.event_id, eventId), inArray(tickets.id, wanted)));
    if (found.length !== wanted.length) throw notFoundChoice('ticket_ids');
  }
  if (s.recipient_type === 'ORDER_BUYER') {
    const [found] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.event_id, eventId), eq(orders.id, s.order_id ?? 0)));
    if (!found) throw notFoundChoice('order_id');
  }
  if (s.recipient_type === 'ATTENDEES') {
    const wanted = [...new Set(s.attendee_ids)];
    const found = await db
      .select({ id: attendees.id })
      .from(attendees)
      .where(and(eq(attendees.event_id, eventId), inArray(attendees.id, wanted)));
    if (found.length !== wanted.length) throw notFoundChoice('attendee_ids');
  }
}

/**
 * The people a selection reaches: active attendees, or buyers of paid, awaiting-payment and partly
 * refunded orders; one entry per address (lower-case), the first one found wins.
 */
export async function findRecipients(db: Executor, eventId: number, s: RecipientSelection): Promise<Recipient[]> {
  await checkOwnIds(db, eventId, s);
  let rows: Array<{
    email: string | null;
    first_name: string | null;
    last_name: string | null;
    locale: Locale;
    attendee_id: number | null;
    order_id: number;
    counted: boolean;
  }>;
  if (s.recipient_type === 'ALL_BUYERS' || s.recipient_type === 'ORDER_BUYER') {
    rows = await db
      .select({
        email: orders.email,
        first_name: orders.first_name,
        last_name: orders.last_name,
        locale: orders.locale,
        attendee_id: sql<number | null>`null::integer`,
        order_id: orders.id,
        counted: buyerCounted,
      })
      .from(orders)
      .where(
        and(
          eq(orders.event_id, eventId),
          inArray(orders.status, [...MESSAGEABLE_ORDER_STATUSES]),
          isNotNull(orders.email),
          s.recipient_type === 'ORDER_BUYER' ? eq(orders.id, s.order_id ?? 0) : undefined,
        ),
      )
      .orderBy(asc(orders.id));
  } else {
    rows = await db
      .select({
        email: attendees.email,
        first_name: attendees.first_name,
        last_name: attendees.last_name,
        locale: attendees.locale,
        attendee_id: attendees.id,
        order_id: attendees.order_id,
        counted: attendeeCounted,
      })
      .from(attendees)
      .innerJoin(orders, eq(orders.id, attendees.order_id))
      .where(
        and(
          eq(attendees.event_id, eventId),
          eq(attendees.status, 'ACTIVE'),
          eq(attendees.is_admission, true),
          isNotNull(attendees.email),
          s.recipient_type === 'TICKET_HOLDERS' ? inArray(attendees.ticket_id, s.ticket_ids) : undefined,
          s.recipient_type === 'ATTENDEES' ? inArray(attendees.id, s.attendee_ids) : undefined,
        ),
      )
      .orderBy(asc(attendees.id));
  }
  const byEmail = new Map<string, Recipient>();
  for (const r of rows) {
    const email = r.email?.trim().toLowerCase();
    if (!email) continue;
    const seen = byEmail.get(email);
    // One e-mail per address; it counts if any of its rows does.
    if (seen) seen.counted ||= Boolean(r.counted);
    else
      byEmail.set(email, {
        email,
        name: personName(r) || null,
        locale: r.locale,
        attendee_id: r.attendee_id,
        order_id: r.order_id,
        counted: Boolean(r.counted),
      });
  }
  return [...byEmail.values()];
}
