import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import type { AffiliateDto, AffiliateSort } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Anchor, Card, Group, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { SortableHeader } from '../../../components/SortableHeader';
import { formatMoney } from '../../../lib/format';
import type { ListSort } from '../../../lib/url-list-state';
import { intlLocale } from '@admitone/shared';

interface AffiliatesTableProps {
  items: AffiliateDto[];
  currency: string;
  sort: ListSort<AffiliateSort>;
  onSort: (sort: ListSort<AffiliateSort>) => void;
  /** The affiliate whose switch is being saved. */
  togglingId: number | null;
  onToggle: (item: AffiliateDto) => void;
  onCopy: (item: AffiliateDto) => void;
  onEdit: (item: AffiliateDto) => void;
  onDelete: (item: AffiliateDto) => void;
}

/** Affiliates with their code, contact, on/off switch and what their links brought in. */
export function AffiliatesTable({ items, currency, sort, onSort, togglingId, onToggle, onCopy, onEdit, onDelete }: AffiliatesTableProps) {
  const { t, i18n } = useLingui();
  const count = (n: number) => new Intl.NumberFormat(intlLocale(i18n.locale)).format(n);
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <SortableHeader column="name" sort={sort} onSort={onSort}>
                <Trans>Name</Trans>
              </SortableHeader>
              <SortableHeader column="code" sort={sort} onSort={onSort}>
                <Trans>Code</Trans>
              </SortableHeader>
              <Table.Th>
                <Trans>E-mail</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Enabled</Trans>
              </Table.Th>
              <SortableHeader column="orders" sort={sort} onSort={onSort} firstDirection="desc">
                <Trans>Orders</Trans>
              </SortableHeader>
              <Table.Th>
                <Trans>Tickets</Trans>
              </Table.Th>
              <SortableHeader column="revenue" sort={sort} onSort={onSort} firstDirection="desc">
                <Trans>Revenue</Trans>
              </SortableHeader>
              <Table.Th>
                <VisuallyHidden>
                  <Trans>Actions</Trans>
                </VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((a) => {
              const name = a.name;
              return (
                <Table.Tr key={a.id} data-testid={`affiliate-row-${a.code}`}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {a.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fw={700} size="sm" ff="monospace">
                      {a.code}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {a.email ? (
                      <Anchor href={`mailto:${a.email}`} size="sm">
                        {a.email}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      checked={a.enabled}
                      disabled={togglingId === a.id}
                      onChange={() => onToggle(a)}
                      aria-label={t`Link of ${name} enabled`}
                      label={a.enabled ? t`On` : t`Off`}
                      size="sm"
                    />
                  </Table.Td>
                  <Table.Td data-testid="affiliate-orders">
                    <Text size="sm">{count(a.orders_count)}</Text>
                  </Table.Td>
                  <Table.Td data-testid="affiliate-tickets">
                    <Text size="sm">{count(a.tickets_sold)}</Text>
                  </Table.Td>
                  <Table.Td data-testid="affiliate-revenue">
                    <Text size="sm" fw={600}>
                      {formatMoney(a.revenue, currency, i18n.locale)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon variant="subtle" color="gray" aria-label={t`Copy the link for ${name}`} onClick={() => onCopy(a)}>
                        <IconCopy size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="gray" aria-label={t`Edit ${name}`} onClick={() => onEdit(a)}>
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={t`Delete ${name}`} onClick={() => onDelete(a)}>
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
