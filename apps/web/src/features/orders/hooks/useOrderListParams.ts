import {
  LIMITS,
  ORDER_SORTS,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '@admitone/shared';

import {
  readTicketDateFilters,
  TICKET_DATE_KEYS,
  type TicketDateApiFilters,
  ticketDateApiFilters,
  type TicketDateFilters,
  writeTicketDateFilters,
} from '../../../lib/ticket-date-filters';
import {
  type BaseListState,
  hasListFilter,
  type ListParams,
  type ListSort,
  readBaseListState,
  readChoice,
  toListParams,
  useUrlListState,
  writeBaseListState,
} from '../../../lib/url-list-state';

export type OrderSort = (typeof ORDER_SORTS)[number];
export const DEFAULT_ORDER_SORT: ListSort<OrderSort> = { by: 'created_at', direction: 'desc' };

export interface OrderListState extends BaseListState<OrderSort>, TicketDateFilters {
  status: OrderStatus | null;
  payment: PaymentStatus | null;
}

type OrderFilters = { status: OrderStatus; payment_status: PaymentStatus } & TicketDateApiFilters;
/** What `GET /events/{id}/orders` takes. */
export type OrderListParams = ListParams<OrderSort, OrderFilters>;

/** The filters of a list state, as the API names them. */
const filtersOf = (state: OrderListState) => ({
  status: state.status,
  payment_status: state.payment,
  ...ticketDateApiFilters(state),
});

const KEYS = ['page', 'query', 'sort', 'status', 'payment', ...TICKET_DATE_KEYS] as const;

/** True when a filter (not the search) narrows the list; sorting is off then (SPEC §3). */
export const hasOrderFilter = (state: OrderListState): boolean => hasListFilter(filtersOf(state));

/** Reads the list state from the address bar, so back/forward and shared links keep it. */
export function parseOrderListState(search: URLSearchParams): OrderListState {
  return {
    ...readBaseListState(search, ORDER_SORTS, DEFAULT_ORDER_SORT),
    status: readChoice(search.get('status'), ORDER_STATUSES),
    payment: readChoice(search.get('payment'), PAYMENT_STATUSES),
    ...readTicketDateFilters(search),
  };
}

export function writeOrderListState(params: URLSearchParams, state: OrderListState): void {
  writeBaseListState(params, state, DEFAULT_ORDER_SORT);
  if (state.status) params.set('status', state.status);
  if (state.payment) params.set('payment', state.payment);
  writeTicketDateFilters(params, state);
}

/** The API parameters for a list state. Sorting is not sent while a filter is applied (SPEC §3). */
export const toOrderListParams = (state: OrderListState): OrderListParams =>
  toListParams<OrderSort, OrderFilters>(state, filtersOf(state), LIMITS.PER_PAGE_DEFAULT);

/** The orders list state in the URL and its setter. */
export const useOrderListParams = () => useUrlListState(parseOrderListState, writeOrderListState, KEYS);
