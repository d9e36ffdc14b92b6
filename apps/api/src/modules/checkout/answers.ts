import {
  ADDRESS_PARTS,
  type AddressAnswer,
  type AnswerInput,
  type AnswerValue,
  type FileAnswer,
  isAddressAnswer,
  isCountryCode,
  isFileAnswer,
  isPhoneNumber,
  normaliseNumberAnswer,
  type PublicQuestionDto,
  REQUIRED_ADDRESS_PARTS,
  YES_NO_ANSWERS,
} from '@admitone/shared';

import type { FieldIssues } from '../../shared/errors.js';

const isBlank = (v: AnswerInput | undefined) =>
  v === undefined ||
  (Array.isArray(v)
    ? v.length === 0
    : isFileAnswer(v)
      ? false
      : isAddressAnswer(v)
        ? ADDRESS_PARTS.every((p) => !v[p]?.trim())
        : v.trim() === '');

/** The uploaded files a FILE answer may name (checkout/answer-files.ts#answerFilesOf). */
export interface AnswerFiles {
  /** The answer of file `fileId` when it was uploaded for `questionId` here (this order, this attendee). */
  find(fileId: number, questionId: number): FileAnswer | null;
  /**
   * Whoever answers can upload (the buyer at checkout): a required FILE question must be answered. The
   * organizer and the buyer's later corrections cannot, so there it keeps what it has.
   */
  uploads: boolean;
}
export const NO_FILES: AnswerFiles = { find: () => null, uploads: false };
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/**
 * Checks the answers to the given questions: required ones answered, each answer of the shape its
 * type asks for (text lengths, a listed option, a subset of options, a real calendar date, a phone
 * number, a number, yes or no, an address with its street, city and country, a file uploaded for it).
 * Problems are added under `${prefix}<questionId>`. Returns the answers to store (blank ones dropped;
 * a file's as stored, whatever name or size was sent with its id).
 */
export function checkAnswers(
  asked: PublicQuestionDto[],
  given: Record<string, AnswerInput>,
  prefix: string,
  issues: FieldIssues,
  files: AnswerFiles = NO_FILES,
): Array<{ question_id: number; answer: AnswerValue }> {
  const out: Array<{ question_id: number; answer: AnswerValue }> = [];
  const add = (q: PublicQuestionDto, issue: FieldIssues[string][number]) =>
    (issues[`${prefix}${q.id}`] ??= []).push(issue);
  for (const q of asked) {
    const raw = given[String(q.id)];
    if (isBlank(raw)) {
      if (q.required && (q.type !== 'FILE' || files.uploads)) add(q, { key: 'required' });
      continue;
    }
    const value = raw!;
    if (isFileAnswer(value) && q.type !== 'FILE') {
      add(q, { key: 'invalid_type' });
      continue;
    }
    switch (q.type) {
      case 'SINGLE_LINE_TEXT':
      case 'MULTI_LINE_TEXT': {
        if (typeof value !== 'string') add(q, { key: 'invalid_type' });
        else if (value.trim().length > (q.type === 'SINGLE_LINE_TEXT' ? 500 : 5000))
          add(q, { key: 'too_long', values: { max: q.type === 'SINGLE_LINE_TEXT' ? 500 : 5000 } });
        else out.push({ question_id: q.id, answer: value.trim() });
        break;
      }
      case 'DROPDOWN':
      case 'RADIO': {
        if (typeof value !== 'string' || !q.options.includes(value)) add(q, { key: 'not_found_choice' });
        else out.push({ question_id: q.id, answer: value });
        break;
      }
      case 'CHECKBOX': {
        if (isAddressAnswer(value) || isFileAnswer(value)) {
          add(q, { key: 'invalid_type' });
          break;
        }
        const list = Array.isArray(value) ? value : [value];
        if (list.some((v) => !q.options.includes(v))) add(q, { key: 'not_found_choice' });
        else out.push({ question_id: q.id, answer: [...new Set(list)] });
        break;
      }
      case 'DATE': {
        if (typeof value !== 'string' || !validDate(value)) add(q, { key: 'invalid_date' });
        else out.push({ question_id: q.id, answer: value });
        break;
      }
      case 'PHONE': {
        if (typeof value !== 'string' || !isPhoneNumber(value.trim())) add(q, { key: 'invalid_phone' });
        else out.push({ question_id: q.id, answer: value.trim().replace(/\s+/g, ' ') });
        break;
      }
      case 'NUMBER': {
        const n = typeof value === 'string' ? normaliseNumberAnswer(value) : null;
        if (n === null) add(q, { key: 'invalid_number' });
        else out.push({ question_id: q.id, answer: n });
        break;
      }
      case 'ADDRESS': {
        if (!isAddressAnswer(value)) {
          add(q, { key: 'invalid_type' });
          break;
        }
        // Partly filled: the parts a letter needs are asked for, each under its own field.
        const parts = Object.fromEntries(
          ADDRESS_PARTS.map((p) => [p, (value[p] ?? '').trim()]),
        ) as unknown as AddressAnswer;
        const missing = REQUIRED_ADDRESS_PARTS.filter((p) => !parts[p]);
        for (const p of missing) (issues[`${prefix}${q.id}.${p}`] ??= []).push({ key: 'required' });
        if (parts.country && !isCountryCode(parts.country))
          (issues[`${prefix}${q.id}.country`] ??= []).push({ key: 'not_found_choice' });
        else if (!missing.length) out.push({ question_id: q.id, answer: parts });
        break;
      }
      case 'FILE': {
        const file = isFileAnswer(value) ? files.find(value.file_id, q.id) : null;
        if (!isFileAnswer(value)) add(q, { key: 'invalid_type' });
        else if (!file) add(q, { key: 'required' });
        else out.push({ question_id: q.id, answer: file });
        break;
      }
      case 'YES_NO': {
        if (typeof value !== 'string' || !(YES_NO_ANSWERS as readonly string[]).includes(value))
          add(q, { key: 'not_found_choice' });
        else out.push({ question_id: q.id, answer: value });
        break;
      }
    }
  }
  return out;
}

/** The attendee questions asked for a ticket (a question listing no tickets is asked for all). */
export const attendeeQuestionsFor = (questions: PublicQuestionDto[], ticketId: number) =>
  questions.filter(
    (q) => q.applies_to === 'ATTENDEE' && (q.ticket_ids.length === 0 || q.ticket_ids.includes(ticketId)),
  );

export const orderQuestions = (questions: PublicQuestionDto[]) => questions.filter((q) => q.applies_to === 'ORDER');
