import { describe, expect, it } from 'vitest';

import { formatEventDateTime, toWallClock } from './format';

describe('toWallClock', () => {
  it('turns a picker value into the API form', () => {
    expect(toWallClock('2026-12-31 19:30:00')).toBe('2026-12-31T19:30');
    expect(toWallClock('2026-12-31T08:05')).toBe('2026-12-31T08:05');
    expect(toWallClock(null)).toBeNull();
    expect(toWallClock('yesterday')).toBeNull();
  });
});

// The formatters themselves are tested in packages/shared (format/format.test.ts).
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
