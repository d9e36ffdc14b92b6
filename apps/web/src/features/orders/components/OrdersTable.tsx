import type { OrderSummaryDto } from '@admitone/shared';
import { formatDateTime, formatMoney, formatOrderDate, personName } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';

import { type Column, DataTable, type OpeningTableProps } from '../../../components/DataTable';
import { orderDateColumn } from '../../event-dates/components/OrderDateText';
import type { OrderSort } from '../hooks/useOrderListParams';
import { PAYMENT_STATUS_LABELS } from '../order-labels';
import { OrderStatusBadge } from './OrderStatusBadge';

/**
 * Orders with buyer, date, tickets, total and statuses; a row (or its number) opens the order. On a phone
 * each order is a card: number and status, buyer, when placed and how many tickets, total. `showDates` (an
 * event with several dates): a "Date" column (on a phone, a line) names the date each order is for.
 */
export function OrdersTable({
  page,
  onPage,
  timeZone,
  sorting,
  onOpen,
  showDates = false,
}: OpeningTableProps<OrderSummaryDto, OrderSort> & { showDates?: boolean }) {
  const { t, i18n } = useLingui();
  const orderNumber = (o: OrderSummaryDto) => {
    const number = o.order_number;
    return (
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
    );
  };
  const buyer = (o: OrderSummaryDto) => (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {personName(o) || <Trans>No name yet</Trans>}
      </Text>
      {o.email ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {o.email}
        </Text>
      ) : null}
    </Stack>
  );
  const total = (o: OrderSummaryDto) => {
    const refunded = formatMoney(o.refunded_total, o.currency, i18n.locale);
    return (
      <>
        <Text size="sm" fw={500}>
          {formatMoney(o.total, o.currency, i18n.locale)}
        </Text>
        {o.refunded_total > 0 ? (
          <Text size="xs" c="dimmed">
            <Trans>{refunded} refunded</Trans>
          </Text>
        ) : null}
      </>
    );
  };
  const status = (o: OrderSummaryDto) => (
    <Group gap={4} wrap="nowrap">
      <OrderStatusBadge status={o.status} />
      {o.is_manually_created ? (
        <Badge variant="outline" color="gray.7" tt="none" style={{ flexShrink: 0, minWidth: 'max-content' }}>
          <Trans>Manual</Trans>
        </Badge>
      ) : null}
    </Group>
  );
  const columns: Column<OrderSummaryDto, OrderSort>[] = [
    { header: <Trans>Order</Trans>, sort: 'order_number', cell: orderNumber },
    { header: <Trans>Buyer</Trans>, sort: 'last_name', cell: buyer },
    ...(showDates ? [orderDateColumn<OrderSummaryDto>(timeZone)] : []),
    // Two times, each shown by the column that sorts by it: when the buyer placed the order, and when it
    // was completed (paid, or confirmed when free); an order still awaiting payment has no second one.
    {
      header: <Trans context="order time">Placed</Trans>,
      sort: 'created_at',
      firstDirection: 'desc',
      cell: (o) => <Text size="sm">{formatDateTime(o.created_at, timeZone, i18n.locale)}</Text>,
    },
    {
      header: <Trans context="order time">Completed</Trans>,
      sort: 'completed_at',
      firstDirection: 'desc',
      cell: (o) =>
        o.completed_at ? (
          <Text size="sm">{formatDateTime(o.completed_at, timeZone, i18n.locale)}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            <span aria-hidden="true">–</span>
            <VisuallyHidden>
              <Trans>Not completed yet</Trans>
            </VisuallyHidden>
          </Text>
        ),
    },
    { header: <Trans>Tickets</Trans>, cell: (o) => <Text size="sm">{o.ticket_count}</Text> },
    { header: <Trans>Total</Trans>, sort: 'total', firstDirection: 'desc', cell: total },
    { header: <Trans>Status</Trans>, sort: 'status', cell: status },
    {
      header: <Trans>Payment</Trans>,
      cell: (o) => <Text size="sm">{i18n._(PAYMENT_STATUS_LABELS[o.payment_status])}</Text>,
    },
  ];
  const card = (o: OrderSummaryDto) => {
    const placed = formatDateTime(o.created_at, timeZone, i18n.locale);
    const tickets = o.ticket_count;
    return (
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          {orderNumber(o)}
          {status(o)}
        </Group>
        {buyer(o)}
        {showDates && o.date ? <Text size="sm">{formatOrderDate(o.date, timeZone, i18n.locale)}</Text> : null}
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-end">
          <Text size="xs" c="dimmed">
            <Trans>Placed {placed}</Trans>
            {' · '}
            <Plural value={tickets} one="# ticket" other="# tickets" />
          </Text>
          <Box ta="right" ml="auto">
            {total(o)}
          </Box>
        </Group>
      </Stack>
    );
  };
  return (
    <DataTable
      items={page?.data ?? null}
      pagination={{ meta: page?.meta, onPage }}
      columns={columns}
      minWidth={980}
      label={t`Orders`}
      sorting={sorting}
      onRowClick={onOpen}
      rowTestId="order-row"
      card={card}
    />
  );
}
