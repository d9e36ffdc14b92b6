import type {
  AttendeeDto,
  MessageDetailDto,
  MessageRecipientType,
  MessageSummaryDto,
  One,
  OrderSummaryDto,
  Paginated,
  SendMessageBody,
} from '@admitone/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { eventKeys } from '../../events/api/events';

export interface MessageListParams {
  page: number;
  per_page: number;
}

/** The audience part of a message, as the composer holds it. */
export interface RecipientChoice {
  recipient_type: MessageRecipientType;
  ticket_ids: number[];
  order_id: number | null;
  attendee_ids: number[];
}

export const messageKeys = {
  all: (eventId: number) => [...eventKeys.detail(eventId), 'messages'] as const,
  list: (eventId: number, params: MessageListParams) =>
    [...eventKeys.detail(eventId), 'messages', 'list', params] as const,
  detail: (eventId: number, id: number) => [...eventKeys.detail(eventId), 'messages', id] as const,
  count: (eventId: number, choice: RecipientChoice) =>
    [...eventKeys.detail(eventId), 'messages', 'count', choice] as const,
};

const base = (eventId: number) => `/events/${eventId}/messages`;

export const fetchMessages = (eventId: number, params: MessageListParams) =>
  api.get<Paginated<MessageSummaryDto>>(base(eventId), {
    query: { ...params, sort_by: 'created_at', sort_direction: 'desc' },
  });

/** Messages still being delivered are polled, so the counts move on their own. */
const stillSending = (items: Array<Pick<MessageSummaryDto, 'counts'>> | undefined) =>
  Boolean(items?.some((m) => m.counts.queued > 0));

/** A page of the event's message history, newest first. */
export const useMessages = (eventId: number, params: MessageListParams) =>
  useQuery(
    queryOptions({
      queryKey: messageKeys.list(eventId, params),
      queryFn: () => fetchMessages(eventId, params),
      placeholderData: keepPreviousData,
      refetchInterval: (q) => (stillSending(q.state.data?.data) ? 3000 : false),
    }),
  );

export const fetchMessage = (eventId: number, id: number) =>
  api.get<One<MessageDetailDto>>(`${base(eventId)}/${id}`).then((r) => r.data);

/** One message with its body and each recipient's delivery state. */
export const useMessage = (eventId: number, id: number | null) =>
  useQuery({
    queryKey: messageKeys.detail(eventId, id ?? 0),
    queryFn: () => fetchMessage(eventId, id!),
    enabled: id !== null,
    refetchInterval: (q) => (stillSending(q.state.data ? [q.state.data] : undefined) ? 3000 : false),
  });

/** Whether a choice is complete enough to count (the chosen tickets, order or attendees are there). */
export const isCompleteChoice = (c: RecipientChoice) =>
  (c.recipient_type !== 'TICKET_HOLDERS' || c.ticket_ids.length > 0) &&
  (c.recipient_type !== 'ORDER_BUYER' || c.order_id !== null) &&
  (c.recipient_type !== 'ATTENDEES' || c.attendee_ids.length > 0);

export const fetchRecipientCount = (eventId: number, c: RecipientChoice) =>
  api
    .get<One<{ count: number }>>(`${base(eventId)}/recipient-count`, {
      query: {
        recipient_type: c.recipient_type,
        ticket_ids: c.ticket_ids.join(',') || undefined,
        order_id: c.order_id ?? undefined,
        attendee_ids: c.attendee_ids.join(',') || undefined,
      },
    })
    .then((r) => r.data.count);

/** How many people a choice reaches (one per e-mail address). */
export const useRecipientCount = (eventId: number, choice: RecipientChoice) =>
  useQuery({
    queryKey: messageKeys.count(eventId, choice),
    queryFn: () => fetchRecipientCount(eventId, choice),
    enabled: isCompleteChoice(choice),
    placeholderData: keepPreviousData,
  });

/** Orders found by number, buyer name or e-mail (for the order picker). */
export const searchOrders = (eventId: number, query: string) =>
  api
    .get<Paginated<OrderSummaryDto>>(`/events/${eventId}/orders`, {
      query: { query: query || undefined, per_page: 20 },
    })
    .then((r) => r.data);

/** Attendees found by name or e-mail (for the attendee picker). */
export const searchAttendees = (eventId: number, query: string) =>
  api
    .get<Paginated<AttendeeDto>>(`/events/${eventId}/attendees`, { query: { query: query || undefined, per_page: 20 } })
    .then((r) => r.data);

export const useOrderSearch = (eventId: number, query: string, enabled: boolean) =>
  useQuery({
    queryKey: [...eventKeys.detail(eventId), 'messages', 'order-search', query],
    queryFn: () => searchOrders(eventId, query),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useAttendeeSearch = (eventId: number, query: string, enabled: boolean) =>
  useQuery({
    queryKey: [...eventKeys.detail(eventId), 'messages', 'attendee-search', query],
    queryFn: () => searchAttendees(eventId, query),
    enabled,
    placeholderData: keepPreviousData,
  });

export const sendMessage = (eventId: number, body: SendMessageBody) =>
  api.post<One<MessageDetailDto>>(base(eventId), body).then((r) => r.data);
export const retryFailedMessage = (eventId: number, id: number) =>
  api.post<One<MessageDetailDto>>(`${base(eventId)}/${id}/retry-failed`).then((r) => r.data);
export const deleteMessage = (eventId: number, id: number) => api.delete<void>(`${base(eventId)}/${id}`);

function useMessageMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all(eventId) }),
  });
}

export const useSendMessage = (eventId: number) =>
  useMessageMutation(eventId, (body: SendMessageBody) => sendMessage(eventId, body));
export const useRetryFailed = (eventId: number) =>
  useMessageMutation(eventId, (id: number) => retryFailedMessage(eventId, id));
/**
 * Deletes a message. The deleted message's own detail is not asked for again (it would answer 404 under
 * the dialog that is closing); the history and counts are refreshed without waiting, so the caller's
 * success handling (close, notify) runs at once.
 */
export function useDeleteMessage(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteMessage(eventId, id),
    onSuccess: (_data, id) => {
      const gone = messageKeys.detail(eventId, id);
      void queryClient.invalidateQueries({
        queryKey: messageKeys.all(eventId),
        predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(gone),
      });
    },
  });
}
