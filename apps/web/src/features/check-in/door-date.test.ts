import type { CheckInDateDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { chosenDoorDate, defaultDoorDate, doorDateStore, formatDoorDate } from './door-date';

const BERLIN = 'Europe/Berlin';
const date = (id: number, start: string, extra: Partial<CheckInDateDto> = {}): CheckInDateDto => ({
  id,
  start_date: start,
  end_date: null,
  label: null,
  status: 'ON_SALE',
  ...extra,
});
/** A run in Berlin: 1 June; a matinee and an evening on 2 June; a weekend festival 5-7 June; a cancelled 9 June. */
const run = [
  date(1, '2027-06-01T17:00:00Z'),
  date(2, '2027-06-02T12:00:00Z', { label: 'Matinee' }),
  date(3, '2027-06-02T17:30:00Z', { label: 'Evening' }),
  date(4, '2027-06-05T08:00:00Z', { end_date: '2027-06-07T20:00:00Z' }),
  date(5, '2027-06-09T17:00:00Z', { status: 'CANCELLED' }),
];
const at = (iso: string) => defaultDoorDate(run, new Date(iso), BERLIN);

describe('the date a door opens on', () => {
  it("is the date running today in the event's time zone, the one starting nearest to now", () => {
    // 2 June, 12:00 and 18:00 in Berlin: the matinee, then the evening.
    expect(at('2027-06-02T10:00:00Z')).toBe(2);
    expect(at('2027-06-02T16:00:00Z')).toBe(3);
    // 1 June, 00:30 in Berlin (still 31 May in UTC): that day's date.
    expect(at('2027-05-31T22:30:00Z')).toBe(1);
    // The festival runs from its start's day to its end's.
    expect(at('2027-06-06T10:00:00Z')).toBe(4);
  });

  it('else the next one ahead, else the last, leaving cancelled ones out while others remain', () => {
    expect(at('2027-05-20T10:00:00Z')).toBe(1);
    expect(at('2027-06-03T10:00:00Z')).toBe(4);
    // The 9th is cancelled: after the festival the last one still on is kept.
    expect(at('2027-06-09T18:00:00Z')).toBe(4);
    expect(at('2027-07-01T10:00:00Z')).toBe(4);
    expect(defaultDoorDate([date(7, '2027-06-01T17:00:00Z', { status: 'CANCELLED' })], new Date(), BERLIN)).toBe(7);
    expect(defaultDoorDate([], new Date(), BERLIN)).toBeNull();
  });

  it('is the one chosen for the event in this tab while it is still one of its dates', () => {
    const now = new Date('2027-06-02T10:00:00Z');
    expect(chosenDoorDate(7, run, now, BERLIN)).toBe(2);
    doorDateStore.set(7, 4);
    expect(chosenDoorDate(7, run, now, BERLIN)).toBe(4);
    expect(chosenDoorDate(8, run, now, BERLIN)).toBe(2);
    doorDateStore.set(7, 99);
    expect(chosenDoorDate(7, run, now, BERLIN)).toBe(2);
  });

  it("is named by its start with the weekday, in the event's time zone and the reader's language, and its label", () => {
    expect(formatDoorDate(run[2]!, BERLIN, 'en')).toBe('Wed, Jun 2, 2027, 7:30 PM · Evening');
    expect(formatDoorDate(run[0]!, BERLIN, 'de')).toBe('Di., 1. Juni 2027, 19:00');
  });
});
