import '@mantine/core/styles/Table.css';
import type { TaxOrFeeDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Card, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { formatRate } from '../taxes';

interface TaxesAndFeesTableProps {
  items: TaxOrFeeDto[];
  onEdit: (item: TaxOrFeeDto) => void;
  onDelete: (item: TaxOrFeeDto) => void;
}

/** The account's taxes and fees with their rate and whether new tickets get them. */
export function TaxesAndFeesTable({ items, onEdit, onDelete }: TaxesAndFeesTableProps) {
  const { t, i18n } = useLingui();
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Name</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Kind</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Rate</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>New tickets</Trans>
              </Table.Th>
              <Table.Th>
                <VisuallyHidden>
                  <Trans>Actions</Trans>
                </VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => {
              const name = item.name;
              return (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {item.name}
                    </Text>
                    {item.description ? (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {item.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={item.type === 'TAX' ? 'violet' : 'gray'}>
                      {item.type === 'TAX' ? <Trans>Tax</Trans> : <Trans>Fee</Trans>}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {formatRate(item, i18n.locale)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {item.is_default ? (
                      <Badge variant="filled" color="teal.9">
                        <Trans>Default</Trans>
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        <Trans>Optional</Trans>
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon variant="subtle" color="gray" aria-label={t`Edit ${name}`} onClick={() => onEdit(item)}>
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={t`Delete ${name}`} onClick={() => onDelete(item)}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
