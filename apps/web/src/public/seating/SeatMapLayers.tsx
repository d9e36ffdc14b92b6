import type { PublicSeatingDto } from '@admitone/shared';
import { memo } from 'react';

import { AreaShape } from '../../lib/seating-area';
import type { SeatIndex, SeatInfo } from './seat-index';

/**
 * What the seat map draws, layer by layer, in the plan's pixels. Seats are drawn cheaply: the free seats of a category
 * are one path of dots (a zero-length stroke with round ends is a circle), taken ones one grey path with a cross path
 * over it, so 20,000 seats are a handful of elements; only the few chosen seats are elements of their own.
 */

/** Seats that cannot be chosen: grey, and crossed out (never colour alone). */
export const TAKEN_FILL = '#ced4da';
export const TAKEN_CROSS = '#495057';
/** The outline of a chosen seat and its check mark. */
export const CHOSEN_OUTLINE = '#212529';
const AREA_FILL = '#f1f3f5';

const round = (n: number) => Math.round(n * 10) / 10;
const dot = (s: SeatInfo) => `M${round(s.x)} ${round(s.y)}h0`;

/** A cross over a seat, `a` from its middle each way. */
const cross = (s: SeatInfo, a: number) =>
  `M${round(s.x - a)} ${round(s.y - a)}l${round(2 * a)} ${round(2 * a)}m0 ${round(-2 * a)}l${round(-2 * a)} ${round(2 * a)}`;

/** A check mark in a circle of radius `r` around (x, y). */
export const checkMark = (x: number, y: number, r: number) =>
  `M${round(x - r * 0.45)} ${round(y + r * 0.02)}l${round(r * 0.3)} ${round(r * 0.32)}l${round(r * 0.6)} ${round(-r * 0.62)}`;

/** The plan's shapes and text under the seats (standing areas tinted in their category's colour). */
export const PlanBackdrop = memo(function PlanBackdrop({
  plan,
  colours,
}: {
  plan: PublicSeatingDto;
  colours: string[];
}) {
  const categoryOf = new Map(plan.categories.map((c, i) => [c.name, i]));
  return (
    <>
      <rect width={plan.size.width} height={plan.size.height} fill="#ffffff" />
      {plan.zones.map((zone, z) => (
        <g key={z} transform={`translate(${zone.position.x} ${zone.position.y})`}>
          {zone.areas.map((area, a) => {
            const category = area.standing ? categoryOf.get(area.standing.category) : undefined;
            return (
              <AreaShape
                key={a}
                area={area}
                standing={category === undefined ? null : (colours[category] ?? null)}
                plain={AREA_FILL}
              />
            );
          })}
        </g>
      ))}
    </>
  );
});

/**
 * Every seat as a dot: the free ones of each category in its colour, the others grey and crossed out. Drawn again
 * only when what is free changes (not on a tap, not while panning).
 */
export const SeatDots = memo(function SeatDots({
  index,
  colours,
  isFree,
}: {
  index: SeatIndex;
  colours: string[];
  isFree: (seat: SeatInfo) => boolean;
}) {
  const free: string[][] = colours.map(() => []);
  const taken: string[] = [];
  const crosses: string[] = [];
  const a = index.radius * 0.5;
  for (const seat of index.seats) {
    const list = isFree(seat) ? free[seat.category] : undefined;
    if (list) list.push(dot(seat));
    else {
      taken.push(dot(seat));
      crosses.push(cross(seat, a));
    }
  }
  const width = index.radius * 2;
  return (
    <g strokeLinecap="round" fill="none">
      {free.map((d, c) =>
        d.length ? <path key={c} d={d.join('')} stroke={colours[c]} strokeWidth={width} data-layer="free" /> : null,
      )}
      {taken.length ? (
        <>
          <path d={taken.join('')} stroke={TAKEN_FILL} strokeWidth={width} data-layer="taken" />
          <path d={crosses.join('')} stroke={TAKEN_CROSS} strokeWidth={index.radius * 0.22} />
        </>
      ) : null}
    </g>
  );
});

/** Row labels beside each row's first seat (drawn once seats are big enough to read them by). */
export const RowLabels = memo(function RowLabels({ index }: { index: SeatIndex }) {
  return (
    <g fontSize={index.radius * 1.1} fill="#495057" textAnchor="end" dominantBaseline="central" aria-hidden>
      {index.rows.map((row, r) => {
        const first = index.seats[row.seats[0] ?? -1];
        if (!first || row.table) return null;
        const second = index.seats[row.seats[1] ?? -1];
        // Before the first seat, away from the second.
        const dx = second ? Math.sign(first.x - second.x) || -1 : -1;
        return (
          <text key={r} x={first.x + dx * index.radius * 1.6} y={first.y} textAnchor={dx < 0 ? 'end' : 'start'}>
            {row.label}
          </text>
        );
      })}
    </g>
  );
});

/** Sections as boxes with their names: the first view of a large plan, and the view when zoomed far out. */
export const SectionBoxes = memo(function SectionBoxes({
  index,
  colours,
  labelsOnly,
}: {
  index: SeatIndex;
  colours: string[];
  labelsOnly: boolean;
}) {
  const pad = index.radius * 1.5;
  return (
    <g>
      {index.zones.map((zone, z) => {
        if (!zone.box) return null;
        const first = index.seats.find((s) => s.zone === z);
        const colour = first ? (colours[first.category] ?? TAKEN_FILL) : TAKEN_FILL;
        const { x, y, width, height } = zone.box;
        const size = Math.max(14, Math.min(width, height) / 5);
        return (
          <g key={z}>
            {labelsOnly ? null : (
              <rect
                x={x - pad}
                y={y - pad}
                width={width + 2 * pad}
                height={height + 2 * pad}
                rx={pad}
                fill={colour}
                fillOpacity={0.55}
                stroke={colour}
              />
            )}
            {zone.name ? (
              <text
                x={x + width / 2}
                y={y + height / 2}
                fontSize={size}
                fontWeight={700}
                fill="#212529"
                stroke="#ffffff"
                strokeWidth={size / 6}
                paintOrder="stroke"
                textAnchor="middle"
                dominantBaseline="central"
              >
                {zone.name}
              </text>
            ) : null}
          </g>
        );
      })}
    </g>
  );
});

/** The seats chosen: their colour with a dark outline and a check mark. */
export function ChosenMarks({ seats, colours, radius }: { seats: SeatInfo[]; colours: string[]; radius: number }) {
  return (
    <g>
      {seats.map((seat) => (
        <g key={seat.id} data-seat-chosen={seat.id}>
          <circle
            cx={seat.x}
            cy={seat.y}
            r={radius * 1.05}
            fill={colours[seat.category] ?? TAKEN_FILL}
            stroke={CHOSEN_OUTLINE}
            strokeWidth={radius * 0.4}
          />
          <path
            d={checkMark(seat.x, seat.y, radius)}
            fill="none"
            stroke="#ffffff"
            strokeWidth={radius * 0.3}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </g>
      ))}
    </g>
  );
}

/** Wheelchair spaces marked with a white ring inside the seat (the legend names the mark). */
export const WheelchairMarks = memo(function WheelchairMarks({ index }: { index: SeatIndex }) {
  const d = index.seats
    .filter((seat) => seat.features.includes('WHEELCHAIR'))
    .map(
      (seat) =>
        `M${round(seat.x - index.radius * 0.5)} ${round(seat.y)}a${round(index.radius * 0.5)} ${round(index.radius * 0.5)} 0 1 0 ${round(index.radius)} 0a${round(index.radius * 0.5)} ${round(index.radius * 0.5)} 0 1 0 ${round(-index.radius)} 0`,
    )
    .join('');
  return d ? (
    <path d={d} fill="none" stroke="#ffffff" strokeWidth={index.radius * 0.22} data-layer="wheelchair" />
  ) : null;
});
