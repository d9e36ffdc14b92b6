import { describe, expect, it } from 'vitest';

import { decimalString, neutraliseFormula, zonedDate, zonedStamp } from './export-sheet.js';

describe('export cells', () => {
  it('shows instants as wall-clock time of the event, across daylight-saving changes', () => {
    expect(zonedStamp(new Date('2026-06-01T17:30:00Z'), 'Europe/Berlin')).toBe('2026-06-01 19:30');
    expect(zonedStamp(new Date('2026-01-01T17:30:59Z'), 'Europe/Berlin')).toBe('2026-01-01 18:30');
    // Berlin springs forward at 01:00 UTC on 2026-03-29 (02:00 -> 03:00 local).
    expect(zonedStamp(new Date('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toBe('2026-03-29 01:59');
    expect(zonedStamp(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29 03:00');
    // Same quarter hour read again (cached offset), and zones with odd offsets.
    expect(zonedStamp(new Date('2026-03-29T01:07:00Z'), 'Europe/Berlin')).toBe('2026-03-29 03:07');
    expect(zonedStamp(new Date('2026-06-01T00:00:00Z'), 'Asia/Kathmandu')).toBe('2026-06-01 05:45');
    expect(zonedStamp(new Date('2026-06-01T00:00:00Z'), 'America/St_Johns')).toBe('2026-05-31 21:30');
    expect(zonedStamp(null, 'UTC')).toBeNull();
    expect(zonedDate(new Date('2026-11-21T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-22');
  });

  it('writes minor units as plain decimals in the currency', () => {
    expect(decimalString(1250, 2)).toBe('12.50');
    expect(decimalString(5, 2)).toBe('0.05');
    expect(decimalString(0, 2)).toBe('0.00');
    expect(decimalString(-1999, 2)).toBe('-19.99');
    expect(decimalString(1500, 0)).toBe('1500');
    expect(decimalString(1234, 3)).toBe('1.234');
  });

  it('keeps spreadsheet formulas from running', () => {
    for (const bad of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1']) expect(neutraliseFormula(bad)).toBe(`'${bad}`);
    expect(neutraliseFormula('Ada = 1')).toBe('Ada = 1');
  });
});
