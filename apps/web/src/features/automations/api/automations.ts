import type { AutomationBody, AutomationDto, AutomationSendDto, One, Paginated } from '@admitone/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { accountKeys } from '../../account/api/account';
import { eventKeys } from '../../events/api/events';

/**
 * Whose automatic mails: an event's, or the account's defaults (what each new event starts with; no dates, so no next
 * run and nothing sent).
 */
export type AutomationScope = { eventId: number } | { accountId: number };

export interface AutomationSendParams {
  page: number;
  per_page: number;
}

const ownerKey = (scope: AutomationScope) =>
  'eventId' in scope ? eventKeys.detail(scope.eventId) : accountKeys.detail(scope.accountId);

export const automationKeys = {
  all: (scope: AutomationScope) => [...ownerKey(scope), 'automations'] as const,
  list: (scope: AutomationScope) => [...ownerKey(scope), 'automations', 'list'] as const,
  sends: (eventId: number, id: number, params: AutomationSendParams) =>
    [...eventKeys.detail(eventId), 'automations', id, 'sends', params] as const,
};

/** How often a list with mail still queued is read again (the counts move on their own). */
export const AUTOMATION_POLL_MS = 5_000;

const base = (scope: AutomationScope) =>
  'eventId' in scope ? `/events/${scope.eventId}/automations` : `/accounts/${scope.accountId}/automations`;

export const fetchAutomations = (scope: AutomationScope) =>
  api.get<{ data: AutomationDto[] }>(base(scope)).then((r) => r.data);

/**
 * The mail that goes out by itself (an event's, or the account's defaults): the reminders (longest before first), the
 * abandoned-checkout mail and the follow-up (those two always there, off until turned on).
 */
export const useAutomations = (scope: AutomationScope) =>
  useQuery({
    queryKey: automationKeys.list(scope),
    queryFn: () => fetchAutomations(scope),
    refetchInterval: (q) => (q.state.data?.some((a) => a.stats.queued > 0) ? AUTOMATION_POLL_MS : false),
  });

/** A page of the mails one automation wrote, newest first; read again while some are still queued. */
export const useAutomationSends = (eventId: number, id: number, params: AutomationSendParams) =>
  useQuery({
    queryKey: automationKeys.sends(eventId, id, params),
    queryFn: () =>
      api.get<Paginated<AutomationSendDto>>(`${base({ eventId })}/${id}/sends`, {
        query: { ...params, sort_by: 'created_at', sort_direction: 'desc' },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((s) => s.status === 'QUEUED') ? AUTOMATION_POLL_MS : false),
  });

export const createAutomation = (scope: AutomationScope, body: AutomationBody) =>
  api.post<One<AutomationDto>>(base(scope), body).then((r) => r.data);
export const updateAutomation = (scope: AutomationScope, id: number, body: AutomationBody) =>
  api.put<One<AutomationDto>>(`${base(scope)}/${id}`, body).then((r) => r.data);
export const deleteAutomation = (scope: AutomationScope, id: number) => api.delete<void>(`${base(scope)}/${id}`);

function useAutomationMutation<V, R>(scope: AutomationScope, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.list(scope) }),
  });
}

/** Adds a reminder (the abandoned-checkout mail and the follow-up exist once each, and are only changed). */
export const useCreateAutomation = (scope: AutomationScope) =>
  useAutomationMutation(scope, (body: AutomationBody) => createAutomation(scope, body));

/** Saves one automation (`mutate(body)`; its kind stays). */
export const useUpdateAutomation = (scope: AutomationScope, id: number) =>
  useAutomationMutation(scope, (body: AutomationBody) => updateAutomation(scope, id, body));

/**
 * Deletes a reminder; what it sent stays sent. The list is read again without waiting: the deleted reminder's card
 * (which asked) goes with it, so its success handling (close, notify) runs at once, before that.
 */
export function useDeleteAutomation(scope: AutomationScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteAutomation(scope, id),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: [...automationKeys.all(scope), id] });
      void queryClient.invalidateQueries({ queryKey: automationKeys.list(scope) });
    },
  });
}
