import { describe, expect, it } from 'vitest';

import { formatDateRange, formatDateTime, formatEventDate, formatEventDateTime, toZonedPickerValue } from './dates.js';
import { currencySymbol, formatMoney, fromMinorUnits, toMinorUnits } from './money.js';
import {
  decimalSeparator,
  formatDecimal,
  formatFileSize,
  formatNumber,
  formatPercent,
  wholePercent,
} from './numbers.js';

const spaces = (s: string) => s.replace(/\s/g, ' ');

describe('money', () => {
  it('shows minor units with the digits of the currency, in the reader language', () => {
    expect(formatMoney(1999, 'EUR', 'en')).toBe('€19.99');
    expect(formatMoney(500, 'EUR', 'en')).toBe('€5.00');
    expect(spaces(formatMoney(1999, 'EUR', 'de'))).toBe('19,99 €');
    expect(formatMoney(1999, 'JPY', 'en')).toBe('¥1,999');
    expect(formatMoney(12345, 'BHD', 'en')).toMatch(/12\.345$/);
  });
  it('converts typed major units to integer minor units and back', () => {
    expect(toMinorUnits(19.99, 'EUR')).toBe(1999);
    expect(toMinorUnits(1.005, 'EUR')).toBe(101);
    expect(toMinorUnits(1500, 'JPY')).toBe(1500);
    expect(fromMinorUnits(2550, 'GBP')).toBe(25.5);
    expect(fromMinorUnits(1500, 'JPY')).toBe(1500);
  });
  it('names the symbol a money input shows', () => {
    expect(currencySymbol('EUR', 'en')).toBe('€');
    expect(currencySymbol('USD', 'fr')).toBe('$US');
  });
});

describe('file sizes', () => {
  it('names bytes, kilobytes and megabytes in the reader language (1 kB = 1,000 bytes)', () => {
    expect(formatFileSize(812, 'en')).toBe('812 byte');
    expect(formatFileSize(24_500, 'en')).toBe('24.5 kB');
    expect(spaces(formatFileSize(1_500_000, 'de'))).toBe('1,5 MB');
    expect(spaces(formatFileSize(5 * 1024 * 1024, 'fr'))).toBe('5,2 Mo');
  });
});

describe('numbers', () => {
  it('groups and separates as the language does', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatNumber(12345, 'de')).toBe('12.345');
    expect(spaces(formatNumber(12345, 'fr'))).toBe('12 345');
    expect(formatDecimal(4.56, 'de')).toBe('4,6');
    expect(decimalSeparator('pt-BR')).toBe(',');
    expect(decimalSeparator('zh-CN')).toBe('.');
  });
  it('shows percentages', () => {
    expect(formatPercent(0.125, 'en')).toBe('12.5%');
    expect(spaces(formatPercent(0.125, 'de'))).toBe('12,5 %');
    expect(formatPercent(0.07125, 'en', 3)).toBe('7.125%');
    expect(wholePercent(1, 3)).toBe(33);
    expect(wholePercent(5, 0)).toBe(0);
  });
});

describe('dates in a time zone', () => {
  it('shows an instant as the wall clock of the zone', () => {
    expect(formatDateTime('2026-03-12T18:30:00Z', 'Europe/Berlin', 'en-GB')).toBe('12 Mar 2026, 19:30');
    expect(formatDateTime(new Date('2026-03-12T18:30:00Z'), 'America/New_York', 'en-GB')).toBe('12 Mar 2026, 14:30');
    expect(toZonedPickerValue('2026-07-01T22:00:00Z', 'Europe/Berlin')).toBe('2026-07-02 00:00:00');
  });
  it('formats a range, or only the start without an end', () => {
    expect(formatDateRange('2026-03-12T18:30:00Z', null, 'UTC', 'en-GB')).toBe('12 Mar 2026, 18:30');
    expect(formatDateRange('2026-03-12T18:30:00Z', '2026-03-12T21:00:00Z', 'UTC', 'en-GB')).toMatch(
      /^12 Mar 2026, 18:30\s*–\s*21:00$/,
    );
  });
  it("names the event's zone only for a reader whose clock shows another time", () => {
    const iso = '2026-03-12T18:30:00Z';
    expect(formatEventDateTime(iso, 'Europe/Berlin', 'en', 'Europe/Paris')).toBe('Mar 12, 2026, 7:30 PM');
    expect(formatEventDateTime(iso, 'Europe/Berlin', 'de', 'Asia/Shanghai')).toBe('12.03.2026, 19:30 MEZ');
  });
  it('writes an event date out for mails, with its zone, across a daylight-saving change', () => {
    expect(spaces(formatEventDate('2026-03-28T18:30:00Z', '2026-03-29T18:30:00Z', 'Europe/Berlin', 'en'))).toBe(
      'Saturday, March 28, 2026 at 7:30 PM GMT+1 – Sunday, March 29, 2026 at 8:30 PM GMT+2',
    );
  });
});
