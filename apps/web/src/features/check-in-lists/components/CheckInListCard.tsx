import '@mantine/core/styles/Progress.css';

import { type CheckInListDto, formatDateTime, formatNumber, type TicketDto, wholePercent } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Card, Divider, Group, Menu, Progress, Stack, Text, Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';

import { useListName } from '../list-name';
import { CheckInListStateBadge } from './CheckInListStateBadge';
import { StaffLinkPanel } from './StaffLinkPanel';

interface CheckInListCardProps {
  eventId: number;
  list: CheckInListDto;
  /** The event's tickets in their order, to name what the list admits. */
  tickets: TicketDto[];
  /** The event's time zone, for the list's window. */
  timeZone: string;
  onEdit: (list: CheckInListDto) => void;
  onDelete: (list: CheckInListDto) => void;
}

/** The list's time window in the event's zone ("From … to …"), or null when it has none. */
function ListWindow({ list, timeZone }: { list: CheckInListDto; timeZone: string }) {
  const { i18n } = useLingui();
  const format = (iso: string) => formatDateTime(iso, timeZone, i18n.locale);
  const from = list.activates_at ? format(list.activates_at) : null;
  const until = list.expires_at ? format(list.expires_at) : null;
  if (!from && !until) return null;
  return (
    <Text size="sm" c="dimmed">
      {from && until ? (
        <Trans>
          From {from} to {until}
        </Trans>
      ) : from ? (
        <Trans>From {from}</Trans>
      ) : (
        <Trans>Until {until}</Trans>
      )}
    </Text>
  );
}

/** One line at the door: name, state, what it admits, how many are in, its staff link and its actions. */
export function CheckInListCard({ eventId, list, tickets, timeZone, onEdit, onDelete }: CheckInListCardProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const name = useListName()(list);
  const number = (n: number) => formatNumber(n, i18n.locale);
  const checkedIn = number(list.checked_in);
  const total = number(list.total);
  const ticketNames = tickets
    .filter((x) => list.ticket_ids.includes(x.id))
    .map((x) => x.name)
    .join(', ');
  const admits = list.all_tickets ? t`All tickets` : ticketNames || t`No tickets`;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId} data-testid="check-in-list">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs">
              <Title order={2} size="h4" id={titleId}>
                {name}
              </Title>
              <CheckInListStateBadge list={list} timeZone={timeZone} />
            </Group>
            {list.description ? (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {list.description}
              </Text>
            ) : null}
          </Stack>
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t`Actions for ${name}`}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(list)}>
                <Trans>Edit</Trans>
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onDelete(list)}>
                <Trans>Delete</Trans>
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Stack gap={4}>
          <Text size="sm" c={!list.all_tickets && !ticketNames ? 'red.9' : undefined}>
            <Trans>Admits: {admits}</Trans>
          </Text>
          <ListWindow list={list} timeZone={timeZone} />
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            <Trans>
              {checkedIn} of {total} checked in
            </Trans>
          </Text>
          <Progress
            value={wholePercent(list.checked_in, list.total)}
            size="sm"
            color="violet"
            aria-label={t`Checked in on ${name}`}
          />
        </Stack>
        <Divider />
        <StaffLinkPanel eventId={eventId} list={list} />
      </Stack>
    </Card>
  );
}
