import { describe, expect, it } from 'vitest';

import { announcementKey, clockOffset, formatClock, isWarning, secondsLeft } from './hold-countdown';

describe('hold countdown', () => {
  it('corrects for a device clock that is behind the server', () => {
    const device = Date.parse('2026-05-01T10:00:00Z');
    const offset = clockOffset('2026-05-01T10:05:00Z', device); // server 5 minutes ahead
    expect(offset).toBe(300_000);
    expect(secondsLeft('2026-05-01T10:15:00Z', offset, device)).toBe(600);
  });

  it('never goes below zero and rounds up partial seconds', () => {
    expect(secondsLeft('2026-05-01T10:00:00Z', 0, Date.parse('2026-05-01T10:20:00Z'))).toBe(0);
    expect(secondsLeft('2026-05-01T10:00:01.200Z', 0, Date.parse('2026-05-01T10:00:00Z'))).toBe(2);
  });

  it('formats minutes and seconds', () => {
    expect(formatClock(605)).toBe('10:05');
    expect(formatClock(59)).toBe('0:59');
    expect(formatClock(-3)).toBe('0:00');
  });

  it('warns in the last two minutes only', () => {
    expect(isWarning(121)).toBe(false);
    expect(isWarning(120)).toBe(true);
    expect(isWarning(0)).toBe(false);
  });

  it('announces per minute, then the warning, then expiry', () => {
    expect(announcementKey(600)).toBe('minutes:10');
    expect(announcementKey(599)).toBe('minutes:10');
    expect(announcementKey(540)).toBe('minutes:9');
    expect(announcementKey(119)).toBe('warning');
    expect(announcementKey(1)).toBe('warning');
    expect(announcementKey(0)).toBe('expired');
  });
});
