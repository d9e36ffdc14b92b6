import { intlLocale } from '@admitone/shared';

/**
 * Times of day as people type them, read the same way in every language and whatever the display's
 * clock (24-hour or AM/PM). Without AM/PM a time is on the 24-hour clock:
 *
 * - digits only: 1–2 are the hour ("9" 09:00, "19" 19:00), 3–4 are hour and minutes ("930" 09:30,
 *   "1930" 19:30, "0930" 09:30);
 * - hour and minutes with ":" or "." ("19:30", "7.30"), optionally seconds ("19:30:00", dropped);
 *   "h" as in French ("19h30", "19 h", "19h"); 点/時/时 as in Chinese ("7点30", "7点30分", "7点半");
 * - AM/PM before or after, in English ("7:30 pm", "7.30pm", "7p", "12am", "a.m.") or as the
 *   language writes it (上午/下午, "a. m."/"p. m."): the hour is then 1–12, "12am" is 00:00, "12pm" 12:00.
 *
 * Anything else — "24:00", "19:3" (19:03 or 19:30?), "13pm", "1960", letters — is not a time: the
 * field says so instead of guessing.
 */
export function parseTypedTime(text: string, locale = 'en'): string | null {
  let s = text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  if (!s) return null;

  let period: 'am' | 'pm' | null = null;
  for (const [marker, which] of dayPeriodMarkers(locale)) {
    if (s.startsWith(marker)) s = s.slice(marker.length).trim();
    else if (s.endsWith(marker)) s = s.slice(0, -marker.length).trim();
    else continue;
    period = which;
    break;
  }
  if (!period) {
    // English AM/PM after the time: "pm", "p.m.", "p. m.", "p", with or without a space before.
    const english = /^(.*?)\s?([ap])\.?\s?(?:m\.?)?$/.exec(s);
    if (english && /\d$/.test(english[1]!)) {
      s = english[1]!.trim();
      period = english[2] === 'a' ? 'am' : 'pm';
    }
  }

  const parts = hourAndMinutes(s);
  if (!parts) return null;
  const minute = parts[1];
  let hour = parts[0];
  if (minute > 59) return null;
  if (period) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (period === 'pm' ? 12 : 0);
  } else if (hour > 23) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The hour and minutes of a time without its AM/PM, or null when it has no shape we read. */
function hourAndMinutes(s: string): [number, number] | null {
  let m = /^(\d{1,2})$/.exec(s);
  if (m) return [Number(m[1]), 0];
  m = /^(\d{1,2})(\d{2})$/.exec(s);
  if (m) return [Number(m[1]), Number(m[2])];
  m = /^(\d{1,2}) ?[:.] ?(\d{2})(?: ?[:.] ?([0-5]\d))?$/.exec(s);
  if (m) return [Number(m[1]), Number(m[2])];
  m = /^(\d{1,2}) ?h ?(\d{2})?$/.exec(s);
  if (m) return [Number(m[1]), Number(m[2] ?? 0)];
  m = /^(\d{1,2}) ?[点點时時] ?(?:(\d{2})|(\d{1,2}) ?分|(半))? ?分?$/.exec(s);
  if (m) return [Number(m[1]), m[4] ? 30 : Number(m[2] ?? m[3] ?? 0)];
  return null;
}

const CHINESE_PERIODS: Array<[string, 'am' | 'pm']> = [
  ['上午', 'am'],
  ['早上', 'am'],
  ['凌晨', 'am'],
  ['下午', 'pm'],
  ['晚上', 'pm'],
  ['中午', 'pm'],
];
const markerCache = new Map<string, Array<[string, 'am' | 'pm']>>();

/** The language's own words for AM and PM (lower case) and the Chinese ones, longest first. */
function dayPeriodMarkers(locale: string): Array<[string, 'am' | 'pm']> {
  const cached = markerCache.get(locale);
  if (cached) return cached;
  const markers: Array<[string, 'am' | 'pm']> = [];
  const periodAt = (hour: number) =>
    new Intl.DateTimeFormat(intlLocale(locale), { hour: 'numeric', hourCycle: 'h12', timeZone: 'UTC' })
      .formatToParts(Date.UTC(2000, 0, 1, hour))
      .find((p) => p.type === 'dayPeriod')
      ?.value.normalize('NFKC')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim();
  const am = periodAt(1);
  const pm = periodAt(13);
  // Letters only: English-like "am"/"a. m." are read by the general rule, which also takes "a" and "p".
  if (am && !/^[a-z. ]+$/.test(am)) markers.push([am, 'am']);
  if (pm && !/^[a-z. ]+$/.test(pm)) markers.push([pm, 'pm']);
  // Chinese everyday words, read in any language (they mean nothing else).
  for (const [word, which] of CHINESE_PERIODS) if (!markers.some(([m]) => m === word)) markers.push([word, which]);
  markers.sort((a, b) => b[0].length - a[0].length);
  markerCache.set(locale, markers);
  return markers;
}

/** A time of day ("19:30") as the language shows it ("7:30 PM", "19:30", "下午7:30" where that is the custom). */
export function formatTimeOfDay(time: string, locale = 'en'): string {
  const [hour, minute] = time.split(':').map(Number);
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    timeFormats.set(locale, format);
  }
  return format.format(Date.UTC(2000, 0, 1, hour, minute));
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
