import { DEFAULT_QUESTIONS, type One, type Paginated, type QuestionBody, type QuestionDto } from '@admitone/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { eventKeys } from '../../events/api/events';

/** The list answer: custom questions in order, plus the fixed default ones. */
export type QuestionList = Paginated<QuestionDto> & { defaults: typeof DEFAULT_QUESTIONS };
export type DefaultQuestion = (typeof DEFAULT_QUESTIONS)[number];

export const questionKeys = {
  all: (eventId: number) => [...eventKeys.detail(eventId), 'questions'] as const,
};

const base = (eventId: number) => `/events/${eventId}/questions`;

export const fetchQuestions = (eventId: number) => api.get<QuestionList>(base(eventId));

export const questionsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: questionKeys.all(eventId), queryFn: () => fetchQuestions(eventId) });

/** The event's questions in their order, with the default ones. */
export const useQuestions = (eventId: number) => useQuery(questionsQueryOptions(eventId));

export const createQuestion = (eventId: number, body: QuestionBody) =>
  api.post<One<QuestionDto>>(base(eventId), body).then((r) => r.data);
export const updateQuestion = (eventId: number, id: number, body: QuestionBody) =>
  api.put<One<QuestionDto>>(`${base(eventId)}/${id}`, body).then((r) => r.data);
export const deleteQuestion = (eventId: number, id: number) => api.delete<void>(`${base(eventId)}/${id}`);
export const sortQuestions = (eventId: number, questionIds: number[]) =>
  api.put<Paginated<QuestionDto>>(`${base(eventId)}/sort`, { question_ids: questionIds }).then((r) => r.data);

function useQuestionMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all(eventId) }),
  });
}

/** Creates (no id) or changes (with id) a question. */
export const useSaveQuestion = (eventId: number) =>
  useQuestionMutation(eventId, ({ id, body }: { id?: number; body: QuestionBody }) =>
    id ? updateQuestion(eventId, id, body) : createQuestion(eventId, body),
  );

export const useDeleteQuestion = (eventId: number) =>
  useQuestionMutation(eventId, (id: number) => deleteQuestion(eventId, id));

/** Saves the order of ALL questions; the list shows it at once and rolls back if the server refuses. */
export function useSortQuestions(eventId: number) {
  const queryClient = useQueryClient();
  const key = questionKeys.all(eventId);
  return useMutation({
    mutationFn: (ids: number[]) => sortQuestions(eventId, ids),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<QuestionList>(key);
      if (previous) {
        const data = ids.map((id) => previous.data.find((q) => q.id === id)).filter((q): q is QuestionDto => !!q);
        queryClient.setQueryData<QuestionList>(key, { ...previous, data });
      }
      return { previous };
    },
    onError: (_e, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
