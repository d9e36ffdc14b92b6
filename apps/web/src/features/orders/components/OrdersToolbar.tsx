import { ORDER_STATUSES, PAYMENT_STATUSES } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';

import { FilterSelect, ListToolbar } from '../../../components/ListToolbar';
import {
  TicketAndDateFilters,
  type TicketAndDateToolbarProps,
} from '../../event-dates/components/TicketAndDateFilters';
import { hasOrderFilter, type OrderListState } from '../hooks/useOrderListParams';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../order-labels';

/** Search (debounced, kept in the URL) and the status, payment status, ticket and date filters. */
export function OrdersToolbar(props: TicketAndDateToolbarProps<OrderListState>) {
  const { state, onChange } = props;
  const { t, i18n } = useLingui();
  const search = {
    label: t`Search orders`,
    placeholder: t`Order number, name or e-mail`,
    value: state.query,
    onSearch: (query: string) => onChange({ query }),
  };
  const statuses = ORDER_STATUSES.map((value) => ({ value, label: i18n._(ORDER_STATUS_LABELS[value]) }));
  const payments = PAYMENT_STATUSES.map((value) => ({ value, label: i18n._(PAYMENT_STATUS_LABELS[value]) }));
  return (
    <ListToolbar search={search} sortingOff={hasOrderFilter(state)}>
      <FilterSelect
        label={t`Status`}
        placeholder={t`All statuses`}
        clearLabel={t`Clear status filter`}
        data={statuses}
        value={state.status}
        onChange={(status) => onChange({ status })}
        width={200}
      />
      <FilterSelect
        label={t`Payment`}
        placeholder={t`All payments`}
        clearLabel={t`Clear payment filter`}
        data={payments}
        value={state.payment}
        onChange={(payment) => onChange({ payment })}
        width={220}
      />
      <TicketAndDateFilters {...props} />
    </ListToolbar>
  );
}
