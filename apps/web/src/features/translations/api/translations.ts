import type { ContentTranslationBody, EventTranslationsDto, Locale, One } from '@admitone/shared';
import { type QueryKey, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { eventKeys } from '../../events/api/events';

export const translationKeys = {
  all: (eventId: number) => [...eventKeys.detail(eventId), 'translations'] as const,
};

const base = (eventId: number) => `/events/${eventId}/translations`;

export const fetchTranslations = (eventId: number) =>
  api.get<One<EventTranslationsDto>>(base(eventId)).then((r) => r.data);

export const translationsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: translationKeys.all(eventId), queryFn: () => fetchTranslations(eventId) });

/** The event's texts as written and in each language, with its tickets and questions. */
export const useEventTranslations = (eventId: number) => useQuery(translationsQueryOptions(eventId));

export const saveTranslation = (eventId: number, locale: Locale, body: ContentTranslationBody) =>
  api.put<One<EventTranslationsDto>>(`${base(eventId)}/${encodeURIComponent(locale)}`, body).then((r) => r.data);

const isTranslationsKey = (eventId: number, key: QueryKey) =>
  key.length >= 3 && key[1] === eventId && key[2] === 'translations';

/**
 * Saves every text of one language. The answer replaces the cached translations; the event's other
 * queries (the event, its tickets and questions carry their texts too) are refreshed.
 */
export function useSaveTranslation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ locale, body }: { locale: Locale; body: ContentTranslationBody }) =>
      saveTranslation(eventId, locale, body),
    onSuccess: (translations) => {
      queryClient.setQueryData(translationKeys.all(eventId), translations);
      return queryClient.invalidateQueries({
        queryKey: eventKeys.detail(eventId),
        predicate: (query) => !isTranslationsKey(eventId, query.queryKey),
      });
    },
  });
}
