/**
 * The map's view of the plan: the plan fitted into the frame (`fit`), zoomed `k` times around a point and panned.
 * A plan point p is drawn at `t + p * fit * k` (frame pixels).
 */
export interface PlanView {
  k: number;
  tx: number;
  ty: number;
}

export interface Frame {
  /** The frame's size (CSS pixels). */
  width: number;
  height: number;
  /** The plan's size (plan pixels). */
  planWidth: number;
  planHeight: number;
  /** The most `k` may be. */
  maxK: number;
}

export const fitOf = (f: Frame) => Math.min(f.width / f.planWidth, f.height / f.planHeight);

/** The whole plan in the middle of the frame. */
export function fittedView(f: Frame): PlanView {
  const fit = fitOf(f);
  return { k: 1, tx: (f.width - f.planWidth * fit) / 2, ty: (f.height - f.planHeight * fit) / 2 };
}

/** The view kept within reach: zoom 1..maxK, and at least a third of the frame showing the plan. */
export function clampView(view: PlanView, f: Frame): PlanView {
  const k = Math.min(f.maxK, Math.max(1, view.k));
  const scale = fitOf(f) * k;
  const w = f.planWidth * scale;
  const h = f.planHeight * scale;
  const clampAxis = (t: number, size: number, frame: number) => {
    const keep = Math.min(size, frame) / 3;
    return Math.min(frame - keep, Math.max(keep - size, t));
  };
  return { k, tx: clampAxis(view.tx, w, f.width), ty: clampAxis(view.ty, h, f.height) };
}

/** Zoomed by `factor` keeping the frame point (sx, sy) where it is. */
export function zoomAt(view: PlanView, f: Frame, factor: number, sx: number, sy: number): PlanView {
  const k = Math.min(f.maxK, Math.max(1, view.k * factor));
  const ratio = k / view.k;
  return clampView({ k, tx: sx - (sx - view.tx) * ratio, ty: sy - (sy - view.ty) * ratio }, f);
}

/** The plan point under a frame point. */
export function planPoint(view: PlanView, f: Frame, sx: number, sy: number) {
  const scale = fitOf(f) * view.k;
  return { x: (sx - view.tx) / scale, y: (sy - view.ty) / scale };
}

/** The view moved just enough to show a plan point with a margin (unchanged when it shows already). */
export function reveal(view: PlanView, f: Frame, x: number, y: number, margin: number): PlanView {
  const scale = fitOf(f) * view.k;
  const sx = view.tx + x * scale;
  const sy = view.ty + y * scale;
  const m = Math.min(margin, f.width / 3, f.height / 3);
  const dx = sx < m ? m - sx : sx > f.width - m ? f.width - m - sx : 0;
  const dy = sy < m ? m - sy : sy > f.height - m ? f.height - m - sy : 0;
  return dx || dy ? clampView({ ...view, tx: view.tx + dx, ty: view.ty + dy }, f) : view;
}
