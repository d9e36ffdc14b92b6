import type { EventLifecycle, EventStatus } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Badge, Group } from '@mantine/core';

// Shades chosen for at least 4.5:1 text contrast (axe): filled badges carry white text.
const STATUS_COLOR: Record<EventStatus, string> = { DRAFT: 'gray.7', LIVE: 'teal.9', ARCHIVED: 'dark.6' };
const LIFECYCLE_COLOR: Record<EventLifecycle, string> = { UPCOMING: 'violet', ONGOING: 'blue', ENDED: 'gray' };

/** Translated name of an event status. */
export function EventStatusLabel({ status }: { status: EventStatus }) {
  if (status === 'LIVE') return <Trans>Live</Trans>;
  if (status === 'ARCHIVED') return <Trans>Archived</Trans>;
  return <Trans>Draft</Trans>;
}

/** Translated name of where an event stands in time. */
export function EventLifecycleLabel({ lifecycle }: { lifecycle: EventLifecycle }) {
  if (lifecycle === 'ONGOING') return <Trans>Ongoing</Trans>;
  if (lifecycle === 'ENDED') return <Trans>Ended</Trans>;
  return <Trans>Upcoming</Trans>;
}

/** Status (draft grey, live green) and lifecycle badges of an event. */
export function EventBadges({ status, lifecycle }: { status: EventStatus; lifecycle: EventLifecycle }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="filled" color={STATUS_COLOR[status]}>
        <EventStatusLabel status={status} />
      </Badge>
      <Badge variant="light" color={LIFECYCLE_COLOR[lifecycle]}>
        <EventLifecycleLabel lifecycle={lifecycle} />
      </Badge>
    </Group>
  );
}
