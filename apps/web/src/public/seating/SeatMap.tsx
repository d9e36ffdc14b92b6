import type { PublicSeatingDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, VisuallyHidden } from '@mantine/core';
import { IconFocusCentered, IconMaximize, IconMinimize, IconMinus, IconPlus } from '@tabler/icons-react';
import {
  type KeyboardEvent,
  memo,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';

import { clampView, fitOf, fittedView, type Frame, planPoint, type PlanView, reveal, zoomAt } from './plan-view';
import { seatAt, type SeatIndex, type SeatInfo } from './seat-index';
import { directionOf, firstFocus, nearestInDirection } from './seat-navigation';
import classes from './SeatMap.module.css';
import { ChosenMarks, PlanBackdrop, RowLabels, SeatDots, SectionBoxes, WheelchairMarks } from './SeatMapLayers';

/** Plans above this many seats show their sections first and their seats after the first paint. */
export const BIG_PLAN_SEATS = 3_000;
/** A tap on a plan whose seats are smaller than this on screen (CSS pixels) zooms in instead of choosing. */
const TAP_ZOOM_RADIUS = 3.5;
/** Seats are at least this big (radius, CSS pixels) at the greatest zoom. */
const MAX_ZOOM_RADIUS = 22;
/** A pointer that moves further than this (CSS pixels) pans; less is a tap. */
const TAP_SLOP = 8;

/** Zoom in and out, the whole plan, full screen (drawn again only when the frame changes, not on a tap). */
const ZoomControls = memo(function ZoomControls({
  zoomBy,
  fit,
  expanded,
  toggleExpanded,
}: {
  zoomBy: (factor: number) => void;
  fit: () => void;
  expanded: boolean;
  toggleExpanded: () => void;
}) {
  const { t } = useLingui();
  return (
    <Group gap={4} className={classes.controls}>
      <Button variant="default" size="compact-md" onClick={() => zoomBy(1.5)} aria-label={t`Zoom in`}>
        <IconPlus size={18} aria-hidden />
      </Button>
      <Button variant="default" size="compact-md" onClick={() => zoomBy(1 / 1.5)} aria-label={t`Zoom out`}>
        <IconMinus size={18} aria-hidden />
      </Button>
      <Button variant="default" size="compact-md" onClick={fit} aria-label={t`Show the whole plan`}>
        <IconFocusCentered size={18} aria-hidden />
      </Button>
      <Button
        variant="default"
        size="compact-md"
        onClick={toggleExpanded}
        aria-label={expanded ? t`Leave full screen` : t`Full screen`}
        aria-pressed={expanded}
      >
        {expanded ? <IconMinimize size={18} aria-hidden /> : <IconMaximize size={18} aria-hidden />}
      </Button>
    </Group>
  );
});

interface SeatMapProps {
  plan: PublicSeatingDto;
  index: SeatIndex;
  colours: string[];
  isFree: (seat: SeatInfo) => boolean;
  chosen: SeatInfo[];
  onToggle: (seat: SeatInfo) => void;
  /** What a screen reader hears for the seat under the keyboard ("Stalls, row B, seat 12, Front, €45.00, free"). */
  describe: (seat: SeatInfo) => string;
  /** Seats to bring into view (after best available), by a new object each time. */
  show?: { seats: SeatInfo[] } | null;
}

interface Gesture {
  pointers: Map<number, { x: number; y: number }>;
  startX: number;
  startY: number;
  moved: boolean;
  view: PlanView;
  pinch: { distance: number; midX: number; midY: number } | null;
}

/** The frame's height for its width: the plan's proportions, within 240-360 px and most of the screen. */
function frameHeight(width: number, plan: PublicSeatingDto, expanded: boolean): number {
  const screen = typeof window === 'undefined' ? 800 : window.innerHeight;
  if (expanded) return Math.max(240, screen - 64);
  // A wide plan still gets room to zoom into on a phone (letterboxed), a tall one no more than most of the screen.
  const least = Math.max(240, Math.min(360, screen * 0.4));
  return Math.round(Math.max(least, Math.min((width * plan.size.height) / plan.size.width, screen * 0.6, 560)));
}

/**
 * The seating plan to choose seats on: tap or click a seat; drag, pinch, the wheel or the buttons to zoom and pan;
 * on the keyboard one tab stop, where the arrow keys move to the nearest seat that way, Enter or Space chooses it,
 * and + / − zoom, each seat announced as it is reached.
 */
export function SeatMap({ plan, index, colours, isFree, chosen, onToggle, describe, show }: SeatMapProps) {
  const { t } = useLingui();
  const helpId = useId();
  const frameRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(400);
  const [expanded, setExpanded] = useState(false);
  const height = frameHeight(width, plan, expanded);
  const big = index.seats.length > BIG_PLAN_SEATS;
  // A large plan paints its sections first; its seats follow once that is on screen.
  const [seatsReady, setSeatsReady] = useState(!big);
  const [focused, setFocused] = useState<SeatInfo | null>(null);
  const [keyboard, setKeyboard] = useState(false);
  const gesture = useRef<Gesture | null>(null);

  const frame: Frame = useMemo(() => {
    const base = { width, height, planWidth: plan.size.width, planHeight: plan.size.height, maxK: 1 };
    return { ...base, maxK: Math.max(4, MAX_ZOOM_RADIUS / (index.radius * fitOf(base))) };
  }, [width, height, plan.size.width, plan.size.height, index.radius]);
  const [view, setView] = useState<PlanView>(() => fittedView(frame));
  const frameKey = `${frame.width}x${frame.height}`;
  const lastFrame = useRef(frameKey);
  if (lastFrame.current !== frameKey) {
    lastFrame.current = frameKey;
    setView(fittedView(frame));
  }

  useEffect(() => {
    const element = frameRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.round(entry?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (seatsReady) return;
    let timer = 0;
    const frameId = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setSeatsReady(true), 0);
    });
    return () => {
      cancelAnimationFrame(frameId);
      window.clearTimeout(timer);
    };
  }, [seatsReady]);

  // The wheel zooms around the pointer once the map has focus (a listener of our own: React's is passive and cannot
  // keep the page still).
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (e: WheelEvent) => {
      // The page scrolls past a map it has not been given (a click or Tab gives it); a pinch on a trackpad
      // (the wheel with Ctrl) always zooms.
      if (!e.ctrlKey && document.activeElement !== frameRef.current) return;
      e.preventDefault();
      const box = svg.getBoundingClientRect();
      const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
      setView((v) => zoomAt(v, frame, factor, e.clientX - box.left, e.clientY - box.top));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [frame]);

  useEffect(() => {
    const seats = show?.seats;
    if (!seats?.length) return;
    const first = seats[0]!;
    setFocused(first);
    setView((v) => {
      const zoomed = v.k < 2 && index.seats.length > 500 ? zoomAt(v, frame, 2.5 / v.k, width / 2, height / 2) : v;
      return reveal(zoomed, frame, first.x, first.y, 60);
    });
    // Only a new `show` moves the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [show]);

  const scale = fitOf(frame) * view.k;
  const seatRadius = index.radius * scale;

  const tapAt = useCallback(
    (sx: number, sy: number) => {
      const p = planPoint(view, frame, sx, sy);
      if (seatRadius < TAP_ZOOM_RADIUS) {
        setView(zoomAt(view, frame, Math.min(4, (TAP_ZOOM_RADIUS * 2) / seatRadius), sx, sy));
        return;
      }
      const seat = seatAt(index, p.x, p.y);
      if (!seat) return;
      setFocused(seat);
      onToggle(seat);
    },
    [view, frame, seatRadius, index, onToggle],
  );

  const local = (e: { clientX: number; clientY: number }) => {
    const box = svgRef.current!.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };

  const onPointerDown = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    setKeyboard(false);
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const at = local(e);
    const g: Gesture = gesture.current ?? {
      pointers: new Map(),
      startX: at.x,
      startY: at.y,
      moved: false,
      view,
      pinch: null,
    };
    g.pointers.set(e.pointerId, at);
    if (g.pointers.size === 2) {
      const [a, b] = [...g.pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
      g.pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, midX: (a.x + b.x) / 2, midY: (a.y + b.y) / 2 };
      g.view = view;
      g.moved = true;
    }
    gesture.current = g;
  };

  const onPointerMove = (e: ReactPointerEvent<SVGSVGElement>) => {
    const g = gesture.current;
    if (!g || !g.pointers.has(e.pointerId)) return;
    const at = local(e);
    g.pointers.set(e.pointerId, at);
    if (g.pinch && g.pointers.size >= 2) {
      const [a, b] = [...g.pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const zoomed = zoomAt(g.view, frame, distance / g.pinch.distance, g.pinch.midX, g.pinch.midY);
      setView(
        clampView({ ...zoomed, tx: zoomed.tx + mid.x - g.pinch.midX, ty: zoomed.ty + mid.y - g.pinch.midY }, frame),
      );
      return;
    }
    const dx = at.x - g.startX;
    const dy = at.y - g.startY;
    if (!g.moved && Math.hypot(dx, dy) < TAP_SLOP) return;
    g.moved = true;
    setView(clampView({ ...g.view, tx: g.view.tx + dx, ty: g.view.ty + dy }, frame));
  };

  const onPointerEnd = (e: ReactPointerEvent<SVGSVGElement>) => {
    const g = gesture.current;
    if (!g) return;
    g.pointers.delete(e.pointerId);
    if (g.pointers.size > 0) {
      // One finger of a pinch lifted: the other pans on from here.
      const [rest] = [...g.pointers.values()];
      Object.assign(g, { pinch: null, startX: rest!.x, startY: rest!.y, view });
      return;
    }
    gesture.current = null;
    if (!g.moved && e.type === 'pointerup') {
      const at = local(e);
      tapAt(at.x, at.y);
    }
  };

  const move = (next: SeatInfo | null) => {
    if (!next) return;
    setFocused(next);
    setView((v) => reveal(v, frame, next.x, next.y, Math.max(40, seatRadius * 3)));
  };

  const chosenIds = useMemo(() => new Set(chosen.map((s) => s.id)), [chosen]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    setKeyboard(true);
    const direction = directionOf(e.key);
    const here = focused ?? firstFocus(index, (s) => chosenIds.has(s.id), isFree);
    if (direction) {
      e.preventDefault();
      move(focused ? nearestInDirection(index, focused, direction) : here);
    } else if ((e.key === 'Enter' || e.key === ' ') && here) {
      e.preventDefault();
      setFocused(here);
      onToggle(here);
    } else if (e.key === '+' || e.key === '=' || e.key === '-') {
      e.preventDefault();
      setView((v) => zoomAt(v, frame, e.key === '-' ? 1 / 1.5 : 1.5, width / 2, height / 2));
    } else if (e.key === '0') {
      setView(fittedView(frame));
    }
  };

  const zoomBy = useCallback(
    (factor: number) => setView((v) => zoomAt(v, frame, factor, width / 2, height / 2)),
    [frame, width, height],
  );
  const fit = useCallback(() => setView(fittedView(frame)), [frame]);
  const toggleExpanded = useCallback(() => setExpanded((x) => !x), []);
  const showSeats = seatsReady && (!big || seatRadius >= 1);
  const current = focused && index.seats[focused.index] === focused ? focused : null;
  const transform = `translate(${view.tx} ${view.ty}) scale(${scale})`;

  return (
    <div className={classes.wrap} data-expanded={expanded || undefined}>
      <div
        ref={frameRef}
        className={classes.frame}
        style={{ height }}
        tabIndex={0}
        role="application"
        aria-roledescription={t`seating plan`}
        aria-label={t`Seating plan`}
        aria-describedby={helpId}
        data-testid="seat-map"
        data-keyboard={keyboard || undefined}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (!focused) setFocused(firstFocus(index, (s) => chosenIds.has(s.id), isFree));
        }}
      >
        <svg
          ref={svgRef}
          width={width}
          height={height}
          className={classes.svg}
          aria-hidden
          data-testid="seat-map-plan"
          data-view={`${view.tx} ${view.ty} ${scale}`}
          data-seats-drawn={showSeats || undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
        >
          <g transform={transform}>
            <PlanBackdrop plan={plan} colours={colours} />
            {showSeats ? <SeatDots index={index} colours={colours} isFree={isFree} /> : null}
            {showSeats && seatRadius >= 4 ? <WheelchairMarks index={index} /> : null}
            {showSeats && seatRadius >= 5 ? <RowLabels index={index} /> : null}
            {!showSeats || (big && seatRadius < TAP_ZOOM_RADIUS) ? (
              <SectionBoxes index={index} colours={colours} labelsOnly={showSeats} />
            ) : null}
          </g>
        </svg>
        {/* The chosen seats and the keyboard's ring on a layer of their own: a tap repaints only this. */}
        <svg width={width} height={height} className={classes.overlay} aria-hidden>
          <g transform={transform}>
            <ChosenMarks seats={chosen} colours={colours} radius={index.radius} />
            {current && keyboard ? (
              <circle
                cx={current.x}
                cy={current.y}
                r={index.radius * 1.7}
                fill="none"
                stroke="var(--event-primary, var(--mantine-primary-color-filled))"
                strokeWidth={Math.max(index.radius * 0.35, 3 / scale)}
                data-focus-ring=""
              />
            ) : null}
          </g>
        </svg>
      </div>
      <ZoomControls zoomBy={zoomBy} fit={fit} expanded={expanded} toggleExpanded={toggleExpanded} />
      <VisuallyHidden id={helpId}>
        <Trans>
          Arrow keys move to the nearest seat in that direction, Enter or Space chooses it or gives it back, plus and
          minus zoom. The list of seats offers the same choice.
        </Trans>
      </VisuallyHidden>
      <VisuallyHidden aria-live="polite" data-testid="seat-announcement">
        {current && keyboard ? describe(current) : ''}
      </VisuallyHidden>
    </div>
  );
}
