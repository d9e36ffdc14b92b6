import type { CheckInEventDto } from '@admitone/shared';
import { formatDateRange } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff, IconCashRegister, IconScan } from '@tabler/icons-react';
import { Link } from 'react-router';

import { ListBody } from '../../../components/ListBody';
import { ListEmptyState } from '../../../components/ListEmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePermission } from '../../users/hooks/usePermission';
import { useCheckInEvents } from '../api/check-in';

/** One event to check guests in at: its name, when, and the way in. */
function EventCard({ event }: { event: CheckInEventDto }) {
  const { t, i18n } = useLingui();
  const sells = usePermission('boxoffice.sell');
  const title = event.title;
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {formatDateRange(event.start_date, event.end_date, event.timezone, i18n.locale)}
          </Text>
        </Stack>
        <Group gap="xs">
          {sells ? (
            <Button
              component={Link}
              to={`/manage/box-office/${event.id}`}
              variant="light"
              leftSection={<IconCashRegister size={18} aria-hidden />}
              aria-label={t`Open the box office for ${title}`}
            >
              <Trans>Box office</Trans>
            </Button>
          ) : null}
          <Button
            component={Link}
            to={`/manage/check-in/${event.id}`}
            leftSection={<IconScan size={18} aria-hidden />}
            aria-label={t`Open check-in for ${title}`}
          >
            <Trans>Open check-in</Trans>
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/** `/manage/check-in`: the events the caller checks guests in at (door staff land here). */
export function CheckInEventsPage() {
  const { t } = useLingui();
  usePageTitle(t`Check-in`);
  const events = useCheckInEvents();
  return (
    <Container size="md" py="xl">
      <PageHeader
        title={<Trans>Check-in</Trans>}
        description={<Trans>Choose the event you are checking guests in at.</Trans>}
      />
      <ListBody
        queries={[events]}
        empty={(list) =>
          !list.length && (
            <ListEmptyState
              icon={IconCalendarOff}
              title={t`No events to check in yet`}
              description={t`An admin of this account chooses the events you check guests in at.`}
            />
          )
        }
      >
        {(list) => (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map((e) => (
              <EventCard key={e.id} event={e} />
            ))}
          </Stack>
        )}
      </ListBody>
    </Container>
  );
}
