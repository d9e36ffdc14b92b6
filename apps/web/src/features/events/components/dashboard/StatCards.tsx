import type { EventStatsDto } from '@admitone/shared';
import { formatMoney, formatNumber } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCash, IconChartLine, IconEye, IconQrcode, IconReceipt, IconTicket } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { formatPercent } from '../../event-stats';

interface StatCardProps {
  icon: ReactNode;
  label: ReactNode;
  value: ReactNode;
  detail?: ReactNode;
  testId: string;
}

/** One figure: a label, the number and a line of detail under it. */
function StatCard({ icon, label, value, detail, testId }: StatCardProps) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text fz={26} fw={700} lh={1.2} data-testid={`${testId}-value`} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Stack>
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
      {detail ? (
        <Text size="xs" c="dimmed" mt={6}>
          {detail}
        </Text>
      ) : null}
    </Card>
  );
}

/** The headline figures: gross sales, tickets sold, orders, check-ins, page views and conversion. */
export function StatCards({ stats }: { stats: EventStatsDto }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const money = (minor: number) => formatMoney(minor, stats.currency, locale);
  const number = (n: number) => formatNumber(n, locale);
  const fees = money(stats.total_fees);
  const taxes = money(stats.total_taxes);
  const discount = money(stats.total_discount);
  const reserved = number(stats.tickets_reserved);
  const awaiting = number(stats.orders_awaiting_payment);
  const cancelled = number(stats.orders_cancelled);
  const conversion = formatPercent(stats.conversion_rate, locale);
  const refunded = money(stats.total_refunded);
  const checkedIn = number(stats.tickets_checked_in);
  // Check-ins are per date, out of the valid tickets (a pass has one on each of its dates), not out of those sold.
  const sold = number(stats.tickets_valid);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      <StatCard
        testId="stat-gross"
        icon={<IconCash size={20} />}
        label={<Trans>Gross sales</Trans>}
        value={money(stats.gross_sales)}
        detail={
          <>
            <Trans>Refunded {refunded}</Trans>
            <br />
            <Trans>
              Fees {fees} · taxes {taxes} · discounts {discount}
            </Trans>
          </>
        }
      />
      <StatCard
        testId="stat-tickets"
        icon={<IconTicket size={20} />}
        label={<Trans>Tickets sold</Trans>}
        value={number(stats.tickets_sold)}
        detail={<Trans>{reserved} awaiting payment</Trans>}
      />
      <StatCard
        testId="stat-orders"
        icon={<IconReceipt size={20} />}
        label={<Trans>Orders</Trans>}
        value={number(stats.orders_completed)}
        detail={
          <Trans>
            {awaiting} awaiting payment · {cancelled} cancelled
          </Trans>
        }
      />
      <StatCard
        testId="stat-check-ins"
        icon={<IconQrcode size={20} />}
        label={<Trans>Checked in</Trans>}
        value={
          <Trans>
            {checkedIn} of {sold}
          </Trans>
        }
        detail={<Trans>Valid tickets checked in at the door</Trans>}
      />
      <StatCard
        testId="stat-views"
        icon={<IconEye size={20} />}
        label={<Trans>Page views</Trans>}
        value={number(stats.page_views)}
        detail={<Plural value={stats.unique_visitors} one="# unique visitor" other="# unique visitors" />}
      />
      <StatCard
        testId="stat-conversion"
        icon={<IconChartLine size={20} />}
        label={<Trans>Conversion rate</Trans>}
        value={
          conversion ?? (
            <>
              <span aria-hidden>–</span>
              <VisuallyHidden>{t`Not available yet`}</VisuallyHidden>
            </>
          )
        }
        detail={<Trans>Orders per unique visitor</Trans>}
      />
    </SimpleGrid>
  );
}
