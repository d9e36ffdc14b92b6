import { describe, expect, it } from 'vitest';

import {
  automationFieldErrors,
  automationValues,
  hoursOf,
  hoursRange,
  minutesOf,
  newReminderValues,
  offsetAllowed,
  toAutomationBody,
} from './automation-form';

const saved = {
  enabled: true,
  offset_minutes: 90,
  audience: 'CHECKED_IN' as const,
  message: 'See you there.',
  link_url: 'https://example.com/survey',
};

describe('automation form values', () => {
  it('shows minutes as hours with two decimals, and sends whole minutes back', () => {
    expect(hoursOf(2880)).toBe(48);
    expect(hoursOf(15)).toBe(0.25);
    expect(hoursOf(20)).toBe(0.33);
    expect(minutesOf(0.33)).toBe(20);
    expect(minutesOf(1.5)).toBe(90);
    expect(minutesOf(hoursOf(1000))).toBe(1000);
  });

  it("gives each kind's range in hours, and checks typed hours against it", () => {
    expect(hoursRange('REMINDER')).toEqual({ min: 0.25, max: 720 });
    expect(hoursRange('ABANDONED_CHECKOUT')).toEqual({ min: 0.25, max: 168 });
    expect(hoursRange('FOLLOW_UP')).toEqual({ min: 0, max: 720 });
    expect(offsetAllowed('REMINDER', 0.25)).toBe(true);
    expect(offsetAllowed('REMINDER', 0.2)).toBe(false);
    expect(offsetAllowed('REMINDER', 720)).toBe(true);
    expect(offsetAllowed('REMINDER', 720.5)).toBe(false);
    expect(offsetAllowed('ABANDONED_CHECKOUT', 200)).toBe(false);
    expect(offsetAllowed('FOLLOW_UP', 0)).toBe(true);
    expect(offsetAllowed('FOLLOW_UP', '')).toBe(false);
  });

  it('round-trips a saved automation; only the follow-up sends an audience and a link', () => {
    const values = automationValues(saved);
    expect(values).toEqual({
      enabled: true,
      hours: 1.5,
      audience: 'CHECKED_IN',
      message: 'See you there.',
      link_url: 'https://example.com/survey',
    });
    expect(toAutomationBody('FOLLOW_UP', values)).toEqual({
      kind: 'FOLLOW_UP',
      enabled: true,
      offset_minutes: 90,
      audience: 'CHECKED_IN',
      message: 'See you there.',
      link_url: 'https://example.com/survey',
    });
    expect(toAutomationBody('REMINDER', values)).toMatchObject({ audience: 'ALL', link_url: null });
  });

  it('sends empty texts as null and an emptied hours field as null (so the schema reports it)', () => {
    const values = automationValues({ ...saved, message: null, link_url: null });
    expect(values.message).toBe('');
    expect(values.link_url).toBe('');
    const body = toAutomationBody('FOLLOW_UP', { ...values, hours: '', message: '   ', link_url: ' ' });
    expect(body).toMatchObject({ offset_minutes: null, message: null, link_url: null });
  });

  it('starts a new reminder on, a day before, or at a time the event does not use yet', () => {
    expect(newReminderValues([])).toEqual({ enabled: true, hours: 24, audience: 'ALL', message: '', link_url: '' });
    const taken = [
      { kind: 'REMINDER' as const, offset_minutes: 1440 },
      { kind: 'FOLLOW_UP' as const, offset_minutes: 10080 },
    ];
    expect(newReminderValues(taken).hours).toBe(168);
    expect(newReminderValues([...taken, { kind: 'REMINDER', offset_minutes: 10080 }]).hours).toBe(4);
  });

  it("puts the API's offset error on the hours field and the rest aside", () => {
    expect(
      automationFieldErrors({
        offset_minutes: 'Choose between 15 and 43200 minutes.',
        message: 'Too long.',
        kind: 'An event has only one of these; change the one it has.',
      }),
    ).toEqual({
      fields: { hours: 'Choose between 15 and 43200 minutes.', message: 'Too long.' },
      rest: ['An event has only one of these; change the one it has.'],
    });
  });
});
