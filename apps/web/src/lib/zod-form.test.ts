import { createEventBody, type IssueDescriptor, registerBody } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { zodFormErrors } from './zod-form';

const translate = (issue: IssueDescriptor) => [issue.key, ...Object.values(issue.values)].join(':');

describe('zodFormErrors', () => {
  it('returns no errors for valid values', () => {
    const values = {
      name: 'Ada',
      email: 'ada@example.com',
      password: 'longenough',
      password_confirmation: 'longenough',
      accept_terms: true,
    };
    expect(zodFormErrors(registerBody, values, translate)).toEqual({});
  });

  it('keys errors by field with the first problem of each field', () => {
    const values = { name: '', email: 'nope', password: 'short', password_confirmation: 'other', accept_terms: false };
    expect(zodFormErrors(registerBody, values, translate)).toEqual({
      name: 'required',
      email: 'invalid_email',
      password: 'too_short:8',
      password_confirmation: 'passwords_not_same',
      accept_terms: 'terms_required',
    });
  });

  it('reports "passwords not the same" on the confirmation', () => {
    const values = {
      name: 'Ada',
      email: 'ada@example.com',
      password: 'longenough',
      password_confirmation: 'different',
      accept_terms: true,
    };
    expect(zodFormErrors(registerBody, values, translate)).toEqual({ password_confirmation: 'passwords_not_same' });
  });

  it('maps missing values and the end-before-start rule of events', () => {
    const base = {
      title: 'Gig',
      organizer_id: 1,
      start_date: '2026-05-01T20:00',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
    };
    expect(zodFormErrors(createEventBody, { ...base, organizer_id: undefined }, translate)).toEqual({
      organizer_id: 'required',
    });
    expect(zodFormErrors(createEventBody, { ...base, end_date: '2026-05-01T19:00' }, translate)).toEqual({
      end_date: 'end_before_start',
    });
    expect(zodFormErrors(createEventBody, { ...base, timezone: 'Mars/Base' }, translate)).toEqual({
      timezone: 'invalid_timezone',
    });
  });
});
