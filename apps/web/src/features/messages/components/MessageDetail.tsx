import '@mantine/core/styles/Table.css';

import type { MessageDetailDto, MessageSummaryDto, TicketDto } from '@admitone/shared';
import { formatDateTime } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconClockHour4, IconPencil, IconRefresh, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { HtmlContent } from '../../../components/HtmlContent';
import { useDeleteMessage, useMessage, useRetryFailed } from '../api/messages';
import { NOT_SENT_REASON_LABELS } from '../message-labels';
import { DeliveryStatusBadge, MessageStateBadge, MessageStatusBadges } from './MessageStatusBadges';
import { useFilterSummary } from './useFilterSummary';
import { useRecipientSummary } from './useRecipientSummary';

interface MessageDetailProps {
  eventId: number;
  messageId: number;
  timeZone: string;
  tickets: TicketDto[] | undefined;
  /** After the message was deleted. */
  onDeleted: () => void;
  /** A scheduled message: change it, or cancel it (each asks the screen, which opens its dialog). */
  onEdit: (m: MessageSummaryDto) => void;
  onCancelSending: (m: MessageSummaryDto) => void;
}

/** A message sent gradually: why, and until when (the mail budget, mail/team-mail.ts on the server). */
function PacedNotice({ until }: { until: string }) {
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconClockHour4 size={18} aria-hidden />}
      title={<Trans>Sent gradually</Trans>}
    >
      <Text size="sm">
        <Trans>
          Your account may send only a limited number of e-mails per hour to addresses that did not come with a card
          payment (typed in by your team, or from free and offline orders). The rest of this message goes out as that
          limit allows: the last e-mails around {until}.
        </Trans>
      </Text>
    </Alert>
  );
}

function DetailBody({
  eventId,
  m,
  timeZone,
  tickets,
  onDeleted,
  onEdit,
  onCancelSending,
}: Omit<MessageDetailProps, 'messageId'> & { m: MessageDetailDto }) {
  const { t, i18n } = useLingui();
  const summary = useRecipientSummary(tickets);
  const narrowed = useFilterSummary(eventId, timeZone)(m).join('; ');
  const sent = m.status === 'SENT';
  const retry = useRetryFailed(eventId);
  const remove = useDeleteMessage(eventId);
  const [confirming, setConfirming] = useState(false);
  const when = formatDateTime(m.created_at, timeZone, i18n.locale);
  const who = m.sent_by?.name ?? t`a former team member`;
  const failed = m.counts.failed;
  const to = summary(m);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={3} fz="lg">
            {m.subject}
          </Title>
          {m.is_test ? (
            <Badge variant="filled" color="violet.9" tt="none">
              <Trans>Test</Trans>
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {m.is_test ? (
            <Trans>
              Test of a message to {to}, sent only to the sender · {when} by {who}
            </Trans>
          ) : sent ? (
            <Trans>
              To {to} · sent {when} by {who}
            </Trans>
          ) : (
            <Trans>
              To {to} · written by {who}
            </Trans>
          )}
        </Text>
        {narrowed ? (
          <Text size="sm" c="dimmed">
            <Trans>Narrowed down to: {narrowed}</Trans>
          </Text>
        ) : null}
        <Group gap={6} wrap="wrap">
          <MessageStateBadge message={m} timeZone={timeZone} withReason={false} />
          {sent ? <MessageStatusBadges counts={m.counts} paced={m.paced_until !== null} /> : null}
        </Group>
      </Stack>
      {m.status === 'NOT_SENT' && m.not_sent_reason ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Text size="sm">{i18n._(NOT_SENT_REASON_LABELS[m.not_sent_reason])}</Text>
        </Alert>
      ) : null}
      {m.status === 'SCHEDULED' ? (
        <Alert color="indigo" variant="light" icon={<IconClockHour4 size={18} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              <Trans>
                The recipients are found when it goes, so those who match then receive it. Until then it can be changed
                or cancelled.
              </Trans>
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => onEdit(m)}
              >
                <Trans>Edit</Trans>
              </Button>
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                leftSection={<IconX size={14} aria-hidden />}
                onClick={() => onCancelSending(m)}
              >
                <Trans>Cancel sending</Trans>
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {m.paced_until ? <PacedNotice until={formatDateTime(m.paced_until, timeZone, i18n.locale)} /> : null}
      <FormErrorAlert error={retry.error} />
      {failed ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm" fw={700}>
              {t`Some e-mails could not be delivered`}
            </Text>
            <Text size="sm">
              <Trans>The reason is shown next to each address below. Check the addresses, then try again.</Trans>
            </Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={retry.isPending}
              onClick={() =>
                retry.mutate(m.id, {
                  onSuccess: () =>
                    notifications.show({ color: 'teal', message: t`The failed e-mails are queued again.` }),
                })
              }
            >
              <Trans>Retry failed</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <Card withBorder radius="md">
        <HtmlContent html={m.body} />
      </Card>
      {sent || m.recipients.length ? (
        <>
          <Title order={4} fz="md" id={`message-${m.id}-recipients`}>
            <Trans>Recipients</Trans>
          </Title>
          <Card withBorder radius="md" padding={0}>
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing="xs" horizontalSpacing="md" aria-labelledby={`message-${m.id}-recipients`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Recipient</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Status</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {m.recipients.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>
                        {r.name ? (
                          <Text size="sm" fw={600}>
                            {r.name}
                          </Text>
                        ) : null}
                        <Text size="sm" c={r.name ? 'dimmed' : undefined}>
                          {r.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={2} align="flex-start">
                          <DeliveryStatusBadge status={r.status} />
                          {r.error ? (
                            <Text size="xs" c="red.9">
                              {r.error}
                            </Text>
                          ) : null}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </>
      ) : null}
      <Group justify="flex-end">
        <Button
          variant="outline"
          color="red.9"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          <Trans>Delete message</Trans>
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={<Trans>Delete message</Trans>}
        message={
          m.status === 'SCHEDULED' ? (
            <Trans>The message is removed from the history and will not be sent.</Trans>
          ) : (
            <Trans>
              The message is removed from the history. E-mails already sent stay in the recipients' inboxes.
            </Trans>
          )
        }
        confirmLabel={<Trans>Delete</Trans>}
        danger
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(m.id, {
            onSuccess: () => {
              setConfirming(false);
              notifications.show({ color: 'teal', message: t`Message deleted.` });
              onDeleted();
            },
          })
        }
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
      />
    </Stack>
  );
}

/**
 * A message: where it stands, its filters and body, and once sent who got it and each e-mail's delivery state
 * (retry the failed ones); a scheduled one can be changed or cancelled; any can be deleted.
 */
export function MessageDetail({ messageId, ...props }: MessageDetailProps) {
  const message = useMessage(props.eventId, messageId);
  if (message.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={24} width="60%" />
        <Skeleton height={16} width="80%" />
        <Skeleton height={120} />
        <Skeleton height={80} />
      </Stack>
    );
  }
  if (message.isError) return <FormErrorAlert error={message.error} />;
  return <DetailBody m={message.data} {...props} />;
}
