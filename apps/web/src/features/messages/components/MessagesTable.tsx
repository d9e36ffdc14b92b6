import '@mantine/core/styles/Table.css';
import type { MessageSummaryDto, TicketDto } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Card, Group, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { MessageStatusBadges } from './MessageStatusBadges';
import { useRecipientSummary } from './useRecipientSummary';

interface MessagesTableProps {
  items: MessageSummaryDto[];
  tickets: TicketDto[] | undefined;
  timeZone: string;
  onOpen: (item: MessageSummaryDto) => void;
}

/** The message history: subject, recipients, delivery counts, date and sender. */
export function MessagesTable({ items, tickets, timeZone, onOpen }: MessagesTableProps) {
  const { i18n } = useLingui();
  const summary = useRecipientSummary(tickets);
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Subject</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Recipients</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Status</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Date</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Sent by</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((m) => {
              const people = m.recipient_count;
              return (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor component="button" type="button" size="sm" fw={700} ta="left" onClick={() => onOpen(m)}>
                        {m.subject}
                      </Anchor>
                      {m.is_test ? (
                        <Badge variant="filled" color="violet.9" tt="none" size="sm">
                          <Trans>Test</Trans>
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{summary(m)}</Text>
                    <Text size="xs" c="dimmed">
                      {plural(people, { one: '# e-mail', other: '# e-mails' })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <MessageStatusBadges counts={m.counts} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(m.created_at, timeZone, i18n.locale)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{m.sent_by?.name ?? <Trans>A former team member</Trans>}</Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
