import type { IssueKey } from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { DomainError } from '../../shared/errors.js';
import { rowsOf } from '../inventory/counters.js';

/**
 * The date an organizer's change is for: the one named (it must be the event's: another event's or
 * account's date is simply not found), or the event's only date that is not cancelled. Several dates
 * and none named is refused on the field. A cancelled date takes no new admissions.
 */
export async function organizerDateOf(
  db: Executor,
  eventId: number,
  dateId: number | null | undefined,
): Promise<number> {
  const rows = await rowsOf<{ id: number; status: string }>(
    db,
    dateId
      ? sql`select id, status from event_dates where event_id = ${eventId} and id = ${dateId}`
      : sql`select id, status from event_dates where event_id = ${eventId} and status <> 'CANCELLED' limit 2`,
  );
  const refuse = (key: IssueKey) => new DomainError('VALIDATION_FAILED', { fields: { event_date_id: [{ key }] } });
  if (dateId && !rows.length) throw refuse('not_found_choice');
  if (rows.length !== 1) throw refuse('choose_date');
  if (rows[0]!.status === 'CANCELLED') throw refuse('date_not_on_sale');
  return Number(rows[0]!.id);
}
