import '@mantine/core/styles/Table.css';

import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

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

/** A report's figures: a captioned table, each row headed by its first cell, the totals in the footer. */
export function ReportTable({ caption, columns, rows, footer, minWidth = 560, testId }: ReportTableProps) {
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
    <Table.ScrollContainer minWidth={minWidth} type="native">
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
