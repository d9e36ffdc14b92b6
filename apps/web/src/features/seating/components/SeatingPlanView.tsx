import type { SeatingLayout } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Box, Group, Text, useMantineTheme } from '@mantine/core';
import { memo, useMemo } from 'react';

import { AreaShape } from '../../../lib/seating-area';
import { TableDrawing } from '../editor/TableDrawing';
import { type CategoryTally, type LayoutTally, tallyLayout } from '../seating-layout';

/** A seat's radius in the plan's pixels when the plan gives none (pretix's default). */
export const DEFAULT_SEAT_RADIUS = 10;

type Zone = SeatingLayout['zones'][number];
type Area = NonNullable<Zone['areas']>[number];
type Row = Zone['rows'][number];

const NO_COLOUR = '#dee2e6';

/** One area of an organizer's plan: a standing area tinted by its category (`fallback` when it has no colour). */
export function PlanArea({ area, colours, fallback }: { area: Area; colours: Map<string, string>; fallback: string }) {
  const standing = area.standing ? (colours.get(area.standing.category) ?? fallback) : null;
  return <AreaShape area={area} standing={standing} plain={NO_COLOUR} />;
}

/** A row's label beside its first and/or last seat as the plan asks (a table is named in its middle instead). */
export function RowLabels({ row }: { row: Row }) {
  const first = row.seats[0];
  const last = row.seats.at(-1);
  const where = row.table ? null : row.row_number_position;
  const label = (seat: Row['seats'][number], side: -1 | 1) => {
    const r = seat.radius ?? DEFAULT_SEAT_RADIUS;
    return (
      <text
        x={seat.position.x + side * r * 1.8}
        y={seat.position.y}
        fontSize={r * 1.2}
        fill="#495057"
        textAnchor={side < 0 ? 'end' : 'start'}
        dominantBaseline="central"
      >
        {row.row_number}
      </text>
    );
  };
  return (
    <>
      {first && (where === 'start' || where === 'both') ? label(first, -1) : null}
      {last && (where === 'end' || where === 'both') ? label(last, 1) : null}
    </>
  );
}

/** A row's seats, one circle each, and its labels. */
function RowSeats({ row, colours, fallback }: { row: Row; colours: Map<string, string>; fallback: string }) {
  const { x, y } = row.position ?? { x: 0, y: 0 };
  return (
    <g transform={`translate(${x} ${y})`}>
      <TableDrawing row={row} />
      {row.seats.map((seat, i) => (
        <circle
          key={i}
          cx={seat.position.x}
          cy={seat.position.y}
          r={seat.radius ?? DEFAULT_SEAT_RADIUS}
          fill={colours.get(seat.category) ?? fallback}
          stroke="#ffffff"
          strokeWidth={1.5}
          data-seat=""
        />
      ))}
      <RowLabels row={row} />
    </g>
  );
}

/** The drawing itself: kept while the layout is the same object (2,000 seats are 2,000 circles, no state). */
const PlanDrawing = memo(function PlanDrawing({
  layout,
  colours,
  fallback,
}: {
  layout: SeatingLayout;
  colours: Map<string, string>;
  fallback: string;
}) {
  return (
    <>
      <rect width={layout.size.width} height={layout.size.height} fill="#ffffff" />
      {layout.zones.map((zone, z) => (
        <g key={z} transform={`translate(${zone.position.x} ${zone.position.y})`}>
          {(zone.areas ?? []).map((area, a) => (
            <PlanArea key={a} area={area} colours={colours} fallback={fallback} />
          ))}
          {zone.rows.map((row, r) => (
            <RowSeats key={r} row={row} colours={colours} fallback={fallback} />
          ))}
        </g>
      ))}
    </>
  );
});

function Swatch({ colour }: { colour: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      w={14}
      h={14}
      style={{ borderRadius: '50%', background: colour, flex: 'none', border: '1px solid rgba(0, 0, 0, 0.2)' }}
    />
  );
}

function LegendItem({ tally, colour }: { tally: CategoryTally; colour: string }) {
  const { t } = useLingui();
  const seats = plural(tally.seats, { one: '# seat', other: '# seats' });
  const standing = plural(tally.standing, { one: '# standing place', other: '# standing places' });
  const counts = tally.standing ? (tally.seats ? t`${seats}, ${standing}` : standing) : seats;
  return (
    <Group component="li" gap={6} wrap="nowrap" data-testid="seating-legend-item">
      <Swatch colour={colour} />
      <Text size="sm" fw={600}>
        {tally.name}
      </Text>
      <Text size="sm" c="dimmed">
        {tally.unknown ? t`${counts} (not a category of the plan)` : counts}
      </Text>
    </Group>
  );
}

interface SeatingPlanViewProps {
  layout: SeatingLayout;
  /** The drawing's greatest height on the page (it keeps its proportions); none: as wide as its container. */
  maxHeight?: number | string;
}

/** The plan in words, to name its drawing: its seats and standing places, and the categories they are in. */
export function usePlanLabel(tally: LayoutTally): string {
  const { t } = useLingui();
  const used = tally.categories.filter((c) => c.seats || c.standing).length;
  const seats = plural(tally.seats, { one: '# seat', other: '# seats' });
  const categories = plural(used, { one: '# category', other: '# categories' });
  const standing = plural(tally.standing, { one: '# standing place', other: '# standing places' });
  return tally.standing
    ? t`Seating plan with ${seats} and ${standing} in ${categories}`
    : t`Seating plan with ${seats} in ${categories}`;
}

/**
 * A seating plan drawn read-only as SVG, as wide as its container: areas (shapes and text) under the seats, each
 * seat a circle in its category's colour, then a legend naming each category with its swatch and counts (never
 * colour alone). Positions add up: a zone's from the plan's corner, a row's from its zone, a seat's from its row.
 */
export function SeatingPlanView({ layout, maxHeight }: SeatingPlanViewProps) {
  const { t } = useLingui();
  const theme = useMantineTheme();
  const fallback = theme.colors[theme.primaryColor]?.[6] ?? '#7950f2';
  const tally = useMemo(() => tallyLayout(layout), [layout]);
  const colours = useMemo(
    () => new Map(layout.categories.filter((c) => c.color).map((c) => [c.name, c.color!] as const)),
    [layout],
  );
  const label = usePlanLabel(tally);

  return (
    <Box>
      <Box
        style={{
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-gray-0)',
          overflow: 'hidden',
          display: 'flex',
          justifyContent: 'center',
        }}
      >
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${layout.size.width} ${layout.size.height}`}
          preserveAspectRatio="xMidYMid meet"
          style={{ display: 'block', width: '100%', height: 'auto', maxHeight }}
        >
          <PlanDrawing layout={layout} colours={colours} fallback={fallback} />
        </svg>
      </Box>
      {tally.categories.length ? (
        <Group
          component="ul"
          aria-label={t`Legend`}
          gap="lg"
          mt="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none', rowGap: 'var(--mantine-spacing-xs)' }}
        >
          {tally.categories.map((category) => (
            <LegendItem key={category.name} tally={category} colour={colours.get(category.name) ?? fallback} />
          ))}
        </Group>
      ) : null}
    </Box>
  );
}
