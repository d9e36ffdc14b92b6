import '@mantine/core/styles/Switch.css';

import type { CapacityAssignmentDto, TicketDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Switch, Text } from '@mantine/core';

import { DataTable, RowActions } from '../../../components/DataTable';

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
  const ticketNames = (ids: number[]) =>
    tickets
      .filter((x) => ids.includes(x.id))
      .map((x) => x.name)
      .join(', ');
  const uses = ({ used, capacity }: CapacityAssignmentDto) =>
    capacity === null ? (
      <Trans>{used} / unlimited</Trans>
    ) : (
      <Trans>
        {used} / {capacity}
      </Trans>
    );
  const enabled = (item: CapacityAssignmentDto) => {
    const name = item.name;
    return (
      <Switch
        aria-label={t`${name} enabled`}
        checked={item.enabled}
        onChange={(e) => onToggle(item, e.currentTarget.checked)}
      />
    );
  };
  return (
    <DataTable
      items={items}
      minWidth={600}
      columns={[
        {
          header: <Trans>Name</Trans>,
          cell: (item) => (
            <Text fw={600} size="sm">
              {item.name}
            </Text>
          ),
        },
        { header: <Trans>Used</Trans>, cell: (item) => <Text size="sm">{uses(item)}</Text> },
        {
          header: <Trans>Applies to</Trans>,
          cell: (item) => (
            <Text size="sm">
              {item.applies_to === 'ALL' ? <Trans>Whole event</Trans> : ticketNames(item.ticket_ids)}
            </Text>
          ),
        },
        { header: <Trans>Enabled</Trans>, cell: enabled },
      ]}
      actions={(item) => <RowActions name={item.name} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />}
    />
  );
}
