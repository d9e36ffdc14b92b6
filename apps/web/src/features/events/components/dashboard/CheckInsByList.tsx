import '@mantine/core/styles/Progress.css';

import { formatNumber, wholePercent } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { useCheckInLists } from '../../../check-in-lists/api/check-in-lists';
import { useListName } from '../../../check-in-lists/list-name';
import { ExportMenu } from '../../../exports/components/ExportMenu';

/**
 * Who is in at each door: checked in against the valid tickets each check-in list admits, with the export of every
 * check-in.
 */
export function CheckInsByList({ eventId }: { eventId: number }) {
  const { t, i18n } = useLingui();
  const lists = useCheckInLists(eventId);
  const nameOf = useListName();
  if (!lists.data?.length) return null;
  const number = (n: number) => formatNumber(n, i18n.locale);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="check-ins-by-list">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={3} fz="md">
            <Trans>Check-ins by list</Trans>
          </Title>
          <ExportMenu eventId={eventId} kind="check-ins" params={{}} />
        </Group>
        {lists.data.map((l) => {
          const name = nameOf(l);
          const inCount = number(l.checked_in);
          const of = number(l.total);
          return (
            <div key={l.id}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Anchor component={Link} to={`/manage/event/${eventId}/check-in?list=${l.id}`} size="sm" truncate>
                  {name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {inCount} / {of}
                </Text>
              </Group>
              <Progress
                value={wholePercent(l.checked_in, l.total)}
                size="md"
                color="violet"
                aria-label={t`${name}: ${inCount} of ${of} checked in`}
              />
            </div>
          );
        })}
      </Stack>
    </Card>
  );
}
