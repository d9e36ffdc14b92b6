import type {
  AttendeeDto,
  MessageAnswerFilter,
  MessageCheckInFilter,
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
import { isApiError } from '../../../lib/api-error';
import { eventKeys } from '../../events/api/events';

export interface MessageListParams {
  page: number;
  per_page: number;
}

/** The audience part of a message, as the composer holds it: who, narrowed by the filters. */
export interface RecipientChoice {
  recipient_type: MessageRecipientType;
  ticket_ids: number[];
  order_id: number | null;
  attendee_ids: number[];
  /** Only the tickets of these dates (empty: every date). */
  event_date_ids: number[];
  check_in: MessageCheckInFilter;
  answer_filter: MessageAnswerFilter | null;
}

/** The audiences the filters narrow (one order's buyer and hand-picked attendees are chosen as they are). */
export const FILTERED_RECIPIENT_TYPES: readonly MessageRecipientType[] = [
  'ALL_ATTENDEES',
  'TICKET_HOLDERS',
  'ALL_BUYERS',
];
export const takesFilters = (type: MessageRecipientType) => FILTERED_RECIPIENT_TYPES.includes(type);

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

/**
 * A scheduled message whose time is within a minute (or just past): polled too, so it is seen going out. One
 * still waiting long after its time is not polled for ever.
 */
export function dueSoon(items: Array<Pick<MessageSummaryDto, 'status' | 'send_at'>> | undefined, now = Date.now()) {
  return Boolean(
    items?.some((m) => {
      if (m.status !== 'SCHEDULED' || m.send_at === null) return false;
      const left = Date.parse(m.send_at) - now;
      return left < 60_000 && left > -5 * 60_000;
    }),
  );
}

const pollWhile = (items: MessageSummaryDto[] | undefined) =>
  stillSending(items) ? 3000 : dueSoon(items) ? 10_000 : false;

/** A page of the event's message history, newest first. */
export const useMessages = (eventId: number, params: MessageListParams) =>
  useQuery(
    queryOptions({
      queryKey: messageKeys.list(eventId, params),
      queryFn: () => fetchMessages(eventId, params),
      placeholderData: keepPreviousData,
      refetchInterval: (q) => pollWhile(q.state.data?.data),
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
    refetchInterval: (q) => pollWhile(q.state.data ? [q.state.data] : undefined),
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
        event_date_ids: c.event_date_ids.join(',') || undefined,
        check_in: c.check_in === 'ANY' ? undefined : c.check_in,
        answer_question_id: c.answer_filter?.question_id,
        answer_value: c.answer_filter?.value,
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
/** Changes a scheduled message (its `send_at` null: it goes now). */
export const updateMessage = (eventId: number, id: number, body: SendMessageBody) =>
  api.put<One<MessageDetailDto>>(`${base(eventId)}/${id}`, body).then((r) => r.data);
/** Cancels a scheduled message before its time. */
export const cancelMessage = (eventId: number, id: number) =>
  api.post<One<MessageDetailDto>>(`${base(eventId)}/${id}/cancel`, {}).then((r) => r.data);

/** The message was sent, cancelled or could not go meanwhile: it can no longer be changed or cancelled. */
export const isNotScheduled = (error: unknown) => isApiError(error) && error.code === 'MESSAGE_NOT_SCHEDULED';

function useMessageMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all(eventId) }),
  });
}

export const useSendMessage = (eventId: number) =>
  useMessageMutation(eventId, (body: SendMessageBody) => sendMessage(eventId, body));

/**
 * A change to a scheduled message, or its cancelling. When the message is no longer scheduled
 * (MESSAGE_NOT_SCHEDULED), the history is refreshed too, so it shows what became of it.
 */
function useScheduledMutation<V>(eventId: number, mutationFn: (variables: V) => Promise<MessageDetailDto>) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: messageKeys.all(eventId) });
  return useMutation({
    mutationFn,
    onSuccess: refresh,
    onError: (error) => {
      if (isNotScheduled(error)) void refresh();
    },
  });
}

export const useUpdateMessage = (eventId: number) =>
  useScheduledMutation(eventId, ({ id, body }: { id: number; body: SendMessageBody }) =>
    updateMessage(eventId, id, body),
  );
export const useCancelMessage = (eventId: number) =>
  useScheduledMutation(eventId, (id: number) => cancelMessage(eventId, id));
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
