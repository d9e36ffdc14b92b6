import type { SalesByAffiliateReportDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';

import { downloadEventReport, useEventReport } from '../api/reports';
import { useReportFormat } from '../hooks/useReportFormat';
import { ORDER_SALES_COLUMNS, orderSalesCells } from './order-sales-figures';
import type { ReportProps } from './report-props';
import { ReportPanel } from './ReportPanel';
import { ReportTable } from './ReportTable';

/**
 * Per affiliate (also those without sales; orders no affiliate brought as their own row): orders, units, gross,
 * refunds, net.
 */
export function SalesByAffiliateReport({ event, period, enabled }: ReportProps) {
  const { t } = useLingui();
  const query = useEventReport(event.id, 'sales-by-affiliate', period, enabled);
  const f = useReportFormat(event.currency);
  const figures = (r: SalesByAffiliateReportDto['totals']) => orderSalesCells(r, f.count, f.money);
  return (
    <ReportPanel
      testId="report-sales-by-affiliate"
      title={<Trans>Sales by affiliate</Trans>}
      description={
        <Trans>
          Orders that completed in the period, by the affiliate whose link brought the buyer. Orders without an
          affiliate have their own row, “No affiliate”, and count in the totals.
        </Trans>
      }
      query={query}
      download={(format, locale) => downloadEventReport(event.id, 'sales-by-affiliate', period, format, locale)}
      isEmpty={(d) => d.totals.orders === 0 && d.totals.refunded === 0}
      emptyTitle={<Trans>No sales in this period</Trans>}
    >
      {(d) => (
        <ReportTable
          testId="table-sales-by-affiliate"
          caption={<Trans>Sales by affiliate</Trans>}
          minWidth={640}
          columns={[{ header: <Trans>Affiliate</Trans> }, { header: <Trans>Code</Trans> }, ...ORDER_SALES_COLUMNS]}
          rows={d.rows.map((r) => ({
            key: String(r.affiliate_id ?? 'none'),
            cells: [r.name ?? t`No affiliate`, r.code ?? '', ...figures(r)],
          }))}
          footer={[{ key: 'total', cells: [t`Total`, '', ...figures(d.totals)] }]}
        />
      )}
    </ReportPanel>
  );
}
