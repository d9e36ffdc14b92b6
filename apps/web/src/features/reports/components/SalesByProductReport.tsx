import type { ChannelSalesDto, SalesMoneyDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';

import { downloadEventReport, useEventReport } from '../api/reports';
import { useReportFormat } from '../hooks/useReportFormat';
import { CHANNEL_SALES_COLUMNS, channelSalesCells, soldAtBoxOffice } from './channel-sales-figures';
import { ChartSlot } from './ChartSlot';
import type { ReportProps } from './report-props';
import { ReportPanel } from './ReportPanel';
import { ReportTable, type ReportTableRow } from './ReportTable';

/**
 * Units, gross, discounts, taxes, fees, refunds and net per product, and per tier of a tiered ticket; once the box
 * office sold in the period, units and gross per channel too.
 */
export function SalesByProductReport({ event, period, enabled }: ReportProps) {
  const { t } = useLingui();
  const query = useEventReport(event.id, 'sales-by-product', period, enabled);
  const f = useReportFormat(event.currency);
  const figures = (r: SalesMoneyDto & ChannelSalesDto & { units: number }, byChannel: boolean) => [
    f.count(r.units),
    f.money(r.gross),
    f.money(r.discounts),
    f.money(r.taxes),
    f.money(r.fees),
    f.money(r.refunded),
    f.money(r.net),
    ...(byChannel ? channelSalesCells(r, f.count, f.money) : []),
  ];
  return (
    <ReportPanel
      testId="report-sales-by-product"
      title={<Trans>Sales by product</Trans>}
      description={
        <Trans>
          Units and money of the orders that completed in the period (also those refunded since), per product and per
          tier; refunds made in the period are shared over the refunded orders' products in proportion to their price.
        </Trans>
      }
      query={query}
      download={(format, locale) => downloadEventReport(event.id, 'sales-by-product', period, format, locale)}
      isEmpty={(d) => d.totals.units === 0 && d.totals.refunded === 0}
      emptyTitle={<Trans>No sales in this period</Trans>}
    >
      {(d) => {
        const byChannel = soldAtBoxOffice([d.totals]);
        const rows: ReportTableRow[] = d.rows.flatMap((p) => [
          { key: `p${p.ticket_id}`, cells: [p.name, ...figures(p, byChannel)] },
          ...p.tiers.map((tier) => ({
            key: `t${tier.tier_id}`,
            sub: true,
            cells: [tier.label, ...figures(tier, byChannel)],
          })),
        ]);
        const list = d.rows.map((p) => `${p.name}: ${f.money(p.gross)}`).join('; ');
        return (
          <Stack gap="md">
            <ChartSlot
              summary={t`Gross sales per product: ${list}.`}
              data={d.rows.map((p) => ({ name: p.name, gross: p.gross }))}
              dataKey="name"
              series={[{ name: 'gross', label: t`Gross sales`, color: 'violet.6' }]}
              valueFormatter={f.money}
              horizontal
            />
            <ReportTable
              testId="table-sales-by-product"
              caption={<Trans>Sales by product</Trans>}
              minWidth={byChannel ? 1240 : 760}
              columns={[
                { header: <Trans>Product</Trans> },
                { header: <Trans>Units</Trans>, numeric: true },
                { header: <Trans>Gross sales</Trans>, numeric: true },
                { header: <Trans>Discounts</Trans>, numeric: true },
                { header: <Trans>Taxes</Trans>, numeric: true },
                { header: <Trans>Fees</Trans>, numeric: true },
                { header: <Trans>Refunded</Trans>, numeric: true },
                { header: <Trans>Net</Trans>, numeric: true },
                ...(byChannel ? CHANNEL_SALES_COLUMNS : []),
              ]}
              rows={rows}
              footer={[{ key: 'total', cells: [t`Total`, ...figures(d.totals, byChannel)] }]}
            />
          </Stack>
        );
      }}
    </ReportPanel>
  );
}
