import type { CheckInListBody, CheckInListDto, One, StaffLinkSecretDto } from '@admitone/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { eventKeys } from '../../events/api/events';

export const checkInListKeys = {
  all: (eventId: number) => [...eventKeys.detail(eventId), 'check-in-lists'] as const,
  staffLink: (eventId: number, listId: number) =>
    [...eventKeys.detail(eventId), 'check-in-lists', listId, 'staff-link'] as const,
};

const base = (eventId: number) => `/events/${eventId}/check-in-lists`;

export const fetchCheckInLists = (eventId: number) => api.get<One<CheckInListDto[]>>(base(eventId)).then((r) => r.data);

/** The event's check-in lists in order (every event has at least one); the check-in screen reads the same. */
export const checkInListsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: checkInListKeys.all(eventId), queryFn: () => fetchCheckInLists(eventId) });

/** The event's check-in lists with their counts, windows and staff links. */
export const useCheckInLists = (eventId: number) => useQuery(checkInListsQueryOptions(eventId));

export const createCheckInList = (eventId: number, body: CheckInListBody) =>
  api.post<One<CheckInListDto>>(base(eventId), body).then((r) => r.data);
export const updateCheckInList = (eventId: number, id: number, body: CheckInListBody) =>
  api.put<One<CheckInListDto>>(`${base(eventId)}/${id}`, body).then((r) => r.data);
export const deleteCheckInList = (eventId: number, id: number) => api.delete<void>(`${base(eventId)}/${id}`);
/** Makes the list's staff link, or a new one in place of the old (which stops working at once). */
export const makeStaffLink = (eventId: number, id: number) =>
  api.post<One<CheckInListDto>>(`${base(eventId)}/${id}/staff-link`).then((r) => r.data);
/**
 * The list's staff-link secret (null: no link): read on its own route, which answers signed-in people only (never API
 * keys).
 */
export const fetchStaffLink = (eventId: number, id: number) =>
  api.get<One<StaffLinkSecretDto>>(`${base(eventId)}/${id}/staff-link`).then((r) => r.data.staff_token);

/** The secret of a list's staff link, read only while the list has one. */
export const useStaffLink = (eventId: number, listId: number, enabled: boolean) =>
  useQuery({
    queryKey: checkInListKeys.staffLink(eventId, listId),
    queryFn: () => fetchStaffLink(eventId, listId),
    enabled,
  });

/** Revokes the list's staff link. */
export const revokeStaffLink = (eventId: number, id: number) =>
  api.delete<One<CheckInListDto>>(`${base(eventId)}/${id}/staff-link`).then((r) => r.data);

function useCheckInListMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkInListKeys.all(eventId) }),
  });
}

/** Creates (no id) or changes (with id) a check-in list. */
export const useSaveCheckInList = (eventId: number) =>
  useCheckInListMutation(eventId, ({ id, body }: { id?: number; body: CheckInListBody }) =>
    id ? updateCheckInList(eventId, id, body) : createCheckInList(eventId, body),
  );

/** Deletes a list; refused (LAST_CHECK_IN_LIST) for the event's last one. */
export const useDeleteCheckInList = (eventId: number) =>
  useCheckInListMutation(eventId, (id: number) => deleteCheckInList(eventId, id));

/** A staff-link change: the answered list replaces the cached one at once, then the lists are read again. */
function useStaffLinkMutation(eventId: number, mutationFn: (id: number) => Promise<CheckInListDto>) {
  const queryClient = useQueryClient();
  const key = checkInListKeys.all(eventId);
  return useMutation({
    mutationFn,
    onSuccess: (list) => {
      // A new link's secret comes in this answer only (the lists never carry it).
      queryClient.setQueryData(checkInListKeys.staffLink(eventId, list.id), list.staff_token);
      queryClient.setQueryData<CheckInListDto[]>(key, (lists) => lists?.map((x) => (x.id === list.id ? list : x)));
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** Makes a list's staff link, or replaces it (`mutate(listId)`). */
export const useMakeStaffLink = (eventId: number) => useStaffLinkMutation(eventId, (id) => makeStaffLink(eventId, id));

/** Revokes a list's staff link (`mutate(listId)`). */
export const useRevokeStaffLink = (eventId: number) =>
  useStaffLinkMutation(eventId, (id) => revokeStaffLink(eventId, id));
