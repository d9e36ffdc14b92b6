import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Switch.css';
import type { CapacityAssignmentDto, TicketDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Card, Group, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

interface CapacityTableProps {
  items: CapacityAssignmentDto[];
  tickets: TicketDto[];
  onEdit: (item: CapacityAssignmentDto) => void;
  onDelete: (item: CapacityAssignmentDto) => void;
  onToggle: (item: CapacityAssignmentDto, enabled: boolean) => void;
}

/** Capacity assignments with their use, what they cover and whether they are enforced. */
export function CapacityTable({ items, tickets, onEdit, onDelete, onToggle }: CapacityTableProps) {
  const { t } = useLingui();
  const ticketNames = (ids: number[]) => tickets.filter((x) => ids.includes(x.id)).map((x) => x.name).join(', ');
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={600}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Name</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Used</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Applies to</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Enabled</Trans>
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
              const used = item.used;
              const capacity = item.capacity;
              return (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {item.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{capacity === null ? <Trans>{used} / unlimited</Trans> : <Trans>{used} / {capacity}</Trans>}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.applies_to === 'ALL' ? <Trans>Whole event</Trans> : ticketNames(item.ticket_ids)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Switch aria-label={t`${name} enabled`} checked={item.enabled} onChange={(e) => onToggle(item, e.currentTarget.checked)} />
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
