import { Trans, useLingui } from '@lingui/react/macro';

import { downloadEventReport, useEventReport } from '../api/reports';
import { useReportFormat } from '../hooks/useReportFormat';
import type { ReportProps } from './report-props';
import { ReportPanel } from './ReportPanel';
import { ReportTable } from './ReportTable';

/** The taxes and fees charged on the period's sales, per tax or fee, with the totals of each kind. */
export function TaxesAndFeesReport({ event, period, enabled }: ReportProps) {
  const { t } = useLingui();
  const query = useEventReport(event.id, 'taxes-and-fees', period, enabled);
  const f = useReportFormat(event.currency);
  return (
    <ReportPanel
      testId="report-taxes-and-fees"
      title={<Trans>Taxes and fees</Trans>}
      description={
        <Trans>
          What each tax and fee added to the orders that completed in the period, as charged; refunds are not split back
          into taxes and fees.
        </Trans>
      }
      query={query}
      download={(format, locale) => downloadEventReport(event.id, 'taxes-and-fees', period, format, locale)}
      isEmpty={(d) => d.rows.length === 0}
      emptyTitle={<Trans>No taxes or fees were charged in this period</Trans>}
    >
      {(d) => (
        <ReportTable
          testId="table-taxes-and-fees"
          caption={<Trans>Taxes and fees</Trans>}
          minWidth={480}
          columns={[
            { header: <Trans>Name</Trans> },
            { header: <Trans>Type</Trans> },
            { header: <Trans>Units</Trans>, numeric: true },
            { header: <Trans>Amount</Trans>, numeric: true },
          ]}
          rows={d.rows.map((r) => ({
            key: `${r.type}${r.tax_id}`,
            cells: [r.name, r.type === 'TAX' ? t`Tax` : t`Fee`, f.count(r.units), f.money(r.amount)],
          }))}
          footer={[
            { key: 'taxes', cells: [t`Taxes`, '', '', f.money(d.totals.taxes)] },
            { key: 'fees', cells: [t`Fees`, '', '', f.money(d.totals.fees)] },
            { key: 'total', cells: [t`Total`, '', '', f.money(d.totals.total)] },
          ]}
        />
      )}
    </ReportPanel>
  );
}
