import type {
  CategoryArrangementBody,
  One,
  Paginated,
  PaymentReadinessDto,
  ProductCategoryBody,
  ProductCategoryDto,
  TicketBody,
  TicketDto,
} from '@admitone/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { eventKeys } from '../../events/api/events';

export const ticketKeys = {
  all: (eventId: number) => [...eventKeys.detail(eventId), 'tickets'] as const,
  categories: (eventId: number) => [...eventKeys.detail(eventId), 'tickets', 'categories'] as const,
};

const base = (eventId: number) => `/events/${eventId}/tickets`;

export const fetchTickets = (eventId: number) => api.get<Paginated<TicketDto>>(base(eventId)).then((r) => r.data);

export const ticketsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: ticketKeys.all(eventId), queryFn: () => fetchTickets(eventId) });

/** The event's tickets in their order, with sale state, counts and prices with charges. */
export const useTickets = (eventId: number) => useQuery(ticketsQueryOptions(eventId));

export const createTicket = (eventId: number, body: TicketBody) =>
  api.post<One<TicketDto>>(base(eventId), body).then((r) => r.data);
export const updateTicket = (eventId: number, id: number, body: TicketBody) =>
  api.put<One<TicketDto>>(`${base(eventId)}/${id}`, body).then((r) => r.data);
export const deleteTicket = (eventId: number, id: number) => api.delete<void>(`${base(eventId)}/${id}`);
export const sortTickets = (eventId: number, ticketIds: number[]) =>
  api.put<Paginated<TicketDto>>(`${base(eventId)}/sort`, { ticket_ids: ticketIds }).then((r) => r.data);

// Invalidating the tickets also refreshes the categories (their key is under it): a ticket's category shows in both.
function useTicketMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all(eventId) }),
  });
}

const categoriesBase = (eventId: number) => `/events/${eventId}/product-categories`;

/** The event's product categories in their order, each with its tickets' ids in order. */
export const useCategories = (eventId: number, enabled = true) =>
  useQuery({
    queryKey: ticketKeys.categories(eventId),
    queryFn: () => api.get<{ data: ProductCategoryDto[] }>(categoriesBase(eventId)).then((r) => r.data),
    enabled,
  });

/** Creates (no id) or changes (with id) a category. */
export const useSaveCategory = (eventId: number) =>
  useTicketMutation(eventId, ({ id, body }: { id?: number; body: ProductCategoryBody }) =>
    (id
      ? api.put<One<ProductCategoryDto>>(`${categoriesBase(eventId)}/${id}`, body)
      : api.post<One<ProductCategoryDto>>(categoriesBase(eventId), body)
    ).then((r) => r.data),
  );

export const useDeleteCategory = (eventId: number) =>
  useTicketMutation(eventId, (id: number) => api.delete<void>(`${categoriesBase(eventId)}/${id}`));

/** Saves the order of categories and of the tickets in them; the list shows it at once and rolls back if refused. */
export function useArrangeCategories(eventId: number) {
  const queryClient = useQueryClient();
  const key = ticketKeys.categories(eventId);
  return useMutation({
    mutationFn: (body: CategoryArrangementBody) =>
      api.put<{ data: ProductCategoryDto[] }>(`${categoriesBase(eventId)}/arrangement`, body).then((r) => r.data),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ProductCategoryDto[]>(key);
      if (previous) {
        const byId = new Map(previous.map((c) => [c.id, c]));
        queryClient.setQueryData(
          key,
          body.categories.flatMap((c, i) =>
            byId.has(c.id) ? [{ ...byId.get(c.id)!, sort_order: i, ticket_ids: c.ticket_ids }] : [],
          ),
        );
      }
      return { previous };
    },
    onError: (_e, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all(eventId) }),
  });
}

/** Creates (no id) or replaces (with id) a ticket. */
export const useSaveTicket = (eventId: number) =>
  useTicketMutation(eventId, ({ id, body }: { id?: number; body: TicketBody }) =>
    id ? updateTicket(eventId, id, body) : createTicket(eventId, body),
  );

export const useDeleteTicket = (eventId: number) =>
  useTicketMutation(eventId, (id: number) => deleteTicket(eventId, id));

/** Saves a new order; the list shows it at once and rolls back if the server refuses. */
export function useSortTickets(eventId: number) {
  const queryClient = useQueryClient();
  const key = ticketKeys.all(eventId);
  return useMutation({
    mutationFn: (ids: number[]) => sortTickets(eventId, ids),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TicketDto[]>(key);
      if (previous)
        queryClient.setQueryData(
          key,
          ids.map((id) => previous.find((t) => t.id === id)).filter((t): t is TicketDto => !!t),
        );
      return { previous };
    },
    onError: (_e, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/**
 * Whether buyers can pay for the event's paid tickets; refreshed with the tickets (it counts them) and on every visit.
 */
export const usePaymentReadiness = (eventId: number) =>
  useQuery({
    queryKey: eventKeys.paymentReadiness(eventId),
    queryFn: () => api.get<One<PaymentReadinessDto>>(`/events/${eventId}/payment-readiness`).then((r) => r.data),
  });
