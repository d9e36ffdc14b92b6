import type { TaxOrFeeDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Text } from '@mantine/core';

import { DataTable, RowActions } from '../../../components/DataTable';
import { formatRate } from '../taxes';

interface TaxesAndFeesTableProps {
  items: TaxOrFeeDto[];
  onEdit: (item: TaxOrFeeDto) => void;
  onDelete: (item: TaxOrFeeDto) => void;
}

function NameCell({ item }: { item: TaxOrFeeDto }) {
  return (
    <>
      <Text fw={600} size="sm">
        {item.name}
      </Text>
      {item.description ? (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {item.description}
        </Text>
      ) : null}
    </>
  );
}

/** The account's taxes and fees with their rate and whether new tickets get them. */
export function TaxesAndFeesTable({ items, onEdit, onDelete }: TaxesAndFeesTableProps) {
  const { i18n } = useLingui();
  return (
    <DataTable
      items={items}
      minWidth={560}
      columns={[
        { header: <Trans>Name</Trans>, cell: (item) => <NameCell item={item} /> },
        {
          header: <Trans>Kind</Trans>,
          cell: (item) => (
            <Badge variant="light" color={item.type === 'TAX' ? 'violet' : 'gray'}>
              {item.type === 'TAX' ? <Trans>Tax</Trans> : <Trans>Fee</Trans>}
            </Badge>
          ),
        },
        {
          header: <Trans>Rate</Trans>,
          cell: (item) => (
            <Text size="sm" ff="monospace">
              {formatRate(item, i18n.locale)}
            </Text>
          ),
        },
        {
          header: <Trans>New tickets</Trans>,
          cell: (item) =>
            item.is_default ? (
              <Badge variant="filled" color="teal.9">
                <Trans>Default</Trans>
              </Badge>
            ) : (
              <Text size="sm" c="dimmed">
                <Trans>Optional</Trans>
              </Text>
            ),
        },
      ]}
      actions={(item) => <RowActions name={item.name} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />}
    />
  );
}
