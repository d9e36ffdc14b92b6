import type { AutomationSendDto } from '@admitone/shared';
import { formatDateTime } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';

import { type Column, DataTable } from '../../../components/DataTable';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { ListEmptyState } from '../../../components/ListEmptyState';
import { DeliveryStatusBadge } from '../../messages/components/MessageStatusBadges';
import { useAutomationSends } from '../api/automations';

/** Rows per page of the list. */
export const SENDS_PER_PAGE = 20;

interface AutomationSendsProps {
  eventId: number;
  automationId: number;
  timeZone: string;
}

/** What one automation sent: each mail's address, delivery state (with the reason of a failure) and time. */
export function AutomationSends({ eventId, automationId, timeZone }: AutomationSendsProps) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const sends = useAutomationSends(eventId, automationId, { page, per_page: SENDS_PER_PAGE });

  if (sends.isError) return <FormErrorAlert error={sends.error} />;
  if (sends.data && !sends.data.data.length)
    return (
      <ListEmptyState
        icon={IconMailOff}
        title={t`Nothing sent yet`}
        description={t`Each mail this automation writes is listed here with its delivery state.`}
      />
    );

  const columns: Column<AutomationSendDto>[] = [
    { header: <Trans>Recipient</Trans>, cell: (s) => <Text size="sm">{s.email}</Text> },
    {
      header: <Trans>Status</Trans>,
      cell: (s) => (
        <Stack gap={2} align="flex-start">
          <DeliveryStatusBadge status={s.status} />
          {s.error ? (
            <Text size="xs" c="red.9">
              {s.error}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      header: <Trans>Date</Trans>,
      cell: (s) => <Text size="sm">{formatDateTime(s.created_at, timeZone, i18n.locale)}</Text>,
    },
  ];
  return (
    <DataTable
      items={sends.data?.data ?? null}
      columns={columns}
      minWidth={520}
      label={t`Mails sent`}
      rowTestId="automation-send-row"
      pagination={{ meta: sends.data?.meta, onPage: setPage }}
    />
  );
}
