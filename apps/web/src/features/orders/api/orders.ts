import type {
  BuyerLinkDto,
  ChangeOrderDateBody,
  EditBuyerBody,
  One,
  OrderDetailDto,
  OrderSummaryDto,
  Paginated,
  RefundOrderBody,
} from '@admitone/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type QueryParams } from '../../../lib/api-client';
import { eventKeys } from '../../events/api/events';
import type { OrderListParams } from '../hooks/useOrderListParams';

export const orderKeys = {
  all: (eventId: number) => [...eventKeys.detail(eventId), 'orders'] as const,
  list: (eventId: number, params: OrderListParams) => [...eventKeys.detail(eventId), 'orders', 'list', params] as const,
  detail: (eventId: number, orderId: number) => [...eventKeys.detail(eventId), 'orders', orderId] as const,
};

const base = (eventId: number) => `/events/${eventId}/orders`;

export const fetchOrders = (eventId: number, params: OrderListParams) =>
  api.get<Paginated<OrderSummaryDto>>(base(eventId), { query: params as unknown as QueryParams });

export const ordersQueryOptions = (eventId: number, params: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list(eventId, params),
    queryFn: () => fetchOrders(eventId, params),
    placeholderData: keepPreviousData,
  });

/** A page of the event's orders, searched, filtered and sorted. */
export const useOrders = (eventId: number, params: OrderListParams) => useQuery(ordersQueryOptions(eventId, params));

export const fetchOrder = (eventId: number, orderId: number) =>
  api.get<One<OrderDetailDto>>(`${base(eventId)}/${orderId}`).then((r) => r.data);

/** One order with its lines, attendees, answers, history and the actions allowed now. */
export const useOrder = (eventId: number, orderId: number | null) =>
  useQuery({
    queryKey: orderKeys.detail(eventId, orderId ?? 0),
    queryFn: () => fetchOrder(eventId, orderId!),
    enabled: orderId !== null,
  });

const action = (eventId: number, orderId: number, name: string, body?: unknown) =>
  api.post<One<OrderDetailDto>>(`${base(eventId)}/${orderId}/${name}`, body ?? {}).then((r) => r.data);

/**
 * A change to one order: the answer (the new detail) replaces the cached order, and everything
 * else of the event that counts orders or attendees (lists, tickets' stock, stats) is refetched.
 */
function useOrderMutation<V>(eventId: number, orderId: number, mutationFn: (variables: V) => Promise<OrderDetailDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(eventId, orderId), order);
      return queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
    },
  });
}

export const useCancelOrder = (eventId: number, orderId: number) =>
  useOrderMutation(eventId, orderId, () => action(eventId, orderId, 'cancel'));
export const useMarkOrderPaid = (eventId: number, orderId: number) =>
  useOrderMutation(eventId, orderId, () => action(eventId, orderId, 'mark-as-paid'));
export const useResendConfirmation = (eventId: number, orderId: number) =>
  useOrderMutation(eventId, orderId, () => action(eventId, orderId, 'resend-confirmation'));
/** Moves the order to another date of the event (its stock with it); the buyer is mailed unless asked not to. */
export const useChangeOrderDate = (eventId: number, orderId: number) =>
  useOrderMutation(eventId, orderId, (body: ChangeOrderDateBody) => action(eventId, orderId, 'date', body));
/** E-mails the buyer the link to their order page. */
export const useSendOrderLink = (eventId: number, orderId: number) =>
  useOrderMutation(eventId, orderId, () => action(eventId, orderId, 'send-link'));

/**
 * The buyer's order page with its secret, for the organizer to pass on: read on its own route (signed-in
 * people only; no order answer carries it), and only while the order has a buyer.
 */
export const useBuyerLink = (eventId: number, orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...orderKeys.detail(eventId, orderId), 'buyer-link'],
    queryFn: () => api.get<One<BuyerLinkDto>>(`${base(eventId)}/${orderId}/buyer-link`).then((r) => r.data.path),
    enabled,
    staleTime: Infinity,
  });
export const useRefundOrder = (eventId: number, orderId: number) =>
  useOrderMutation(eventId, orderId, (body: RefundOrderBody) => action(eventId, orderId, 'refund', body));
export const useEditBuyer = (eventId: number, orderId: number) =>
  useOrderMutation(eventId, orderId, (body: EditBuyerBody) =>
    api.put<One<OrderDetailDto>>(`${base(eventId)}/${orderId}/buyer`, body).then((r) => r.data),
  );
