import { currencyExponent, type Locale } from '@admitone/shared';

import type { Executor } from '../../db/client.js';
import { translate } from '../../i18n/i18n.js';
import { listShifts } from '../box-office/shifts.js';
import type { ExportEvent } from './attendee-export.js';
import { EXPORT_TEXT as T } from './export-headings.js';
import { type ExportColumn, type ExportSheet, oneBatch, zonedStamp } from './export-sheet.js';

/**
 * The event's box-office shifts (#41), newest first: who, when, the float, the sales by method, the voided ones, and
 * at the close the cash expected, counted and the difference (a shift still open has none of the last three).
 */
export async function shiftExport(
  db: Executor,
  event: ExportEvent,
  locale: Locale,
): Promise<{ total: number; sheet: ExportSheet }> {
  const shifts = await listShifts(db, event.id, null);
  const h = (d: (typeof T)[keyof typeof T]) => translate(locale, d);
  const money = (d: (typeof T)[keyof typeof T]): ExportColumn => ({ heading: h(d), kind: 'money', width: 12 });
  const columns: ExportColumn[] = [
    { heading: h(T.id), kind: 'int' },
    { heading: h(T.staff), kind: 'text', width: 20 },
    { heading: h(T.opened_at), kind: 'text', width: 17 },
    { heading: h(T.closed_at), kind: 'text', width: 17 },
    money(T.float),
    { heading: h(T.cash_sales), kind: 'int' },
    money(T.cash_total),
    { heading: h(T.card_sales), kind: 'int' },
    money(T.card_total),
    { heading: h(T.stripe_sales), kind: 'int' },
    money(T.stripe_total),
    { heading: h(T.complimentary), kind: 'int' },
    { heading: h(T.voided), kind: 'int' },
    money(T.expected_cash),
    money(T.counted_cash),
    money(T.difference),
    { heading: h(T.currency), kind: 'text' },
    { heading: h(T.note), kind: 'text', width: 30 },
  ];
  const at = (iso: string | null) => zonedStamp(iso === null ? null : new Date(iso), event.timezone);
  const rows = shifts.map((s) => [
    s.id,
    s.staff.name,
    at(s.opened_at),
    at(s.closed_at),
    s.float,
    s.sales.CASH.count,
    s.sales.CASH.total,
    s.sales.CARD_TERMINAL.count,
    s.sales.CARD_TERMINAL.total,
    s.sales.CARD_STRIPE.count,
    s.sales.CARD_STRIPE.total,
    s.sales.COMPLIMENTARY.count,
    s.voided,
    s.closed_at ? s.expected_cash : null,
    s.counted_total,
    s.difference,
    event.currency,
    s.note,
  ]);
  return {
    total: rows.length,
    sheet: { name: h(T.shifts_sheet), columns, exponent: currencyExponent(event.currency), batches: oneBatch(rows) },
  };
}
