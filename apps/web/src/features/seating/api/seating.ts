import type { One, SeatingLayout, SeatingLayoutInput, SeatingPlanDetailDto, SeatingPlanDto } from '@admitone/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, tokenStore } from '../../../lib/api-client';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-error';
import { saveFile } from '../../exports/api/download-export';
import { attachmentName } from '../../exports/api/export-progress';

/** An organizer's seating plans (issue #40): drafts, published versions, pretix JSON in and out. */

export const seatingKeys = {
  all: (organizerId: number) => ['organizers', organizerId, 'seating-plans'] as const,
  list: (organizerId: number) => [...seatingKeys.all(organizerId), 'list'] as const,
  detail: (organizerId: number, planId: number) => [...seatingKeys.all(organizerId), planId] as const,
};

const base = (organizerId: number) => `/organizers/${organizerId}/seating-plans`;

export const fetchSeatingPlans = (organizerId: number) =>
  api.get<{ data: SeatingPlanDto[] }>(base(organizerId)).then((r) => r.data);

export const seatingPlansQueryOptions = (organizerId: number) =>
  queryOptions({ queryKey: seatingKeys.list(organizerId), queryFn: () => fetchSeatingPlans(organizerId) });

/** The organizer's plans by name, with their counts and versions (no layouts). */
export const useSeatingPlans = (organizerId: number) => useQuery(seatingPlansQueryOptions(organizerId));

export const fetchSeatingPlan = (organizerId: number, planId: number) =>
  api.get<One<SeatingPlanDetailDto>>(`${base(organizerId)}/${planId}`).then((r) => r.data);

/** One plan with its draft layout. */
export const useSeatingPlan = (organizerId: number, planId: number, enabled = true) =>
  useQuery({
    queryKey: seatingKeys.detail(organizerId, planId),
    queryFn: () => fetchSeatingPlan(organizerId, planId),
    enabled,
  });

/** After a change: the plan as the API answered it, and the list refetched. */
function usePlanMutation<V>(organizerId: number, mutationFn: (variables: V) => Promise<SeatingPlanDetailDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (plan) => {
      queryClient.setQueryData(seatingKeys.detail(organizerId, plan.id), plan);
      await queryClient.invalidateQueries({ queryKey: seatingKeys.list(organizerId) });
    },
  });
}

/** Makes an empty plan of a name. */
export const useCreateSeatingPlan = (organizerId: number) =>
  usePlanMutation(organizerId, (name: string) =>
    api.post<One<SeatingPlanDetailDto>>(base(organizerId), { name }).then((r) => r.data),
  );

/** Makes a plan from pretix's seating-plan JSON (its own name unless one is given). */
export const useImportSeatingPlan = (organizerId: number) =>
  usePlanMutation(organizerId, (body: { name?: string; pretix: SeatingLayoutInput }) =>
    api.post<One<SeatingPlanDetailDto>>(`${base(organizerId)}/import`, body).then((r) => r.data),
  );

/** Saves a plan's name and its draft layout (sent back as it is). */
export const useSaveSeatingPlan = (organizerId: number, planId: number) =>
  usePlanMutation(organizerId, (body: { name: string; layout: SeatingLayout }) =>
    api.put<One<SeatingPlanDetailDto>>(`${base(organizerId)}/${planId}`, body).then((r) => r.data),
  );

/** Publishes the draft as the next version (422 with each problem on its `layout.<path>`). */
export const usePublishSeatingPlan = (organizerId: number, planId: number) =>
  usePlanMutation(organizerId, () =>
    api.post<One<SeatingPlanDetailDto>>(`${base(organizerId)}/${planId}/publish`).then((r) => r.data),
  );

export function useDeleteSeatingPlan(organizerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: number) => api.delete<void>(`${base(organizerId)}/${planId}`),
    onSuccess: (_, planId) => {
      queryClient.removeQueries({ queryKey: seatingKeys.detail(organizerId, planId) });
      return queryClient.invalidateQueries({ queryKey: seatingKeys.list(organizerId) });
    },
  });
}

export type SeatingExportFormat = 'pretix' | 'csv';

/**
 * Downloads a plan's draft (no version) or a version as pretix's JSON or its seats as CSV, with the bearer token
 * (a plain link would carry none), and hands it to the browser's "save" under the server's name.
 */
export async function downloadSeatingPlan(
  organizerId: number,
  planId: number,
  format: SeatingExportFormat,
  version?: number,
  locale?: string,
): Promise<void> {
  const headers: Record<string, string> = {};
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (locale) headers['Accept-Language'] = locale;
  const query = new URLSearchParams({ format });
  if (version) query.set('version', String(version));
  let response: Response;
  try {
    response = await fetch(`/api${base(organizerId)}/${planId}/export?${query.toString()}`, { headers });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, '');
  }
  if (!response.ok) throw ApiError.fromBody(response.status, await response.json().catch(() => undefined));
  const fallback = `seating-plan${version ? `-v${version}` : ''}.${format === 'csv' ? 'csv' : 'json'}`;
  saveFile(await response.blob(), attachmentName(response.headers.get('content-disposition'), fallback));
}
