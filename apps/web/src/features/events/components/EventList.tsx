import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/EmptyState.css';
import type { EventDto, PageMeta } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, EmptyState, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconSearchOff } from '@tabler/icons-react';
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
      <Card withBorder radius="md" py="xl">
        <EmptyState
          icon={<IconSearchOff size={28} aria-hidden />}
          variant="light"
          title={t`No matching events`}
          description={t`Try another search term or filter, or show all events.`}
        >
          <EmptyState.Actions>
            <Button variant="default" onClick={onReset}>
              <Trans>Clear search and filters</Trans>
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  }
  if (!events.length) {
    return (
      <Card withBorder radius="md" py="xl">
        <EmptyState
          icon={<IconCalendarPlus size={28} aria-hidden />}
          variant="light"
          title={t`No events yet`}
          description={t`Create your first event to start selling tickets.`}
        >
          {onCreate ? (
            <EmptyState.Actions>
              <Button onClick={onCreate} leftSection={<IconCalendarPlus size={18} aria-hidden />}>
                <Trans>Create event</Trans>
              </Button>
            </EmptyState.Actions>
          ) : null}
        </EmptyState>
      </Card>
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
      <Group justify="space-between" mt="sm" wrap="wrap">
        <Text size="sm" c="dimmed">
          <Plural value={total} one="# event" other="# events" />
        </Text>
        {meta.last_page > 1 ? (
          <nav aria-label={t`Pagination`}>
            <Pagination
              total={meta.last_page}
              value={meta.current_page}
              onChange={onPage}
              getItemProps={(page) => ({ 'aria-label': t`Page ${page}` })}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next' ? t`Next page` : control === 'previous' ? t`Previous page` : control === 'first' ? t`First page` : t`Last page`,
              })}
            />
          </nav>
        ) : null}
      </Group>
    </Stack>
  );
}
