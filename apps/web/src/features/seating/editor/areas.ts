import { type Area, type Box, type Point, rotatePoint, round } from './layout-types';

/** New areas: a standing area, a text label and the stage, each placed by its top left corner (in its zone). */

export interface StandingSpec {
  name: string;
  capacity: number;
  category: string;
  width: number;
  height: number;
}

export const standingArea = (spec: StandingSpec, corner: Point, newId: () => string): Area => ({
  uuid: newId(),
  shape: 'rectangle',
  position: { x: round(corner.x), y: round(corner.y) },
  rectangle: { width: spec.width, height: spec.height },
  standing: { name: spec.name, capacity: spec.capacity, category: spec.category },
});

export const textLabel = (text: string, size: number, corner: Point, newId: () => string): Area => ({
  uuid: newId(),
  shape: 'text',
  position: { x: round(corner.x), y: round(corner.y) },
  text: { text, size, color: '#343a40', position: { x: 0, y: 0 } },
});

export const STAGE_COLOUR = '#e9ecef';

/** The stage: a grey rectangle with its name in the middle; the audience is below it. */
export const stage = (text: string, width: number, height: number, corner: Point, newId: () => string): Area => ({
  uuid: newId(),
  shape: 'rectangle',
  color: STAGE_COLOUR,
  border_color: '#adb5bd',
  position: { x: round(corner.x), y: round(corner.y) },
  rectangle: { width, height },
  text: { text, size: 20, color: '#343a40', position: { x: round(width / 2), y: round(height / 2) } },
});

/** The front centre of a rectangle in its zone (its lower edge's middle, turned with it): the focal point. */
export function frontCentre(area: Area): Point {
  const corner = area.position ?? { x: 0, y: 0 };
  const { width, height } = area.rectangle ?? { width: 0, height: 0 };
  const front = { x: corner.x + width / 2, y: corner.y + height };
  return rotatePoint(front, area.rotation ?? 0, corner);
}

/** An area's box in its zone: its shape's corners turned with it (a text label: a box of its words' size). */
export function areaBox(area: Area): Box {
  const p = area.position ?? { x: 0, y: 0 };
  let corners: Point[];
  switch (area.shape) {
    case 'rectangle': {
      const { width, height } = area.rectangle ?? { width: 0, height: 0 };
      corners = [
        { x: 0, y: 0 },
        { x: width, y: 0 },
        { x: 0, y: height },
        { x: width, y: height },
      ];
      break;
    }
    case 'circle': {
      const r = Math.abs(area.circle?.radius ?? 0);
      corners = [
        { x: -r, y: -r },
        { x: r, y: r },
      ];
      break;
    }
    case 'ellipse': {
      const { x: rx, y: ry } = area.ellipse?.radius ?? { x: 0, y: 0 };
      corners = [
        { x: -Math.abs(rx), y: -Math.abs(ry) },
        { x: Math.abs(rx), y: Math.abs(ry) },
      ];
      break;
    }
    case 'polygon':
      corners = area.polygon?.points.length ? area.polygon.points : [{ x: 0, y: 0 }];
      break;
    default: {
      // Text: about half its size per character wide, its size high, centred on its point.
      const size = area.text?.size ?? 16;
      const half = (area.text?.text.length ?? 1) * size * 0.3 || size / 2;
      const t = area.text?.position ?? { x: 0, y: 0 };
      corners = [
        { x: t.x - half, y: t.y - size / 2 },
        { x: t.x + half, y: t.y + size / 2 },
      ];
    }
  }
  const turned = corners.map((c) => rotatePoint({ x: p.x + c.x, y: p.y + c.y }, area.rotation ?? 0, p));
  const xs = turned.map((c) => c.x);
  const ys = turned.map((c) => c.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}
