import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import type { TicketDto } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { MultiSelect, type MultiSelectProps } from '@mantine/core';

interface TicketsSelectProps extends Omit<MultiSelectProps, 'label' | 'data'> {
  tickets: TicketDto[];
  /** Shown while no ticket is chosen (e.g. "All tickets"). */
  noneChosen?: string;
}

/** A form field choosing some of the event's tickets. */
export function TicketsSelect({ tickets, noneChosen, ...props }: TicketsSelectProps) {
  const { t } = useLingui();
  return (
    <MultiSelect
      label={t`Tickets`}
      placeholder={props.value?.length ? undefined : noneChosen}
      searchable
      data={tickets.map((x) => ({ value: String(x.id), label: x.name }))}
      {...props}
    />
  );
}

interface TicketsFilterProps {
  tickets: TicketDto[];
  value: number[];
  onChange: (ids: number[]) => void;
}

/** A list's ticket filter: some tickets, or all of them. */
export function TicketsFilter({ tickets, value, onChange }: TicketsFilterProps) {
  const { t } = useLingui();
  return (
    <TicketsSelect
      tickets={tickets}
      noneChosen={t`All tickets`}
      value={value.map(String)}
      onChange={(values) => onChange(values.map(Number))}
      clearable
      clearButtonProps={{ 'aria-label': t`Clear ticket filter` }}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
