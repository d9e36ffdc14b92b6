import type { AttendeeDto, AttendeeStatus } from '@admitone/shared';
import { and, eq, type SQL } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { attendees } from '../../db/schema/index.js';
import { attendeesOf } from '../attendees/attendee-view.js';

/** What a scan needs to decide: which event the ticket is for and its state. */
export interface ScanTarget {
  id: number;
  event_id: number;
  status: AttendeeStatus;
  /** A pass's rows share it (one per date). */
  pass_group: string | null;
}

/** One attendee of the account matching `where` (short id or id); another account's attendee is never found. */
export async function findScanTarget(db: Executor, accountId: number, where: SQL): Promise<ScanTarget | null> {
  const [row] = await db
    .select({
      id: attendees.id,
      event_id: attendees.event_id,
      status: attendees.status,
      pass_group: attendees.pass_group,
    })
    .from(attendees)
    .where(and(eq(attendees.account_id, accountId), eq(attendees.is_admission, true), where))
    .limit(1);
  return row ?? null;
}

/** The attendee as the organizer's lists show it (read again after a change). */
export async function scanTargetDto(db: Executor, target: Pick<ScanTarget, 'id' | 'event_id'>): Promise<AttendeeDto> {
  const [dto] = await attendeesOf(db, target.event_id, { ids: [target.id] });
  return dto!;
}
