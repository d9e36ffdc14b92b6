import type { QuestionDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { answersChanged, answerValues, askedQuestions } from './answer-values';

const q = (id: number, patch: Partial<QuestionDto>): QuestionDto =>
  ({
    id,
    event_id: 1,
    title: `Q${id}`,
    description: null,
    type: 'SINGLE_LINE_TEXT',
    options: [],
    required: false,
    is_hidden: false,
    applies_to: 'ATTENDEE',
    ticket_ids: [],
    sort_order: id,
    created_at: '',
    ...patch,
  }) as QuestionDto;

const questions = [
  q(1, { applies_to: 'ORDER', type: 'RADIO', options: ['A', 'B'] }),
  q(2, { type: 'CHECKBOX', options: ['X', 'Y'] }),
  q(3, { ticket_ids: [7] }),
  q(4, { is_hidden: true }),
  q(5, { applies_to: 'ORDER', is_hidden: true }),
];

describe('answer values', () => {
  it('asks order questions, or the attendee questions of a ticket, never hidden ones', () => {
    expect(askedQuestions(questions, { order: true }).map((x) => x.id)).toEqual([1]);
    expect(askedQuestions(questions, { ticketId: 7 }).map((x) => x.id)).toEqual([2, 3]);
    expect(askedQuestions(questions, { ticketId: 8 }).map((x) => x.id)).toEqual([2]);
  });

  it('fills form values from answers: lists for checkboxes, text otherwise, blanks when unanswered', () => {
    const values = answerValues(askedQuestions(questions, { ticketId: 7 }), [
      { question_id: 2, question_title: 'Q2', question_type: 'CHECKBOX', attendee_id: 9, answer: ['Y'] },
    ]);
    expect(values).toEqual({ 2: ['Y'], 3: '' });
  });

  it('keeps an uploaded file as it is (only the buyer uploads), and sees no change while it stays', () => {
    const file = { file_id: 41, name: 'card.pdf', size: 2048, type: 'application/pdf' };
    const values = answerValues(
      [q(6, { type: 'FILE' }), q(7, { type: 'FILE' })],
      [{ question_id: 6, question_title: 'Q6', question_type: 'FILE', attendee_id: 9, answer: file }],
    );
    expect(values).toEqual({ 6: file, 7: '' });
    expect(answersChanged(values, { ...values, 6: { ...file } })).toBe(false);
    expect(answersChanged(values, { ...values, 6: '' })).toBe(true);
  });

  it('sees a change only when an answer really differs', () => {
    expect(answersChanged({ 1: 'A', 2: ['X', 'Y'] }, { 1: ' A ', 2: ['Y', 'X'] })).toBe(false);
    expect(answersChanged({ 2: [] }, { 2: '' })).toBe(false);
    expect(answersChanged({ 1: 'A' }, { 1: 'B' })).toBe(true);
    expect(answersChanged({ 2: ['X'] }, { 2: ['X', 'Y'] })).toBe(true);
  });
});
