import type {
  AllocationBody,
  AllocationDto,
  BoxOfficeDto,
  BoxOfficeSaleBody,
  BoxOfficeSaleDto,
  BoxOfficeShiftDto,
  CardSaleBody,
  CardSaleDto,
  CloseShiftBody,
  One,
  PublicEventDto,
} from '@admitone/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

/** The box office of an event (issue #41): what it sells on a date, the caller's shift, sales and voids. */
export const boxOfficeKeys = {
  all: (eventId: number) => ['box-office', eventId] as const,
  view: (eventId: number, dateId: number | null) => ['box-office', eventId, 'view', dateId] as const,
  shifts: (eventId: number) => ['box-office', eventId, 'shifts'] as const,
};

const base = (eventId: number) => `/events/${eventId}/box-office`;

export const useBoxOffice = (eventId: number, dateId: number | null) =>
  useQuery({
    queryKey: boxOfficeKeys.view(eventId, dateId),
    queryFn: () =>
      api.get<One<BoxOfficeDto>>(base(eventId), { query: dateId ? { date: dateId } : {} }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export const useShifts = (eventId: number) =>
  useQuery({
    queryKey: boxOfficeKeys.shifts(eventId),
    queryFn: () => api.get<One<BoxOfficeShiftDto[]>>(`${base(eventId)}/shifts`).then((r) => r.data),
  });

function useRefresh(eventId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: boxOfficeKeys.all(eventId) });
}

export function useOpenShift(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (float: number) =>
      api.post<One<BoxOfficeShiftDto>>(`${base(eventId)}/shifts`, { float }).then((r) => r.data),
    onSuccess: refresh,
  });
}

export function useCloseShift(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: ({ shiftId, body }: { shiftId: number; body: CloseShiftBody }) =>
      api.post<One<BoxOfficeShiftDto>>(`${base(eventId)}/shifts/${shiftId}/close`, body).then((r) => r.data),
    onSuccess: refresh,
  });
}

export function useSell(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (body: BoxOfficeSaleBody) =>
      api.post<One<BoxOfficeSaleDto>>(`${base(eventId)}/sales`, body).then((r) => r.data),
    onSuccess: refresh,
  });
}

export function useVoidSale(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (orderId: number) =>
      api.post<One<BoxOfficeShiftDto>>(`${base(eventId)}/sales/${orderId}/void`, {}).then((r) => r.data),
    onSuccess: refresh,
  });
}

/** A date's allocation kept for the door: per ticket (and tier), units kept, on staff devices, sold there. */
export const useAllocation = (eventId: number, dateId: number) =>
  useQuery({
    queryKey: [...boxOfficeKeys.all(eventId), 'allocation', dateId] as const,
    queryFn: () => api.get<One<AllocationDto>>(`${base(eventId)}/allocations/${dateId}`).then((r) => r.data),
  });

/** Sets how many units of each line the date keeps for the door (events.manage). */
export function useSetAllocation(eventId: number, dateId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (body: AllocationBody) =>
      api.put<One<AllocationDto>>(`${base(eventId)}/allocations/${dateId}`, body).then((r) => r.data),
    onSuccess: refresh,
  });
}

/** The event as the box office sells it on a date, for the seat picker (fetched when the picker opens). */
export const useBoxOfficePickerEvent = (eventId: number, dateId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: [...boxOfficeKeys.all(eventId), 'picker', dateId],
    queryFn: () =>
      api
        .get<One<PublicEventDto>>(`${base(eventId)}/event`, { query: dateId ? { date: dateId } : {} })
        .then((r) => r.data),
    enabled,
  });

/** Starts a sale paid by card through Stripe on this device: its units are held; the answer has the client secret. */
export function useStartCardSale(eventId: number) {
  return useMutation({
    mutationFn: (body: CardSaleBody) =>
      api.post<One<CardSaleDto>>(`${base(eventId)}/card-sales`, body).then((r) => r.data),
  });
}

/** Once Stripe confirmed the card: the sale completed (once) and its receipt. */
export function useCompleteCardSale(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: ({ orderId, admit }: { orderId: number; admit: number | null }) =>
      api
        .post<One<BoxOfficeSaleDto>>(`${base(eventId)}/card-sales/${orderId}/complete`, { admit_on_list_id: admit })
        .then((r) => r.data),
    onSuccess: refresh,
  });
}
