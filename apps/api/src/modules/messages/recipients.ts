import type { Locale, MessageAnswerFilter, MessageCheckInFilter, MessageRecipientType } from '@admitone/shared';
import { personName } from '@admitone/shared';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { attendees, eventDates, orders, questions, tickets } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { attendeeCounted, buyerCounted } from '../attendees/typed-addresses.js';

/** Who a message goes to, as the composer chose it. */
export interface RecipientSelection {
  recipient_type: MessageRecipientType;
  ticket_ids: number[];
  order_id: number | null;
  attendee_ids: number[];
  /** Filters (absent: none): the dates, the check-in state, an answer. Buyers match through their orders' tickets. */
  event_date_ids?: number[];
  check_in?: MessageCheckInFilter;
  answer_filter?: MessageAnswerFilter | null;
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
  const dates = [...new Set(s.event_date_ids ?? [])];
  if (dates.length) {
    const found = await db
      .select({ id: eventDates.id })
      .from(eventDates)
      .where(and(eq(eventDates.event_id, eventId), inArray(eventDates.id, dates)));
    if (found.length !== dates.length) throw notFoundChoice('event_date_ids');
  }
  if (s.answer_filter) {
    const [found] = await db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.event_id, eventId), eq(questions.id, s.answer_filter.question_id)));
    if (!found) throw notFoundChoice('answer_filter');
  }
}

/**
 * The filters as a condition on an attendee row `a` (of the event's tickets): its date, its check-in state, and its
 * own answer or its order's answer to the question (equal, or among the choices of a multiple choice).
 */
function attendeeFilter(s: RecipientSelection, a: string) {
  const parts = [sql`true`];
  const dates = s.event_date_ids ?? [];
  if (dates.length)
    parts.push(
      sql`${sql.raw(a)}.event_date_id in (${sql.join(
        dates.map((d) => sql`${d}`),
        sql`, `,
      )})`,
    );
  if (s.check_in === 'CHECKED_IN') parts.push(sql`${sql.raw(a)}.checked_in_at is not null`);
  if (s.check_in === 'NOT_CHECKED_IN') parts.push(sql`${sql.raw(a)}.checked_in_at is null`);
  const f = s.answer_filter;
  if (f)
    parts.push(sql`exists (select 1 from question_answers qa where qa.question_id = ${f.question_id}
      and (qa.attendee_id = ${sql.raw(a)}.id or (qa.attendee_id is null and qa.order_id = ${sql.raw(a)}.order_id))
      and (qa.answer = to_jsonb(${f.value}::text) or (jsonb_typeof(qa.answer) = 'array' and qa.answer @> jsonb_build_array(${f.value}::text))))`);
  return sql.join(parts, sql` and `);
}

const hasFilters = (s: RecipientSelection) =>
  Boolean((s.event_date_ids ?? []).length || (s.check_in && s.check_in !== 'ANY') || s.answer_filter);

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
          // A buyer matches the filters through any active ticket of their order.
          hasFilters(s)
            ? sql`exists (select 1 from attendees fa where fa.order_id = ${orders.id} and fa.status = 'ACTIVE'
                and fa.is_admission and ${attendeeFilter(s, 'fa')})`
            : undefined,
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
          hasFilters(s) ? attendeeFilter(s, 'attendees') : undefined,
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
