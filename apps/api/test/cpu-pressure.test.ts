import { afterEach, describe, expect, it, vi } from 'vitest';

import { type CpuTimes, othersCpuShare, readCpuTimes, yieldWhileBusy } from '../src/jobs/cpu-pressure.js';

/** Bulk mail gives way to a busy machine: the share of CPU the rest of it uses, and the wait before a batch. */
describe('cpu pressure', () => {
  afterEach(() => vi.useRealTimers());

  it('reads the machine and this process', () => {
    const t = readCpuTimes();
    expect(t.machineTotalMs).toBeGreaterThan(0);
    expect(t.machineBusyMs).toBeLessThanOrEqual(t.machineTotalMs);
    expect(t.ownMs).toBeGreaterThan(0);
  });

  it('counts what everyone but this process used, smoothed over samples', () => {
    vi.useFakeTimers();
    // Two cores: 500 ms of CPU time per 250 ms sample.
    let t: CpuTimes = { machineBusyMs: 0, machineTotalMs: 0, ownMs: 0 };
    const tick = (othersMs: number, ownMs: number) => {
      t = {
        machineBusyMs: t.machineBusyMs + othersMs + ownMs,
        machineTotalMs: t.machineTotalMs + 500,
        ownMs: t.ownMs + ownMs,
      };
      vi.advanceTimersByTime(250);
    };
    const p = othersCpuShare({ read: () => t, everyMs: 250 });
    expect(p.share()).toBe(0);
    // This process alone keeps both cores busy: no one else is.
    tick(0, 500);
    expect(p.share()).toBe(0);
    // The others take 90% of the machine: the share climbs past a half within two samples.
    tick(450, 50);
    expect(p.share()).toBeCloseTo(0.45);
    tick(450, 50);
    expect(p.share()).toBeCloseTo(0.675);
    // Idle again: it falls back.
    tick(0, 0);
    tick(0, 0);
    expect(p.share()).toBeLessThan(0.2);
    p.stop();
    tick(500, 0);
    expect(p.share()).toBeLessThan(0.2);
  });

  it('waits while the machine is busy, never longer than its limit, and not at all when it is calm', async () => {
    const waits: number[] = [];
    const wait = async (ms: number) => void waits.push(ms);
    let share = 0.2;
    await yieldWhileBusy({ share: () => share, wait })();
    expect(waits).toEqual([]);

    // Busy for three steps, then calm: three waits.
    let steps = 0;
    await yieldWhileBusy({ share: () => (steps++ < 3 ? 0.9 : 0.1), wait, stepMs: 100 })();
    expect(waits).toEqual([100, 100, 100]);

    // Busy throughout: it gives up after maxWaitMs (the batch goes out anyway).
    waits.length = 0;
    share = 0.95;
    await yieldWhileBusy({ share: () => share, wait, stepMs: 100, maxWaitMs: 2000 })();
    expect(waits.reduce((a, b) => a + b, 0)).toBe(2000);
  });
});
