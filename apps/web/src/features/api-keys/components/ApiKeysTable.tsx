import type { ApiKeyDto } from '@admitone/shared';
import { formatDateTime } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

import { DataTable } from '../../../components/DataTable';
import { ACCESS_LABELS, STATE_LABELS } from '../api-key-labels';

interface ApiKeysTableProps {
  keys: ApiKeyDto[];
  /** Event titles by id (the events a limited key reaches). */
  eventTitles: Map<number, string>;
  timeZone: string;
  onRevoke: (key: ApiKeyDto) => void;
}

function StateBadge({ apiKey }: { apiKey: ApiKeyDto }) {
  const { i18n } = useLingui();
  const state = STATE_LABELS[apiKey.state];
  const badge = (
    <Badge color={state.color} variant={state.variant} autoContrast>
      {i18n._(state.label)}
    </Badge>
  );
  return state.hint ? (
    <Tooltip label={i18n._(state.hint)} multiline w={260} withArrow>
      <span tabIndex={0}>{badge}</span>
    </Tooltip>
  ) : (
    badge
  );
}

/** The account's keys: name and prefix, access and events, expiry, last use, maker, state; revoke. */
export function ApiKeysTable({ keys, eventTitles, timeZone, onRevoke }: ApiKeysTableProps) {
  const { t, i18n } = useLingui();
  const when = (iso: string | null, none: string) => (iso ? formatDateTime(iso, timeZone, i18n.locale) : none);
  return (
    <DataTable
      items={keys}
      label={t`API keys`}
      minWidth={760}
      columns={[
        {
          header: <Trans>Name</Trans>,
          cell: (k) => (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {k.name}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {k.prefix}…
              </Text>
            </Stack>
          ),
        },
        {
          header: <Trans>Access</Trans>,
          cell: (k) => (
            <Stack gap={2} align="flex-start">
              <Badge variant="outline" color={k.access === 'READ' ? 'gray' : 'violet'}>
                {i18n._(ACCESS_LABELS[k.access])}
              </Badge>
              <Text size="xs" c="dimmed">
                {k.event_ids.length ? (
                  k.event_ids.map((id) => eventTitles.get(id) ?? `#${id}`).join(', ')
                ) : (
                  <Trans>All events</Trans>
                )}
              </Text>
            </Stack>
          ),
        },
        { header: <Trans>Expires</Trans>, cell: (k) => <Text size="sm">{when(k.expires_at, t`Never`)}</Text> },
        {
          header: <Trans>Last used</Trans>,
          cell: (k) => <Text size="sm">{when(k.last_used_at, t`Not used yet`)}</Text>,
          testId: 'api-key-last-used',
        },
        {
          header: <Trans>Created</Trans>,
          cell: (k) => (
            <Stack gap={2}>
              <Text size="sm">{formatDateTime(k.created_at, timeZone, i18n.locale)}</Text>
              <Text size="xs" c="dimmed">
                <Trans>by {k.created_by.name}</Trans>
              </Text>
            </Stack>
          ),
        },
        { header: <Trans>Status</Trans>, cell: (k) => <StateBadge apiKey={k} /> },
      ]}
      actions={(k) =>
        k.state === 'REVOKED' ? null : (
          <ActionIcon variant="subtle" color="red.9" aria-label={t`Revoke ${k.name}`} onClick={() => onRevoke(k)}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        )
      }
    />
  );
}

/** "3 keys, 2 active". */
export function KeysSummary({ keys }: { keys: ApiKeyDto[] }) {
  const active = keys.filter((k) => k.state === 'ACTIVE').length;
  return (
    <Text size="sm" c="dimmed">
      <Plural value={keys.length} one="# key" other="# keys" />,{' '}
      <Plural value={active} one="# active" other="# active" />
    </Text>
  );
}
