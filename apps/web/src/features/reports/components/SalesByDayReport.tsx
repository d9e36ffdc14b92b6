import type { SalesByDayReportDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';

import { downloadEventReport, useEventReport } from '../api/reports';
import { useReportFormat } from '../hooks/useReportFormat';
import { CHANNEL_SALES_COLUMNS, channelSalesCells, soldAtBoxOffice } from './channel-sales-figures';
import { ChartSlot } from './ChartSlot';
import { ORDER_SALES_COLUMNS, orderSalesCells } from './order-sales-figures';
import type { ReportProps } from './report-props';
import { ReportPanel } from './ReportPanel';
import { ReportTable } from './ReportTable';

/**
 * Every day of the period in the event's time zone (days without sales too): orders, units, gross, refunds, net; once
 * the box office sold in the period, units and gross per channel too.
 */
export function SalesByDayReport({ event, period, enabled }: ReportProps) {
  const { t } = useLingui();
  const query = useEventReport(event.id, 'sales-by-day', period, enabled);
  const f = useReportFormat(event.currency);
  const figures = (r: SalesByDayReportDto['totals'], byChannel: boolean) => [
    ...orderSalesCells(r, f.count, f.money),
    ...(byChannel ? channelSalesCells(r, f.count, f.money) : []),
  ];
  return (
    <ReportPanel
      testId="report-sales-by-day"
      title={<Trans>Sales by day</Trans>}
      description={
        <Trans>
          Orders on the day they completed, refunds on the day they were made, every day of the period (days without
          sales too), in the event's time zone.
        </Trans>
      }
      query={query}
      download={(format, locale) => downloadEventReport(event.id, 'sales-by-day', period, format, locale)}
      isEmpty={(d) => d.totals.orders === 0 && d.totals.refunded === 0}
      emptyTitle={<Trans>No sales in this period</Trans>}
    >
      {(d) => {
        const first = d.rows[0] ? f.day(d.rows[0].date) : '';
        const last = d.rows.length ? f.day(d.rows.at(-1)!.date) : '';
        const gross = f.money(d.totals.gross);
        const refunded = f.money(d.totals.refunded);
        const byChannel = soldAtBoxOffice([d.totals]);
        return (
          <Stack gap="md">
            <ChartSlot
              summary={t`Gross sales and refunds per day from ${first} to ${last}. Total gross sales: ${gross}; refunded: ${refunded}.`}
              data={d.rows.map((r) => ({ day: f.dayShort(r.date), gross: r.gross, refunded: r.refunded }))}
              dataKey="day"
              series={[
                { name: 'gross', label: t`Gross sales`, color: 'violet.6' },
                { name: 'refunded', label: t`Refunded`, color: 'red.6' },
              ]}
              valueFormatter={f.money}
            />
            <ReportTable
              testId="table-sales-by-day"
              caption={<Trans>Sales by day</Trans>}
              minWidth={byChannel ? 1080 : 600}
              columns={[
                { header: <Trans>Day</Trans> },
                ...ORDER_SALES_COLUMNS,
                ...(byChannel ? CHANNEL_SALES_COLUMNS : []),
              ]}
              rows={d.rows.map((r) => ({ key: r.date, cells: [f.day(r.date), ...figures(r, byChannel)] }))}
              footer={[{ key: 'total', cells: [t`Total`, ...figures(d.totals, byChannel)] }]}
            />
          </Stack>
        );
      }}
    </ReportPanel>
  );
}
