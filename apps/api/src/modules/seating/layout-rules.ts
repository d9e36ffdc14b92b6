import { type IssueKey, SEATING_MAX_SEATS, type SeatingCountsDto, type SeatingLayout } from '@admitone/shared';

import { DomainError } from '../../shared/errors.js';

/** A problem of a layout, on the path of its field (`zones.0.rows.2.seats.5.category`). */
interface Problem {
  path: string;
  key: IssueKey;
  values?: Record<string, number>;
}

/** Seats, standing places and categories of a layout. */
export function countsOf(layout: SeatingLayout): SeatingCountsDto {
  let seats = 0;
  let standing = 0;
  for (const zone of layout.zones) {
    for (const row of zone.rows) seats += row.seats.length;
    for (const area of zone.areas ?? []) standing += area.standing?.capacity ?? 0;
  }
  return { seats, standing, categories: layout.categories.length };
}

/**
 * What stops a layout from being published (a draft may have any of it): categories named twice, a seat or a
 * standing area without one of the plan's categories, a seat id used twice, two seats of one row with the same
 * number, a section with a seat or standing area outside the plan's size, no seat and no standing area at all, more
 * seats than a plan may hold. Each on its field.
 */
export function layoutProblems(layout: SeatingLayout): Problem[] {
  const problems: Problem[] = [];
  const categories = new Set<string>();
  layout.categories.forEach((c, i) => {
    if (categories.has(c.name)) problems.push({ path: `categories.${i}.name`, key: 'seating_category_duplicate' });
    categories.add(c.name);
  });
  const guids = new Set<string>();
  const { width, height } = layout.size;
  const outside = (x: number, y: number) => x < 0 || y < 0 || x > width || y > height;
  layout.zones.forEach((zone, z) => {
    const labels = new Set<string>();
    // Buyers see the plan's size and nothing beyond it: a seat or area placed outside could not be chosen.
    let out = false;
    zone.rows.forEach((row, r) => {
      const ox = zone.position.x + (row.position?.x ?? 0);
      const oy = zone.position.y + (row.position?.y ?? 0);
      row.seats.forEach((seat, s) => {
        out ||= outside(ox + seat.position.x, oy + seat.position.y);
        const at = `zones.${z}.rows.${r}.seats.${s}`;
        if (!categories.has(seat.category)) problems.push({ path: `${at}.category`, key: 'seating_category_unknown' });
        if (guids.has(seat.seat_guid)) problems.push({ path: `${at}.seat_guid`, key: 'seating_seat_duplicate' });
        guids.add(seat.seat_guid);
        // A seat is told apart by its zone, its row and its number: the same three twice is one seat to a buyer.
        const label = JSON.stringify([row.row_number, seat.seat_number]);
        if (labels.has(label)) problems.push({ path: `${at}.seat_number`, key: 'seating_label_duplicate' });
        labels.add(label);
      });
    });
    (zone.areas ?? []).forEach((area, a) => {
      if (area.standing && !categories.has(area.standing.category))
        problems.push({ path: `zones.${z}.areas.${a}.standing.category`, key: 'seating_category_unknown' });
      if (area.standing)
        out ||= outside(zone.position.x + (area.position?.x ?? 0), zone.position.y + (area.position?.y ?? 0));
    });
    if (out) problems.push({ path: `zones.${z}`, key: 'seating_outside_plan' });
  });
  const counts = countsOf(layout);
  if (counts.seats > SEATING_MAX_SEATS)
    problems.push({ path: 'zones', key: 'seating_too_many_seats', values: { max: SEATING_MAX_SEATS } });
  if (!counts.seats && !counts.standing) problems.push({ path: 'zones', key: 'seating_plan_empty' });
  return problems;
}

/** Refuses a layout with problems, each on its field (`layout.` before its path), the first 100 of them. */
export function assertPublishable(layout: SeatingLayout): void {
  const problems = layoutProblems(layout);
  if (!problems.length) return;
  const fields: Record<string, Array<{ key: IssueKey; values?: Record<string, number> }>> = {};
  for (const p of problems.slice(0, 100))
    (fields[`layout.${p.path}`] ??= []).push(p.values ? { key: p.key, values: p.values } : { key: p.key });
  throw new DomainError('VALIDATION_FAILED', { fields });
}
