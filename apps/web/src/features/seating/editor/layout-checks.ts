import type { FieldErrors, IssueKey } from '@admitone/shared';

import type { Layout } from './layout-types';

/** A problem on its field's path in the layout (`zones.0.rows.2.seats.5.category`), as the API names it. */
export interface LayoutProblem {
  path: string;
  key: IssueKey;
}

/**
 * The checks publishing makes (the API's layout rules), run in the browser while the organizer draws: categories
 * named twice, seats or standing areas without one of the plan's categories, a seat id twice, two seats of a zone
 * with the same row and number, a zone reaching outside the plan's size, nothing to sell. The API checks again when
 * the plan is published.
 */
export function layoutProblems(layout: Layout): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const named = new Set<string>();
  for (const [i, category] of layout.categories.entries()) {
    if (named.has(category.name)) problems.push({ path: `categories.${i}.name`, key: 'seating_category_duplicate' });
    named.add(category.name);
  }
  const ids = new Set<string>();
  let sold = 0;
  const { width, height } = layout.size;
  const outside = (x: number, y: number) => x < 0 || y < 0 || x > width || y > height;
  for (const [z, zone] of layout.zones.entries()) {
    const seen = new Set<string>();
    let out = false;
    for (const [r, row] of zone.rows.entries())
      for (const [s, seat] of row.seats.entries()) {
        const path = `zones.${z}.rows.${r}.seats.${s}`;
        sold++;
        out ||= outside(
          zone.position.x + (row.position?.x ?? 0) + seat.position.x,
          zone.position.y + (row.position?.y ?? 0) + seat.position.y,
        );
        if (!named.has(seat.category)) problems.push({ path: `${path}.category`, key: 'seating_category_unknown' });
        if (ids.has(seat.seat_guid)) problems.push({ path: `${path}.seat_guid`, key: 'seating_seat_duplicate' });
        ids.add(seat.seat_guid);
        const label = `${row.row_number}\u0000${seat.seat_number}`;
        if (seen.has(label)) problems.push({ path: `${path}.seat_number`, key: 'seating_label_duplicate' });
        seen.add(label);
      }
    for (const [a, area] of (zone.areas ?? []).entries()) {
      if (!area.standing) continue;
      sold++;
      if (!named.has(area.standing.category))
        problems.push({ path: `zones.${z}.areas.${a}.standing.category`, key: 'seating_category_unknown' });
      out ||= outside(zone.position.x + (area.position?.x ?? 0), zone.position.y + (area.position?.y ?? 0));
    }
    if (out) problems.push({ path: `zones.${z}`, key: 'seating_outside_plan' });
  }
  if (!sold) problems.push({ path: 'zones', key: 'seating_plan_empty' });
  return problems;
}

/** The problems as the API's field errors (`layout.` before each path), worded by `say`, for PlanProblems. */
export function problemFields(problems: readonly LayoutProblem[], say: (key: IssueKey) => string): FieldErrors {
  const fields: FieldErrors = {};
  for (const p of problems) (fields[`layout.${p.path}`] ??= []).push(say(p.key));
  return fields;
}
