import type { AutomationBody, AutomationDto, AutomationSendDto, One, Paginated } from '@admitone/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { eventKeys } from '../../events/api/events';

export interface AutomationSendParams {
  page: number;
  per_page: number;
}

export const automationKeys = {
  all: (eventId: number) => [...eventKeys.detail(eventId), 'automations'] as const,
  list: (eventId: number) => [...eventKeys.detail(eventId), 'automations', 'list'] as const,
  sends: (eventId: number, id: number, params: AutomationSendParams) =>
    [...eventKeys.detail(eventId), 'automations', id, 'sends', params] as const,
};

/** How often a list with mail still queued is read again (the counts move on their own). */
export const AUTOMATION_POLL_MS = 5_000;

const base = (eventId: number) => `/events/${eventId}/automations`;

export const fetchAutomations = (eventId: number) =>
  api.get<{ data: AutomationDto[] }>(base(eventId)).then((r) => r.data);

/**
 * The event's mail that goes out by itself: its reminders (longest before first), the abandoned-checkout mail and the
 * follow-up (those two always there, off until turned on).
 */
export const useAutomations = (eventId: number) =>
  useQuery({
    queryKey: automationKeys.list(eventId),
    queryFn: () => fetchAutomations(eventId),
    refetchInterval: (q) => (q.state.data?.some((a) => a.stats.queued > 0) ? AUTOMATION_POLL_MS : false),
  });

/** A page of the mails one automation wrote, newest first; read again while some are still queued. */
export const useAutomationSends = (eventId: number, id: number, params: AutomationSendParams) =>
  useQuery({
    queryKey: automationKeys.sends(eventId, id, params),
    queryFn: () =>
      api.get<Paginated<AutomationSendDto>>(`${base(eventId)}/${id}/sends`, {
        query: { ...params, sort_by: 'created_at', sort_direction: 'desc' },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((s) => s.status === 'QUEUED') ? AUTOMATION_POLL_MS : false),
  });

export const createAutomation = (eventId: number, body: AutomationBody) =>
  api.post<One<AutomationDto>>(base(eventId), body).then((r) => r.data);
export const updateAutomation = (eventId: number, id: number, body: AutomationBody) =>
  api.put<One<AutomationDto>>(`${base(eventId)}/${id}`, body).then((r) => r.data);
export const deleteAutomation = (eventId: number, id: number) => api.delete<void>(`${base(eventId)}/${id}`);

function useAutomationMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.list(eventId) }),
  });
}

/** Adds a reminder (the abandoned-checkout mail and the follow-up exist once each, and are only changed). */
export const useCreateAutomation = (eventId: number) =>
  useAutomationMutation(eventId, (body: AutomationBody) => createAutomation(eventId, body));

/** Saves one automation (`mutate(body)`; its kind stays). */
export const useUpdateAutomation = (eventId: number, id: number) =>
  useAutomationMutation(eventId, (body: AutomationBody) => updateAutomation(eventId, id, body));

/**
 * Deletes a reminder; what it sent stays sent. The list is read again without waiting: the deleted reminder's card
 * (which asked) goes with it, so its success handling (close, notify) runs at once, before that.
 */
export function useDeleteAutomation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteAutomation(eventId, id),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: [...automationKeys.all(eventId), id] });
      void queryClient.invalidateQueries({ queryKey: automationKeys.list(eventId) });
    },
  });
}
