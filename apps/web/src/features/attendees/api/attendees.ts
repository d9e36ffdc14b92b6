import type {
  AttendeeDetailDto,
  AttendeeDto,
  CreateAttendeeBody,
  EditAttendeeBody,
  MoveAttendeeSeatBody,
  One,
  Paginated,
} from '@admitone/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type QueryParams } from '../../../lib/api-client';
import { eventKeys } from '../../events/api/events';
import type { AttendeeListParams } from '../hooks/useAttendeeListParams';

export const attendeeKeys = {
  all: (eventId: number) => [...eventKeys.detail(eventId), 'attendees'] as const,
  list: (eventId: number, params: AttendeeListParams) =>
    [...eventKeys.detail(eventId), 'attendees', 'list', params] as const,
  detail: (eventId: number, attendeeId: number) => [...eventKeys.detail(eventId), 'attendees', attendeeId] as const,
};

const base = (eventId: number) => `/events/${eventId}/attendees`;

export const fetchAttendees = (eventId: number, params: AttendeeListParams) =>
  api.get<Paginated<AttendeeDto>>(base(eventId), { query: params as unknown as QueryParams });

export const attendeesQueryOptions = (eventId: number, params: AttendeeListParams) =>
  queryOptions({
    queryKey: attendeeKeys.list(eventId, params),
    queryFn: () => fetchAttendees(eventId, params),
    placeholderData: keepPreviousData,
  });

/** A page of the event's attendees, searched, filtered and sorted. */
export const useAttendees = (eventId: number, params: AttendeeListParams) =>
  useQuery(attendeesQueryOptions(eventId, params));

export const fetchAttendee = (eventId: number, attendeeId: number) =>
  api.get<One<AttendeeDetailDto>>(`${base(eventId)}/${attendeeId}`).then((r) => r.data);

/** One attendee with answers and check-in history. */
export const useAttendee = (eventId: number, attendeeId: number | null) =>
  useQuery({
    queryKey: attendeeKeys.detail(eventId, attendeeId ?? 0),
    queryFn: () => fetchAttendee(eventId, attendeeId!),
    enabled: attendeeId !== null,
  });

/**
 * A change to attendees: everything of the event that counts them (lists, orders, tickets' stock, stats) is refetched.
 */
function useAttendeeMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
  });
}

const action = (eventId: number, attendeeId: number, name: string) =>
  api.post<One<AttendeeDetailDto>>(`${base(eventId)}/${attendeeId}/${name}`, {}).then((r) => r.data);

export const useCreateAttendee = (eventId: number) =>
  useAttendeeMutation(eventId, (body: CreateAttendeeBody) =>
    api.post<One<AttendeeDetailDto>>(base(eventId), body).then((r) => r.data),
  );
export const useEditAttendee = (eventId: number, attendeeId: number) =>
  useAttendeeMutation(eventId, (body: EditAttendeeBody) =>
    api.put<One<AttendeeDetailDto>>(`${base(eventId)}/${attendeeId}`, body).then((r) => r.data),
  );
export const useCancelAttendee = (eventId: number, attendeeId: number) =>
  useAttendeeMutation(eventId, () => action(eventId, attendeeId, 'cancel'));
export const useReactivateAttendee = (eventId: number, attendeeId: number) =>
  useAttendeeMutation(eventId, () => action(eventId, attendeeId, 'reactivate'));
export const useResendTicket = (eventId: number, attendeeId: number) =>
  useAttendeeMutation(eventId, () => action(eventId, attendeeId, 'resend-ticket'));
/** Seats the attendee elsewhere (issue #40); the seat map, lists and order read again. */
export const useMoveAttendeeSeat = (eventId: number, attendeeId: number) =>
  useAttendeeMutation(eventId, (body: MoveAttendeeSeatBody) =>
    api.post<One<AttendeeDetailDto>>(`${base(eventId)}/${attendeeId}/seat`, body).then((r) => r.data),
  );
