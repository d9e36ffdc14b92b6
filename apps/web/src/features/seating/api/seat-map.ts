import type { One, SeatHoldBody, SeatHoldDto, SeatPlaceDto } from '@admitone/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { eventSeatingKeys } from './event-seating';

/** The organizer's seat map of a seated event (issue #40): each place's state on a date, and the holds. */

export const seatMapKeys = {
  places: (eventId: number, dateId: number | null) => [...eventSeatingKeys.all(eventId), 'places', dateId] as const,
  allPlaces: (eventId: number) => [...eventSeatingKeys.all(eventId), 'places'] as const,
  holds: (eventId: number) => [...eventSeatingKeys.all(eventId), 'holds'] as const,
};

const base = (eventId: number) => `/events/${eventId}/seating`;

/** Every place of the plan on a date (null: the event's only date): free, sold, in a checkout, held or killed. */
export const useSeatPlaces = (eventId: number, dateId: number | null, enabled = true) =>
  useQuery({
    queryKey: seatMapKeys.places(eventId, dateId),
    queryFn: () =>
      api
        .get<{ data: SeatPlaceDto[] }>(`${base(eventId)}/places${dateId ? `?event_date_id=${dateId}` : ''}`)
        .then((r) => r.data),
    enabled,
  });

/** The event's holds and killed seats, oldest first. */
export const useSeatHolds = (eventId: number) =>
  useQuery({
    queryKey: seatMapKeys.holds(eventId),
    queryFn: () => api.get<{ data: SeatHoldDto[] }>(`${base(eventId)}/holds`).then((r) => r.data),
  });

/** A hold's change shows on every date's map: both lists are read again. */
function useRefresh(eventId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: seatMapKeys.holds(eventId) }),
      queryClient.invalidateQueries({ queryKey: seatMapKeys.allPlaces(eventId) }),
    ]);
}

/** Keeps seats off sale: a new hold (no `holdId`), or a hold renamed or given other seats. */
export function useSaveSeatHold(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: ({ holdId, body }: { holdId?: number; body: SeatHoldBody }) =>
      (holdId
        ? api.put<One<SeatHoldDto>>(`${base(eventId)}/holds/${holdId}`, body)
        : api.post<One<SeatHoldDto>>(`${base(eventId)}/holds`, body)
      ).then((r) => r.data),
    onSuccess: refresh,
  });
}

/** Releases a hold: its seats return to sale. */
export function useReleaseSeatHold(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (holdId: number) => api.delete<void>(`${base(eventId)}/holds/${holdId}`),
    onSuccess: refresh,
  });
}
