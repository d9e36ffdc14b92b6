import { moveSelection } from './edits';
import { type Box, type Layout, type Point, round, unionBox } from './layout-types';
import { type Selection, selectionBox, unitSelection, unitsIn, within } from './selection';

export type AlignEdge = 'left' | 'centre' | 'right' | 'top' | 'middle' | 'bottom';
export const ALIGN_EDGES: readonly AlignEdge[] = ['left', 'centre', 'right', 'top', 'middle', 'bottom'];

/** How far each box moves to line up with the others' outer edge (or their common middle). */
export function alignOffsets(boxes: readonly Box[], edge: AlignEdge): Point[] {
  const all = unionBox(boxes);
  if (!all) return [];
  return boxes.map((b) => {
    switch (edge) {
      case 'left':
        return { x: all.x - b.x, y: 0 };
      case 'right':
        return { x: all.x + all.width - (b.x + b.width), y: 0 };
      case 'centre':
        return { x: round(all.x + all.width / 2 - (b.x + b.width / 2)), y: 0 };
      case 'top':
        return { x: 0, y: all.y - b.y };
      case 'bottom':
        return { x: 0, y: all.y + all.height - (b.y + b.height) };
      case 'middle':
        return { x: 0, y: round(all.y + all.height / 2 - (b.y + b.height / 2)) };
    }
  });
}

/** Lines up the selected blocks, tables and areas (each the part of it that is selected) by an edge. */
export function alignSelection(layout: Layout, sel: Selection, edge: AlignEdge): Layout {
  const parts = unitsIn(layout, sel).map((unit) => within(sel, unitSelection(layout, unit)));
  const boxed = parts.flatMap((part) => {
    const box = selectionBox(layout, part);
    return box ? [{ part, box }] : [];
  });
  if (boxed.length < 2) return layout;
  const offsets = alignOffsets(
    boxed.map((b) => b.box),
    edge,
  );
  return boxed.reduce((next, { part }, i) => moveSelection(next, part, offsets[i]!), layout);
}
