import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';

import type { AttendeeDto, OrderSummaryDto } from '@admitone/shared';
import { personName } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { type ComboboxItem, MultiSelect, type OptionsFilter, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';

import { attendeeKeys, fetchAttendee } from '../../attendees/api/attendees';
import { useAttendeeSearch, useOrderSearch } from '../api/messages';

/** The most chosen attendees whose names are looked up one by one (a scheduled message opened to change). */
const LOOKED_UP_MAX = 50;

/** "O-7KQ2M9XD · Grace Buyer (grace@example.test)" */
export function orderLabel(o: Pick<OrderSummaryDto, 'order_number' | 'first_name' | 'last_name' | 'email'>): string {
  const who = personName(o);
  return [o.order_number, who ? `${who}${o.email ? ` (${o.email})` : ''}` : o.email].filter(Boolean).join(' · ');
}

function attendeeLabel(a: AttendeeDto): string {
  const who = personName(a);
  return [who || a.email, a.ticket_name, a.order_number].filter(Boolean).join(' · ');
}

/** The server already searched: show its answers as they are. */
const noClientFilter: OptionsFilter = ({ options }) => options;

interface OrderPickerProps {
  eventId: number;
  value: string | null;
  onChange: (value: string | null) => void;
  /** The label of a preset order (shown before any search). */
  presetLabel?: string;
  error?: React.ReactNode;
}

/** Picks one order of the event, searched on the server by number, name or e-mail. */
export function OrderPicker({ eventId, value, onChange, presetLabel, error }: OrderPickerProps) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<ComboboxItem | null>(
    value && presetLabel ? { value, label: presetLabel } : null,
  );
  const found = useOrderSearch(eventId, query, true);
  const options: ComboboxItem[] = (found.data ?? []).map((o) => ({ value: String(o.id), label: orderLabel(o) }));
  if (chosen && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      label={t`Order`}
      placeholder={t`Search by order number, name or e-mail`}
      required
      searchable
      clearable
      filter={noClientFilter}
      data={options}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(v, option) => {
        setChosen(option ?? null);
        onChange(v);
      }}
      nothingFoundMessage={found.isFetching ? t`Searching…` : t`No orders found`}
      error={error}
    />
  );
}

interface AttendeePickerProps {
  eventId: number;
  value: string[];
  onChange: (value: string[]) => void;
  error?: React.ReactNode;
}

/** Picks attendees of the event, searched on the server by name or e-mail. */
export function AttendeePicker({ eventId, value, onChange, error }: AttendeePickerProps) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const found = useAttendeeSearch(eventId, query, true);
  const results = (found.data ?? []).filter((a) => a.status === 'ACTIVE');
  const options: ComboboxItem[] = results.map((a) => ({ value: String(a.id), label: attendeeLabel(a) }));
  // Chosen before this picker showed them (a scheduled message opened to change): their names are looked up.
  const [initial] = useState(value);
  const lookedUp = useQueries({
    queries: initial.slice(0, LOOKED_UP_MAX).map((id) => ({
      queryKey: attendeeKeys.detail(eventId, Number(id)),
      queryFn: () => fetchAttendee(eventId, Number(id)),
      staleTime: Infinity,
    })),
  });
  const named = Object.fromEntries(
    lookedUp.flatMap((q) => (q.data ? [[String(q.data.id), attendeeLabel(q.data)]] : [])),
  );
  for (const id of value)
    if (!options.some((o) => o.value === id)) options.push({ value: id, label: labels[id] ?? named[id] ?? id });
  return (
    <MultiSelect
      label={t`Attendees`}
      placeholder={value.length ? undefined : t`Search by name or e-mail`}
      required
      searchable
      clearable
      filter={noClientFilter}
      data={options}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(ids) => {
        setLabels((prev) => ({
          ...prev,
          ...Object.fromEntries(options.filter((o) => ids.includes(o.value)).map((o) => [o.value, o.label])),
        }));
        onChange(ids);
      }}
      nothingFoundMessage={found.isFetching ? t`Searching…` : t`No attendees found`}
      error={error}
    />
  );
}
