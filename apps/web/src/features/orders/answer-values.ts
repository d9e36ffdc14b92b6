import {
  ADDRESS_PARTS,
  type AdminAnswerDto,
  type AnswerValue,
  isAddressAnswer,
  isFileAnswer,
  type QuestionDto,
} from '@admitone/shared';

import { EMPTY_ADDRESS } from '../../components/AddressField';

export type AnswerValues = Record<string, AnswerValue>;

/** What a form needs of a question to ask it (the organizer's question, or one as buyers and the box office see it). */
export type AnswerQuestion = Pick<QuestionDto, 'id' | 'title' | 'type' | 'options' | 'required'>;

/** Questions a buyer is asked now (hidden ones are not), for the order or for an attendee of a ticket. */
export function askedQuestions(questions: QuestionDto[], scope: { order: true } | { ticketId: number }): QuestionDto[] {
  return questions.filter((q) => {
    if (q.is_hidden) return false;
    if ('order' in scope) return q.applies_to === 'ORDER';
    return q.applies_to === 'ATTENDEE' && (q.ticket_ids.length === 0 || q.ticket_ids.includes(scope.ticketId));
  });
}

/**
 * Form values for these questions from the given answers: a list for checkboxes, parts for an address, the
 * uploaded file for a file (sent back as it is: nobody uploads here), else text.
 */
export function answerValues(questions: AnswerQuestion[], answers: AdminAnswerDto[]): AnswerValues {
  const out: AnswerValues = {};
  for (const q of questions) {
    const given = answers.find((a) => a.question_id === q.id)?.answer;
    if (q.type === 'FILE' || isFileAnswer(given))
      out[String(q.id)] = q.type === 'FILE' && isFileAnswer(given) ? given : '';
    else if (q.type === 'ADDRESS') out[String(q.id)] = { ...EMPTY_ADDRESS, ...(isAddressAnswer(given) ? given : {}) };
    else if (isAddressAnswer(given)) out[String(q.id)] = '';
    else if (q.type === 'CHECKBOX') out[String(q.id)] = Array.isArray(given) ? given : given ? [given] : [];
    else out[String(q.id)] = Array.isArray(given) ? given.join(', ') : (given ?? '');
  }
  return out;
}

const normalise = (v: AnswerValue | undefined) =>
  Array.isArray(v)
    ? [...v].sort().join('\u0000')
    : isFileAnswer(v)
      ? `file:${v.file_id}`
      : isAddressAnswer(v)
        ? ADDRESS_PARTS.map((p) => v[p].trim()).join('\u0000')
        : (v ?? '').trim();

/**
 * True when any answer differs: only then are answers sent (the server replaces them all, and checks required ones).
 */
export function answersChanged(before: AnswerValues, after: AnswerValues): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].some((k) => normalise(before[k]) !== normalise(after[k]));
}
