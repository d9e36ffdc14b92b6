import type { MessageDetailDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { dueSoon } from './api/messages';
import {
  choiceOf,
  composerField,
  composerIssues,
  type ComposerValues,
  composerValues,
  toBody,
  toComposerErrors,
} from './composer-values';

const values = (patch: Partial<ComposerValues> = {}): ComposerValues => ({
  ...composerValues(),
  subject: 'Doors open at seven',
  body: '<p>Bring a jacket.</p>',
  acknowledged_not_promotional: true,
  ...patch,
});

const scheduled: MessageDetailDto = {
  id: 5,
  status: 'SCHEDULED',
  send_at: '2030-06-01T16:30:00.000Z',
  not_sent_reason: null,
  event_date_ids: [40],
  check_in: 'NOT_CHECKED_IN',
  answer_filter: { question_id: 9, value: 'Vegan' },
  subject: 'Doors open at seven',
  recipient_type: 'ALL_BUYERS',
  ticket_ids: [],
  order_id: null,
  order_number: null,
  attendee_ids: [],
  recipient_count: 0,
  counts: { sent: 0, queued: 0, failed: 0 },
  paced_until: null,
  is_test: false,
  send_copy_to_sender: true,
  sent_by: { id: 1, name: 'Ada Admin' },
  created_at: '2030-05-01T10:00:00.000Z',
  body: '<p>Bring a jacket.</p>',
  recipients: [],
};

describe('composer values', () => {
  it('sends the filters with the audiences they narrow, and not with one order or chosen attendees', () => {
    const filters = {
      event_date_ids: ['40', '41'],
      check_in: 'CHECKED_IN' as const,
      answer_question_id: '9',
      answer_value: ' Vegan ',
    };
    expect(toBody(values({ recipient_type: 'ALL_BUYERS', ...filters }))).toMatchObject({
      recipient_type: 'ALL_BUYERS',
      event_date_ids: [40, 41],
      check_in: 'CHECKED_IN',
      answer_filter: { question_id: 9, value: 'Vegan' },
      send_at: null,
    });
    expect(toBody(values({ recipient_type: 'ATTENDEES', attendee_ids: ['3'], ...filters }))).toMatchObject({
      attendee_ids: [3],
      event_date_ids: [],
      check_in: 'ANY',
      answer_filter: null,
    });
  });

  it('counts an answer filter once its answer is there (the answer as counted may lag the typing)', () => {
    const v = values({ answer_question_id: '9', answer_value: 'Vega' });
    expect(choiceOf(v, '').answer_filter).toBeNull();
    expect(choiceOf(v, 'Vegan').answer_filter).toEqual({ question_id: 9, value: 'Vegan' });
  });

  it("sends a scheduled time as the event's wall clock, and never for a test", () => {
    const later = values({ timing: 'LATER', send_at: '2030-06-01 18:30:00' });
    expect(toBody(later).send_at).toBe('2030-06-01T18:30');
    expect(toBody({ ...later, is_test: true }).send_at).toBeNull();
    expect(toBody({ ...later, timing: 'NOW' }).send_at).toBeNull();
  });

  it("asks for a time, in the future of the event's time zone, and for the answer of a chosen question", () => {
    // 16:00 UTC is 18:00 in Berlin (summer time).
    const now = new Date('2030-06-01T16:00:00.000Z');
    const issues = (patch: Partial<ComposerValues>) => composerIssues(values(patch), 'Europe/Berlin', now);
    expect(issues({ timing: 'LATER', send_at: null })).toEqual({ send_at: { key: 'required', values: {} } });
    expect(issues({ timing: 'LATER', send_at: '2030-06-01 18:00:00' }).send_at?.key).toBe('must_be_future');
    expect(issues({ timing: 'LATER', send_at: '2030-06-01 18:01:00' })).toEqual({});
    // A test goes at once: its time is not asked for.
    expect(issues({ timing: 'LATER', send_at: null, is_test: true })).toEqual({});
    expect(issues({ answer_question_id: '9', answer_value: ' ' }).answer_value?.key).toBe('required');
    expect(issues({ recipient_type: 'ATTENDEES', answer_question_id: '9', answer_value: '' })).toEqual({});
  });

  it("opens a scheduled message with its filters and its time in the event's time zone", () => {
    expect(composerValues({ editing: scheduled, timeZone: 'Europe/Berlin' })).toMatchObject({
      recipient_type: 'ALL_BUYERS',
      event_date_ids: ['40'],
      check_in: 'NOT_CHECKED_IN',
      answer_question_id: '9',
      answer_value: 'Vegan',
      timing: 'LATER',
      send_at: '2030-06-01 18:30:00',
      send_copy_to_sender: true,
      is_test: false,
      acknowledged_not_promotional: false,
    });
  });

  it("puts the answer filter's errors on its two fields", () => {
    expect(composerField('answer_filter.value')).toBe('answer_value');
    expect(composerField('answer_filter')).toBe('answer_question_id');
    expect(composerField('answer_filter.question_id')).toBe('answer_question_id');
    expect(toComposerErrors({ send_at: 'Choose a time in the future.', subject: 'Required' })).toEqual({
      send_at: 'Choose a time in the future.',
      subject: 'Required',
    });
  });
});

describe('dueSoon', () => {
  const now = Date.parse('2030-06-01T16:00:00.000Z');
  const at = (send_at: string) => [{ status: 'SCHEDULED' as const, send_at }];
  it('polls a scheduled message about to go or just due, not one far ahead or long overdue', () => {
    expect(dueSoon(at('2030-06-01T16:00:30.000Z'), now)).toBe(true);
    expect(dueSoon(at('2030-06-01T15:58:00.000Z'), now)).toBe(true);
    expect(dueSoon(at('2030-06-01T17:00:00.000Z'), now)).toBe(false);
    expect(dueSoon(at('2030-06-01T15:00:00.000Z'), now)).toBe(false);
    expect(dueSoon([{ status: 'SENT', send_at: '2030-06-01T16:00:30.000Z' }], now)).toBe(false);
  });
});
