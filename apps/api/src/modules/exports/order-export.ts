import { currencyExponent, type Locale } from '@admitone/shared';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { affiliates, attendees, orders } from '../../db/schema/index.js';
import { translate } from '../../i18n/i18n.js';
import { checkDateFilter } from '../event-dates/order-dates.js';
import { type OrderListFilters, orderWhere } from '../orders/order-query.js';
import type { ExportEvent } from './attendee-export.js';
import { EXPORT_TEXT as T } from './export-headings.js';
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

/** The order export: fixed columns (money in the event's currency), then one per order question. */
export async function orderExport(
  db: Executor,
  event: ExportEvent,
  q: Pick<OrderListFilters, 'query' | 'filter_fields'>,
  locale: Locale,
): Promise<{ total: number; sheet: ExportSheet }> {
  await checkDateFilter(db, event.id, q.filter_fields?.event_date_id);
  const where = orderWhere(event.id, q);
  const [counted] = await db.select({ n: count() }).from(orders).where(where);
  const questions = await questionColumns(db, event.id, 'ORDER');
  const h = (d: (typeof T)[keyof typeof T]) => translate(locale, d);
  const money = (d: (typeof T)[keyof typeof T]): ExportColumn => ({ heading: h(d), kind: 'money', width: 12 });
  const columns: ExportColumn[] = [
    { heading: h(T.order_number), kind: 'text', width: 14 },
    { heading: h(T.status), kind: 'text', width: 18 },
    { heading: h(T.payment_status), kind: 'text', width: 20 },
    { heading: h(T.payment_provider), kind: 'text', width: 12 },
    { heading: h(T.payment_method), kind: 'text', width: 14 },
    { heading: h(T.channel), kind: 'text', width: 12 },
    { heading: h(T.box_office_method), kind: 'text', width: 16 },
    { heading: h(T.first_name), kind: 'text', width: 16 },
    { heading: h(T.last_name), kind: 'text', width: 16 },
    { heading: h(T.email), kind: 'text', width: 28 },
    { heading: h(T.tickets), kind: 'int' },
    money(T.subtotal),
    money(T.discount),
    money(T.fees),
    money(T.taxes),
    money(T.total),
    money(T.refunded),
    money(T.charged_back),
    { heading: h(T.currency), kind: 'text' },
    { heading: h(T.promo_code), kind: 'text', width: 14 },
    { heading: h(T.affiliate), kind: 'text', width: 18 },
    { heading: h(T.created_at), kind: 'text', width: 17 },
    { heading: h(T.completed_at), kind: 'text', width: 17 },
    ...questionHeadings(questions),
  ];
  return {
    total: Number(counted?.n ?? 0),
    sheet: {
      name: h(T.orders_sheet),
      columns,
      exponent: currencyExponent(event.currency),
      batches: orderBatches(db, event, where, questions, { yes: h(T.yes), no: h(T.no), locale }),
    },
  };
}

/** Tickets of the order as the order list counts them (attendee rows, not given-up holds). */
const ticketCount =
  sql<number>`(select count(*) from ${attendees} where ${attendees.order_id} = ${orders.id} and ${attendees.status} <> 'ABANDONED')`.mapWith(
    Number,
  );

function orderBatches(
  db: Executor,
  event: ExportEvent,
  where: ReturnType<typeof orderWhere>,
  questions: QuestionColumn[],
  words: AnswerWords,
): AsyncGenerator<Cell[][]> {
  const read = (after: number, limit: number) =>
    db
      .select({
        id: orders.id,
        order_number: orders.order_number,
        status: orders.status,
        payment_status: orders.payment_status,
        payment_provider: orders.payment_provider,
        payment_method: orders.payment_method,
        charged_back_total: orders.charged_back_total,
        channel: orders.channel,
        box_office: orders.box_office_payment,
        first_name: orders.first_name,
        last_name: orders.last_name,
        email: orders.email,
        tickets: ticketCount,
        subtotal: orders.subtotal,
        discount_total: orders.discount_total,
        fee_total: orders.fee_total,
        tax_total: orders.tax_total,
        total: orders.total,
        refunded_total: orders.refunded_total,
        currency: orders.currency,
        promo_code: orders.promo_code,
        affiliate: affiliates.name,
        created_at: orders.created_at,
        completed_at: orders.completed_at,
      })
      .from(orders)
      .leftJoin(affiliates, eq(affiliates.id, orders.affiliate_id))
      .where(and(where, gt(orders.id, after)))
      .orderBy(asc(orders.id))
      .limit(limit);
  return keysetBatches(
    read,
    (r) => r.id,
    async (rows) => {
      const answers = await answersByOwner(
        db,
        questions,
        rows.map((r) => r.id),
        'ORDER',
      );
      return rows.map((r): Cell[] => [
        r.order_number,
        r.status,
        r.payment_status,
        r.payment_provider,
        r.payment_method,
        r.channel,
        r.box_office?.method ?? null,
        r.first_name,
        r.last_name,
        r.email,
        r.tickets,
        r.subtotal,
        r.discount_total,
        r.fee_total,
        r.tax_total,
        r.total,
        r.refunded_total,
        r.charged_back_total,
        r.currency,
        r.promo_code,
        r.affiliate,
        zonedStamp(r.created_at, event.timezone),
        zonedStamp(r.completed_at, event.timezone),
        ...answerCells(answers.get(r.id), questions, words),
      ]);
    },
  );
}
