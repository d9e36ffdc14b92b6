import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Tooltip.css';

import type { WebhookDeliveryState, WebhookDto } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Badge, Stack, Text, Tooltip } from '@mantine/core';

import { DELIVERY_STATE_LABELS } from '../webhook-labels';

/** Pending, sending, delivered or failed, with what it means on hover or focus. */
export function DeliveryStateBadge({ state }: { state: WebhookDeliveryState }) {
  const { i18n } = useLingui();
  const s = DELIVERY_STATE_LABELS[state];
  return (
    <Tooltip label={i18n._(s.hint)} multiline w={240} withArrow>
      <span tabIndex={0}>
        <Badge color={s.color} variant={s.variant} autoContrast>
          {i18n._(s.label)}
        </Badge>
      </span>
    </Tooltip>
  );
}

/** On or off; when the system turned it off, says why; failures in a row while on. */
export function WebhookStatus({
  webhook,
}: {
  webhook: Pick<WebhookDto, 'enabled' | 'disabled_reason' | 'failure_streak'>;
}) {
  const failures = webhook.failure_streak;
  if (webhook.enabled) {
    return (
      <Stack gap={2} align="flex-start">
        <Badge variant="filled" color="teal.9">
          <Trans>On</Trans>
        </Badge>
        {failures > 0 ? (
          <Text size="xs" c="dimmed">
            <Plural value={failures} one="# failed attempt in a row" other="# failed attempts in a row" />
          </Text>
        ) : null}
      </Stack>
    );
  }
  return webhook.disabled_reason === 'FAILURES' ? (
    <Stack gap={2} align="flex-start">
      <Badge variant="filled" color="red.9">
        <Trans>Off</Trans>
      </Badge>
      <Text size="xs" c="dimmed">
        <Trans>Turned off after repeated failures</Trans>
      </Text>
    </Stack>
  ) : (
    <Badge variant="light" color="gray">
      <Trans>Off</Trans>
    </Badge>
  );
}
