import type { MessageSummaryDto, Paginated, TicketDto } from '@admitone/shared';
import { formatDateTime } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconX } from '@tabler/icons-react';

import { type Column, DataTable } from '../../../components/DataTable';
import { MessageStateBadge, MessageStatusBadges } from './MessageStatusBadges';
import { useRecipientSummary } from './useRecipientSummary';

interface MessagesTableProps {
  page: Paginated<MessageSummaryDto>;
  onPage: (page: number) => void;
  tickets: TicketDto[] | undefined;
  /** The filters a message was narrowed by, one phrase each (useFilterSummary). */
  filters?: (m: MessageSummaryDto) => string[];
  timeZone: string;
  onOpen: (item: MessageSummaryDto) => void;
  /** A scheduled message's actions. */
  onEdit: (item: MessageSummaryDto) => void;
  onCancelSending: (item: MessageSummaryDto) => void;
}

/**
 * The message history: subject, recipients (and filters), where each stands (scheduled, sent with its
 * delivery counts, cancelled, not sent and why), date and sender; a scheduled one can be changed or
 * cancelled from its row.
 */
export function MessagesTable({
  page,
  onPage,
  tickets,
  filters,
  timeZone,
  onOpen,
  onEdit,
  onCancelSending,
}: MessagesTableProps) {
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
    const narrowed = filters?.(m) ?? [];
    return (
      <>
        <Text size="sm">{summary(m)}</Text>
        {narrowed.length ? (
          <Text size="xs" c="dimmed">
            {narrowed.join(' · ')}
          </Text>
        ) : null}
        {m.status === 'SENT' ? (
          <Text size="xs" c="dimmed">
            {plural(people, { one: '# e-mail', other: '# e-mails' })}
          </Text>
        ) : null}
      </>
    );
  };
  const status = (m: MessageSummaryDto) => (
    <Stack gap={4} align="flex-start">
      <MessageStateBadge message={m} timeZone={timeZone} />
      {m.status === 'SENT' ? <MessageStatusBadges counts={m.counts} paced={m.paced_until !== null} /> : null}
    </Stack>
  );
  const columns: Column<MessageSummaryDto>[] = [
    { header: <Trans>Subject</Trans>, cell: subject },
    { header: <Trans>Recipients</Trans>, cell: recipients },
    { header: <Trans>Status</Trans>, cell: status },
    {
      header: <Trans>Date</Trans>,
      // A scheduled message's time (also once it went, or did not); else when it was written.
      cell: (m) => <Text size="sm">{formatDateTime(m.send_at ?? m.created_at, timeZone, i18n.locale)}</Text>,
    },
    {
      header: <Trans>Sent by</Trans>,
      cell: (m) => <Text size="sm">{m.sent_by?.name ?? <Trans>A former team member</Trans>}</Text>,
    },
  ];
  const scheduledActions = (m: MessageSummaryDto) =>
    m.status === 'SCHEDULED' ? (
      <ScheduledActions message={m} onEdit={onEdit} onCancelSending={onCancelSending} />
    ) : null;
  return (
    <DataTable
      items={page.data}
      columns={columns}
      minWidth={760}
      actions={page.data.some((m) => m.status === 'SCHEDULED') ? scheduledActions : undefined}
      pagination={{ meta: page.meta, onPage, summary: null }}
    />
  );
}

/** Change or cancel a scheduled message; the buttons' names say which message ("Edit “Doors open”"). */
export function ScheduledActions({
  message: m,
  onEdit,
  onCancelSending,
}: {
  message: MessageSummaryDto;
  onEdit: (item: MessageSummaryDto) => void;
  onCancelSending: (item: MessageSummaryDto) => void;
}) {
  const { t } = useLingui();
  const subject = m.subject;
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPencil size={14} aria-hidden />}
        aria-label={t`Edit “${subject}”`}
        onClick={() => onEdit(m)}
      >
        <Trans>Edit</Trans>
      </Button>
      <Button
        size="xs"
        variant="outline"
        color="red.9"
        leftSection={<IconX size={14} aria-hidden />}
        aria-label={t`Cancel sending “${subject}”`}
        onClick={() => onCancelSending(m)}
      >
        <Trans>Cancel sending</Trans>
      </Button>
    </>
  );
}
