import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/ScrollArea.css';
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus, type TicketDto } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { ListSearchInput } from '../../../components/ListSearchInput';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../order-labels';
import { hasOrderFilter, type OrderListState } from '../hooks/useOrderListParams';

interface OrdersToolbarProps {
  state: OrderListState;
  onChange: (patch: Partial<OrderListState>) => void;
  tickets: TicketDto[];
}

/** Search (debounced, kept in the URL) and the status, payment status and ticket filters. */
export function OrdersToolbar({ state, onChange, tickets }: OrdersToolbarProps) {
  const { t, i18n } = useLingui();
  return (
    <Stack gap={6} mb="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <ListSearchInput
          label={t`Search orders`}
          placeholder={t`Order number, name or e-mail`}
          value={state.query}
          onSearch={(query) => onChange({ query })}
          style={{ flex: '1 1 260px' }}
        />
        <Select
          label={t`Status`}
          placeholder={t`All statuses`}
          data={ORDER_STATUSES.map((value) => ({ value, label: i18n._(ORDER_STATUS_LABELS[value]) }))}
          value={state.status}
          onChange={(value) => onChange({ status: (value as OrderStatus | null) ?? null })}
          clearable
          clearButtonProps={{ 'aria-label': t`Clear status filter` }}
          w={{ base: '100%', xs: 200 }}
        />
        <Select
          label={t`Payment`}
          placeholder={t`All payments`}
          data={PAYMENT_STATUSES.map((value) => ({ value, label: i18n._(PAYMENT_STATUS_LABELS[value]) }))}
          value={state.payment}
          onChange={(value) => onChange({ payment: (value as PaymentStatus | null) ?? null })}
          clearable
          clearButtonProps={{ 'aria-label': t`Clear payment filter` }}
          w={{ base: '100%', xs: 220 }}
        />
        <MultiSelect
          label={t`Tickets`}
          placeholder={state.tickets.length ? undefined : t`All tickets`}
          data={tickets.map((x) => ({ value: String(x.id), label: x.name }))}
          value={state.tickets.map(String)}
          onChange={(values) => onChange({ tickets: values.map(Number) })}
          clearable
          clearButtonProps={{ 'aria-label': t`Clear ticket filter` }}
          searchable
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      {hasOrderFilter(state) ? (
        <Text size="sm" c="dimmed">
          {t`Sorting is off while a filter is applied.`}
        </Text>
      ) : null}
    </Stack>
  );
}
