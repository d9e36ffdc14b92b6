import { type AuditEntryDto, formatDateTime, type Paginated } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Link } from 'react-router';

import { DataTable } from '../../../components/DataTable';
import { auditDetails, type AuditDetailsContext } from '../audit-details';
import { auditActionLabel } from '../audit-labels';

interface AuditLogTableProps {
  /** undefined while the first page loads: skeleton rows. */
  page: Paginated<AuditEntryDto> | undefined;
  onPage: (page: number) => void;
  /** The account's time zone and currency, the events' titles and the organizers' names. */
  context: Omit<AuditDetailsContext, 'i18n'>;
}

/** Who did it: the member (or "System"), the API key they acted through, the address it came from. */
function Who({ entry }: { entry: AuditEntryDto }) {
  const { actor } = entry;
  return (
    <Stack gap={2} align="flex-start">
      {actor.name ? (
        <Text size="sm" fw={500}>
          {actor.name}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" fs="italic">
          <Trans>System</Trans>
        </Text>
      )}
      {actor.api_key ? (
        <Group gap={4} wrap="nowrap">
          <Badge size="xs" variant="light" color="violet" leftSection={<IconKey size={10} aria-hidden />}>
            <Trans>API key</Trans>
          </Badge>
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {actor.api_key}
          </Text>
        </Group>
      ) : null}
      {entry.ip ? (
        <Text size="xs" c="dimmed" ff="monospace" data-testid="audit-ip">
          {entry.ip}
        </Text>
      ) : null}
    </Stack>
  );
}

/** What it was about: the order, ticket, member... and the event, a link to it. */
function About({ entry }: { entry: AuditEntryDto }) {
  const { target, event } = entry;
  // An event's own line, or an export of one event's list, is about the event: its title says it.
  const aboutEvent = target?.type === 'event' || (target?.type === 'export' && event !== null);
  const label = target && !aboutEvent ? (target.label ?? target.id) : null;
  if (!label && !event) return <Text size="sm">—</Text>;
  const order = event && target?.type === 'order' && target.id ? target.id : null;
  return (
    <Stack gap={2} align="flex-start">
      {label ? (
        order ? (
          <Anchor component={Link} to={`/manage/event/${event!.id}/orders?order=${order}`} size="sm">
            {label}
          </Anchor>
        ) : (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {label}
          </Text>
        )
      ) : null}
      {event ? (
        <Anchor component={Link} to={`/manage/event/${event.id}`} size={label ? 'xs' : 'sm'}>
          {event.title}
        </Anchor>
      ) : null}
    </Stack>
  );
}

/** The changes, one per line ("Price: €25.00 → €30.00"). */
function Details({ lines }: { lines: string[] }) {
  if (!lines.length)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2} maw={380}>
      {lines.map((line, i) => (
        <Text key={i} size="xs" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** The log, newest first: when, who (and through which key, from where), what, about what, and the details. */
export function AuditLogTable({ page, onPage, context }: AuditLogTableProps) {
  const { t, i18n } = useLingui();
  const ctx: AuditDetailsContext = { ...context, i18n };
  const when = (e: AuditEntryDto) => formatDateTime(e.created_at, context.timeZone, i18n.locale);
  return (
    <DataTable
      items={page?.data ?? null}
      label={t`Audit log`}
      minWidth={980}
      rowTestId="audit-row"
      pagination={{ meta: page?.meta, onPage }}
      columns={[
        {
          header: <Trans>When</Trans>,
          cell: (e) => (
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {when(e)}
            </Text>
          ),
        },
        { header: <Trans>Who</Trans>, cell: (e) => <Who entry={e} /> },
        {
          header: <Trans>What</Trans>,
          cell: (e) => (
            <Text size="sm" fw={600}>
              {auditActionLabel(e, i18n)}
            </Text>
          ),
        },
        { header: <Trans>About</Trans>, cell: (e) => <About entry={e} /> },
        { header: <Trans>Details</Trans>, cell: (e) => <Details lines={auditDetails(e, ctx)} /> },
      ]}
      card={(e) => (
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              {auditActionLabel(e, i18n)}
            </Text>
            <Text size="xs" c="dimmed" ta="right">
              {when(e)}
            </Text>
          </Group>
          <Who entry={e} />
          <About entry={e} />
          <Details lines={auditDetails(e, ctx)} />
        </Stack>
      )}
    />
  );
}
