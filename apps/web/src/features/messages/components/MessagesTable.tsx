import type { MessageSummaryDto, Paginated, TicketDto } from '@admitone/shared';
import { formatDateTime } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group, Text } from '@mantine/core';

import { type Column, DataTable } from '../../../components/DataTable';
import { MessageStatusBadges } from './MessageStatusBadges';
import { useRecipientSummary } from './useRecipientSummary';

interface MessagesTableProps {
  page: Paginated<MessageSummaryDto>;
  onPage: (page: number) => void;
  tickets: TicketDto[] | undefined;
  timeZone: string;
  onOpen: (item: MessageSummaryDto) => void;
}

/** The message history: subject, recipients, delivery counts, date and sender. */
export function MessagesTable({ page, onPage, tickets, timeZone, onOpen }: MessagesTableProps) {
  const { i18n } = useLingui();
  const summary = useRecipientSummary(tickets);
  const subject = (m: MessageSummaryDto) => (
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
  );
  const recipients = (m: MessageSummaryDto) => {
    const people = m.recipient_count;
    return (
      <>
        <Text size="sm">{summary(m)}</Text>
        <Text size="xs" c="dimmed">
          {plural(people, { one: '# e-mail', other: '# e-mails' })}
        </Text>
      </>
    );
  };
  const columns: Column<MessageSummaryDto>[] = [
    { header: <Trans>Subject</Trans>, cell: subject },
    { header: <Trans>Recipients</Trans>, cell: recipients },
    {
      header: <Trans>Status</Trans>,
      cell: (m) => <MessageStatusBadges counts={m.counts} paced={m.paced_until !== null} />,
    },
    {
      header: <Trans>Date</Trans>,
      cell: (m) => <Text size="sm">{formatDateTime(m.created_at, timeZone, i18n.locale)}</Text>,
    },
    {
      header: <Trans>Sent by</Trans>,
      cell: (m) => <Text size="sm">{m.sent_by?.name ?? <Trans>A former team member</Trans>}</Text>,
    },
  ];
  return (
    <DataTable
      items={page.data}
      columns={columns}
      minWidth={760}
      pagination={{ meta: page.meta, onPage, summary: null }}
    />
  );
}
