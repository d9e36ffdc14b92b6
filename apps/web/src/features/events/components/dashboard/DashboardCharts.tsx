import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';

import type { EventStatsDto } from '@admitone/shared';
import { formatMoney, formatNumber } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { AreaChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { chartRows, niceAxisMax, type StatsChartRow, summariseSeries } from '../../event-stats';
import { ChartDataTable } from './ChartDataTable';

const CHART_HEIGHT = 240;

interface ChartCardProps {
  title: ReactNode;
  /** What the chart shows, in words (read out instead of the picture). */
  summary: string;
  testId: string;
  chart: ReactNode;
  table: ReactNode;
}

function ChartCard({ title, summary, testId, chart, table }: ChartCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {title}
        </Title>
        <div role="img" aria-label={summary}>
          {chart}
        </div>
        {table}
      </Stack>
    </Card>
  );
}

/** The dashboard charts (loaded on their own: the chart library stays out of every other page). */
export default function DashboardCharts({ stats, showSales }: { stats: EventStatsDto; showSales: boolean }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const rows = chartRows(stats.daily, locale);
  const summary = summariseSeries(rows);
  const money = (minor: number) => formatMoney(minor, stats.currency, locale);
  const count = (n: number) => formatNumber(n, locale);

  const total = money(summary.gross);
  const days = stats.daily.length;
  const bestDay = summary.bestSalesDay?.longLabel ?? '';
  const bestAmount = money(summary.bestSalesDay?.gross ?? 0);
  const salesSummary = summary.bestSalesDay
    ? t`Gross sales per day over the last ${days} days. Total: ${total}. Best day: ${bestDay}, with ${bestAmount}.`
    : t`Gross sales per day over the last ${days} days. Total: ${total}.`;
  const views = count(summary.pageViews);
  const orders = count(summary.orders);
  const busiestDay = summary.busiestDay?.longLabel ?? '';
  const busiestViews = count(summary.busiestDay?.page_views ?? 0);
  const visitsSummary = summary.busiestDay
    ? t`Page views and orders per day over the last ${days} days. Total page views: ${views}; total orders: ${orders}. Most views: ${busiestViews}, on ${busiestDay}.`
    : t`Page views and orders per day over the last ${days} days. Total page views: ${views}; total orders: ${orders}.`;

  const axis = { interval: 'preserveStartEnd' as const, minTickGap: 12 };
  // Round axis tops (minor units for money: at least 1.00 of the currency).
  const grossTop = niceAxisMax(Math.max(0, ...rows.map((r) => r.gross)), 100);
  const dayOf = (row: StatsChartRow) => row.longLabel;
  const keyOf = (row: StatsChartRow) => row.date;
  return (
    <SimpleGrid cols={{ base: 1, lg: showSales ? 2 : 1 }} spacing="md">
      {showSales ? (
        <ChartCard
          testId="chart-sales"
          title={<Trans>Gross sales per day</Trans>}
          summary={salesSummary}
          chart={
            <AreaChart
              h={CHART_HEIGHT}
              data={rows}
              dataKey="label"
              series={[{ name: 'gross', label: t`Gross sales`, color: 'violet.6' }]}
              valueFormatter={money}
              xAxisProps={axis}
              yAxisProps={{ width: 80, allowDecimals: false, tickCount: 5, domain: [0, grossTop] }}
              withGradient
              accessibilityLayer={false}
            />
          }
          table={
            <ChartDataTable
              caption={<Trans>Gross sales per day</Trans>}
              rows={rows}
              rowKey={keyOf}
              rowHeader={dayOf}
              columns={[
                { key: 'gross', header: <Trans>Gross sales</Trans>, value: (r) => money(r.gross) },
                { key: 'tickets', header: <Trans>Tickets</Trans>, value: (r) => count(r.tickets) },
              ]}
            />
          }
        />
      ) : null}
      <ChartCard
        testId="chart-visits"
        title={<Trans>Page views and orders per day</Trans>}
        summary={visitsSummary}
        chart={
          <LineChart
            h={CHART_HEIGHT}
            data={rows}
            dataKey="label"
            series={[
              { name: 'page_views', label: t`Page views`, color: 'blue.7' },
              { name: 'orders', label: t`Orders`, color: 'teal.7', yAxisId: 'right' },
            ]}
            withLegend
            legendProps={{ verticalAlign: 'bottom', height: 40 }}
            withRightYAxis
            yAxisLabel={t`Page views`}
            rightYAxisLabel={t`Orders`}
            xAxisProps={axis}
            yAxisProps={{
              allowDecimals: false,
              tickCount: 5,
              domain: [0, niceAxisMax(Math.max(...rows.map((r) => r.page_views)), 4)],
            }}
            rightYAxisProps={{
              allowDecimals: false,
              tickCount: 5,
              domain: [0, niceAxisMax(Math.max(...rows.map((r) => r.orders)), 4)],
            }}
            accessibilityLayer={false}
          />
        }
        table={
          <ChartDataTable
            caption={<Trans>Page views and orders per day</Trans>}
            rows={rows}
            rowKey={keyOf}
            rowHeader={dayOf}
            columns={[
              { key: 'views', header: <Trans>Page views</Trans>, value: (r) => count(r.page_views) },
              { key: 'orders', header: <Trans>Orders</Trans>, value: (r) => count(r.orders) },
            ]}
          />
        }
      />
    </SimpleGrid>
  );
}
