import '@mantine/core/styles/Code.css';

import {
  formatDateTime,
  WEBHOOK_DELIVERY_STATES,
  type WebhookDeliveryDto,
  type WebhookDeliveryState,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Code, Group, Stack, Text } from '@mantine/core';
import { IconListDetails, IconSend } from '@tabler/icons-react';

import { DataTable } from '../../../components/DataTable';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { ListEmptyState, NoMatches } from '../../../components/ListEmptyState';
import { FilterSelect } from '../../../components/ListToolbar';
import { useWebhookDeliveries } from '../api/webhooks';
import { DELIVERY_STATE_LABELS, eventTypeLabel } from '../webhook-labels';
import { DeliveryStateBadge } from './WebhookBadges';

export interface DeliveryLogFilter {
  page: number;
  state: WebhookDeliveryState | null;
}

interface DeliveryLogProps {
  webhookId: number;
  filter: DeliveryLogFilter;
  onFilter: (filter: DeliveryLogFilter) => void;
  perPage: number;
  timeZone: string;
  onOpen: (delivery: WebhookDeliveryDto) => void;
}

/** The status code of a delivery's last attempt, or why none came. */
function LastStatus({ delivery }: { delivery: WebhookDeliveryDto }) {
  const last = delivery.last_attempt;
  if (!last)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      <Text size="sm">{last.status_code ?? <Trans>No answer</Trans>}</Text>
      {last.error ? (
        <Text size="xs" c="dimmed" lineClamp={2} maw={220}>
          {last.error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A webhook's deliveries, newest first: filter by state, a page at a time; a row opens its attempts. */
export function DeliveryLog({ webhookId, filter, onFilter, perPage, timeZone, onOpen }: DeliveryLogProps) {
  const { t, i18n } = useLingui();
  const deliveries = useWebhookDeliveries(webhookId, {
    page: filter.page,
    per_page: perPage,
    ...(filter.state ? { filter_fields: { state: filter.state } } : {}),
  });
  const page = deliveries.data;
  const states = WEBHOOK_DELIVERY_STATES.map((s) => ({ value: s, label: i18n._(DELIVERY_STATE_LABELS[s].label) }));

  let body;
  if (deliveries.isError) body = <FormErrorAlert error={deliveries.error} />;
  else if (page && !page.data.length && filter.state) {
    body = (
      <NoMatches
        title={t`No deliveries with this status`}
        description={t`Choose another status, or show them all.`}
        clearLabel={<Trans>Show all deliveries</Trans>}
        onClear={() => onFilter({ page: 1, state: null })}
      />
    );
  } else if (page && !page.data.length) {
    body = (
      <ListEmptyState
        icon={IconSend}
        title={t`No deliveries yet`}
        description={t`Each event this webhook receives is listed here with every attempt to send it. Send a test event to try it out.`}
      />
    );
  } else {
    body = (
      <DataTable
        items={page?.data ?? null}
        label={t`Delivery log`}
        minWidth={760}
        onRowClick={onOpen}
        rowTestId="webhook-delivery-row"
        pagination={{ meta: page?.meta, onPage: (n) => onFilter({ ...filter, page: n }) }}
        columns={[
          {
            header: <Trans>Type</Trans>,
            cell: (d) => (
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {eventTypeLabel(i18n, d.type)}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {d.type}
                </Text>
              </Stack>
            ),
          },
          {
            header: <Trans>Event ID</Trans>,
            cell: (d) => <Code style={{ wordBreak: 'break-all' }}>{d.event_id}</Code>,
          },
          { header: <Trans>Status</Trans>, cell: (d) => <DeliveryStateBadge state={d.state} /> },
          { header: <Trans>Attempts</Trans>, cell: (d) => <Text size="sm">{d.attempts}</Text> },
          { header: <Trans>Last status</Trans>, cell: (d) => <LastStatus delivery={d} /> },
          {
            header: <Trans>Time</Trans>,
            cell: (d) => <Text size="sm">{formatDateTime(d.created_at, timeZone, i18n.locale)}</Text>,
          },
        ]}
        actions={(d) => {
          const type = eventTypeLabel(i18n, d.type);
          const when = formatDateTime(d.created_at, timeZone, i18n.locale);
          return (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t`Attempts and payload of ${type}, ${when}`}
              onClick={(e) => {
                // The row opens it too: one opening, not two history entries.
                e.stopPropagation();
                onOpen(d);
              }}
            >
              <IconListDetails size={18} aria-hidden />
            </ActionIcon>
          );
        }}
      />
    );
  }

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <FilterSelect<WebhookDeliveryState>
          label={t`Status`}
          placeholder={t`All statuses`}
          clearLabel={t`Clear status filter`}
          data={states}
          value={filter.state}
          onChange={(state) => onFilter({ page: 1, state })}
          width={200}
        />
      </Group>
      {body}
    </Stack>
  );
}
