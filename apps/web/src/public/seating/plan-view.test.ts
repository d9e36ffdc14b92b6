import { describe, expect, it } from 'vitest';

import { clampView, fittedView, planPoint, reveal, zoomAt } from './plan-view';

const frame = { width: 400, height: 300, planWidth: 800, planHeight: 400, maxK: 8 };

describe('plan view', () => {
  it('fits the plan in the middle of the frame', () => {
    expect(fittedView(frame)).toEqual({ k: 1, tx: 0, ty: 50 });
    expect(planPoint(fittedView(frame), frame, 200, 150)).toEqual({ x: 400, y: 200 });
  });

  it('zooms around a point, keeping it under the finger, within 1..maxK', () => {
    const view = zoomAt(fittedView(frame), frame, 2, 100, 100);
    expect(view.k).toBe(2);
    expect(planPoint(view, frame, 100, 100)).toEqual({ x: 200, y: 100 });
    expect(zoomAt(view, frame, 100, 0, 0).k).toBe(8);
    expect(zoomAt(view, frame, 0.01, 0, 0).k).toBe(1);
  });

  it('keeps part of the plan in the frame and reveals a point off it', () => {
    expect(clampView({ k: 1, tx: 5000, ty: 0 }, frame).tx).toBeLessThan(400);
    const zoomed = zoomAt(fittedView(frame), frame, 4, 0, 0);
    const shown = reveal(zoomed, frame, 700, 350, 20);
    const scale = 0.5 * 4;
    expect(shown.tx + 700 * scale).toBeLessThanOrEqual(380);
    expect(reveal(shown, frame, 700, 350, 20)).toBe(shown);
  });
});
