import { describe, expect, it } from 'vitest';

import { MAIL_BUDGET_WINDOW_MS, planMailSlots } from './team-mail.js';

const HOUR = MAIL_BUDGET_WINDOW_MS;
const now = new Date('2027-03-01T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const entry = (ms: number, mails: number) => ({ created_at: at(ms), mails });
const offsets = (slots: Array<{ at: Date; mails: number }>) =>
  slots.map((s) => [s.at.getTime() - now.getTime(), s.mails]);

/** The most any sliding hour holds (a row counts from its time for an hour). */
function fullestHour(rows: Array<{ created_at: Date; mails: number }>): number {
  return Math.max(
    ...rows.map((r) =>
      rows
        .filter((o) => o.created_at > new Date(r.created_at.getTime() - HOUR) && o.created_at <= r.created_at)
        .reduce((n, o) => n + o.mails, 0),
    ),
  );
}

describe('planMailSlots', () => {
  it('sends what fits now, the rest an hour later, and so on', () => {
    expect(offsets(planMailSlots([], 5, 3, now))).toEqual([[0, 3]]);
    expect(offsets(planMailSlots([], 5, 13, now))).toEqual([
      [0, 5],
      [HOUR, 5],
      [2 * HOUR, 3],
    ]);
  });

  it('uses the room left by the hour before, as its mails leave the window', () => {
    // 3 sent 40 minutes ago, 1 twenty minutes ago: 1 fits now, 3 more in 20 minutes, 1 more in 40.
    const recent = [entry(-40 * 60_000, 3), entry(-20 * 60_000, 1)];
    expect(offsets(planMailSlots(recent, 5, 6, now))).toEqual([
      [0, 1],
      [20 * 60_000, 3],
      [40 * 60_000, 1],
      [HOUR, 1],
    ]);
  });

  it("fits beside an earlier paced message's later shares, never under them", () => {
    const earlier = [entry(0, 5), entry(HOUR, 5), entry(2 * HOUR, 2)];
    const slots = planMailSlots(earlier, 5, 4, now);
    expect(offsets(slots)).toEqual([
      [2 * HOUR, 3],
      [3 * HOUR, 1],
    ]);
  });

  it('never puts more than the budget in any hour, whatever came before', () => {
    for (let seed = 1; seed <= 200; seed++) {
      let x = seed;
      const rand = (n: number) => (x = (x * 1103515245 + 12345) % 2 ** 31) % n;
      const budget = 1 + rand(8);
      const recent: Array<{ created_at: Date; mails: number }> = [];
      let t = -HOUR + 1;
      while (recent.length < rand(6)) {
        t += 1 + rand(HOUR / 3);
        if (t > 0) break;
        const room = budget - recent.filter((r) => r.created_at > at(t - HOUR)).reduce((n, r) => n + r.mails, 0);
        if (room > 0) recent.push(entry(t, 1 + rand(room)));
      }
      const mails = 1 + rand(40);
      const slots = planMailSlots(recent, budget, mails, now);
      expect(slots.reduce((n, s) => n + s.mails, 0)).toBe(mails);
      expect(slots.every((s) => s.at >= now && s.mails > 0)).toBe(true);
      expect(fullestHour([...recent, ...slots.map((s) => ({ created_at: s.at, mails: s.mails }))])).toBeLessThanOrEqual(
        budget,
      );
    }
  });
});
