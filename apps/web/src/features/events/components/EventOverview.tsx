import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/ThemeIcon.css';

import type { EventDto, EventStatus } from '@admitone/shared';
import { formatDateTime, formatTimeZoneName } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCalendarEvent,
  IconCoin,
  IconExternalLink,
  IconEyeOff,
  IconLink,
  IconListCheck,
  IconMapPin,
  IconRocket,
  IconUser,
  IconWorld,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';

import { HtmlContent } from '../../../components/HtmlContent';
import { usePageTitle } from '../../../lib/use-page-title';
import { publicEventPath } from '../event-stats';
import { useLocationLine } from '../hooks/useLocationLine';
import { useRouteEvent } from '../hooks/useRouteEvent';
import { EventStatsSection } from './dashboard/EventStatsSection';
import { SetupProgress } from './dashboard/SetupProgress';
import { ShareEventLink } from './dashboard/ShareEventLink';
import { EventBadges } from './EventBadges';
import { EventStatusDialog } from './EventStatusDialog';

function Fact({ icon, label, children }: { icon: ReactNode; label: ReactNode; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
      <Stack gap={0}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {label}
        </Text>
        <Text size="sm" fw={500} component="div">
          {children}
        </Text>
      </Stack>
    </Group>
  );
}

/** Go live (with a pointer to the checklist) or back to draft, each after a confirmation. */
function StatusActions({ event }: { event: EventDto }) {
  const [target, setTarget] = useState<EventStatus | null>(null);
  return (
    <Group gap="sm">
      {event.status === 'LIVE' ? (
        <Button variant="default" leftSection={<IconEyeOff size={18} aria-hidden />} onClick={() => setTarget('DRAFT')}>
          <Trans>Back to draft</Trans>
        </Button>
      ) : (
        <>
          <Button
            component={Link}
            to={`/manage/event/${event.id}/getting-started`}
            variant="default"
            leftSection={<IconListCheck size={18} aria-hidden />}
          >
            <Trans>Getting started</Trans>
          </Button>
          {event.status === 'DRAFT' ? (
            <Button leftSection={<IconRocket size={18} aria-hidden />} onClick={() => setTarget('LIVE')}>
              <Trans>Go live</Trans>
            </Button>
          ) : (
            <Button
              variant="default"
              leftSection={<IconEyeOff size={18} aria-hidden />}
              onClick={() => setTarget('DRAFT')}
            >
              <Trans>Back to draft</Trans>
            </Button>
          )}
        </>
      )}
      <EventStatusDialog event={event} target={target} onClose={() => setTarget(null)} />
    </Group>
  );
}

function OverviewContent({ event }: { event: EventDto }) {
  const { t, i18n } = useLingui();
  usePageTitle(event.title);
  const locale = i18n.locale;
  const zone = formatTimeZoneName(event.start_date, event.timezone, locale);
  const start = formatDateTime(event.start_date, event.timezone, locale);
  const end = event.end_date ? formatDateTime(event.end_date, event.timezone, locale) : null;
  const where = useLocationLine(event);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap="xs" style={{ minWidth: 0 }}>
          <EventBadges status={event.status} lifecycle={event.lifecycle} />
          <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
            {event.title}
          </Title>
        </Stack>
        <StatusActions event={event} />
      </Group>
      <SetupProgress event={event} />
      <EventStatsSection event={event} />
      <Title order={2} fz="lg">
        <Trans>Event details</Trans>
      </Title>
      <Card withBorder radius="md" padding="lg">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
          <Fact icon={<IconCalendarEvent size={20} />} label={<Trans>Starts</Trans>}>
            {start} ({zone})
          </Fact>
          <Fact icon={<IconCalendarEvent size={20} />} label={<Trans>Ends</Trans>}>
            {end ? `${end} (${zone})` : t`No end time set`}
          </Fact>
          <Fact icon={<IconUser size={20} />} label={<Trans>Organizer</Trans>}>
            <Anchor component={Link} to={`/manage/organizer/${event.organizer.id}`} inherit>
              {event.organizer.name}
            </Anchor>
          </Fact>
          <Fact icon={<IconMapPin size={20} />} label={<Trans>Location</Trans>}>
            {where || t`No location set`}
          </Fact>
          <Fact icon={<IconWorld size={20} />} label={<Trans>Time zone</Trans>}>
            {event.timezone.replaceAll('_', ' ')}
          </Fact>
          <Fact icon={<IconCoin size={20} />} label={<Trans>Currency</Trans>}>
            {event.currency}
          </Fact>
          <Fact icon={<IconLink size={20} />} label={<Trans>Public page</Trans>}>
            {event.status === 'LIVE' ? (
              <ShareEventLink event={event} />
            ) : (
              <Stack gap={4} align="flex-start">
                <Text size="sm">{t`Visible once the event is live`}</Text>
                <Anchor href={`${publicEventPath(event)}?preview=1`} target="_blank" rel="noopener" size="sm" fw={600}>
                  <Trans>Preview the event page</Trans>
                  <IconExternalLink size={14} aria-hidden style={{ marginInlineStart: 4, verticalAlign: 'middle' }} />
                  <VisuallyHidden>
                    <Trans>(opens in a new tab)</Trans>
                  </VisuallyHidden>
                </Anchor>
              </Stack>
            )}
          </Fact>
        </SimpleGrid>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={3} fz="md" mb="sm">
          <Trans>Description</Trans>
        </Title>
        {event.description ? (
          <HtmlContent html={event.description} />
        ) : (
          <Text c="dimmed">
            <Trans>This event has no description yet.</Trans>
          </Text>
        )}
      </Card>
    </Stack>
  );
}

/**
 * The event dashboard: title and status, setup progress, sales and visits, then dates, organizer, public link and
 * description.
 */
export function EventOverview() {
  const { t } = useLingui();
  const { event, loading } = useRouteEvent();
  if (loading || !event) {
    return (
      <Stack gap="lg" role="status" aria-label={t`Loading event`}>
        <Skeleton h={36} w="60%" />
        <Skeleton h={160} />
        <Skeleton h={200} />
      </Stack>
    );
  }
  return <OverviewContent event={event} />;
}
