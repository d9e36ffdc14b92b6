import type { MessageCountsDto, MessageDeliveryStatus } from '@admitone/shared';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { Badge, Group } from '@mantine/core';

import { DELIVERY_STATUS_COLORS, DELIVERY_STATUS_LABELS } from '../message-labels';

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
