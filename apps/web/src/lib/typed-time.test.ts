import { LOCALES } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { formatTimeOfDay, parseTypedTime } from './typed-time';

/** What is typed, and the time it is (null: not a time, the field says so). Read the same in every language. */
const TABLE: Array<[string, string | null]> = [
  // Digits only: 1–2 digits are the hour, 3–4 are hour and minutes (the issue: "1930" became 10:30).
  ['1930', '19:30'],
  ['930', '09:30'],
  ['0930', '09:30'],
  ['9', '09:00'],
  ['09', '09:00'],
  ['19', '19:00'],
  ['0', '00:00'],
  ['00', '00:00'],
  ['000', '00:00'],
  ['0000', '00:00'],
  ['2359', '23:59'],
  ['1200', '12:00'],
  ['100', '01:00'],
  ['1005', '10:05'],
  // Separators.
  ['19:30', '19:30'],
  ['7:30', '07:30'],
  ['07:30', '07:30'],
  ['7.30', '07:30'],
  ['19.30', '19:30'],
  ['19 : 30', '19:30'],
  ['19:30:00', '19:30'],
  ['19:30:59', '19:30'],
  ['  19:30  ', '19:30'],
  ['19h30', '19:30'],
  ['19 h 30', '19:30'],
  ['19h', '19:00'],
  ['19H', '19:00'],
  ['０９：３０', '09:30'],
  // AM and PM in English, any spelling, before the number only in Chinese.
  ['7:30 pm', '19:30'],
  ['7:30pm', '19:30'],
  ['7.30pm', '19:30'],
  ['7.30 PM', '19:30'],
  ['7:30 p.m.', '19:30'],
  ['7:30 P.M.', '19:30'],
  ['7:30 p. m.', '19:30'],
  ['7:30\u202fPM', '19:30'],
  ['7:30\u00a0pm', '19:30'],
  ['7pm', '19:00'],
  ['7 pm', '19:00'],
  ['7p', '19:00'],
  ['7 a', '07:00'],
  ['730pm', '19:30'],
  ['1130pm', '23:30'],
  ['12am', '00:00'],
  ['12 am', '00:00'],
  ['12:30 am', '00:30'],
  ['1230am', '00:30'],
  ['12pm', '12:00'],
  ['12:45 pm', '12:45'],
  ['1am', '01:00'],
  ['11:59 pm', '23:59'],
  ['9:05 a.m.', '09:05'],
  ['9:05 a. m.', '09:05'],
  // Chinese.
  ['下午7:30', '19:30'],
  ['下午 7:30', '19:30'],
  ['上午9:30', '09:30'],
  ['晚上8点', '20:00'],
  ['7点30', '07:30'],
  ['7点30分', '07:30'],
  ['7点5分', '07:05'],
  ['19点', '19:00'],
  ['19时30分', '19:30'],
  ['下午3点半', '15:30'],
  ['中午12点', '12:00'],
  ['凌晨12点', '00:00'],
  // Not a time: no guessing.
  ['', null],
  ['   ', null],
  ['24', null],
  ['24:00', null],
  ['2400', null],
  ['1960', null],
  ['960', null],
  ['19:60', null],
  ['19:3', null],
  ['19:', null],
  [':30', null],
  ['7:5', null],
  ['12345', null],
  ['19:30:60', null],
  ['13pm', null],
  ['13:30 pm', null],
  ['1930pm', null],
  ['0am', null],
  ['00:30 am', null],
  ['7 x', null],
  ['seven', null],
  ['noon', null],
  ['pm', null],
  ['19-30', null],
  ['19,30', null],
  ['-1', null],
  ['1.5', null],
  ['7:30 pmm', null],
  ['25点', null],
];

describe('parseTypedTime', () => {
  it.each(TABLE)('reads %j as %s in English', (typed, expected) => {
    expect(parseTypedTime(typed, 'en')).toBe(expected);
  });

  it('reads the table the same in every language, whatever its clock', () => {
    for (const locale of LOCALES) {
      for (const [typed, expected] of TABLE)
        expect([locale, typed, parseTypedTime(typed, locale)]).toEqual([locale, typed, expected]);
    }
  });

  it("reads the language's own AM/PM words", () => {
    expect(parseTypedTime('7:30 p. m.', 'es')).toBe('19:30');
    expect(parseTypedTime('7:30 a. m.', 'es')).toBe('07:30');
    expect(parseTypedTime('7:30 p.m.', 'pt')).toBe('19:30');
    expect(parseTypedTime('下午7:30', 'zh-CN')).toBe('19:30');
    expect(parseTypedTime('7:30下午', 'zh-CN')).toBe('19:30');
  });

  it('reads back every minute of the day as each language shows it', () => {
    for (const locale of LOCALES) {
      for (let minutes = 0; minutes < 24 * 60; minutes++) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const shown = formatTimeOfDay(time, locale);
        if (parseTypedTime(shown, locale) !== time)
          expect({ locale, time, shown }).toEqual({
            locale,
            time,
            shown: `${shown} reads as ${parseTypedTime(shown, locale)}`,
          });
      }
    }
  });
});

describe('formatTimeOfDay', () => {
  it("shows a time on the language's clock", () => {
    expect(formatTimeOfDay('19:30', 'en').replace(/\s/g, ' ')).toBe('7:30 PM');
    expect(formatTimeOfDay('00:05', 'en').replace(/\s/g, ' ')).toBe('12:05 AM');
    expect(formatTimeOfDay('19:30', 'de')).toBe('19:30');
    expect(formatTimeOfDay('19:30', 'zh-CN')).toBe('19:30');
  });
});
