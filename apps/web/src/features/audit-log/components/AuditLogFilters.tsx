import type { AuditAction } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';

import { FilterSelect } from '../../../components/ListToolbar';
import { actionOptions } from '../audit-labels';
import { type AuditLogState, daysOutOfOrder, hasAuditFilter, NO_AUDIT_FILTERS } from '../hooks/useAuditLogFilters';

interface AuditLogFiltersProps {
  state: AuditLogState;
  onChange: (patch: Partial<AuditLogState>) => void;
  /** The members to choose from (by their team list id). */
  members: readonly { id: number; name: string }[];
  events: readonly { id: number; title: string }[];
  /** The account's, which the times are shown in. */
  timeZone: string;
}

/** Above the log: the action, the member, the event and the days it is narrowed to, and "Clear filters". */
export function AuditLogFilters({ state, onChange, members, events, timeZone }: AuditLogFiltersProps) {
  const { t, i18n } = useLingui();
  const day = (value: string) => (value ? value : null);
  const id = (value: string | null) => (value ? Number(value) : null);
  return (
    <Stack gap={6} mb="md" role="group" aria-label={t`Filter the log`}>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <FilterSelect<AuditAction>
          label={t`Action`}
          placeholder={t`All actions`}
          clearLabel={t`Clear action filter`}
          data={actionOptions(i18n)}
          value={state.action}
          onChange={(action) => onChange({ action })}
          searchable
          nothingFoundMessage={t`No action matches.`}
          width={260}
        />
        <FilterSelect
          label={t`Member`}
          placeholder={t`Everyone`}
          clearLabel={t`Clear member filter`}
          data={members.map((m) => ({ value: String(m.id), label: m.name }))}
          value={state.user === null ? null : String(state.user)}
          onChange={(user) => onChange({ user: id(user) })}
          searchable
          nothingFoundMessage={t`No member matches.`}
          width={220}
        />
        <FilterSelect
          label={t`Event`}
          placeholder={t`All events`}
          clearLabel={t`Clear event filter`}
          data={events.map((e) => ({ value: String(e.id), label: e.title }))}
          value={state.event === null ? null : String(state.event)}
          onChange={(event) => onChange({ event: id(event) })}
          searchable
          nothingFoundMessage={t`No events found`}
          width={240}
        />
        <TextInput
          type="date"
          label={t`First day`}
          value={state.from ?? ''}
          max={state.to ?? undefined}
          onChange={(e) => onChange({ from: day(e.currentTarget.value) })}
          w={{ base: '100%', xs: 170 }}
        />
        <TextInput
          type="date"
          label={t`Last day`}
          value={state.to ?? ''}
          min={state.from ?? undefined}
          onChange={(e) => onChange({ to: day(e.currentTarget.value) })}
          error={daysOutOfOrder(state) ? t`The last day must not be before the first.` : undefined}
          w={{ base: '100%', xs: 170 }}
        />
        {hasAuditFilter(state) ? (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={() => onChange(NO_AUDIT_FILTERS)}
            mt={{ base: 0, xs: 25 }}
          >
            <Trans>Clear filters</Trans>
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>
          Times are shown in the account's time zone ({timeZone}). The first and last day are counted in UTC, both
          included.
        </Trans>
      </Text>
    </Stack>
  );
}
