import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Skeleton.css';
import type { OrderSummaryDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SortableHeader } from '../../../components/SortableHeader';
import { formatDateTime, formatMoney } from '../../../lib/format';
import type { ListSort } from '../../../lib/url-list-state';
import type { OrderSort } from '../hooks/useOrderListParams';
import { PAYMENT_STATUS_LABELS } from '../order-labels';
import { personName } from '../person-name';
import { OrderStatusBadge } from './OrderStatusBadge';

interface OrdersTableProps {
  /** null while the first page loads: skeleton rows. */
  items: OrderSummaryDto[] | null;
  timeZone: string;
  sort: ListSort<OrderSort>;
  onSort: (sort: ListSort<OrderSort>) => void;
  sortDisabled: boolean;
  onOpen: (order: OrderSummaryDto) => void;
}

const COLUMNS = 7;

/** Orders with buyer, date, tickets, total and statuses; a row (or its number) opens the order. */
export function OrdersTable({ items, timeZone, sort, onSort, sortDisabled, onOpen }: OrdersTableProps) {
  const { t, i18n } = useLingui();
  const header = (column: OrderSort, label: ReactNode, first: 'asc' | 'desc' = 'asc') => (
    <SortableHeader column={column} sort={sort} onSort={onSort} disabled={sortDisabled} firstDirection={first}>
      {label}
    </SortableHeader>
  );
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={t`Orders`}>
          <Table.Thead>
            <Table.Tr>
              {header('order_number', <Trans>Order</Trans>)}
              {header('last_name', <Trans>Buyer</Trans>)}
              {header('created_at', <Trans>Date</Trans>, 'desc')}
              <Table.Th>
                <Trans>Tickets</Trans>
              </Table.Th>
              {header('total', <Trans>Total</Trans>, 'desc')}
              {header('status', <Trans>Status</Trans>)}
              <Table.Th>
                <Trans>Payment</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items === null
              ? Array.from({ length: 5 }, (_, i) => (
                  <Table.Tr key={i}>
                    {Array.from({ length: COLUMNS }, (_, j) => (
                      <Table.Td key={j}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : items.map((o) => {
                  const number = o.order_number;
                  const refunded = formatMoney(o.refunded_total, o.currency, i18n.locale);
                  return (
                    <Table.Tr key={o.id} onClick={() => onOpen(o)} style={{ cursor: 'pointer' }} data-testid="order-row">
                      <Table.Td>
                        <Anchor
                          component="button"
                          type="button"
                          fw={700}
                          size="sm"
                          ff="monospace"
                          style={{ whiteSpace: 'nowrap' }}
                          aria-label={t`Open order ${number}`}
                          onClick={(e) => {
                            e.stopPropagation();
                            onOpen(o);
                          }}
                        >
                          {o.order_number}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={0}>
                          <Text size="sm" fw={500}>
                            {personName(o) || <Trans>No name yet</Trans>}
                          </Text>
                          {o.email ? (
                            <Text size="xs" c="dimmed">
                              {o.email}
                            </Text>
                          ) : null}
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDateTime(o.completed_at ?? o.created_at, timeZone, i18n.locale)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{o.ticket_count}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {formatMoney(o.total, o.currency, i18n.locale)}
                        </Text>
                        {o.refunded_total > 0 ? (
                          <Text size="xs" c="dimmed">
                            <Trans>{refunded} refunded</Trans>
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <OrderStatusBadge status={o.status} />
                          {o.is_manually_created ? (
                            <Badge variant="outline" color="gray.7" tt="none" style={{ flexShrink: 0, minWidth: 'max-content' }}>
                              <Trans>Manual</Trans>
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{i18n._(PAYMENT_STATUS_LABELS[o.payment_status])}</Text>
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
