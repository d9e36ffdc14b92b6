import { formatDateTime, WEBHOOK_EVENT_TYPES, type WebhookDto } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

import { DataTable } from '../../../components/DataTable';
import { type WebhookDialogs, webhookName } from './use-webhook-dialogs';
import { DeliveryStateBadge, WebhookStatus } from './WebhookBadges';
import { WebhookMenu } from './WebhookMenu';

/** The events a webhook hears about (all, or one) and how many kinds of them. */
export function WebhookScope({ webhook }: { webhook: WebhookDto }) {
  const kinds = webhook.event_types.length;
  return (
    <Stack gap={2}>
      <Text size="sm">
        {webhook.event_id === null ? <Trans>All events</Trans> : (webhook.event_title ?? `#${webhook.event_id}`)}
      </Text>
      <Text size="xs" c="dimmed">
        {kinds === WEBHOOK_EVENT_TYPES.length ? (
          <Trans>Every kind of event</Trans>
        ) : (
          <Plural value={kinds} one="# kind of event" other="# kinds of events" />
        )}
      </Text>
    </Stack>
  );
}

/** The state and time of a webhook's last delivery, or that none was made yet. */
export function LastDelivery({ webhook, timeZone }: { webhook: WebhookDto; timeZone: string }) {
  const { i18n } = useLingui();
  const last = webhook.last_delivery;
  if (!last) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>Nothing sent yet</Trans>
      </Text>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <DeliveryStateBadge state={last.state} />
      <Text size="xs" c="dimmed">
        {formatDateTime(last.at, timeZone, i18n.locale)}
        {last.status_code !== null ? ` · HTTP ${last.status_code}` : null}
      </Text>
    </Stack>
  );
}

interface WebhooksTableProps {
  webhooks: WebhookDto[];
  timeZone: string;
  dialogs: WebhookDialogs;
}

/** The account's webhooks: where they send, what, whether they are on, how the last delivery went. */
export function WebhooksTable({ webhooks, timeZone, dialogs }: WebhooksTableProps) {
  const { t } = useLingui();
  return (
    <DataTable
      items={webhooks}
      label={t`Webhooks`}
      minWidth={760}
      columns={[
        {
          header: <Trans>Webhook</Trans>,
          cell: (w) => (
            <Stack gap={2} maw={360}>
              <Anchor
                component={Link}
                to={`/account/webhooks/${w.id}`}
                size="sm"
                fw={600}
                style={{ wordBreak: 'break-all' }}
              >
                {webhookName(w)}
              </Anchor>
              {w.description ? (
                <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {w.url}
                </Text>
              ) : null}
            </Stack>
          ),
        },
        { header: <Trans>Events</Trans>, cell: (w) => <WebhookScope webhook={w} /> },
        { header: <Trans>Status</Trans>, cell: (w) => <WebhookStatus webhook={w} /> },
        { header: <Trans>Last delivery</Trans>, cell: (w) => <LastDelivery webhook={w} timeZone={timeZone} /> },
      ]}
      actions={(w) => <WebhookMenu webhook={w} dialogs={dialogs} />}
    />
  );
}
