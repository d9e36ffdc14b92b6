import {
  CHANNEL_SALES_FIGURES,
  type ChannelSalesDto,
  currencyExponent,
  type EventReportDto,
  type Locale,
  type SalesByEventReportDto,
  type SalesMoneyDto,
} from '@admitone/shared';
import type { MessageDescriptor } from '@lingui/core';

import { translate } from '../../i18n/i18n.js';
import { EXPORT_TEXT as E } from '../exports/export-headings.js';
import { type Cell, type ExportColumn, type ExportSheet, oneBatch, zonedStamp } from '../exports/export-sheet.js';
import { REPORT_TEXT as R } from './report-headings.js';

/** A report as a download: its table, the same rows as on screen, then its totals row(s). */
export interface ReportFile {
  /** Rows without the totals (the `X-Total-Rows` header). */
  total: number;
  sheet: ExportSheet;
}

function file(
  name: string,
  columns: ExportColumn[],
  exponent: number,
  rows: Cell[][],
  totals: Cell[][],
  rowExponent?: ExportSheet['rowExponent'],
): ReportFile {
  return {
    total: rows.length,
    sheet: {
      name,
      columns,
      exponent,
      batches: oneBatch([...rows, ...totals]),
      ...(rowExponent ? { rowExponent } : {}),
    },
  };
}

const money = (heading: string): ExportColumn => ({ heading, kind: 'money', width: 12 });
const int = (heading: string): ExportColumn => ({ heading, kind: 'int', width: 10 });
const text = (heading: string, width = 20): ExportColumn => ({ heading, kind: 'text', width });
/** The sales split by channel, after a report's own columns (in the order of CHANNEL_SALES_FIGURES). */
const channelColumns = (h: (d: MessageDescriptor) => string): ExportColumn[] => [
  int(h(R.online_units)),
  money(h(R.online_gross)),
  int(h(R.box_office_units)),
  money(h(R.box_office_gross)),
  int(h(R.complimentary_units)),
];
const channelCells = (f: ChannelSalesDto): number[] => CHANNEL_SALES_FIGURES.map((k) => f[k]);
const salesCells = (f: SalesMoneyDto & ChannelSalesDto & { units: number }): number[] => [
  f.units,
  f.gross,
  f.discounts,
  f.taxes,
  f.fees,
  f.refunded,
  f.net,
  ...channelCells(f),
];

/** One report of an event as a CSV/XLSX table, headings and words in `locale`. */
export function eventReportFile(report: EventReportDto, locale: Locale): ReportFile {
  const h = (d: MessageDescriptor) => translate(locale, d);
  const exponent = currencyExponent(report.currency);
  const total = h(E.total);
  switch (report.report) {
    case 'sales-by-product': {
      const columns = [
        text(h(R.product), 24),
        text(h(E.tier), 16),
        int(h(R.units)),
        ...[R.gross, R.discounts, E.taxes, E.fees, E.refunded, R.net].map((d) => money(h(d))),
        ...channelColumns(h),
      ];
      const rows: Cell[][] = [];
      for (const p of report.rows) {
        const own = salesCells(p);
        if (!p.tiers.length) {
          rows.push([p.name, null, ...own]);
          continue;
        }
        for (const t of p.tiers) rows.push([p.name, t.label, ...salesCells(t)]);
        // Lines without a tier of a tiered ticket (none in practice): the rest, so the rows add up.
        const rest = own.map((v, i) => p.tiers.reduce((left, t) => left - salesCells(t)[i]!, v));
        if (rest.some((v) => v !== 0)) rows.push([p.name, null, ...rest]);
      }
      return file(h(R.sales_by_product), columns, exponent, rows, [[total, null, ...salesCells(report.totals)]]);
    }
    case 'sales-by-promo-code': {
      const columns = [
        text(h(E.promo_code)),
        int(h(R.orders)),
        int(h(R.units)),
        ...[R.discounts, R.gross, E.refunded, R.net].map((d) => money(h(d))),
      ];
      const cells = (f: typeof report.totals): Cell[] => [f.orders, f.units, f.discounts, f.gross, f.refunded, f.net];
      const rows = report.rows.map((r): Cell[] => [r.code ?? h(R.no_promo_code), ...cells(r)]);
      return file(h(R.sales_by_promo_code), columns, exponent, rows, [[total, ...cells(report.totals)]]);
    }
    case 'sales-by-payment': {
      const columns = [
        text(h(E.payment_provider)),
        text(h(E.payment_method), 14),
        int(h(R.orders)),
        ...[R.gross, E.refunded, E.charged_back, R.net].map((d) => money(h(d))),
      ];
      const cells = (f: typeof report.totals): Cell[] => [f.orders, f.gross, f.refunded, f.charged_back, f.net];
      const rows = report.rows.map((r): Cell[] => [r.provider ?? h(R.nothing_to_pay), r.method, ...cells(r)]);
      return file(h(R.sales_by_payment), columns, exponent, rows, [[total, null, ...cells(report.totals)]]);
    }
    case 'sales-by-affiliate': {
      const columns = [
        text(h(E.affiliate)),
        text(h(R.code), 14),
        int(h(R.orders)),
        int(h(R.units)),
        ...[R.gross, E.refunded, R.net].map((d) => money(h(d))),
      ];
      const cells = (f: typeof report.totals): Cell[] => [f.orders, f.units, f.gross, f.refunded, f.net];
      const rows = report.rows.map((r): Cell[] => [r.name ?? h(R.no_affiliate), r.code, ...cells(r)]);
      return file(h(R.sales_by_affiliate), columns, exponent, rows, [[total, null, ...cells(report.totals)]]);
    }
    case 'sales-by-day': {
      const columns = [
        text(h(R.date), 12),
        int(h(R.orders)),
        int(h(R.units)),
        ...[R.gross, E.refunded, R.net].map((d) => money(h(d))),
        ...channelColumns(h),
      ];
      const cells = (f: typeof report.totals): Cell[] => [
        f.orders,
        f.units,
        f.gross,
        f.refunded,
        f.net,
        ...channelCells(f),
      ];
      const rows = report.rows.map((r): Cell[] => [r.date, ...cells(r)]);
      return file(h(R.sales_by_day), columns, exponent, rows, [[total, ...cells(report.totals)]]);
    }
    case 'taxes-and-fees': {
      const columns = [text(h(R.name), 24), text(h(R.type), 8), int(h(R.units)), money(h(R.amount))];
      const rows = report.rows.map((r): Cell[] => [r.name, h(r.type === 'TAX' ? R.tax : R.fee), r.units, r.amount]);
      const totals: Cell[][] = [
        [h(E.taxes), null, null, report.totals.taxes],
        [h(E.fees), null, null, report.totals.fees],
        [total, null, null, report.totals.total],
      ];
      return file(h(R.taxes_and_fees), columns, exponent, rows, totals);
    }
    case 'refunds': {
      const columns = [
        text(h(R.refunded_at), 17),
        text(h(E.order_number), 14),
        text(h(R.buyer), 24),
        money(h(R.amount)),
      ];
      const rows = report.rows.map((r): Cell[] => [
        zonedStamp(new Date(r.refunded_at), report.timezone),
        r.order_number,
        r.buyer_name,
        r.amount,
      ]);
      return file(h(R.refunds), columns, exponent, rows, [[total, null, null, report.totals.amount]]);
    }
    case 'check-ins': {
      const columns = [text(h(R.hour), 17), ...report.lists.map((l) => int(l.name ?? h(E.default_list))), int(total)];
      const rows = report.hours.map((r): Cell[] => [r.hour.replace('T', ' '), ...r.counts, r.total]);
      return file(h(E.check_ins_sheet), columns, 0, rows, [
        [total, ...report.lists.map((l) => l.checked_in), report.totals.checked_in],
      ]);
    }
  }
}

/** The account's sales per event as a table: money in each row's own currency, a totals row per currency. */
export function salesByEventFile(report: SalesByEventReportDto, locale: Locale): ReportFile {
  const h = (d: MessageDescriptor) => translate(locale, d);
  const columns = [
    text(h(R.event), 28),
    text(h(R.starts), 17),
    text(h(E.currency), 8),
    int(h(R.orders)),
    int(h(R.units)),
    ...[R.gross, E.refunded, R.net].map((d) => money(h(d))),
    ...channelColumns(h),
  ];
  const rows = report.rows.map((r): Cell[] => [
    r.title,
    zonedStamp(new Date(r.start_date), r.timezone),
    r.currency,
    r.orders,
    r.units,
    r.gross,
    r.refunded,
    r.net,
    ...channelCells(r),
  ]);
  const totals = report.totals.map((t): Cell[] => [
    h(E.total),
    null,
    t.currency,
    t.orders,
    t.units,
    t.gross,
    t.refunded,
    t.net,
    ...channelCells(t),
  ]);
  return file(h(R.sales_by_event), columns, 2, rows, totals, (row) => currencyExponent(String(row[2])));
}
