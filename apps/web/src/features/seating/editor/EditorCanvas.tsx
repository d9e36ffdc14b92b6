import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Box, Group, useMantineTheme } from '@mantine/core';
import { IconFocusCentered, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import {
  type KeyboardEvent,
  memo,
  type PointerEvent,
  type Ref,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';

import { PlanArea, RowLabels } from '../components/SeatingPlanView';
import { moveSelection } from './edits';
import { at, type Box as PlanBox, type Layout, type Point, type Row, SEAT_RADIUS } from './layout-types';
import {
  isEmpty,
  layoutBox,
  NOTHING,
  pick,
  type PickMode,
  selectAll,
  type Selection,
  selectionBox,
  selectionInBox,
  toggle,
  union,
  unitSelection,
  unitsIn,
  unitsOf,
} from './selection';
import { TableDrawing } from './TableDrawing';
import type { LayoutChange } from './use-plan-editor';

/** Where the plan is on screen: screen = plan × scale + (x, y), in the canvas's pixels. */
interface View {
  x: number;
  y: number;
  scale: number;
}

const MIN_SCALE = 0.05;
const MAX_SCALE = 8;
const FALLBACK_SIZE = { width: 800, height: 560 };
const SELECTED = '#2b1570';

export interface CanvasHandle {
  /** The plan point in the middle of what is on screen (where new things go). */
  centre: () => Point;
  focus: () => void;
}

export type CanvasTool = 'select' | 'pan';

interface EditorCanvasProps {
  layout: Layout;
  selection: Selection;
  pickMode: PickMode;
  tool: CanvasTool;
  onSelect: (selection: Selection) => void;
  onChange: (change: LayoutChange, merge?: string) => void;
  /** A drag ended: the next change is a step of its own. */
  onSeal: () => void;
  onDelete: () => void;
  /** The canvas's name (what the plan holds) and the id of its keyboard help. */
  label: string;
  describedBy: string;
  ref?: Ref<CanvasHandle>;
}

/** A row's selected seats as a key that stays the same while they do: '' none, '*' all, else their indexes. */
function rowMask(row: Row, selection: Selection): string {
  if (!selection.seats.size) return '';
  const picked: number[] = [];
  row.seats.forEach((s, i) => {
    if (selection.seats.has(s.seat_guid)) picked.push(i);
  });
  if (!picked.length) return '';
  return picked.length === row.seats.length ? '*' : picked.join(',');
}

interface RowViewProps {
  row: Row;
  mask: string;
  colours: Map<string, string>;
  fallback: string;
  numbers: boolean;
}

/**
 * One row (or table) with its seats: drawn again only when the row, its selected seats or the zoom's detail
 * changes, so moving one block leaves the other rows of a 1,200-seat plan alone.
 */
const RowView = memo(function RowView({ row, mask, colours, fallback, numbers }: RowViewProps) {
  const { x, y } = at(row.position);
  const chosen = useMemo(() => (mask && mask !== '*' ? new Set(mask.split(',').map(Number)) : null), [mask]);
  return (
    <g transform={`translate(${x} ${y})`}>
      <TableDrawing row={row} />
      {row.seats.map((seat, i) => {
        const selected = mask === '*' || (chosen?.has(i) ?? false);
        const r = seat.radius ?? SEAT_RADIUS;
        return (
          <g key={seat.seat_guid + i} data-seat={seat.seat_guid}>
            <circle
              cx={seat.position.x}
              cy={seat.position.y}
              r={r}
              fill={colours.get(seat.category) ?? (seat.category ? fallback : '#adb5bd')}
              stroke={selected ? SELECTED : '#ffffff'}
              strokeWidth={selected ? 3 : 1.5}
            />
            {seat.features?.length ? (
              <circle cx={seat.position.x} cy={seat.position.y} r={r * 0.35} fill="#ffffff" />
            ) : null}
            {numbers && !seat.features?.length ? (
              <text
                x={seat.position.x}
                y={seat.position.y}
                fontSize={r * 0.9}
                fill="#ffffff"
                textAnchor="middle"
                dominantBaseline="central"
                pointerEvents="none"
              >
                {seat.seat_number}
              </text>
            ) : null}
          </g>
        );
      })}
      <RowLabels row={row} />
    </g>
  );
});

/** The plan's drawing: areas under rows, each zone at its place. */
const Drawing = memo(function Drawing({
  layout,
  selection,
  colours,
  fallback,
  numbers,
}: {
  layout: Layout;
  selection: Selection;
  colours: Map<string, string>;
  fallback: string;
  numbers: boolean;
}) {
  return (
    <>
      {layout.zones.map((zone, z) => (
        <g key={zone.uuid ?? z} transform={`translate(${zone.position.x} ${zone.position.y})`}>
          {(zone.areas ?? []).map((area, a) => (
            <g key={area.uuid ?? a} data-area={area.uuid}>
              <PlanArea area={area} colours={colours} fallback={fallback} />
            </g>
          ))}
          {zone.rows.map((row, r) => (
            <RowView
              key={row.uuid ?? r}
              row={row}
              mask={rowMask(row, selection)}
              colours={colours}
              fallback={fallback}
              numbers={numbers}
            />
          ))}
        </g>
      ))}
    </>
  );
});

type Drag =
  | { kind: 'pan'; from: Point; view: View }
  | { kind: 'move'; from: Point; base: Layout; selection: Selection; merge: string }
  | { kind: 'marquee'; from: Point; to: Point; additive: boolean };

const fitView = (box: PlanBox, size: { width: number; height: number }): View => {
  const scale = Math.min(
    MAX_SCALE,
    Math.max(MIN_SCALE, Math.min(size.width / (box.width + 40), size.height / (box.height + 40))),
  );
  return {
    scale,
    x: (size.width - box.width * scale) / 2 - box.x * scale,
    y: (size.height - box.height * scale) / 2 - box.y * scale,
  };
};

/** Zooms by `factor` keeping the screen point `about` where it is. */
const zoomView = (view: View, factor: number, about: Point): View => {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale * factor));
  const k = scale / view.scale;
  return { scale, x: about.x - (about.x - view.x) * k, y: about.y - (about.y - view.y) * k };
};

let drags = 0;

/**
 * The editor's drawing board: the plan in SVG with zoom (wheel, buttons, + and -), pan (the hand tool, Space and
 * drag, arrow keys with nothing selected), selection (click, Shift-click, a marquee dragged on empty space) and
 * moving the selection (drag, arrow keys; Shift for a larger step). One tab stop; its keys are described by
 * `describedBy`.
 */
export function EditorCanvas(props: EditorCanvasProps) {
  const { layout, selection, pickMode, tool, onSelect, onChange, onSeal, onDelete, label, describedBy, ref } = props;
  const { t } = useLingui();
  const theme = useMantineTheme();
  const fallback = theme.colors[theme.primaryColor]?.[6] ?? '#7950f2';
  const svg = useRef<SVGSVGElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const spaceDown = useRef(false);
  const viewNow = view ?? fitView(layoutBox(layout), size ?? FALLBACK_SIZE);
  const viewRef = useRef(viewNow);
  viewRef.current = viewNow;

  const colours = useMemo(
    () => new Map(layout.categories.filter((c) => c.color).map((c) => [c.name, c.color!] as const)),
    [layout.categories],
  );
  const selected = useMemo(() => selectionBox(layout, selection), [layout, selection]);

  // The canvas's size, and the plan fitted into it the first time it is known.
  useEffect(() => {
    const element = svg.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry!.contentRect;
      if (width && height) setSize({ width, height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The wheel zooms about the pointer (a listener of its own: React's is passive and cannot keep the page still).
  useEffect(() => {
    const element = svg.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const factor = Math.exp(-event.deltaY * 0.0015);
      setView(zoomView(viewRef.current, factor, { x: event.clientX - rect.left, y: event.clientY - rect.top }));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const screenSize = () => size ?? FALLBACK_SIZE;
  const toPlan = (clientX: number, clientY: number): Point => {
    const rect = svg.current?.getBoundingClientRect();
    const v = viewRef.current;
    return { x: (clientX - (rect?.left ?? 0) - v.x) / v.scale, y: (clientY - (rect?.top ?? 0) - v.y) / v.scale };
  };
  const zoomBy = (factor: number) => {
    const { width, height } = screenSize();
    setView(zoomView(viewRef.current, factor, { x: width / 2, y: height / 2 }));
  };
  const fit = () => setView(fitView(layoutBox(layout), screenSize()));
  /** Brings a box into sight, centred, when its middle is off screen. */
  const reveal = (box: PlanBox | undefined) => {
    if (!box) return;
    const v = viewRef.current;
    const { width, height } = screenSize();
    const mx = (box.x + box.width / 2) * v.scale + v.x;
    const my = (box.y + box.height / 2) * v.scale + v.y;
    if (mx >= 0 && mx <= width && my >= 0 && my <= height) return;
    setView({ ...v, x: v.x + width / 2 - mx, y: v.y + height / 2 - my });
  };

  useImperativeHandle(ref, () => ({
    centre: () => {
      const v = viewRef.current;
      const { width, height } = screenSize();
      return { x: Math.round((width / 2 - v.x) / v.scale), y: Math.round((height / 2 - v.y) / v.scale) };
    },
    focus: () => svg.current?.focus(),
  }));

  /**
   * Until the organizer zooms or pans, the view fits the drawing; once they act on it, it stays put (a block dragged
   * past the plan's edge would otherwise shrink the view under the pointer while it moves).
   */
  const pinView = () => {
    if (!view) setView(viewRef.current);
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0 && event.button !== 1) return;
    pinView();
    svg.current?.focus();
    (event.currentTarget.setPointerCapture as ((id: number) => void) | undefined)?.call(
      event.currentTarget,
      event.pointerId,
    );
    const from = toPlan(event.clientX, event.clientY);
    if (tool === 'pan' || spaceDown.current || event.button === 1) {
      setDrag({ kind: 'pan', from: { x: event.clientX, y: event.clientY }, view: viewRef.current });
      return;
    }
    const target = event.target as Element;
    const seat = target.closest('[data-seat]')?.getAttribute('data-seat');
    const area = target.closest('[data-area]')?.getAttribute('data-area');
    if (!seat && !area) {
      setDrag({ kind: 'marquee', from, to: from, additive: event.shiftKey });
      return;
    }
    const picked = pick(layout, seat ? { seat } : { area: area! }, pickMode);
    if (event.shiftKey) {
      onSelect(toggle(selection, picked));
      return;
    }
    const already =
      [...picked.seats].every((id) => selection.seats.has(id)) &&
      [...picked.areas].every((id) => selection.areas.has(id));
    const moving = already ? selection : picked;
    if (!already) onSelect(picked);
    setDrag({ kind: 'move', from, base: layout, selection: moving, merge: `drag-${++drags}` });
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    if (drag.kind === 'pan') {
      setView({
        ...drag.view,
        x: drag.view.x + event.clientX - drag.from.x,
        y: drag.view.y + event.clientY - drag.from.y,
      });
      return;
    }
    const to = toPlan(event.clientX, event.clientY);
    if (drag.kind === 'marquee') {
      setDrag({ ...drag, to });
      return;
    }
    const d = { x: Math.round(to.x - drag.from.x), y: Math.round(to.y - drag.from.y) };
    onChange(() => moveSelection(drag.base, drag.selection, d), drag.merge);
  };

  const onPointerUp = () => {
    if (drag?.kind === 'marquee') {
      const box = {
        x: Math.min(drag.from.x, drag.to.x),
        y: Math.min(drag.from.y, drag.to.y),
        width: Math.abs(drag.to.x - drag.from.x),
        height: Math.abs(drag.to.y - drag.from.y),
      };
      const inside =
        box.width * viewNow.scale > 3 || box.height * viewNow.scale > 3 ? selectionInBox(layout, box) : NOTHING;
      onSelect(drag.additive ? union(selection, inside) : inside);
    }
    if (drag?.kind === 'move') onSeal();
    setDrag(null);
  };

  const nextUnit = (back: boolean) => {
    const units = unitsOf(layout);
    if (!units.length) return;
    const current = unitsIn(layout, selection)[0];
    const index = current ? units.findIndex((u) => JSON.stringify(u) === JSON.stringify(current)) : -1;
    const next =
      index < 0 ? units[back ? units.length - 1 : 0]! : units[(index + (back ? -1 : 1) + units.length) % units.length]!;
    const picked = unitSelection(layout, next);
    onSelect(picked);
    reveal(selectionBox(layout, picked));
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const mod = event.ctrlKey || event.metaKey;
    const arrows: Record<string, Point> = {
      ArrowLeft: { x: -1, y: 0 },
      ArrowRight: { x: 1, y: 0 },
      ArrowUp: { x: 0, y: -1 },
      ArrowDown: { x: 0, y: 1 },
    };
    const arrow = arrows[event.key];
    if (arrow) pinView();
    let handled = true;
    if (arrow && !mod) {
      if (isEmpty(selection)) {
        const v = viewRef.current;
        setView({ ...v, x: v.x - arrow.x * 40, y: v.y - arrow.y * 40 });
      } else {
        const step = event.shiftKey ? 50 : 5;
        onChange((l) => moveSelection(l, selection, { x: arrow.x * step, y: arrow.y * step }));
      }
    } else if (event.key === '+' || event.key === '=') zoomBy(1.25);
    else if (event.key === '-' || event.key === '_') zoomBy(0.8);
    else if (event.key === '0' && !mod) fit();
    else if (event.key === 'Delete' || event.key === 'Backspace') onDelete();
    else if (event.key === 'Escape') onSelect(NOTHING);
    else if (mod && event.key.toLowerCase() === 'a') onSelect(selectAll(layout));
    else if (!mod && event.key.toLowerCase() === 'n') nextUnit(event.shiftKey);
    else if (event.key === ' ') spaceDown.current = true;
    else handled = false;
    if (handled) event.preventDefault();
  };

  const marquee =
    drag?.kind === 'marquee'
      ? {
          x: Math.min(drag.from.x, drag.to.x),
          y: Math.min(drag.from.y, drag.to.y),
          width: Math.abs(drag.to.x - drag.from.x),
          height: Math.abs(drag.to.y - drag.from.y),
        }
      : null;
  const background = layout.background;
  const cursor = tool === 'pan' || drag?.kind === 'pan' ? 'grab' : drag?.kind === 'move' ? 'move' : 'default';

  return (
    <Box
      pos="relative"
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'var(--mantine-color-gray-1)',
        overflow: 'hidden',
        height: 'min(70vh, 680px)',
        minHeight: 360,
      }}
    >
      <svg
        ref={svg}
        role="application"
        aria-roledescription={t`seating plan editor`}
        aria-label={label}
        aria-describedby={describedBy}
        tabIndex={0}
        data-testid="seating-editor-canvas"
        width="100%"
        height="100%"
        style={{ display: 'block', cursor, touchAction: 'none', outlineOffset: -3 }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => {
          if (event.key === ' ') spaceDown.current = false;
        }}
      >
        <g transform={`translate(${viewNow.x} ${viewNow.y}) scale(${viewNow.scale})`}>
          <rect width={layout.size.width} height={layout.size.height} fill="#ffffff" stroke="#dee2e6" />
          {background ? (
            <image
              href={background.url}
              x={background.position.x}
              y={background.position.y}
              width={background.width}
              height={background.height}
              opacity={background.opacity}
              preserveAspectRatio="none"
              pointerEvents="none"
            />
          ) : null}
          <Drawing
            layout={layout}
            selection={selection}
            colours={colours}
            fallback={fallback}
            numbers={viewNow.scale >= 1.4}
          />
          {layout.focal_point ? (
            <circle
              cx={layout.focal_point.x}
              cy={layout.focal_point.y}
              r={5}
              fill="none"
              stroke="#e8590c"
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
              pointerEvents="none"
            />
          ) : null}
          {selected ? (
            <rect
              x={selected.x - 4}
              y={selected.y - 4}
              width={selected.width + 8}
              height={selected.height + 8}
              fill="none"
              stroke={SELECTED}
              strokeDasharray="6 4"
              vectorEffect="non-scaling-stroke"
              pointerEvents="none"
            />
          ) : null}
          {marquee ? (
            <rect
              {...marquee}
              fill="rgba(121, 80, 242, 0.08)"
              stroke="#7950f2"
              vectorEffect="non-scaling-stroke"
              pointerEvents="none"
            />
          ) : null}
        </g>
      </svg>
      <Group gap={4} pos="absolute" bottom={8} right={8}>
        <ActionIcon variant="default" aria-label={t`Zoom in`} onClick={() => zoomBy(1.25)}>
          <IconZoomIn size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="default" aria-label={t`Zoom out`} onClick={() => zoomBy(0.8)}>
          <IconZoomOut size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="default" aria-label={t`Fit the plan`} onClick={fit}>
          <IconFocusCentered size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Box>
  );
}
