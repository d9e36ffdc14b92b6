import { type DateRuleBody, dateRuleBody, timesOfDay } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { utcToZoned } from '../../shared/dates.js';
import { expandRule, EXPANSION_CAP } from './date-rules.js';

const rule = (body: DateRuleBody) => dateRuleBody.parse(body);
const starts = (body: DateRuleBody, tz = 'Europe/Berlin') =>
  expandRule(rule(body), tz).map((o) => o.start.toISOString());
const wallClock = (body: DateRuleBody, tz: string) => expandRule(rule(body), tz).map((o) => utcToZoned(o.start, tz));

describe('expandRule', () => {
  it('makes a weekly rule on Tuesdays and Thursdays until a day (that day included)', () => {
    // 2026-09-01 is a Tuesday; summer time in Berlin (UTC+2).
    expect(
      starts({
        frequency: 'WEEKLY',
        weekdays: ['TU', 'TH'],
        start_on: '2026-09-01',
        until: '2026-09-17',
        times: ['19:30'],
      }),
    ).toEqual([
      '2026-09-01T17:30:00.000Z',
      '2026-09-03T17:30:00.000Z',
      '2026-09-08T17:30:00.000Z',
      '2026-09-10T17:30:00.000Z',
      '2026-09-15T17:30:00.000Z',
      '2026-09-17T17:30:00.000Z',
    ]);
  });

  it('skips weeks with an interval and starts on the first matching day', () => {
    // 2026-09-02 is a Wednesday: its week's Tuesday is before the start, so the first date is Thursday.
    expect(
      wallClock(
        {
          frequency: 'WEEKLY',
          interval: 2,
          weekdays: ['TU', 'TH'],
          start_on: '2026-09-02',
          count: 3,
          times: ['20:00'],
        },
        'Europe/Berlin',
      ),
    ).toEqual(['2026-09-03T20:00', '2026-09-15T20:00', '2026-09-17T20:00']);
  });

  it('makes a daily rule a number of days, each at every time given, in order', () => {
    expect(
      wallClock({ frequency: 'DAILY', start_on: '2026-12-30', count: 3, times: ['19:30', '14:00'] }, 'Europe/Berlin'),
    ).toEqual([
      '2026-12-30T14:00',
      '2026-12-30T19:30',
      '2026-12-31T14:00',
      '2026-12-31T19:30',
      '2027-01-01T14:00',
      '2027-01-01T19:30',
    ]);
  });

  it('keeps a daily rule to the weekdays given', () => {
    // 2026-09-04 is a Friday.
    expect(
      wallClock(
        { frequency: 'DAILY', weekdays: ['MO', 'FR'], start_on: '2026-09-04', until: '2026-09-14', times: ['09:00'] },
        'UTC',
      ),
    ).toEqual(['2026-09-04T09:00', '2026-09-07T09:00', '2026-09-11T09:00', '2026-09-14T09:00']);
  });

  it('makes a monthly rule on the 2nd Saturday', () => {
    expect(
      wallClock(
        {
          frequency: 'MONTHLY',
          monthly_nth: { nth: 2, weekday: 'SA' },
          start_on: '2026-01-01',
          count: 4,
          times: ['11:00'],
        },
        'Europe/Berlin',
      ),
    ).toEqual(['2026-01-10T11:00', '2026-02-14T11:00', '2026-03-14T11:00', '2026-04-11T11:00']);
  });

  it('makes a monthly rule on the last Friday', () => {
    expect(
      wallClock(
        {
          frequency: 'MONTHLY',
          monthly_nth: { nth: -1, weekday: 'FR' },
          start_on: '2026-01-01',
          until: '2026-05-31',
          times: ['21:00'],
        },
        'Europe/Berlin',
      ),
    ).toEqual(['2026-01-30T21:00', '2026-02-27T21:00', '2026-03-27T21:00', '2026-04-24T21:00', '2026-05-29T21:00']);
  });

  it("makes a monthly rule on the start's day of the month, skipping months without it", () => {
    expect(
      wallClock({ frequency: 'MONTHLY', start_on: '2026-01-31', count: 3, times: ['18:00'] }, 'Europe/Berlin'),
    ).toEqual(['2026-01-31T18:00', '2026-03-31T18:00', '2026-05-31T18:00']);
  });

  it('makes time slots from 10:00 while before 17:00: every 30 minutes is 14 a day', () => {
    const slots = { from: '10:00', to: '17:00', every_minutes: 30 };
    expect(timesOfDay({ times: null, slots })).toHaveLength(14);
    const made = wallClock({ frequency: 'DAILY', start_on: '2026-07-01', count: 2, slots }, 'Europe/Berlin');
    expect(made).toHaveLength(28);
    expect(made.slice(0, 3)).toEqual(['2026-07-01T10:00', '2026-07-01T10:30', '2026-07-01T11:00']);
    expect(made.slice(13, 15)).toEqual(['2026-07-01T16:30', '2026-07-02T10:00']);
    expect(made.at(-1)).toBe('2026-07-02T16:30');
    // A last slot that does not fit whole still starts before `to`.
    expect(timesOfDay({ times: null, slots: { from: '10:00', to: '11:00', every_minutes: 25 } })).toEqual([
      '10:00',
      '10:25',
      '10:50',
    ]);
  });

  it('leaves out the exceptions (which count towards `count`, as EXDATE does)', () => {
    expect(
      wallClock(
        {
          frequency: 'DAILY',
          start_on: '2026-12-23',
          count: 5,
          times: ['19:30'],
          exceptions: ['2026-12-24', '2026-12-25', '2027-03-01'],
        },
        'Europe/Berlin',
      ),
    ).toEqual(['2026-12-23T19:30', '2026-12-26T19:30', '2026-12-27T19:30']);
  });

  it('gives each date its end from the duration, in real minutes', () => {
    const [first] = expandRule(
      rule({ frequency: 'DAILY', start_on: '2026-10-24', count: 1, times: ['23:00'], duration_minutes: 240 }),
      'Europe/Berlin',
    );
    // Clocks go back at 03:00 on the 25th: four hours after 23:00 CEST is 02:00 CET.
    expect(first!.start.toISOString()).toBe('2026-10-24T21:00:00.000Z');
    expect(first!.end!.toISOString()).toBe('2026-10-25T01:00:00.000Z');
    expect(utcToZoned(first!.end!, 'Europe/Berlin')).toBe('2026-10-25T02:00');
    expect(
      expandRule(rule({ frequency: 'DAILY', start_on: '2026-10-24', count: 1, times: ['23:00'] }), 'UTC')[0]!.end,
    ).toBeNull();
  });

  describe('across daylight-saving changes the wall clock stays', () => {
    it('in Europe/Berlin, over the last Sundays of March and October', () => {
      const march = { frequency: 'DAILY', start_on: '2026-03-28', count: 3, times: ['19:30'] } satisfies DateRuleBody;
      expect(starts(march)).toEqual([
        '2026-03-28T18:30:00.000Z',
        '2026-03-29T17:30:00.000Z',
        '2026-03-30T17:30:00.000Z',
      ]);
      expect(wallClock(march, 'Europe/Berlin')).toEqual(['2026-03-28T19:30', '2026-03-29T19:30', '2026-03-30T19:30']);
      const october = {
        frequency: 'WEEKLY',
        weekdays: ['SA', 'SU'],
        start_on: '2026-10-24',
        count: 2,
        times: ['19:30'],
      } satisfies DateRuleBody;
      expect(starts(october)).toEqual(['2026-10-24T17:30:00.000Z', '2026-10-25T18:30:00.000Z']);
    });

    it('in America/New_York, over the second Sunday of March and the first of November', () => {
      const spring = { frequency: 'DAILY', start_on: '2026-03-07', count: 2, times: ['19:30'] } satisfies DateRuleBody;
      expect(starts(spring, 'America/New_York')).toEqual(['2026-03-08T00:30:00.000Z', '2026-03-08T23:30:00.000Z']);
      const autumn = { frequency: 'DAILY', start_on: '2026-10-31', count: 2, times: ['19:30'] } satisfies DateRuleBody;
      expect(starts(autumn, 'America/New_York')).toEqual(['2026-10-31T23:30:00.000Z', '2026-11-02T00:30:00.000Z']);
      expect(wallClock(autumn, 'America/New_York')).toEqual(['2026-10-31T19:30', '2026-11-01T19:30']);
    });

    it('counts once the slots that fall into the spring-forward gap', () => {
      const gap = {
        frequency: 'DAILY',
        start_on: '2026-03-29',
        count: 1,
        slots: { from: '01:00', to: '04:00', every_minutes: 30 },
      } satisfies DateRuleBody;
      expect(wallClock(gap, 'Europe/Berlin')).toEqual([
        '2026-03-29T01:00',
        '2026-03-29T01:30',
        '2026-03-29T03:00',
        '2026-03-29T03:30',
      ]);
    });
  });

  it('makes nothing when no day matches', () => {
    // 2026-09-01 is a Tuesday: no Saturday before the Friday it ends on.
    expect(
      starts({ frequency: 'WEEKLY', weekdays: ['SA'], start_on: '2026-09-01', until: '2026-09-04', times: ['10:00'] }),
    ).toEqual([]);
    expect(
      starts({
        frequency: 'DAILY',
        start_on: '2026-09-01',
        count: 2,
        times: ['10:00'],
        exceptions: ['2026-09-01', '2026-09-02'],
      }),
    ).toEqual([]);
  });

  it(`stops at ${EXPANSION_CAP} dates, so the caller can refuse the rule`, () => {
    const many = expandRule(
      rule({
        frequency: 'DAILY',
        start_on: '2026-01-01',
        until: '2099-12-31',
        slots: { from: '08:00', to: '20:00', every_minutes: 5 },
      }),
      'Europe/Berlin',
    );
    expect(many).toHaveLength(EXPANSION_CAP);
    expect(
      expandRule(rule({ frequency: 'DAILY', start_on: '2026-01-01', count: 5000, times: ['10:00'] }), 'UTC'),
    ).toHaveLength(5000);
  });
});

describe('dateRuleBody', () => {
  const problems = (body: unknown) =>
    (dateRuleBody.safeParse(body).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
  const base = { frequency: 'DAILY', start_on: '2026-09-01', count: 3, times: ['19:30'] };

  it('takes a well-formed rule', () => expect(problems(base)).toEqual([]));

  it.each([
    ['a weekly rule without days', { ...base, frequency: 'WEEKLY' }, 'weekdays: @choose_weekdays'],
    ['weekdays on a monthly rule', { ...base, frequency: 'MONTHLY', weekdays: ['MO'] }, 'weekdays: @invalid'],
    ['the nth weekday on a weekly rule', { ...base, monthly_nth: { nth: 2, weekday: 'SA' } }, 'monthly_nth: @invalid'],
    ['both an end day and a count', { ...base, until: '2026-10-01' }, 'until: @rule_end_choice'],
    ['neither an end day nor a count', { ...base, count: undefined }, 'until: @rule_end_choice'],
    ['an end day before the start', { ...base, count: null, until: '2026-08-31' }, 'until: @end_before_start'],
    [
      'both times and slots',
      { ...base, slots: { from: '10:00', to: '11:00', every_minutes: 30 } },
      'times: @rule_times_choice',
    ],
    ['neither times nor slots', { ...base, times: undefined }, 'times: @rule_times_choice'],
    ['the same time twice', { ...base, times: ['19:30', '19:30'] }, 'times: @options_unique'],
    [
      'slots that end before they start',
      { ...base, times: null, slots: { from: '17:00', to: '10:00', every_minutes: 30 } },
      'slots.to: @end_before_start',
    ],
    ['a time that is no time', { ...base, times: ['25:00'] }, 'times.0: @invalid_time'],
    ['a day that is no day', { ...base, start_on: '2026-02-30' }, 'start_on: @invalid_date'],
    ['a cancelled status', { ...base, status: 'CANCELLED' }, 'status: @cancel_date_separately'],
  ])('refuses %s', (_l, body, problem) => expect(problems(body)).toContain(problem));

  it('bounds its numbers and lists', () => {
    expect(problems({ ...base, interval: 53 })).toHaveLength(1);
    expect(problems({ ...base, count: 5001 })).toHaveLength(1);
    expect(
      problems({
        ...base,
        times: Array.from(
          { length: 49 },
          (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
        ),
      }),
    ).toHaveLength(1);
    expect(problems({ ...base, times: null, slots: { from: '10:00', to: '11:00', every_minutes: 4 } })).toHaveLength(1);
    expect(problems({ ...base, duration_minutes: 10_081 })).toHaveLength(1);
    expect(problems({ ...base, exceptions: Array.from({ length: 1001 }, () => '2026-09-02') })).toHaveLength(1);
    expect(problems({ ...base, frequency: 'MONTHLY', monthly_nth: { nth: 5, weekday: 'SA' } })).toHaveLength(1);
  });
});
