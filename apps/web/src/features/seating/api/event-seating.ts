import type { EventSeatingBody, EventSeatingDto, One, SeatingLayout, SeatingVersionDto } from '@admitone/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { eventKeys } from '../../events/api/events';
import { seatingKeys } from './seating';

/** The seating plan an event is seated by (issue #40): a published version, its categories mapped to tickets. */

export const eventSeatingKeys = {
  all: (eventId: number) => [...eventKeys.detail(eventId), 'seating'] as const,
};

const base = (eventId: number) => `/events/${eventId}/seating`;

export const fetchEventSeating = (eventId: number) => api.get<One<EventSeatingDto>>(base(eventId)).then((r) => r.data);

/** The event's plan (null: none) and each of its version's categories with what it sells as. */
export const useEventSeating = (eventId: number) =>
  useQuery({ queryKey: eventSeatingKeys.all(eventId), queryFn: () => fetchEventSeating(eventId) });

export type SeatingVersionWithLayout = SeatingVersionDto & { layout: SeatingLayout };

export const fetchSeatingVersion = (organizerId: number, planId: number, version: number) =>
  api
    .get<One<SeatingVersionWithLayout>>(`/organizers/${organizerId}/seating-plans/${planId}/versions/${version}`)
    .then((r) => r.data);

/** One published version of a plan with its layout (a version never changes). */
export const useSeatingVersion = (organizerId: number, planId: number | undefined, version: number | undefined) =>
  useQuery({
    queryKey: [...seatingKeys.all(organizerId), planId, 'versions', version] as const,
    queryFn: () => fetchSeatingVersion(organizerId, planId!, version!),
    enabled: !!planId && !!version,
    staleTime: Infinity,
  });

/** Seats the event by a plan (or none), with its categories' tickets; the answer replaces what the screen shows. */
export function useSaveEventSeating(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventSeatingBody) => api.put<One<EventSeatingDto>>(base(eventId), body).then((r) => r.data),
    onSuccess: (seating) => queryClient.setQueryData(eventSeatingKeys.all(eventId), seating),
  });
}

type Mapping = NonNullable<EventSeatingBody['categories']>[number];

/**
 * Moves the event to its plan's latest version, keeping the tickets of the categories that version still has
 * (a category it dropped would be refused).
 */
export function useMoveToLatestVersion(eventId: number, organizerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ planId, latest, mappings }: { planId: number; latest: number; mappings: Mapping[] }) => {
      const version = await queryClient.fetchQuery({
        queryKey: [...seatingKeys.all(organizerId), planId, 'versions', latest] as const,
        queryFn: () => fetchSeatingVersion(organizerId, planId, latest),
        staleTime: Infinity,
      });
      const names = new Set(version.layout.categories.map((c) => c.name));
      const categories = mappings.filter((m) => names.has(m.category));
      return api
        .put<One<EventSeatingDto>>(base(eventId), { plan_id: planId, version: null, categories })
        .then((r) => r.data);
    },
    onSuccess: (seating) => queryClient.setQueryData(eventSeatingKeys.all(eventId), seating),
  });
}
