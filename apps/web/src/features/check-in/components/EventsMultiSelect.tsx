import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';

import { type CheckInEventDto, formatDate } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';

interface EventsMultiSelectProps extends Omit<MultiSelectProps, 'data' | 'value' | 'onChange'> {
  /** The events the caller works (useCheckInEvents), asked for by the form before this field shows. */
  events: UseQueryResult<CheckInEventDto[]>;
  value: number[];
  onChange: (ids: number[]) => void;
}

/** Some of the events the caller works, each named by its title and day (door staff's events, an API key's). */
export function EventsMultiSelect({ events, value, onChange, ...props }: EventsMultiSelectProps) {
  const { t, i18n } = useLingui();
  return (
    <MultiSelect
      label={t`Events`}
      required
      searchable
      disabled={events.isPending}
      placeholder={events.isPending ? t`Loading events…` : undefined}
      nothingFoundMessage={t`No events found`}
      data={(events.data ?? []).map((e) => ({
        value: String(e.id),
        label: `${e.title} (${formatDate(e.start_date, e.timezone, i18n.locale)})`,
      }))}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      {...props}
    />
  );
}
