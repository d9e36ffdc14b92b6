import {
  CHOICE_QUESTION_TYPES,
  type IssueDescriptor,
  type MessageCheckInFilter,
  type MessageDetailDto,
  type MessageRecipientType,
  type QuestionDto,
  type QuestionType,
  type SendMessageBody,
  toZonedPickerValue,
} from '@admitone/shared';

import { toWallClock } from '../../lib/format';
import { type RecipientChoice, takesFilters } from './api/messages';

/** Send at once, or at a chosen time. */
export type SendTiming = 'NOW' | 'LATER';

/** The composer's fields as its form holds them (ids as text for the selects, the time as a picker value). */
export interface ComposerValues {
  recipient_type: MessageRecipientType;
  ticket_ids: string[];
  order_id: string | null;
  attendee_ids: string[];
  /** Filters (all attendees, ticket holders, all buyers): the dates, the check-in state, an answer. */
  event_date_ids: string[];
  check_in: MessageCheckInFilter;
  answer_question_id: string | null;
  answer_value: string;
  subject: string;
  body: string;
  timing: SendTiming;
  /** With LATER: "YYYY-MM-DD HH:mm:ss", the wall clock in the event's time zone. */
  send_at: string | null;
  is_test: boolean;
  send_copy_to_sender: boolean;
  acknowledged_not_promotional: boolean;
}

/** What a composer opened from elsewhere starts with (the orders screen: one order's buyer). */
export interface ComposerPreset {
  recipient_type: MessageRecipientType;
  order_id?: number;
  /** How to show the preset order before any search, e.g. its number and buyer. */
  order_label?: string;
}

/** The question types an answer filter offers: those answered by a choice, yes or no, or text. */
export const FILTERABLE_QUESTION_TYPES: readonly QuestionType[] = [
  ...CHOICE_QUESTION_TYPES,
  'YES_NO',
  'SINGLE_LINE_TEXT',
  'MULTI_LINE_TEXT',
  'NUMBER',
];
export const canFilterBy = (q: Pick<QuestionDto, 'type'>) => FILTERABLE_QUESTION_TYPES.includes(q.type);
/** A question whose answers are picked from a list (its options, or yes and no), not typed. */
export const answeredByChoice = (q: Pick<QuestionDto, 'type'>) =>
  CHOICE_QUESTION_TYPES.includes(q.type) || q.type === 'YES_NO';

/** A new message's fields, or a scheduled message's (`editing`, its time shown in the event's zone). */
export function composerValues(
  options: { preset?: ComposerPreset; editing?: MessageDetailDto; timeZone?: string } = {},
): ComposerValues {
  const { preset, editing: m, timeZone } = options;
  if (m) {
    return {
      recipient_type: m.recipient_type,
      ticket_ids: m.ticket_ids.map(String),
      order_id: m.order_id === null ? null : String(m.order_id),
      attendee_ids: m.attendee_ids.map(String),
      event_date_ids: m.event_date_ids.map(String),
      check_in: m.check_in,
      answer_question_id: m.answer_filter ? String(m.answer_filter.question_id) : null,
      answer_value: m.answer_filter?.value ?? '',
      subject: m.subject,
      body: m.body,
      timing: m.send_at ? 'LATER' : 'NOW',
      send_at: m.send_at && timeZone ? toZonedPickerValue(m.send_at, timeZone) : null,
      is_test: false,
      send_copy_to_sender: m.send_copy_to_sender,
      // Asked again: the text may have changed.
      acknowledged_not_promotional: false,
    };
  }
  return {
    recipient_type: preset?.recipient_type ?? 'ALL_ATTENDEES',
    ticket_ids: [],
    order_id: preset?.order_id ? String(preset.order_id) : null,
    attendee_ids: [],
    event_date_ids: [],
    check_in: 'ANY',
    answer_question_id: null,
    answer_value: '',
    subject: '',
    body: '',
    timing: 'NOW',
    send_at: null,
    is_test: false,
    send_copy_to_sender: false,
    acknowledged_not_promotional: false,
  };
}

/** An answer filter's question is chosen, its answer not yet. */
export const answerPending = (v: Pick<ComposerValues, 'answer_question_id' | 'answer_value'>) =>
  v.answer_question_id !== null && !v.answer_value.trim();

/** Goes at a chosen time: scheduling was chosen, and it is no test (a test always goes at once). */
export const isScheduled = (v: Pick<ComposerValues, 'timing' | 'is_test'>) => v.timing === 'LATER' && !v.is_test;

/**
 * Who the message goes to, with its filters where the audience takes them (`answerValue`: the answer as
 * counted, e.g. debounced while typed). An answer filter counts once its answer is there.
 */
export function choiceOf(v: ComposerValues, answerValue: string = v.answer_value): RecipientChoice {
  const type = v.recipient_type;
  const filtered = takesFilters(type);
  const answer = answerValue.trim();
  return {
    recipient_type: type,
    ticket_ids: type === 'TICKET_HOLDERS' ? v.ticket_ids.map(Number) : [],
    order_id: type === 'ORDER_BUYER' && v.order_id ? Number(v.order_id) : null,
    attendee_ids: type === 'ATTENDEES' ? v.attendee_ids.map(Number) : [],
    event_date_ids: filtered ? v.event_date_ids.map(Number) : [],
    check_in: filtered ? v.check_in : 'ANY',
    answer_filter:
      filtered && v.answer_question_id && answer ? { question_id: Number(v.answer_question_id), value: answer } : null,
  };
}

/** The request body of a send (POST) or of a change to a scheduled message (PUT). */
export const toBody = (v: ComposerValues): SendMessageBody => ({
  ...choiceOf(v),
  subject: v.subject,
  body: v.body,
  send_at: isScheduled(v) ? toWallClock(v.send_at) : null,
  is_test: v.is_test,
  send_copy_to_sender: v.send_copy_to_sender,
  acknowledged_not_promotional: v.acknowledged_not_promotional as true,
});

/**
 * What the body's schema cannot see in the form: a chosen question without its answer, and a schedule
 * without a time or with one already past in the event's time zone (the server checks again, as it checks
 * a time the clocks skip).
 */
export function composerIssues(
  v: ComposerValues,
  timeZone: string,
  now: Date = new Date(),
): Partial<Record<'answer_value' | 'send_at', IssueDescriptor>> {
  const issues: Partial<Record<'answer_value' | 'send_at', IssueDescriptor>> = {};
  if (takesFilters(v.recipient_type) && answerPending(v)) issues.answer_value = { key: 'required', values: {} };
  if (isScheduled(v)) {
    if (!v.send_at) issues.send_at = { key: 'required', values: {} };
    else if (v.send_at <= toZonedPickerValue(now, timeZone)) issues.send_at = { key: 'must_be_future', values: {} };
  }
  return issues;
}

/** A body field's error as the form names it (the answer filter is two fields there). */
export function composerField(bodyPath: string): string {
  if (bodyPath === 'answer_filter.value') return 'answer_value';
  if (bodyPath === 'answer_filter' || bodyPath.startsWith('answer_filter.')) return 'answer_question_id';
  return bodyPath;
}

/** Errors keyed by body paths, keyed by the form's fields. */
export const toComposerErrors = (errors: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([key, text]) => [composerField(key), text]));
