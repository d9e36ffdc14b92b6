import type { SalesByPromoCodeReportDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';

import { downloadEventReport, useEventReport } from '../api/reports';
import { useReportFormat } from '../hooks/useReportFormat';
import type { ReportProps } from './report-props';
import { ReportPanel } from './ReportPanel';
import { ReportTable } from './ReportTable';

/**
 * Per promo code (unused ones too, and orders without a code as their own row): orders, units, discount given, gross,
 * refunds, net.
 */
export function SalesByPromoCodeReport({ event, period, enabled }: ReportProps) {
  const { t } = useLingui();
  const query = useEventReport(event.id, 'sales-by-promo-code', period, enabled);
  const f = useReportFormat(event.currency);
  const figures = (r: SalesByPromoCodeReportDto['totals']) => [
    f.count(r.orders),
    f.count(r.units),
    f.money(r.discounts),
    f.money(r.gross),
    f.money(r.refunded),
    f.money(r.net),
  ];
  return (
    <ReportPanel
      testId="report-sales-by-promo-code"
      title={<Trans>Sales by promo code</Trans>}
      description={
        <Trans>
          Orders that completed in the period, by the promo code they used. Orders without a code have their own row,
          “No promo code”, and count in the totals.
        </Trans>
      }
      query={query}
      download={(format, locale) => downloadEventReport(event.id, 'sales-by-promo-code', period, format, locale)}
      isEmpty={(d) => d.totals.orders === 0 && d.totals.refunded === 0}
      emptyTitle={<Trans>No sales in this period</Trans>}
    >
      {(d) => (
        <ReportTable
          testId="table-sales-by-promo-code"
          caption={<Trans>Sales by promo code</Trans>}
          minWidth={680}
          columns={[
            { header: <Trans>Promo code</Trans> },
            { header: <Trans>Orders</Trans>, numeric: true },
            { header: <Trans>Units</Trans>, numeric: true },
            { header: <Trans>Discount given</Trans>, numeric: true },
            { header: <Trans>Gross sales</Trans>, numeric: true },
            { header: <Trans>Refunded</Trans>, numeric: true },
            { header: <Trans>Net</Trans>, numeric: true },
          ]}
          rows={d.rows.map((r) => ({
            key: r.promo_code_id !== null ? `id${r.promo_code_id}` : r.code ? `code${r.code}` : 'none',
            cells: [r.code ?? t`No promo code`, ...figures(r)],
          }))}
          footer={[{ key: 'total', cells: [t`Total`, ...figures(d.totals)] }]}
        />
      )}
    </ReportPanel>
  );
}
