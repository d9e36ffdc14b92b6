import type { SalesByPaymentReportDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';

import { downloadEventReport, useEventReport } from '../api/reports';
import { useReportFormat } from '../hooks/useReportFormat';
import { ChartSlot } from './ChartSlot';
import { paymentWayName } from './payment-names';
import type { ReportProps } from './report-props';
import { ReportPanel } from './ReportPanel';
import { ReportTable } from './ReportTable';

/**
 * Per way of paying (the provider and, where known, the method there; orders with nothing to pay as their own row):
 * orders, gross, refunds, chargebacks, net.
 */
export function SalesByPaymentReport({ event, period, enabled }: ReportProps) {
  const { t, i18n } = useLingui();
  const query = useEventReport(event.id, 'sales-by-payment', period, enabled);
  const f = useReportFormat(event.currency);
  const figures = (r: SalesByPaymentReportDto['totals']) => [
    f.count(r.orders),
    f.money(r.gross),
    f.money(r.refunded),
    // What the buyers' banks took back stands out (the column says what it is; the colour only underlines it).
    r.charged_back > 0 ? (
      <Text key="charged-back" span inherit c="red.9" data-testid="charged-back">
        {f.money(r.charged_back)}
      </Text>
    ) : (
      f.money(r.charged_back)
    ),
    f.money(r.net),
  ];
  return (
    <ReportPanel
      testId="report-sales-by-payment"
      title={<Trans>Sales by payment</Trans>}
      description={
        <Trans>
          Orders that completed in the period, by how they were paid: the payment provider and, where known, the method
          (iDEAL, card...). Refunds and chargebacks made in the period count where the order was paid. Orders with
          nothing to pay have their own row, “Nothing to pay”, and count in the totals.
        </Trans>
      }
      query={query}
      download={(format, locale) => downloadEventReport(event.id, 'sales-by-payment', period, format, locale)}
      isEmpty={(d) => d.totals.orders === 0 && d.totals.refunded === 0 && d.totals.charged_back === 0}
      emptyTitle={<Trans>No sales in this period</Trans>}
    >
      {(d) => {
        const rows = d.rows.map((r) => ({ ...r, name: paymentWayName(r.provider, r.method, i18n) }));
        // The chart: the ways that took money (the free orders have no bar to show).
        const paid = rows.filter((r) => r.gross !== 0);
        const list = paid.map((r) => `${r.name}: ${f.money(r.gross)}`).join('; ');
        return (
          <Stack gap="md">
            {paid.length > 0 ? (
              <ChartSlot
                summary={t`Gross sales per way of paying: ${list}.`}
                data={paid.map((r) => ({ name: r.name, gross: r.gross }))}
                dataKey="name"
                series={[{ name: 'gross', label: t`Gross sales`, color: 'violet.6' }]}
                valueFormatter={f.money}
                horizontal
              />
            ) : null}
            <ReportTable
              testId="table-sales-by-payment"
              caption={<Trans>Sales by payment</Trans>}
              minWidth={720}
              columns={[
                { header: <Trans>Paid with</Trans> },
                { header: <Trans>Orders</Trans>, numeric: true },
                { header: <Trans>Gross sales</Trans>, numeric: true },
                { header: <Trans>Refunded</Trans>, numeric: true },
                { header: <Trans>Charged back</Trans>, numeric: true },
                { header: <Trans>Net</Trans>, numeric: true },
              ]}
              rows={rows.map((r) => ({
                key: `${r.provider ?? 'none'}:${r.method ?? ''}`,
                cells: [r.name, ...figures(r)],
              }))}
              footer={[{ key: 'total', cells: [t`Total`, ...figures(d.totals)] }]}
            />
          </Stack>
        );
      }}
    </ReportPanel>
  );
}
