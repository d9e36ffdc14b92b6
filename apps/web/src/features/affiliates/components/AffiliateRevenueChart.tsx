import '@mantine/charts/styles.css';

import { type AffiliateDto, currencyExponent, formatMoney, formatNumber } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { BarChart } from '@mantine/charts';
import { Card, Stack, Text, Title } from '@mantine/core';

import { niceAxisMax } from '../../events/event-stats';

const BAR_HEIGHT = 36;

/**
 * Revenue per affiliate as horizontal bars (loaded on its own: the chart library stays out of every
 * other page). While the orders brought no revenue (free tickets), the bars show orders instead.
 * Screen readers get the same figures as a sentence.
 */
export default function AffiliateRevenueChart({
  affiliates,
  currency,
}: {
  affiliates: AffiliateDto[];
  currency: string;
}) {
  const { t, i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, currency, i18n.locale);
  const count = (n: number) => formatNumber(n, i18n.locale);
  const byRevenue = affiliates.some((a) => a.revenue > 0);
  const rows = affiliates.map((a) => ({ name: a.name, value: byRevenue ? a.revenue : a.orders_count }));
  const format = byRevenue ? money : count;
  const figures = affiliates.map((a) => `${a.name}: ${format(byRevenue ? a.revenue : a.orders_count)}`).join('; ');
  const summary = byRevenue ? t`Revenue per affiliate. ${figures}.` : t`Orders per affiliate. ${figures}.`;
  // Round axis tops: at least one unit of the currency, or 4 orders.
  const top = niceAxisMax(Math.max(0, ...rows.map((r) => r.value)), byRevenue ? 10 ** currencyExponent(currency) : 4);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="affiliate-revenue-chart">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="md">
            {byRevenue ? <Trans>Revenue per affiliate</Trans> : <Trans>Orders per affiliate</Trans>}
          </Title>
          <Text size="sm" c="dimmed">
            {byRevenue ? (
              <Trans>Completed orders, less refunds.</Trans>
            ) : (
              <Trans>No revenue yet: the orders were free.</Trans>
            )}
          </Text>
        </div>
        <div role="img" aria-label={summary}>
          <BarChart
            h={Math.max(120, rows.length * BAR_HEIGHT + 50)}
            data={rows}
            dataKey="name"
            orientation="vertical"
            series={[{ name: 'value', label: byRevenue ? t`Revenue` : t`Orders`, color: 'violet.6' }]}
            valueFormatter={format}
            yAxisProps={{ width: 140 }}
            xAxisProps={{ allowDecimals: false, tickCount: 5, domain: [0, top] }}
            gridAxis="x"
            maxBarWidth={24}
            accessibilityLayer={false}
          />
        </div>
      </Stack>
    </Card>
  );
}
