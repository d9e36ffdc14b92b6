import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { matchLocale, orderStatusColor, parseAcceptLanguage } from './enums.js';
import { createEventBody, registerBody } from './index.js';
import { currencyExponent, describeIssue, isValidCurrency, isValidTimezone } from './validation.js';

describe('locales', () => {
  it.each([
    [['de-AT', 'en'], 'de'],
    [['pt-BR'], 'pt-BR'],
    [['pt-PT'], 'pt'],
    [['pt'], 'pt'],
    [['zh-TW'], 'zh-CN'],
    [['zh-Hans-CN'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['en-US'], 'en'],
    [['ja-JP'], null],
    [['nl', 'fr-CA'], 'fr'],
    [['nl'], null],
    [[], null],
  ])('%j -> %s', (tags, expected) => expect(matchLocale(tags)).toBe(expected));

  it('orders Accept-Language by quality', () => {
    expect(parseAcceptLanguage('en;q=0.5, de-DE, fr;q=0.8, *')).toEqual(['de-DE', 'fr', 'en']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});

describe('validation helpers', () => {
  it('knows time zones and currencies', () => {
    expect(isValidTimezone('Europe/Berlin')).toBe(true);
    expect(isValidTimezone('Mars/Base')).toBe(false);
    expect(isValidCurrency('EUR')).toBe(true);
    expect(isValidCurrency('XYZ')).toBe(false);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('EUR')).toBe(2);
  });

  it('describes issues with neutral keys', () => {
    const r = registerBody.safeParse({
      name: '',
      email: 'x',
      password: 'a',
      password_confirmation: 'b',
      accept_terms: false,
    });
    expect(r.success).toBe(false);
    const keys = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), describeIssue(i)]));
    expect(keys).toEqual({
      name: { key: 'required', values: {} },
      email: { key: 'invalid_email', values: {} },
      password: { key: 'too_short', values: { min: 8 } },
      password_confirmation: { key: 'passwords_not_same', values: {} },
      accept_terms: { key: 'terms_required', values: {} },
    });
    const long = z.string().max(3).safeParse('abcd');
    expect(describeIssue(long.error!.issues[0]!)).toEqual({ key: 'too_long', values: { max: 3 } });
  });

  it('wants the end after the start', () => {
    const base = { title: 'x', organizer_id: 1, timezone: 'UTC', currency: 'usd' };
    expect(
      createEventBody.safeParse({ ...base, start_date: '2027-01-01T10:00', end_date: '2027-01-01 09:59' }).success,
    ).toBe(false);
    const ok = createEventBody.safeParse({ ...base, start_date: '2027-01-01T10:00', end_date: '2027-01-01T10:01' });
    expect(ok.success && ok.data.currency).toBe('USD');
  });

  it('colours order statuses as SPEC §4 says', () => {
    expect(orderStatusColor('AWAITING_PAYMENT')).toBe('orange');
    expect(orderStatusColor('REFUNDED')).toBe('red');
    expect(orderStatusColor('COMPLETED')).toBe('teal');
  });
});
