import { type SeatingLayout, seatingPlanBody } from '@admitone/shared';

/** A plan's name alone, as the forms check it. */
export const planNameBody = seatingPlanBody.pick({ name: true });

/** What a seating plan's layout holds per category: for the preview's legend and its summary. */
export interface CategoryTally {
  name: string;
  /** Its colour as the plan gives it (undefined: the theme's). */
  color: string | undefined;
  seats: number;
  standing: number;
  /** Seats or standing areas name it, but the plan's categories do not (a draft's problem). */
  unknown: boolean;
}

export interface LayoutTally {
  seats: number;
  standing: number;
  categories: CategoryTally[];
}

/** Counts the seats and standing places of each category, the plan's categories first in their order. */
export function tallyLayout(layout: SeatingLayout): LayoutTally {
  const byName = new Map<string, CategoryTally>();
  for (const category of layout.categories)
    if (!byName.has(category.name))
      byName.set(category.name, { name: category.name, color: category.color, seats: 0, standing: 0, unknown: false });
  const of = (name: string) => {
    let tally = byName.get(name);
    if (!tally) {
      tally = { name, color: undefined, seats: 0, standing: 0, unknown: true };
      byName.set(name, tally);
    }
    return tally;
  };
  let seats = 0;
  let standing = 0;
  for (const zone of layout.zones) {
    for (const row of zone.rows) {
      for (const seat of row.seats) of(seat.category).seats++;
      seats += row.seats.length;
    }
    for (const area of zone.areas ?? []) {
      if (!area.standing) continue;
      of(area.standing.category).standing += area.standing.capacity;
      standing += area.standing.capacity;
    }
  }
  return { seats, standing, categories: [...byName.values()] };
}

/** The largest pretix file read in the browser (the API takes 8 MiB: an arena's plan). */
export const PRETIX_FILE_MAX_BYTES = 8 * 1024 * 1024;

export type PretixFileProblem = 'too-large' | 'not-json' | 'not-a-plan';

/** Why a chosen file cannot be sent as a plan. */
export class PretixFileError extends Error {
  constructor(readonly problem: PretixFileProblem) {
    super(problem);
    this.name = 'PretixFileError';
  }
}

/**
 * Reads a pretix seating-plan file in the browser: its JSON, an object with zones. The API checks the rest (each
 * problem on its field).
 */
export async function readPretixFile(file: Blob): Promise<Record<string, unknown>> {
  if (file.size > PRETIX_FILE_MAX_BYTES) throw new PretixFileError('too-large');
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    throw new PretixFileError('not-json');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || !('zones' in parsed))
    throw new PretixFileError('not-a-plan');
  return parsed as Record<string, unknown>;
}

/** Where a publication problem is, read from its field (`layout.zones.0.rows.1.seats.2.seat_number`). */
export type ProblemPlace =
  | { kind: 'plan' }
  | { kind: 'category'; index: number; name: string | undefined }
  | { kind: 'zone'; zone: string | number }
  | { kind: 'row'; zone: string | number; row: string }
  | { kind: 'seat'; zone: string | number; row: string; seat: string }
  | { kind: 'area'; zone: string | number; index: number; standing: string | undefined };

/** A zone by its name, else its number (1-based) when it has none. */
const zoneName = (layout: SeatingLayout, index: number): string | number => layout.zones[index]?.name || index + 1;

/**
 * The place a problem's field names in the draft: a category, zone, row (its number), seat (its number) or area.
 * Parts the draft does not have (a changed draft) fall back to their positions, counted from 1.
 */
export function problemPlace(field: string, layout: SeatingLayout): ProblemPlace {
  const parts = field.replace(/^(layout|pretix)\./, '').split('.');
  const num = (i: number) => (parts[i] !== undefined && /^\d+$/.test(parts[i]) ? Number(parts[i]) : undefined);
  if (parts[0] === 'categories') {
    const index = num(1);
    if (index === undefined) return { kind: 'plan' };
    return { kind: 'category', index, name: layout.categories[index]?.name };
  }
  if (parts[0] !== 'zones') return { kind: 'plan' };
  const z = num(1);
  if (z === undefined) return { kind: 'plan' };
  const zone = zoneName(layout, z);
  const r = parts[2] === 'rows' ? num(3) : undefined;
  if (r !== undefined) {
    const row = layout.zones[z]?.rows[r];
    const rowName = row?.row_number ?? String(r + 1);
    const s = parts[4] === 'seats' ? num(5) : undefined;
    if (s === undefined) return { kind: 'row', zone, row: rowName };
    return { kind: 'seat', zone, row: rowName, seat: row?.seats[s]?.seat_number ?? String(s + 1) };
  }
  const a = parts[2] === 'areas' ? num(3) : undefined;
  if (a !== undefined) return { kind: 'area', zone, index: a, standing: layout.zones[z]?.areas?.[a]?.standing?.name };
  return { kind: 'zone', zone };
}
