import {
  LIMITS,
  ORDER_SORTS,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '@admitone/shared';

import {
  type BaseListState,
  type ListSort,
  readBaseListState,
  readChoice,
  readIds,
  type SortDirection,
  useUrlListState,
  writeBaseListState,
} from '../../../lib/url-list-state';

export type OrderSort = (typeof ORDER_SORTS)[number];
export const DEFAULT_ORDER_SORT: ListSort<OrderSort> = { by: 'created_at', direction: 'desc' };

export interface OrderListState extends BaseListState<OrderSort> {
  status: OrderStatus | null;
  payment: PaymentStatus | null;
  /** Orders with any of these tickets. */
  tickets: number[];
}

/** What `GET /events/{id}/orders` takes. */
export interface OrderListParams {
  page: number;
  per_page: number;
  query?: string;
  sort_by?: OrderSort;
  sort_direction?: SortDirection;
  filter_fields?: { status?: OrderStatus; payment_status?: PaymentStatus; ticket_id?: string };
}

const KEYS = ['page', 'query', 'sort', 'status', 'payment', 'ticket'] as const;

/** True when a filter (not the search) narrows the list; sorting is off then (SPEC §3). */
export const hasOrderFilter = (state: OrderListState): boolean =>
  state.status !== null || state.payment !== null || state.tickets.length > 0;

/** Reads the list state from the address bar, so back/forward and shared links keep it. */
export function parseOrderListState(search: URLSearchParams): OrderListState {
  return {
    ...readBaseListState(search, ORDER_SORTS, DEFAULT_ORDER_SORT),
    status: readChoice(search.get('status'), ORDER_STATUSES),
    payment: readChoice(search.get('payment'), PAYMENT_STATUSES),
    tickets: readIds(search.get('ticket')),
  };
}

export function writeOrderListState(params: URLSearchParams, state: OrderListState): void {
  writeBaseListState(params, state, DEFAULT_ORDER_SORT);
  if (state.status) params.set('status', state.status);
  if (state.payment) params.set('payment', state.payment);
  if (state.tickets.length) params.set('ticket', state.tickets.join(','));
}

/** The API parameters for a list state. Sorting is not sent while a filter is applied (SPEC §3). */
export function toOrderListParams(state: OrderListState): OrderListParams {
  const params: OrderListParams = { page: state.page, per_page: LIMITS.PER_PAGE_DEFAULT };
  if (state.query.trim()) params.query = state.query.trim();
  if (hasOrderFilter(state)) {
    params.filter_fields = {
      ...(state.status ? { status: state.status } : {}),
      ...(state.payment ? { payment_status: state.payment } : {}),
      ...(state.tickets.length ? { ticket_id: state.tickets.join(',') } : {}),
    };
  } else {
    params.sort_by = state.sort.by;
    params.sort_direction = state.sort.direction;
  }
  return params;
}

/** The orders list state in the URL and its setter. */
export const useOrderListParams = () => useUrlListState(parseOrderListState, writeOrderListState, KEYS);
