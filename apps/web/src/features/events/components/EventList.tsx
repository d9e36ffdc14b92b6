import '@mantine/core/styles/Skeleton.css';

import type { EventDto, PageMeta } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Skeleton, Stack } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';

import { ListEmptyState, NoMatches } from '../../../components/ListEmptyState';
import { ListPagination } from '../../../components/ListPagination';
import { EventCard } from './EventCard';

interface EventListProps {
  events: EventDto[] | undefined;
  meta: PageMeta | undefined;
  loading: boolean;
  /** True when a search or filter narrows the list (changes the empty message). */
  narrowed: boolean;
  onPage: (page: number) => void;
  /** Offers "Create event" in the empty state when given. */
  onCreate?: () => void;
  onReset: () => void;
}

function EventListSkeleton() {
  return (
    <Stack gap="sm" aria-hidden>
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} withBorder radius="md" padding="md">
          <Group wrap="nowrap" gap="md">
            <Skeleton h={60} w={56} radius="md" />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton h={18} w="50%" />
              <Skeleton h={12} w="70%" />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** Event cards with paging, skeletons while loading and the two empty states. */
export function EventList({ events, meta, loading, narrowed, onPage, onCreate, onReset }: EventListProps) {
  const { t } = useLingui();
  if (loading || !events || !meta) {
    return (
      <div role="status" aria-label={t`Loading events`}>
        <EventListSkeleton />
      </div>
    );
  }
  if (!events.length && narrowed) {
    return (
      <NoMatches
        title={t`No matching events`}
        description={t`Try another search term or filter, or show all events.`}
        onClear={onReset}
        clearLabel={<Trans>Clear search and filters</Trans>}
      />
    );
  }
  if (!events.length) {
    return (
      <ListEmptyState
        icon={IconCalendarPlus}
        title={t`No events yet`}
        description={t`Create your first event to start selling tickets.`}
      >
        {onCreate ? (
          <Button onClick={onCreate} leftSection={<IconCalendarPlus size={18} aria-hidden />}>
            <Trans>Create event</Trans>
          </Button>
        ) : null}
      </ListEmptyState>
    );
  }
  const total = meta.total;
  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {events.map((event) => (
          <li key={event.id}>
            <EventCard event={event} />
          </li>
        ))}
      </Stack>
      <ListPagination
        meta={meta}
        onPage={onPage}
        summary={<Plural value={total} one="# event" other="# events" />}
        mt="sm"
        gap="md"
      />
    </Stack>
  );
}
