import { describe, expect, it } from 'vitest';

import {
  formatDateRange,
  formatDateTime,
  formatEventDateTime,
  formatMoney,
  fromMinorUnits,
  toMinorUnits,
  toWallClock,
  toZonedPickerValue,
} from './format';

describe('toWallClock', () => {
  it('turns a picker value into the API form', () => {
    expect(toWallClock('2026-12-31 19:30:00')).toBe('2026-12-31T19:30');
    expect(toWallClock('2026-12-31T08:05')).toBe('2026-12-31T08:05');
    expect(toWallClock(null)).toBeNull();
    expect(toWallClock('yesterday')).toBeNull();
  });
});

describe('toZonedPickerValue', () => {
  it('gives the wall clock of the event time zone, midnight as 00', () => {
    expect(toZonedPickerValue('2026-03-12T18:30:00Z', 'Europe/Berlin')).toBe('2026-03-12 19:30:00');
    expect(toZonedPickerValue('2026-03-12T05:00:00Z', 'America/New_York')).toBe('2026-03-12 01:00:00');
    expect(toZonedPickerValue('2026-07-01T22:00:00Z', 'Europe/Berlin')).toBe('2026-07-02 00:00:00');
  });
});

describe('dates in the event time zone', () => {
  it('shows a UTC instant as wall-clock time of the zone', () => {
    expect(formatDateTime('2026-03-12T18:30:00Z', 'Europe/Berlin', 'en-GB')).toBe('12 Mar 2026, 19:30');
    expect(formatDateTime('2026-03-12T18:30:00Z', 'America/New_York', 'en-GB')).toBe('12 Mar 2026, 14:30');
  });
  it('formats a range, or only the start without an end', () => {
    expect(formatDateRange('2026-03-12T18:30:00Z', null, 'UTC', 'en-GB')).toBe('12 Mar 2026, 18:30');
    expect(formatDateRange('2026-03-12T18:30:00Z', '2026-03-12T21:00:00Z', 'UTC', 'en-GB')).toMatch(
      /^12 Mar 2026, 18:30\s*–\s*21:00$/,
    );
  });
});

describe('formatMoney', () => {
  it('respects the currency exponent', () => {
    expect(formatMoney(1999, 'EUR', 'en')).toBe('€19.99');
    expect(formatMoney(1999, 'JPY', 'en')).toBe('¥1,999');
  });
});

describe('minor units', () => {
  it('converts typed major units to integer minor units and back, per currency exponent', () => {
    expect(toMinorUnits(19.99, 'EUR')).toBe(1999);
    expect(toMinorUnits(1.005, 'EUR')).toBe(101);
    expect(toMinorUnits(1500, 'JPY')).toBe(1500);
    expect(fromMinorUnits(2550, 'GBP')).toBe(25.5);
    expect(fromMinorUnits(1500, 'JPY')).toBe(1500);
  });
});

describe('formatEventDateTime', () => {
  it("names the event's zone only when the reader's clock shows another time", () => {
    const iso = '2026-03-12T18:30:00Z';
    expect(formatEventDateTime(iso, 'Europe/Berlin', 'en', 'Europe/Berlin')).toBe('Mar 12, 2026, 7:30 PM');
    // Another zone at the same offset that day reads the same: nothing to name.
    expect(formatEventDateTime(iso, 'Europe/Berlin', 'en', 'Europe/Paris')).toBe('Mar 12, 2026, 7:30 PM');
    expect(formatEventDateTime(iso, 'Europe/Berlin', 'en', 'America/New_York').replace(/\s/g, ' ')).toBe(
      'Mar 12, 2026, 7:30 PM GMT+1',
    );
    expect(formatEventDateTime(iso, 'Europe/Berlin', 'de', 'Asia/Shanghai')).toBe('12.03.2026, 19:30 MEZ');
  });
});
