import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/ScrollArea.css';
import { ATTENDEE_FILTER_STATUSES, type TicketDto } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { ListSearchInput } from '../../../components/ListSearchInput';
import { ATTENDEE_STATUS_LABELS } from '../attendee-labels';
import { hasAttendeeFilter, type AttendeeFilterStatus, type AttendeeListState, type CheckedInFilter } from '../hooks/useAttendeeListParams';

interface AttendeesToolbarProps {
  state: AttendeeListState;
  onChange: (patch: Partial<AttendeeListState>) => void;
  tickets: TicketDto[];
}

/** Search (debounced, kept in the URL) and the ticket, status and checked-in filters. */
export function AttendeesToolbar({ state, onChange, tickets }: AttendeesToolbarProps) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap={6} mb="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <ListSearchInput
          label={t`Search attendees`}
          placeholder={t`Name, e-mail or order number`}
          value={state.query}
          onSearch={(query) => onChange({ query })}
          style={{ flex: '1 1 260px' }}
        />
        <MultiSelect
          label={t`Tickets`}
          placeholder={state.tickets.length ? undefined : t`All tickets`}
          data={tickets.map((x) => ({ value: String(x.id), label: x.name }))}
          value={state.tickets.map(String)}
          onChange={(values) => onChange({ tickets: values.map(Number) })}
          clearable
          clearButtonProps={{ 'aria-label': t`Clear ticket filter` }}
          searchable
          w={{ base: '100%', xs: 260 }}
        />
        <Select
          label={t`Status`}
          placeholder={t`All statuses`}
          data={ATTENDEE_FILTER_STATUSES.map((value) => ({ value, label: i18n._(ATTENDEE_STATUS_LABELS[value]) }))}
          value={state.status}
          onChange={(value) => onChange({ status: (value as AttendeeFilterStatus | null) ?? null })}
          clearable
          clearButtonProps={{ 'aria-label': t`Clear status filter` }}
          w={{ base: '100%', xs: 190 }}
        />
        <Select
          label={t`Check-in`}
          placeholder={t`Everyone`}
          data={[
            { value: 'true', label: t`Checked in` },
            { value: 'false', label: t`Not checked in` },
          ]}
          value={state.checkedIn}
          onChange={(value) => onChange({ checkedIn: (value as CheckedInFilter | null) ?? null })}
          clearable
          clearButtonProps={{ 'aria-label': t`Clear check-in filter` }}
          w={{ base: '100%', xs: 190 }}
        />
      </Group>
      {hasAttendeeFilter(state) ? (
        <Text size="sm" c="dimmed">
          {t`Sorting is off while a filter is applied.`}
        </Text>
      ) : null}
    </Stack>
  );
}
