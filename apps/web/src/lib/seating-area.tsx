import type { SeatingLayout } from '@admitone/shared';
import type { ReactNode } from 'react';

type Area = NonNullable<SeatingLayout['zones'][number]['areas']>[number];

const TEXT_COLOUR = '#343a40';

/** Where a shape's words go when the area names no place for them: its middle. */
function middleOf(area: Area): { x: number; y: number } {
  if (area.shape === 'rectangle') return { x: (area.rectangle?.width ?? 0) / 2, y: (area.rectangle?.height ?? 0) / 2 };
  const points = area.shape === 'polygon' ? (area.polygon?.points ?? []) : [];
  if (!points.length) return { x: 0, y: 0 };
  return {
    x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
    y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
  };
}

/**
 * One shape of a seating plan (the stage, a label, a standing area) at its place in its zone, turned about that place,
 * with its words, as every plan view draws it (the organizer's plan, editor and seat map, the buyer's picker).
 * `standing`: the colour a standing area is tinted with (its category's); `plain`: the fill of a shape with no
 * colour of its own.
 */
export function AreaShape({ area, standing, plain }: { area: Area; standing: string | null; plain: string }) {
  const { x, y } = area.position ?? { x: 0, y: 0 };
  const common = {
    fill: standing ?? area.color ?? plain,
    fillOpacity: standing ? 0.3 : undefined,
    stroke: standing ?? area.border_color ?? 'none',
    strokeWidth: standing || area.border_color ? 2 : undefined,
  };
  let shape: ReactNode = null;
  if (area.shape === 'rectangle' && area.rectangle) {
    const { width, height } = area.rectangle;
    shape = (
      <rect
        x={Math.min(0, width)}
        y={Math.min(0, height)}
        width={Math.abs(width)}
        height={Math.abs(height)}
        {...common}
      />
    );
  } else if (area.shape === 'circle' && area.circle) {
    shape = <circle r={Math.abs(area.circle.radius)} {...common} />;
  } else if (area.shape === 'ellipse' && area.ellipse) {
    shape = <ellipse rx={Math.abs(area.ellipse.radius.x)} ry={Math.abs(area.ellipse.radius.y)} {...common} />;
  } else if (area.shape === 'polygon' && area.polygon?.points.length) {
    shape = <polygon points={area.polygon.points.map((p) => `${p.x},${p.y}`).join(' ')} {...common} />;
  }
  const words = area.text?.text || area.standing?.name;
  const at = area.text?.position ?? middleOf(area);
  return (
    <g transform={`translate(${x} ${y})${area.rotation ? ` rotate(${area.rotation})` : ''}`}>
      {shape}
      {words ? (
        <text
          x={at.x}
          y={at.y}
          fontSize={area.text?.size ?? 16}
          fill={area.text?.color ?? TEXT_COLOUR}
          textAnchor="middle"
          dominantBaseline="central"
        >
          {words}
        </text>
      ) : null}
    </g>
  );
}
