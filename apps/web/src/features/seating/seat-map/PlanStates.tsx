import type { SeatingLayout } from '@admitone/shared';
import { Group, Text } from '@mantine/core';
import { memo, useId } from 'react';

import { PlanArea, RowLabels } from '../components/SeatingPlanView';
import { TableDrawing } from '../editor/TableDrawing';
import { type MapPlace, SEAT_STATES, type SeatMapModel, type SeatState } from './map-model';
import { useSeatWords } from './seat-words';

/** Each state's look: never colour alone (sold filled, in a checkout dotted, held hatched, killed crossed). */
export const STATE_LOOK: Record<SeatState, { fill: string; stroke: string }> = {
  FREE: { fill: '#ffffff', stroke: '#495057' },
  SOLD: { fill: '#212529', stroke: '#212529' },
  RESERVED: { fill: 'dots', stroke: '#d9480f' },
  HELD: { fill: 'hatch', stroke: '#1864ab' },
  KILLED: { fill: '#ced4da', stroke: '#495057' },
};

const NO_COLOUR = '#868e96';

/** The patterns the states use, named after `prefix` (one set per drawing on the page). */
export function StatePatterns({ prefix }: { prefix: string }) {
  return (
    <defs>
      <pattern id={`${prefix}-hatch`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" fill="#d0ebff" />
        <rect width="2.5" height="6" fill="#1864ab" />
      </pattern>
      <pattern id={`${prefix}-dots`} width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" fill="#ffe8cc" />
        <circle cx="3" cy="3" r="1.6" fill="#d9480f" />
      </pattern>
    </defs>
  );
}

const fillOf = (state: SeatState, prefix: string) => {
  const fill = STATE_LOOK[state].fill;
  return fill === 'hatch' || fill === 'dots' ? `url(#${prefix}-${fill})` : fill;
};

/** One seat in its state: free seats keep their category's colour as their rim; killed ones are crossed out. */
function StateSeat({ place, prefix, rim, title }: { place: MapPlace; prefix: string; rim: string; title: string }) {
  const { x, y, r, state } = place;
  const d = r * 0.55;
  return (
    <g data-seat-id={place.id} data-state={state}>
      <circle
        cx={x}
        cy={y}
        r={r}
        fill={fillOf(state, prefix)}
        stroke={state === 'FREE' ? rim : STATE_LOOK[state].stroke}
        strokeWidth={Math.max(1.5, r * 0.22)}
      />
      {state === 'KILLED' ? (
        <path
          d={`M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}`}
          stroke="#212529"
          strokeWidth={Math.max(1.5, r * 0.2)}
        />
      ) : null}
      {title ? <title>{title}</title> : null}
    </g>
  );
}

/** The plan's shapes, tables and row labels under the seats. */
const Backdrop = memo(function Backdrop({ layout }: { layout: SeatingLayout }) {
  const colours = new Map(layout.categories.filter((c) => c.color).map((c) => [c.name, c.color!] as const));
  return (
    <>
      <rect width={layout.size.width} height={layout.size.height} fill="#ffffff" />
      {layout.zones.map((zone, z) => (
        <g key={z} transform={`translate(${zone.position.x} ${zone.position.y})`}>
          {(zone.areas ?? []).map((area, a) => (
            <PlanArea key={a} area={area} colours={colours} fallback={NO_COLOUR} />
          ))}
          {zone.rows.map((row, r) => (
            <g key={r} transform={`translate(${row.position?.x ?? 0} ${row.position?.y ?? 0})`}>
              <TableDrawing row={row} />
              <RowLabels row={row} />
            </g>
          ))}
        </g>
      ))}
    </>
  );
});

/** The plan with every seat in its state on the date (drawn again only when the places change). */
export const PlanStates = memo(function PlanStates({
  layout,
  model,
  prefix,
}: {
  layout: SeatingLayout;
  model: SeatMapModel;
  prefix: string;
}) {
  const words = useSeatWords();
  const rims = new Map(layout.categories.filter((c) => c.color).map((c) => [c.name, c.color!] as const));
  return (
    <>
      <StatePatterns prefix={prefix} />
      <Backdrop layout={layout} />
      {model.seats.map((place) => (
        <StateSeat
          key={place.id}
          place={place}
          prefix={prefix}
          rim={rims.get(place.category) ?? NO_COLOUR}
          title={words.describe(place)}
        />
      ))}
    </>
  );
});

/** A state's sample, drawn as on the plan. */
export function StateSwatch({ state, size = 18 }: { state: SeatState; size?: number }) {
  const prefix = `sw${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const r = size / 2 - 1.5;
  const place = { id: 0, x: size / 2, y: size / 2, r, state } as MapPlace;
  return (
    <svg width={size} height={size} aria-hidden style={{ flex: 'none' }}>
      <StatePatterns prefix={prefix} />
      <StateSeat place={place} prefix={prefix} rim="#495057" title="" />
    </svg>
  );
}

/** The legend: each state with its sample and how many seats are in it on the date. */
export function StateLegend({ counts, label }: { counts: Record<SeatState, number>; label: string }) {
  const words = useSeatWords();
  return (
    <Group
      component="ul"
      aria-label={label}
      gap="lg"
      p={0}
      m={0}
      style={{ listStyle: 'none', rowGap: 'var(--mantine-spacing-xs)' }}
      data-testid="seat-state-counts"
    >
      {SEAT_STATES.map((state) => (
        <Group key={state} component="li" gap={6} wrap="nowrap" data-state={state}>
          <StateSwatch state={state} />
          <Text size="sm" fw={600}>
            {words.states[state]}
          </Text>
          <Text size="sm" c="dimmed" data-testid={`count-${state}`}>
            {counts[state]}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
