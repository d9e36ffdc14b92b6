import type { Row } from './layout-types';
import { tableShape } from './tables';

/** The table under a table row's seats (round or long, turned with them) with its name; nothing for other rows. */
export function TableDrawing({ row }: { row: Row }) {
  const table = tableShape(row);
  if (!table) return null;
  const { x, y } = table.centre;
  return (
    <>
      {table.shape === 'round' ? (
        <circle cx={x} cy={y} r={table.radius} fill="#f1f3f5" stroke="#adb5bd" />
      ) : (
        <rect
          x={x - table.width / 2}
          y={y - table.height / 2}
          width={table.width}
          height={table.height}
          rx={4}
          fill="#f1f3f5"
          stroke="#adb5bd"
          transform={table.rotation ? `rotate(${table.rotation} ${x} ${y})` : undefined}
        />
      )}
      <text x={x} y={y} fontSize={14} fill="#343a40" textAnchor="middle" dominantBaseline="central">
        {row.row_number}
      </text>
    </>
  );
}
