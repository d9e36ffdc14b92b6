import { useLingui } from '@lingui/react/macro';
import { Group, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import type { ListSort } from '../lib/url-list-state';

interface SortableHeaderProps<S extends string> {
  column: S;
  sort: ListSort<S>;
  onSort: (sort: ListSort<S>) => void;
  /** Sorting is off (a filter is applied, SPEC §3): a plain header. */
  disabled?: boolean;
  /** Direction of the first click on this column. */
  firstDirection?: 'asc' | 'desc';
  children: ReactNode;
}

/** A column header that sorts the list: a button, with `aria-sort` on the header cell. */
export function SortableHeader<S extends string>({
  column,
  sort,
  onSort,
  disabled,
  firstDirection = 'asc',
  children,
}: SortableHeaderProps<S>) {
  const { t } = useLingui();
  const active = !disabled && sort.by === column;
  if (disabled) return <Table.Th>{children}</Table.Th>;
  const next = active ? (sort.direction === 'asc' ? 'desc' : 'asc') : firstDirection;
  const Icon = active ? (sort.direction === 'asc' ? IconSortAscending : IconSortDescending) : IconArrowsSort;
  return (
    <Table.Th aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort({ by: column, direction: next })}
        fw={700}
        fz="sm"
        style={{ whiteSpace: 'nowrap' }}
      >
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.5 }} />
          <VisuallyHidden>{next === 'asc' ? t`(sort ascending)` : t`(sort descending)`}</VisuallyHidden>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
