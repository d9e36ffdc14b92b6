import type { Locale } from '@admitone/shared';
import { and, asc, count, eq, gt } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { attendees, eventDates, orderItems, orders, seatingSeats } from '../../db/schema/index.js';
import { translate } from '../../i18n/i18n.js';
import { attendeeJoins, type AttendeeListFilters, attendeeWhere } from '../attendees/attendee-query.js';
import { countEventDates } from '../event-dates/event-dates.repository.js';
import { checkDateFilter } from '../event-dates/order-dates.js';
import { loadSeatingRef } from '../seating/seating-ref.js';
import { dateColumns, EXPORT_TEXT as T, seatColumns } from './export-headings.js';
import { answerCells, answersByOwner, questionColumns, questionHeadings } from './export-questions.js';
import {
  type AnswerWords,
  type Cell,
  type ExportColumn,
  type ExportSheet,
  keysetBatches,
  type QuestionColumn,
  zonedStamp,
} from './export-sheet.js';

export interface ExportEvent {
  id: number;
  timezone: string;
  currency: string;
}

/**
 * The attendee export: fixed columns (with the ticket's date, its start and label, when the event has several
 * dates; its section, row and seat when the event is seated), then one per attendee question; `total` is counted first.
 */
export async function attendeeExport(
  db: Executor,
  event: ExportEvent,
  q: Pick<AttendeeListFilters, 'query' | 'filter_fields'>,
  locale: Locale,
): Promise<{ total: number; sheet: ExportSheet }> {
  await checkDateFilter(db, event.id, q.filter_fields?.event_date_id);
  const where = attendeeWhere(event.id, q);
  const dated = (await countEventDates(db, event.id)) > 1;
  const seated = !!(await loadSeatingRef(db, event.id));
  const [counted] = await db
    .select({ n: count() })
    .from(attendees)
    .innerJoin(orders, attendeeJoins.orders)
    .where(where);
  const questions = await questionColumns(db, event.id, 'ATTENDEE');
  const h = (d: (typeof T)[keyof typeof T]) => translate(locale, d);
  const columns: ExportColumn[] = [
    { heading: h(T.id), kind: 'int' },
    { heading: h(T.ticket_code), kind: 'text', width: 18 },
    { heading: h(T.first_name), kind: 'text', width: 16 },
    { heading: h(T.last_name), kind: 'text', width: 16 },
    { heading: h(T.email), kind: 'text', width: 28 },
    { heading: h(T.ticket), kind: 'text', width: 20 },
    { heading: h(T.tier), kind: 'text', width: 16 },
    ...(dated ? dateColumns(h) : []),
    ...(seated ? seatColumns(h) : []),
    { heading: h(T.status), kind: 'text', width: 18 },
    { heading: h(T.checked_in), kind: 'text' },
    { heading: h(T.checked_in_at), kind: 'text', width: 17 },
    { heading: h(T.order_number), kind: 'text', width: 14 },
    { heading: h(T.order_email), kind: 'text', width: 28 },
    { heading: h(T.created_at), kind: 'text', width: 17 },
    ...questionHeadings(questions),
  ];
  const words = { yes: h(T.yes), no: h(T.no), locale };
  return {
    total: Number(counted?.n ?? 0),
    sheet: {
      name: h(T.attendees_sheet),
      columns,
      exponent: 0,
      batches: attendeeBatches(db, event, where, questions, words, { dated, seated }),
    },
  };
}

function attendeeBatches(
  db: Executor,
  event: ExportEvent,
  where: ReturnType<typeof attendeeWhere>,
  questions: QuestionColumn[],
  words: AnswerWords,
  { dated, seated }: { dated: boolean; seated: boolean },
): AsyncGenerator<Cell[][]> {
  const read = (after: number, limit: number) =>
    db
      .select({
        a: {
          id: attendees.id,
          short_id: attendees.short_id,
          order_id: attendees.order_id,
          first_name: attendees.first_name,
          last_name: attendees.last_name,
          email: attendees.email,
          status: attendees.status,
          checked_in_at: attendees.checked_in_at,
          created_at: attendees.created_at,
        },
        ticket_name: orderItems.ticket_name,
        tier_label: orderItems.tier_label,
        order_number: orders.order_number,
        order_email: orders.email,
        date_start: eventDates.start_date,
        date_label: eventDates.label,
        section: seatingSeats.zone,
        row: seatingSeats.row_label,
        seat: seatingSeats.seat_number,
      })
      .from(attendees)
      .innerJoin(orders, attendeeJoins.orders)
      .innerJoin(orderItems, attendeeJoins.items)
      .innerJoin(eventDates, attendeeJoins.date)
      .leftJoin(seatingSeats, eq(seatingSeats.id, attendees.seat_id))
      .where(and(where, gt(attendees.id, after)))
      .orderBy(asc(attendees.id))
      .limit(limit);
  return keysetBatches(
    read,
    (r) => r.a.id,
    async (rows) => {
      const answers = await answersByOwner(
        db,
        questions,
        rows.map((r) => r.a.order_id),
        'ATTENDEE',
      );
      return rows.map(({ a, ...r }): Cell[] => [
        a.id,
        a.short_id,
        a.first_name,
        a.last_name,
        a.email,
        r.ticket_name,
        r.tier_label,
        ...(dated ? [zonedStamp(r.date_start, event.timezone), r.date_label] : []),
        ...(seated ? [r.section, r.row, r.seat] : []),
        a.status,
        a.checked_in_at ? words.yes : words.no,
        zonedStamp(a.checked_in_at, event.timezone),
        r.order_number,
        r.order_email,
        zonedStamp(a.created_at, event.timezone),
        ...answerCells(answers.get(a.id), questions, words),
      ]);
    },
  );
}
