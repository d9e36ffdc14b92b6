import '@mantine/core/styles/Table.css';

import { Box, Card, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';

import { usePhone } from '../../../lib/use-phone';

export interface ReportTableColumn {
  header: ReactNode;
  /** Figures: right-aligned. */
  numeric?: boolean;
}

export interface ReportTableRow {
  key: string;
  /** One per column; the first is the row's header. */
  cells: ReactNode[];
  /** A part of the row above (a tier of a ticket): indented, smaller. */
  sub?: boolean;
}

interface ReportTableProps {
  /** The table's name (shown above it and read out). */
  caption: ReactNode;
  columns: ReportTableColumn[];
  rows: ReportTableRow[];
  /** Totals row(s) at the foot. */
  footer: ReportTableRow[];
  minWidth?: number;
  testId?: string;
}

/**
 * A report's figures: a captioned table, each row headed by its first cell, the totals in the footer. On a
 * phone (no room for the columns) a list under the caption instead: a card per row, its figures named.
 */
export function ReportTable({ caption, columns, rows, footer, minWidth = 560, testId }: ReportTableProps) {
  const phone = usePhone();
  const captionId = useId();
  if (phone) {
    const item = (row: ReportTableRow, strong = false) => (
      <li key={row.key} style={{ marginInlineStart: row.sub ? 'var(--mantine-spacing-lg)' : undefined }}>
        <Card withBorder radius="md" padding="sm" bg={strong ? 'gray.0' : undefined}>
          <Text size="sm" fw={strong ? 700 : row.sub ? 400 : 600}>
            {row.cells[0]}
          </Text>
          <Box
            component="dl"
            m={0}
            mt={6}
            style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '6px 12px' }}
          >
            {columns.slice(1).map((column, i) => (
              <div key={i}>
                <Text component="dt" size="xs" c="dimmed">
                  {column.header}
                </Text>
                <Text component="dd" m={0} size="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {row.cells[i + 1]}
                </Text>
              </div>
            ))}
          </Box>
        </Card>
      </li>
    );
    return (
      <Stack gap="xs" data-testid={testId}>
        <Text size="sm" c="dimmed" id={captionId}>
          {caption}
        </Text>
        <Stack
          component="ul"
          role="list"
          aria-labelledby={captionId}
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {rows.map((row) => item(row))}
          {footer.map((row) => item(row, true))}
        </Stack>
      </Stack>
    );
  }
  const cell = (row: ReportTableRow, value: ReactNode, i: number, strong = false) =>
    i === 0 ? (
      <Table.Th
        key={i}
        scope="row"
        fw={strong ? 700 : row.sub ? 400 : 500}
        pl={row.sub ? 'xl' : undefined}
        fz={row.sub ? 'xs' : undefined}
      >
        {value}
      </Table.Th>
    ) : (
      <Table.Td
        key={i}
        ta={columns[i]?.numeric ? 'right' : undefined}
        fw={strong ? 700 : undefined}
        fz={row.sub ? 'xs' : undefined}
        c={row.sub ? 'dimmed' : undefined}
        style={{ whiteSpace: columns[i]?.numeric ? 'nowrap' : undefined }}
      >
        {value}
      </Table.Td>
    );
  return (
    // Wider than the page, it scrolls: focusable, so a keyboard can scroll it too.
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0}>
      <Table striped withTableBorder fz="sm" verticalSpacing="xs" captionSide="top" data-testid={testId}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) => (
              <Table.Th key={i} scope="col" ta={c.numeric ? 'right' : undefined}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>{row.cells.map((value, i) => cell(row, value, i))}</Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {footer.map((row) => (
            <Table.Tr key={row.key}>{row.cells.map((value, i) => cell(row, value, i, true))}</Table.Tr>
          ))}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
