import type { CapacityAssignmentBody, CapacityAssignmentDto, One, Paginated } from '@admitone/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { eventKeys } from '../../events/api/events';

export const capacityKeys = {
  all: (eventId: number) => [...eventKeys.detail(eventId), 'capacity-assignments'] as const,
};

const base = (eventId: number) => `/events/${eventId}/capacity-assignments`;

export const fetchCapacityAssignments = (eventId: number) =>
  api.get<Paginated<CapacityAssignmentDto>>(base(eventId)).then((r) => r.data);

export const capacityQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: capacityKeys.all(eventId), queryFn: () => fetchCapacityAssignments(eventId) });

/** The event's capacity assignments with their use. */
export const useCapacityAssignments = (eventId: number) => useQuery(capacityQueryOptions(eventId));

export const createCapacityAssignment = (eventId: number, body: CapacityAssignmentBody) =>
  api.post<One<CapacityAssignmentDto>>(base(eventId), body).then((r) => r.data);
export const updateCapacityAssignment = (eventId: number, id: number, body: CapacityAssignmentBody) =>
  api.put<One<CapacityAssignmentDto>>(`${base(eventId)}/${id}`, body).then((r) => r.data);
export const deleteCapacityAssignment = (eventId: number, id: number) => api.delete<void>(`${base(eventId)}/${id}`);

function useCapacityMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: capacityKeys.all(eventId) }),
  });
}

/** Creates (no id) or changes (with id) a capacity assignment. */
export const useSaveCapacityAssignment = (eventId: number) =>
  useCapacityMutation(eventId, ({ id, body }: { id?: number; body: CapacityAssignmentBody }) =>
    id ? updateCapacityAssignment(eventId, id, body) : createCapacityAssignment(eventId, body),
  );

export const useDeleteCapacityAssignment = (eventId: number) =>
  useCapacityMutation(eventId, (id: number) => deleteCapacityAssignment(eventId, id));
