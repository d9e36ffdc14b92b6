import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';

import { BarChart } from '@mantine/charts';

import { usePhone } from '../../../lib/use-phone';

export interface ReportChartProps {
  /** What the chart shows, in words: read out instead of the picture (the table beside it has every figure). */
  summary: string;
  data: Array<Record<string, string | number>>;
  /** The key of each bar's label. */
  dataKey: string;
  series: Array<{ name: string; label: string; color: string }>;
  valueFormatter: (value: number) => string;
  /** Bars side by side (default), or stacked (check-ins of several lists in an hour). */
  type?: 'default' | 'stacked';
  /** Horizontal bars (one per product), the labels on the left. */
  horizontal?: boolean;
}

/**
 * A report's bar chart (loaded on its own: the chart library stays out of the rest of the screen),
 * the same library as the dashboard's charts.
 */
export default function ReportChart({
  summary,
  data,
  dataKey,
  series,
  valueFormatter,
  type = 'default',
  horizontal = false,
}: ReportChartProps) {
  const height = horizontal ? Math.max(140, data.length * 40 + 60) : 260;
  // On a phone the product names get less of the width, the bars the rest.
  const labelWidth = usePhone() ? 96 : 140;
  return (
    <div role="img" aria-label={summary} data-testid="report-chart">
      <BarChart
        h={height}
        data={data}
        dataKey={dataKey}
        type={type}
        orientation={horizontal ? 'vertical' : 'horizontal'}
        series={series}
        valueFormatter={valueFormatter}
        withLegend={series.length > 1}
        legendProps={{ verticalAlign: 'bottom', height: 40 }}
        xAxisProps={
          horizontal ? { allowDecimals: false, tickCount: 5 } : { interval: 'preserveStartEnd', minTickGap: 12 }
        }
        yAxisProps={horizontal ? { width: labelWidth } : { width: 80, allowDecimals: false, tickCount: 5 }}
        gridAxis={horizontal ? 'x' : 'y'}
        maxBarWidth={28}
        accessibilityLayer={false}
      />
    </div>
  );
}
