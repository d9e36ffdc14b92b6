import { dateRuleBody, toZonedPickerValue } from '@admitone/shared';
import { timesOfDay } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { previewRule } from './date-rule-preview';
import { availabilityOf, shiftMonth, toDateRows } from './event-date-view';

const rule = (input: Record<string, unknown>) => dateRuleBody.parse(input);

describe('previewRule', () => {
  it('makes a weekly run on chosen days at each time, leaving out exceptions', () => {
    const preview = previewRule(
      rule({
        frequency: 'WEEKLY',
        weekdays: ['TH', 'SA'],
        start_on: '2027-03-01',
        count: 6,
        times: ['19:30', '15:00'],
        exceptions: ['2027-03-06'],
      }),
    );
    // Six days (the exception counts towards them, as EXDATE does), one of them left out, two times each.
    expect(preview.count).toBe(10);
    expect(preview.first).toEqual([
      '2027-03-04T15:00',
      '2027-03-04T19:30',
      '2027-03-11T15:00',
      '2027-03-11T19:30',
      '2027-03-13T15:00',
    ]);
  });

  it('keeps the wall clock across a daylight-saving change', () => {
    const preview = previewRule(
      rule({ frequency: 'DAILY', start_on: '2027-03-27', until: '2027-03-29', times: ['19:30'] }),
    );
    expect(preview.all).toEqual(['2027-03-27T19:30', '2027-03-28T19:30', '2027-03-29T19:30']);
  });

  it('finds the nth weekday of a month, or the same day of the month', () => {
    const nth = previewRule(
      rule({
        frequency: 'MONTHLY',
        monthly_nth: { nth: -1, weekday: 'FR' },
        start_on: '2027-01-01',
        count: 3,
        times: ['20:00'],
      }),
    );
    expect(nth.all).toEqual(['2027-01-29T20:00', '2027-02-26T20:00', '2027-03-26T20:00']);
    const sameDay = previewRule(rule({ frequency: 'MONTHLY', start_on: '2027-01-31', count: 3, times: ['20:00'] }));
    expect(sameDay.all).toEqual(['2027-01-31T20:00', '2027-03-31T20:00', '2027-05-31T20:00']);
  });

  it('makes time slots and stops one past the most an event may hold', () => {
    expect(timesOfDay({ times: null, slots: { from: '10:00', to: '11:30', every_minutes: 30 } })).toEqual([
      '10:00',
      '10:30',
      '11:00',
    ]);
    const many = previewRule(
      rule({
        frequency: 'DAILY',
        start_on: '2027-01-01',
        until: '2030-12-31',
        slots: { from: '10:00', to: '17:00', every_minutes: 30 },
      }),
    );
    expect(many.count).toBe(5001);
    expect(many.capped).toBe(true);
  });
});

describe('date rows', () => {
  it('read the same wall clock as the shared formatter, across daylight-saving changes', () => {
    for (const zone of ['Europe/Berlin', 'America/Sao_Paulo', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC']) {
      // Every 113 minutes for 400 days: the changes of a year (Lord Howe's by half an hour) and odd times.
      const dates = Array.from({ length: 5_100 }, (_, i) => ({
        id: i + 1,
        event_id: 7,
        start_date: new Date(Date.parse('2026-12-31T23:59:00.000Z') + i * 113 * 60_000).toISOString(),
        end_date: null,
        label: null,
        location: null,
        status: 'ON_SALE' as const,
        capacity: null,
        taken: 0,
        created_at: '2026-01-01T00:00:00.000Z',
      }));
      const rows = toDateRows(dates, zone);
      const wrong = rows.filter((r) => `${r.day} ${r.time}:00` !== toZonedPickerValue(r.start_date, zone));
      expect(wrong.slice(0, 3), zone).toEqual([]);
    }
  }, 20_000);

  it('read the wall clock in the event zone and how much is left', () => {
    const [row] = toDateRows(
      [
        {
          id: 1,
          event_id: 7,
          start_date: '2027-03-28T17:30:00.000Z',
          end_date: '2027-03-28T20:00:00.000Z',
          label: null,
          location: null,
          status: 'ON_SALE',
          capacity: 100,
          taken: 95,
          created_at: '2026-01-01T00:00:00.000Z',
        },
      ],
      'Europe/Berlin',
    );
    expect(row).toMatchObject({ day: '2027-03-28', month: '2027-03', time: '19:30', endTime: '22:00' });
    expect(availabilityOf(row!)).toBe('FEW_LEFT');
    expect(availabilityOf({ status: 'ON_SALE', capacity: 100, taken: 50 })).toBe('ON_SALE');
    expect(availabilityOf({ status: 'ON_SALE', capacity: 100, taken: 100 })).toBe('SOLD_OUT');
    expect(availabilityOf({ status: 'HIDDEN', capacity: null, taken: 0 })).toBe('UNAVAILABLE');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
  });
});
