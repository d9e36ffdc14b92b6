import '@mantine/core/styles/Table.css';

import { Trans } from '@lingui/react/macro';
import { Button, Table } from '@mantine/core';
import { IconTable, IconTableOff } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';

import { usePhone } from '../../../../lib/use-phone';

export interface DataColumn<Row> {
  key: string;
  header: ReactNode;
  value: (row: Row) => ReactNode;
}

interface ChartDataTableProps<Row> {
  caption: ReactNode;
  rows: Row[];
  rowKey: (row: Row) => string;
  rowHeader: (row: Row) => ReactNode;
  columns: DataColumn<Row>[];
}

/** A chart's figures as a table, behind a "Show data table" toggle (the text alternative to the picture). */
export function ChartDataTable<Row>({ caption, rows, rowKey, rowHeader, columns }: ChartDataTableProps<Row>) {
  const [open, setOpen] = useState(false);
  const id = useId();
  // On a phone the few columns fit the card: no sideways scrolling.
  const phone = usePhone();
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={open ? <IconTableOff size={16} aria-hidden /> : <IconTable size={16} aria-hidden />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        style={{ alignSelf: 'flex-start' }}
      >
        {open ? <Trans>Hide data table</Trans> : <Trans>Show data table</Trans>}
      </Button>
      <div id={id} hidden={!open}>
        {open ? (
          <Table.ScrollContainer minWidth={phone ? 0 : 360} type="native">
            <Table striped withTableBorder fz="sm">
              <Table.Caption>{caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">
                    <Trans>Day</Trans>
                  </Table.Th>
                  {columns.map((c) => (
                    <Table.Th key={c.key} scope="col" ta="right">
                      {c.header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={rowKey(row)}>
                    <Table.Th scope="row" fw={500}>
                      {rowHeader(row)}
                    </Table.Th>
                    {columns.map((c) => (
                      <Table.Td key={c.key} ta="right">
                        {c.value(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </div>
    </>
  );
}
