import { describe, expect, it } from 'vitest';

import { dayOf, formatChosenDate, formatDayRange, formatSlot, monthWeeks } from './date-format';

describe('date-format', () => {
  it("names the day an instant falls on in the event's time zone", () => {
    // 23:30 UTC on the 5th is already the 6th in Berlin, still the 5th in New York.
    expect(dayOf('2027-03-05T23:30:00.000Z', 'Europe/Berlin')).toBe('2027-03-06');
    expect(dayOf('2027-03-05T23:30:00.000Z', 'America/New_York')).toBe('2027-03-05');
  });

  it('lays a month out in weeks from Monday, blank before the 1st and after the last day', () => {
    const february = monthWeeks('2027-02'); // 1 February 2027 is a Monday: four full weeks.
    expect(february).toHaveLength(4);
    expect(february[0]![0]).toBe('2027-02-01');
    const august = monthWeeks('2027-08'); // 1 August 2027 is a Sunday.
    expect(august[0]).toEqual([null, null, null, null, null, null, '2027-08-01']);
    expect(august.at(-1)!.filter(Boolean).at(-1)).toBe('2027-08-31');
  });

  it('writes dates and ranges in the language, with plain spaces', () => {
    const start = '2027-03-06T18:30:00.000Z';
    const end = '2027-03-06T20:00:00.000Z';
    expect(formatChosenDate(start, end, 'Europe/Berlin', 'de')).toBe('Samstag, 6. März 2027, 19:30–21:00 Uhr');
    expect(formatSlot(start, null, 'Europe/Berlin', 'en')).toBe('7:30 PM');
    expect(formatDayRange(start, '2027-06-12T18:30:00.000Z', 'Europe/Berlin', 'en')).toBe('Mar 6 – Jun 12, 2027');
    expect(formatSlot(start, end, 'Europe/Berlin', 'en')).not.toMatch(/[\u2009\u202f]/);
  });
});
