import type { SeatingLayout } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, VisuallyHidden } from '@mantine/core';
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent as ReactPointerEvent,
  useId,
  useRef,
  useState,
} from 'react';

import { canHold, type Direction, type MapPlace, nextSeat, type SeatMapModel, seatsInBox } from './map-model';
import { PlanStates } from './PlanStates';
import { useSeatWords } from './seat-words';

const ARROWS: Record<string, Direction> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };
/** A pointer moved further than this (CSS pixels) draws a box; less is a click. */
const DRAG_SLOP = 5;

export type SelectMode = 'replace' | 'add' | 'toggle';

interface SeatStateMapProps {
  layout: SeatingLayout;
  model: SeatMapModel;
  selected: ReadonlySet<number>;
  /** Seats the last save refused (marked in red). */
  refused: ReadonlySet<number>;
  /** Seats chosen by click, shift-click, a box or the keyboard (only seats that can be kept off sale). */
  onSelect: (ids: number[], mode: SelectMode) => void;
  /** A seat clicked or reached by Enter: what it is and who sits there. */
  onInspect: (place: MapPlace | null) => void;
}

interface Drag {
  x: number;
  y: number;
  clientX: number;
  clientY: number;
  add: boolean;
  box: { x1: number; y1: number; x2: number; y2: number } | null;
}

/**
 * The plan in its states on a date, to choose seats on: click a seat (shift or Ctrl: add or take away), drag a box
 * around several; on the keyboard one tab stop, arrows move to the nearest seat that way, Space chooses or lets go,
 * Enter shows the seat, Escape lets every seat go.
 */
export function SeatStateMap({ layout, model, selected, refused, onSelect, onInspect }: SeatStateMapProps) {
  const { t } = useLingui();
  const words = useSeatWords();
  const helpId = useId();
  const prefix = `sm${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const [box, setBox] = useState<Drag['box']>(null);
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const [keyboard, setKeyboard] = useState(false);
  const focused = focusedId === null ? null : (model.byId.get(focusedId) ?? null);

  /** A point of the page in the plan's coordinates (null where the browser cannot tell, as in tests). */
  const planPoint = (clientX: number, clientY: number) => {
    const svg = svgRef.current;
    const matrix = svg?.getScreenCTM?.();
    if (!svg || !matrix) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return { x: p.x, y: p.y };
  };

  const onPointerDown = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (e.button !== 0) return;
    setKeyboard(false);
    const at = planPoint(e.clientX, e.clientY);
    if (!at) return;
    drag.current = {
      ...at,
      clientX: e.clientX,
      clientY: e.clientY,
      add: e.shiftKey || e.ctrlKey || e.metaKey,
      box: null,
    };
  };
  const onPointerMove = (e: ReactPointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (!d) return;
    if (!d.box && Math.hypot(e.clientX - d.clientX, e.clientY - d.clientY) < DRAG_SLOP) return;
    if (!d.box) e.currentTarget.setPointerCapture?.(e.pointerId);
    const at = planPoint(e.clientX, e.clientY);
    if (!at) return;
    d.box = { x1: d.x, y1: d.y, x2: at.x, y2: at.y };
    setBox(d.box);
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    if (!d?.box) return;
    suppressClick.current = true;
    setBox(null);
    const ids = seatsInBox(model.seats, d.box)
      .filter(canHold)
      .map((s) => s.id);
    onSelect(ids, d.add ? 'add' : 'replace');
  };

  const onClick = (e: MouseEvent<SVGSVGElement>) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    const target = (e.target as Element).closest('[data-seat-id]');
    const place = target ? model.byId.get(Number(target.getAttribute('data-seat-id'))) : undefined;
    if (!place) {
      if (!(e.shiftKey || e.ctrlKey || e.metaKey)) onSelect([], 'replace');
      onInspect(null);
      return;
    }
    setFocusedId(place.id);
    onInspect(place);
    const adding = e.shiftKey || e.ctrlKey || e.metaKey;
    if (canHold(place)) onSelect([place.id], adding ? 'toggle' : 'replace');
    else if (!adding) onSelect([], 'replace');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    setKeyboard(true);
    const here = focused ?? model.seats[0] ?? null;
    const direction = ARROWS[e.key];
    if (direction) {
      e.preventDefault();
      const next = focused ? nextSeat(model.seats, focused, direction) : here;
      if (next) setFocusedId(next.id);
    } else if (e.key === ' ' && here) {
      e.preventDefault();
      setFocusedId(here.id);
      if (canHold(here)) onSelect([here.id], 'toggle');
    } else if (e.key === 'Enter' && here) {
      e.preventDefault();
      setFocusedId(here.id);
      onInspect(here);
    } else if (e.key === 'Escape') {
      onSelect([], 'replace');
    }
  };

  const ring = (place: MapPlace, factor: number, colour: string, dash?: string, testId?: string) => (
    <circle
      key={`${testId}-${place.id}`}
      cx={place.x}
      cy={place.y}
      r={place.r * factor}
      fill="none"
      stroke={colour}
      strokeWidth={Math.max(2, place.r * 0.3)}
      strokeDasharray={dash}
      data-testid={testId}
      pointerEvents="none"
    />
  );
  const selectedPlaces = [...selected].map((id) => model.byId.get(id)).filter((p): p is MapPlace => !!p);
  const refusedPlaces = [...refused].map((id) => model.byId.get(id)).filter((p): p is MapPlace => !!p);
  const current = focused ?? (keyboard ? model.seats[0] : null);

  return (
    <Box>
      <Box
        tabIndex={0}
        role="application"
        aria-roledescription={t`seat map`}
        aria-label={t`Seat map`}
        aria-describedby={helpId}
        data-testid="seat-state-map"
        onKeyDown={onKeyDown}
        onFocus={() => setKeyboard(true)}
        onBlur={() => setKeyboard(false)}
        style={{
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-gray-0)',
          overflow: 'hidden',
          outlineOffset: 2,
        }}
      >
        <svg
          ref={svgRef}
          aria-hidden
          viewBox={`0 0 ${layout.size.width} ${layout.size.height}`}
          preserveAspectRatio="xMidYMid meet"
          style={{ display: 'block', width: '100%', height: 'auto', maxHeight: '70vh', touchAction: 'none' }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            drag.current = null;
            setBox(null);
          }}
          onClick={onClick}
        >
          <PlanStates layout={layout} model={model} prefix={prefix} />
          {refusedPlaces.map((p) => ring(p, 1.75, '#e03131', '3 2', 'refused-seat'))}
          {selectedPlaces.map((p) => ring(p, 1.4, 'var(--mantine-primary-color-filled)', undefined, 'selected-seat'))}
          {current && keyboard ? ring(current, 2, '#e8590c', '4 3', 'focused-seat') : null}
          {box ? (
            <rect
              x={Math.min(box.x1, box.x2)}
              y={Math.min(box.y1, box.y2)}
              width={Math.abs(box.x2 - box.x1)}
              height={Math.abs(box.y2 - box.y1)}
              fill="rgba(121, 80, 242, 0.12)"
              stroke="var(--mantine-primary-color-filled)"
              strokeDasharray="4 3"
              pointerEvents="none"
            />
          ) : null}
        </svg>
      </Box>
      <VisuallyHidden id={helpId}>
        <Trans>
          Arrow keys move to the nearest seat in that direction, Space chooses the seat or lets it go, Enter shows who
          sits there, Escape lets every chosen seat go. The seat list below names every seat.
        </Trans>
      </VisuallyHidden>
      <VisuallyHidden aria-live="polite" data-testid="seat-map-announcement">
        {current && keyboard
          ? selected.has(current.id)
            ? t`${words.describe(current)}, chosen`
            : words.describe(current)
          : ''}
      </VisuallyHidden>
    </Box>
  );
}
