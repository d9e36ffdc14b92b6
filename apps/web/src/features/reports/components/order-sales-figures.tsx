import { Trans } from '@lingui/react/macro';

import type { ReportTableColumn } from './ReportTable';

/** The figures of the reports that count orders (by affiliate, by day, by event): orders, units and money. */
export interface OrderSalesFigures {
  orders: number;
  units: number;
  gross: number;
  refunded: number;
  net: number;
}

/** Their columns, after a report's own first ones. */
export const ORDER_SALES_COLUMNS: ReportTableColumn[] = [
  { header: <Trans>Orders</Trans>, numeric: true },
  { header: <Trans>Units</Trans>, numeric: true },
  { header: <Trans>Gross sales</Trans>, numeric: true },
  { header: <Trans>Refunded</Trans>, numeric: true },
  { header: <Trans>Net</Trans>, numeric: true },
];

/** Their cells, in the order of the columns; `money` names the currency (an event's, or the row's own). */
export const orderSalesCells = (
  r: OrderSalesFigures,
  count: (n: number) => string,
  money: (minor: number) => string,
): string[] => [count(r.orders), count(r.units), money(r.gross), money(r.refunded), money(r.net)];
