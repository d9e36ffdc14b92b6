import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';

import { useLingui } from '@lingui/react/macro';
import { Group, Select, type SelectProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { ListSearchInput } from './ListSearchInput';

interface ListToolbarProps {
  search: { label: string; placeholder: string; value: string; onSearch: (query: string) => void };
  /** A filter is applied, so sorting is off (SPEC §3): says so under the toolbar. */
  sortingOff: boolean;
  /** The filters, after the search box. */
  children: ReactNode;
}

/** Above a list: its search box (debounced, kept in the URL) and its filters. */
export function ListToolbar({ search, sortingOff, children }: ListToolbarProps) {
  const { t } = useLingui();
  return (
    <Stack gap={6} mb="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <ListSearchInput {...search} style={{ flex: '1 1 260px' }} />
        {children}
      </Group>
      {sortingOff ? (
        <Text size="sm" c="dimmed">
          {t`Sorting is off while a filter is applied.`}
        </Text>
      ) : null}
    </Stack>
  );
}

interface FilterSelectProps<V extends string> extends Omit<SelectProps, 'value' | 'onChange'> {
  value: V | null;
  onChange: (value: V | null) => void;
  /** The clear button's accessible name. */
  clearLabel: string;
  /** Its width from the `xs` breakpoint up; full width below. */
  width: number;
}

/** One of a list's filters: a value, or none (all). */
export function FilterSelect<V extends string>({ onChange, clearLabel, width, ...props }: FilterSelectProps<V>) {
  return (
    <Select
      {...props}
      onChange={(value) => onChange((value as V | null) ?? null)}
      clearable
      clearButtonProps={{ 'aria-label': clearLabel }}
      w={{ base: '100%', xs: width }}
    />
  );
}
