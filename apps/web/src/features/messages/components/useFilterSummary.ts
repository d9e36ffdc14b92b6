import { formatOrderDate, type MessageSummaryDto } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';

import { useEventDates } from '../../event-dates/api/event-dates';
import { useQuestions } from '../../questions/api/questions';

type Filtered = Pick<MessageSummaryDto, 'event_date_ids' | 'check_in' | 'answer_filter'>;

/**
 * The filters a message was narrowed by, one phrase each ("Dates: 12 Mar 2027, 19:30", "Checked in only",
 * "Answer to “Diet”: Vegan"); none when it was not narrowed.
 */
export function useFilterSummary(eventId: number, timeZone: string) {
  const { t, i18n } = useLingui();
  const dates = useEventDates(eventId).data;
  const questions = useQuestions(eventId).data?.data;
  const locale = i18n.locale;
  return useCallback(
    (m: Filtered): string[] => {
      const out: string[] = [];
      if (m.event_date_ids.length) {
        const known = (dates ?? []).filter((d) => m.event_date_ids.includes(d.id));
        const names = known.map((d) => formatOrderDate(d, timeZone, locale)).join('; ');
        const count = m.event_date_ids.length;
        out.push(known.length === count ? t`Dates: ${names}` : t`Dates: ${count} chosen`);
      }
      if (m.check_in === 'CHECKED_IN') out.push(t`Checked in only`);
      if (m.check_in === 'NOT_CHECKED_IN') out.push(t`Not checked in only`);
      const answer = m.answer_filter;
      if (answer) {
        const question = questions?.find((q) => q.id === answer.question_id);
        const value =
          question?.type === 'YES_NO' && (answer.value === 'yes' || answer.value === 'no')
            ? answer.value === 'yes'
              ? t`Yes`
              : t`No`
            : answer.value;
        const title = question?.title;
        out.push(title ? t`Answer to “${title}”: ${value}` : t`Answer to a question: ${value}`);
      }
      return out;
    },
    [t, dates, questions, timeZone, locale],
  );
}
