import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Skeleton.css';

import type { Paginated } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Card, Group, Skeleton, Stack, Table, VisuallyHidden } from '@mantine/core';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import type { ListSort } from '../lib/url-list-state';
import { ListPagination, type ListPaginationProps } from './ListPagination';
import { SortableHeader } from './SortableHeader';

/** One column of a DataTable. */
export interface Column<T, S extends string = string> {
  header: ReactNode;
  cell: (item: T) => ReactNode;
  /** The sort key when this column's header sorts the list. */
  sort?: S;
  /** Direction of the first click on a sorting header. */
  firstDirection?: 'asc' | 'desc';
  /** `data-testid` of the column's cells. */
  testId?: string;
}

/** The list's sort, for the columns that have a `sort` key. */
export interface TableSorting<S extends string> {
  sort: ListSort<S>;
  onSort: (sort: ListSort<S>) => void;
  /** Sorting is off (a filter is applied): plain headers. */
  disabled?: boolean;
}

/** The props of a paged, sortable list whose rows open an item (orders, attendees). */
export interface OpeningTableProps<T, S extends string> {
  /** undefined while the first page loads: skeleton rows. */
  page: Paginated<T> | undefined;
  onPage: (page: number) => void;
  /** Off while a filter is applied. */
  sorting: TableSorting<S>;
  onOpen: (item: T) => void;
  timeZone: string;
}

interface DataTableProps<T extends { id: number }, S extends string> {
  /** The rows; null while the first page loads (skeleton rows). */
  items: T[] | null;
  columns: Column<T, S>[];
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** The table's accessible name. */
  label?: string;
  sorting?: TableSorting<S>;
  /** What ends each row (RowActions or a menu), under a visually hidden "Actions" header. */
  actions?: (item: T) => ReactNode;
  /** Makes the whole row open the item. */
  onRowClick?: (item: T) => void;
  /** Page buttons (and a summary) under the table. */
  pagination?: ListPaginationProps;
  /** `data-testid` of every row, or of each. */
  rowTestId?: string | ((item: T) => string);
}

/** A list in a bordered card: headers (sorting ones where asked), one row per item, actions at the end. */
export function DataTable<T extends { id: number }, S extends string = string>({
  items,
  columns,
  minWidth,
  label,
  sorting,
  actions,
  onRowClick,
  pagination,
  rowTestId,
}: DataTableProps<T, S>) {
  const header = (column: Column<T, S>, i: number) =>
    sorting && column.sort ? (
      <SortableHeader key={i} column={column.sort} {...sorting} firstDirection={column.firstDirection}>
        {column.header}
      </SortableHeader>
    ) : (
      <Table.Th key={i}>{column.header}</Table.Th>
    );
  const row = (item: T) => (
    <Table.Tr
      key={item.id}
      onClick={onRowClick ? () => onRowClick(item) : undefined}
      style={onRowClick ? { cursor: 'pointer' } : undefined}
      data-testid={typeof rowTestId === 'function' ? rowTestId(item) : rowTestId}
    >
      {columns.map((column, i) => (
        <Table.Td key={i} data-testid={column.testId}>
          {column.cell(item)}
        </Table.Td>
      ))}
      {actions ? (
        <Table.Td>
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {actions(item)}
          </Group>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
  const skeletonRow = (i: number) => (
    <Table.Tr key={i}>
      {columns.map((_, j) => (
        <Table.Td key={j}>
          <Skeleton height={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  );
  const table = (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map(header)}
              {actions ? (
                <Table.Th>
                  <VisuallyHidden>
                    <Trans>Actions</Trans>
                  </VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items === null ? Array.from({ length: 5 }, (_, i) => skeletonRow(i)) : items.map(row)}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
  if (!pagination) return table;
  return (
    <Stack gap="sm">
      {table}
      <ListPagination {...pagination} />
    </Stack>
  );
}

interface RowActionsProps {
  /** What the row is called, in the buttons' accessible names ("Edit JAZZ10"). */
  name: string;
  onCopy?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** A row's icon buttons: copy its link, edit it, delete it (each only when given). */
export function RowActions({ name, onCopy, onEdit, onDelete }: RowActionsProps) {
  const { t } = useLingui();
  return (
    <>
      {onCopy ? (
        <ActionIcon variant="subtle" color="gray" aria-label={t`Copy the link for ${name}`} onClick={onCopy}>
          <IconCopy size={18} aria-hidden />
        </ActionIcon>
      ) : null}
      {onEdit ? (
        <ActionIcon variant="subtle" color="gray" aria-label={t`Edit ${name}`} onClick={onEdit}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      ) : null}
      {onDelete ? (
        <ActionIcon variant="subtle" color="red" aria-label={t`Delete ${name}`} onClick={onDelete}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      ) : null}
    </>
  );
}
