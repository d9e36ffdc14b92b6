import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';

import type { Paginated } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Card, Group, Menu, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  IconArrowsSort,
  IconCopy,
  IconPencil,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

import type { ListSort } from '../lib/url-list-state';
import { usePhone } from '../lib/use-phone';
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
  /**
   * On a phone (below `sm`): each item as this compact card, in a list named like the table, instead of a
   * wide table row (sorting then through a "Sort by" menu). Without it the table scrolls sideways there.
   */
  card?: (item: T) => ReactNode;
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
  card,
}: DataTableProps<T, S>) {
  const phone = usePhone();
  const header = (column: Column<T, S>, i: number) =>
    sorting && column.sort ? (
      <SortableHeader key={i} column={column.sort} {...sorting} firstDirection={column.firstDirection}>
        {column.header}
      </SortableHeader>
    ) : (
      <Table.Th key={i}>{column.header}</Table.Th>
    );
  const testId = (item: T) => (typeof rowTestId === 'function' ? rowTestId(item) : rowTestId);
  const row = (item: T) => (
    <Table.Tr
      key={item.id}
      onClick={onRowClick ? () => onRowClick(item) : undefined}
      style={onRowClick ? { cursor: 'pointer' } : undefined}
      data-testid={testId(item)}
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
  const cards = card ? (
    <Stack gap="xs">
      {sorting && !sorting.disabled && columns.some((c) => c.sort) ? (
        <SortMenu columns={columns} sorting={sorting} />
      ) : null}
      <Stack component="ul" role="list" aria-label={label} gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {items === null
          ? Array.from({ length: 3 }, (_, i) => (
              <li key={i}>
                <Card withBorder radius="md" padding="sm" aria-hidden>
                  <Skeleton height={14} width="40%" radius="sm" />
                  <Skeleton height={14} mt="xs" radius="sm" />
                  <Skeleton height={14} mt="xs" width="70%" radius="sm" />
                </Card>
              </li>
            ))
          : items.map((item) => (
              <li key={item.id}>
                <Card
                  withBorder
                  radius="md"
                  padding="sm"
                  onClick={onRowClick ? () => onRowClick(item) : undefined}
                  style={onRowClick ? { cursor: 'pointer' } : undefined}
                  data-testid={testId(item)}
                >
                  {card(item)}
                  {actions ? (
                    <Group gap={4} justify="flex-end" wrap="nowrap" mt="xs">
                      {actions(item)}
                    </Group>
                  ) : null}
                </Card>
              </li>
            ))}
      </Stack>
    </Stack>
  ) : null;
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
  const body = phone && cards ? cards : table;
  if (!pagination) return body;
  return (
    <Stack gap="sm">
      {body}
      <ListPagination {...pagination} />
    </Stack>
  );
}

/**
 * The sorting headers of a table shown as cards (a phone): "Sort by" and the current column, a menu of
 * the sorting columns; choosing the current one turns its direction, as its header would.
 */
function SortMenu<T, S extends string>({ columns, sorting }: { columns: Column<T, S>[]; sorting: TableSorting<S> }) {
  const { t } = useLingui();
  const { sort, onSort } = sorting;
  const sortable = columns.filter((c): c is Column<T, S> & { sort: S } => c.sort !== undefined);
  const current = sortable.find((c) => c.sort === sort.by);
  const Direction = sort.direction === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Menu position="bottom-start" shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          leftSection={<Direction size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        >
          <Text span size="sm" c="dimmed" mr={6}>
            {t`Sort by`}
          </Text>
          {current?.header}
          <VisuallyHidden>{sort.direction === 'asc' ? t`(ascending)` : t`(descending)`}</VisuallyHidden>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {sortable.map((column) => {
          const active = column.sort === sort.by;
          const next = active ? (sort.direction === 'asc' ? 'desc' : 'asc') : (column.firstDirection ?? 'asc');
          const Icon = active ? Direction : IconArrowsSort;
          return (
            <Menu.Item
              key={column.sort}
              onClick={() => onSort({ by: column.sort, direction: next })}
              fw={active ? 700 : undefined}
              rightSection={<Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.5 }} />}
            >
              {column.header}
              <VisuallyHidden>{next === 'asc' ? t`(sort ascending)` : t`(sort descending)`}</VisuallyHidden>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
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
