import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/SegmentedControl.css';

import type { EventDto, EventStatsDto } from '@admitone/shared';
import { STATS_PERIODS } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconChartAreaLine, IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

import { errorMessage } from '../../../../lib/validation';
import { useEventDates } from '../../../event-dates/api/event-dates';
import { OrderDateFilter } from '../../../event-dates/components/OrderDateFilter';
import { WaitlistDemandCard } from '../../../waitlist/components/WaitlistDemandCard';
import { type StatsPeriod, useEventStats } from '../../api/event-stats';
import { hasSales } from '../../event-stats';
import { CheckInsByList } from './CheckInsByList';
import { SalesByChannel } from './SalesByChannel';
import { SalesByTicket } from './SalesByTicket';
import { ShareEventLink } from './ShareEventLink';
import { StatCards } from './StatCards';

const DashboardCharts = lazy(() => import('./DashboardCharts'));

function ChartsSkeleton({ count }: { count: number }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: count }} spacing="md" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={320} radius="md" />
      ))}
    </SimpleGrid>
  );
}

function StatsSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="md" role="status" aria-label={t`Loading sales figures`}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md" aria-hidden>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={104} radius="md" />
        ))}
      </SimpleGrid>
      <ChartsSkeleton count={2} />
    </Stack>
  );
}

/** Nothing sold yet: a nudge to share the public page (live events) or to go live first. */
function NoSales({ event }: { event: EventDto }) {
  const live = event.status === 'LIVE';
  return (
    <Card withBorder radius="md" py="xl" data-testid="no-sales">
      <EmptyState
        icon={<IconChartAreaLine size={28} aria-hidden />}
        variant="light"
        title={live ? <Trans>No sales yet — share your event page</Trans> : <Trans>No sales yet</Trans>}
        description={
          live ? (
            <Trans>Orders, tickets and takings show up here as soon as people buy.</Trans>
          ) : (
            <Trans>Put the event live so people can buy tickets; sales show up here.</Trans>
          )
        }
      >
        {live ? (
          <EmptyState.Actions>
            <ShareEventLink event={event} />
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    </Card>
  );
}

function StatsContent({ event, stats }: { event: EventDto; stats: EventStatsDto }) {
  const sold = hasSales(stats);
  return (
    <Stack gap="md">
      <StatCards stats={stats} />
      {sold ? <SalesByChannel stats={stats} /> : null}
      {sold ? null : <NoSales event={event} />}
      {sold || stats.page_views > 0 ? (
        <Suspense fallback={<ChartsSkeleton count={sold ? 2 : 1} />}>
          <DashboardCharts stats={stats} showSales={sold} />
        </Suspense>
      ) : null}
      {sold ? <SalesByTicket eventId={event.id} stats={stats} /> : null}
      <WaitlistDemandCard eventId={event.id} demand={stats.waitlist_demand} />
      {sold ? <CheckInsByList eventId={event.id} /> : null}
    </Stack>
  );
}

/** "Sales and visits": the figures, the charts and their loading, empty and error states. */
export function EventStatsSection({ event }: { event: EventDto }) {
  const { t, i18n } = useLingui();
  const [days, setDays] = useState<StatsPeriod>(14);
  // With several dates, the figures of one date's orders and tickets.
  const dates = useEventDates(event.id).data ?? [];
  const [chosenDate, setDate] = useState<number | null>(null);
  const dateId = dates.some((d) => d.id === chosenDate) ? chosenDate : null;
  const stats = useEventStats(event.id, days, dateId);
  const periods = STATS_PERIODS.map((d) => ({ value: String(d), label: t`${d} days` }));
  return (
    <Stack gap="md" component="section" aria-labelledby="event-stats-heading">
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="lg" id="event-stats-heading">
          <Trans>Sales and visits</Trans>
        </Title>
        <Group gap="sm" align="flex-end">
          {dates.length > 1 ? (
            <OrderDateFilter dates={dates} timeZone={event.timezone} value={dateId} onChange={setDate} />
          ) : null}
          <SegmentedControl
            size="xs"
            aria-label={t`Period of the charts`}
            data={periods}
            value={String(days)}
            onChange={(v) => setDays(Number(v) as StatsPeriod)}
            data-testid="stats-period"
          />
        </Group>
      </Group>
      {stats.isPending ? (
        <StatsSkeleton />
      ) : stats.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden />}
          role="alert"
          title={<Trans>The sales figures could not be loaded</Trans>}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(stats.error, i18n)}</Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} aria-hidden />}
              loading={stats.isFetching}
              onClick={() => void stats.refetch()}
            >
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : (
        <StatsContent event={event} stats={stats.data} />
      )}
    </Stack>
  );
}
