import type {
  One,
  Paginated,
  WebhookBody,
  WebhookDeliveryDetailDto,
  WebhookDeliveryDto,
  WebhookDeliveryState,
  WebhookDto,
  WebhookWithSecretDto,
} from '@admitone/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type QueryParams } from '../../../lib/api-client';

export interface DeliveryListParams {
  page: number;
  per_page: number;
  filter_fields?: { state?: WebhookDeliveryState };
}

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => ['webhooks', 'list'] as const,
  detail: (id: number) => ['webhooks', 'detail', id] as const,
  deliveries: (id: number) => ['webhooks', 'detail', id, 'deliveries'] as const,
  deliveryList: (id: number, params: DeliveryListParams) =>
    ['webhooks', 'detail', id, 'deliveries', 'list', params] as const,
  delivery: (id: number, deliveryId: number) => ['webhooks', 'detail', id, 'deliveries', 'one', deliveryId] as const,
};

/** How often a log with deliveries still under way is read again. */
export const DELIVERY_POLL_MS = 2_000;

/** Whether a delivery is still waiting or being sent (its row changes on its own). */
export const isUnderWay = (d: { state: WebhookDeliveryState } | null | undefined): boolean =>
  d?.state === 'PENDING' || d?.state === 'SENDING';

const base = (id: number) => `/webhooks/${id}`;

/** The account's webhooks, newest first (needs `webhooks.manage`). */
export const useWebhooks = () =>
  useQuery({
    queryKey: webhookKeys.list(),
    queryFn: () => api.get<{ data: WebhookDto[] }>('/webhooks').then((r) => r.data),
    refetchInterval: (q) => (q.state.data?.some((w) => isUnderWay(w.last_delivery)) ? DELIVERY_POLL_MS : false),
  });

/** One webhook; its last delivery is followed while it is under way. */
export const useWebhook = (id: number, enabled = true) =>
  useQuery({
    queryKey: webhookKeys.detail(id),
    queryFn: () => api.get<One<WebhookDto>>(base(id)).then((r) => r.data),
    enabled,
    refetchInterval: (q) => (isUnderWay(q.state.data?.last_delivery) ? DELIVERY_POLL_MS : false),
  });

/** A page of a webhook's delivery log, newest first; read again every 2 s while one is pending or sending. */
export const useWebhookDeliveries = (id: number, params: DeliveryListParams) =>
  useQuery({
    queryKey: webhookKeys.deliveryList(id, params),
    queryFn: () =>
      api.get<Paginated<WebhookDeliveryDto>>(`${base(id)}/deliveries`, { query: params as unknown as QueryParams }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some(isUnderWay) ? DELIVERY_POLL_MS : false),
  });

/** One delivery with the payload sent and every attempt. */
export const useWebhookDelivery = (id: number, deliveryId: number | null) =>
  useQuery({
    queryKey: webhookKeys.delivery(id, deliveryId ?? 0),
    queryFn: () => api.get<One<WebhookDeliveryDetailDto>>(`${base(id)}/deliveries/${deliveryId}`).then((r) => r.data),
    enabled: deliveryId !== null,
    refetchInterval: (q) => (isUnderWay(q.state.data) ? DELIVERY_POLL_MS : false),
  });

/** A webhook mutation that refreshes every webhook query (lists, details, logs) afterwards. */
function useWebhooksMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }) });
}

/** Makes a webhook; the answer carries its signing secret, shown this once. */
export const useCreateWebhook = () =>
  useWebhooksMutation((body: WebhookBody) =>
    api.post<One<WebhookWithSecretDto>>('/webhooks', body).then((r) => r.data),
  );
/** Saves a webhook (turning `enabled` back on clears an automatic disable). */
export const useUpdateWebhook = () =>
  useWebhooksMutation(({ id, body }: { id: number; body: WebhookBody }) =>
    api.put<One<WebhookDto>>(base(id), body).then((r) => r.data),
  );
/** A new signing secret (shown once); the old one stops signing at once. */
export const useRotateWebhookSecret = () =>
  useWebhooksMutation((id: number) => api.post<One<WebhookWithSecretDto>>(`${base(id)}/secret`).then((r) => r.data));
/** Queues a `webhook.test` event for the webhook. */
export const useSendTestEvent = () =>
  useWebhooksMutation((id: number) => api.post<One<WebhookDeliveryDto>>(`${base(id)}/test`).then((r) => r.data));
/** Sends a delivery's event again (a new delivery, the same event id). */
export const useResendDelivery = () =>
  useWebhooksMutation(({ id, deliveryId }: { id: number; deliveryId: number }) =>
    api.post<One<WebhookDeliveryDto>>(`${base(id)}/deliveries/${deliveryId}/resend`).then((r) => r.data),
  );

/** Deletes a webhook; its detail is dropped rather than read again (it would answer 404). */
export const useDeleteWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(base(id)),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: webhookKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
};

/** The body that saves a webhook as it is, with changes. */
export const webhookBodyOf = (w: WebhookDto, patch: Partial<WebhookBody> = {}): WebhookBody => ({
  url: w.url,
  description: w.description,
  event_types: w.event_types,
  event_id: w.event_id,
  enabled: w.enabled,
  ...patch,
});
