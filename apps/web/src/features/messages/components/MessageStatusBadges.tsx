import type { MessageCountsDto, MessageDeliveryStatus, MessageSummaryDto } from '@admitone/shared';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { Badge, Group, Stack, Text } from '@mantine/core';

import { formatEventDateTime } from '../../../lib/format';
import {
  DELIVERY_STATUS_COLORS,
  DELIVERY_STATUS_LABELS,
  MESSAGE_STATUS_COLORS,
  NOT_SENT_REASON_LABELS,
} from '../message-labels';

/** One recipient's delivery state. */
export function DeliveryStatusBadge({ status }: { status: MessageDeliveryStatus }) {
  const { i18n } = useLinguiRuntime();
  return (
    <Badge variant="filled" color={DELIVERY_STATUS_COLORS[status]} tt="none">
      {i18n._(DELIVERY_STATUS_LABELS[status])}
    </Badge>
  );
}

/**
 * How many e-mails of a message were sent, are queued and failed (only the non-zero ones); `paced`: some
 * wait for room in the account's hourly mail limit (the message is sent gradually).
 */
export function MessageStatusBadges({ counts, paced = false }: { counts: MessageCountsDto; paced?: boolean }) {
  const { t } = useLingui();
  const { sent, queued, failed } = counts;
  return (
    <Group gap={6} wrap="wrap">
      {sent ? (
        <Badge variant="filled" color={DELIVERY_STATUS_COLORS.SENT} tt="none">
          {t`${sent} sent`}
        </Badge>
      ) : null}
      {queued ? (
        <Badge variant="filled" color={DELIVERY_STATUS_COLORS.QUEUED} tt="none">
          {t`${queued} queued`}
        </Badge>
      ) : null}
      {paced ? (
        <Badge variant="light" color={DELIVERY_STATUS_COLORS.QUEUED} tt="none">
          {t`Sending gradually`}
        </Badge>
      ) : null}
      {failed ? (
        <Badge variant="filled" color={DELIVERY_STATUS_COLORS.FAILED} tt="none">
          {t`${failed} failed`}
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * Where a message stands: scheduled for a time (in the event's time zone, named when the reader's clock
 * differs), sent, cancelled, or not sent with why (`withReason`).
 */
export function MessageStateBadge({
  message: m,
  timeZone,
  withReason = true,
}: {
  message: Pick<MessageSummaryDto, 'status' | 'send_at' | 'not_sent_reason'>;
  timeZone: string;
  withReason?: boolean;
}) {
  const { t, i18n } = useLingui();
  const color = MESSAGE_STATUS_COLORS[m.status];
  const label = (() => {
    switch (m.status) {
      case 'SCHEDULED': {
        const when = m.send_at ? formatEventDateTime(m.send_at, timeZone, i18n.locale) : '';
        return when ? t`Scheduled for ${when}` : t`Scheduled`;
      }
      case 'SENT':
        return t`Sent`;
      case 'CANCELLED':
        return t`Cancelled`;
      case 'NOT_SENT':
        return t`Not sent`;
    }
  })();
  const badge = (
    <Badge variant="filled" color={color} tt="none" style={{ maxWidth: '100%' }}>
      {label}
    </Badge>
  );
  if (m.status !== 'NOT_SENT' || !m.not_sent_reason || !withReason) return badge;
  return (
    <Stack gap={2} align="flex-start">
      {badge}
      <Text size="xs" c="dimmed">
        {i18n._(NOT_SENT_REASON_LABELS[m.not_sent_reason])}
      </Text>
    </Stack>
  );
}
