import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';

import type { TicketDto } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { type ComboboxData, MultiSelect, type MultiSelectProps } from '@mantine/core';

import { useCategories } from '../api/tickets';
import { useCategoryName } from './CategoryHeading';

interface TicketsSelectProps extends Omit<MultiSelectProps, 'label' | 'data'> {
  tickets: TicketDto[];
  /** Shown while no ticket is chosen (e.g. "All tickets"). */
  noneChosen?: string;
}

/** The tickets as options, under their categories' names when the event has more than one category. */
function useTicketOptions(tickets: TicketDto[]): ComboboxData {
  const eventId = tickets[0]?.event_id ?? 0;
  const categories = useCategories(eventId, eventId > 0).data;
  const categoryName = useCategoryName();
  const option = (x: TicketDto) => ({ value: String(x.id), label: x.name });
  if (!categories || categories.length < 2) return tickets.map(option);
  return categories
    .map((c) => ({ group: categoryName(c), items: tickets.filter((x) => x.category_id === c.id).map(option) }))
    .filter((g) => g.items.length > 0);
}

/** A form field choosing some of the event's tickets (grouped by category). */
export function TicketsSelect({ tickets, noneChosen, ...props }: TicketsSelectProps) {
  const { t } = useLingui();
  const data = useTicketOptions(tickets);
  return (
    <MultiSelect
      label={t`Tickets`}
      placeholder={props.value?.length ? undefined : noneChosen}
      searchable
      data={data}
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
