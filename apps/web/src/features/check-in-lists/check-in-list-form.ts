import type { CheckInListBody, CheckInListDto } from '@admitone/shared';
import { toZonedPickerValue } from '@admitone/shared';

import { toWallClock } from '../../lib/format';

/** What a list admits: every ticket (also those created later), or the chosen ones. */
export type Admits = 'ALL' | 'TICKETS';

/** A check-in list as its form holds it: text as typed, ticket ids as text, times as picker values. */
export interface CheckInListValues {
  name: string;
  description: string;
  admits: Admits;
  ticket_ids: string[];
  /** Picker value "YYYY-MM-DD HH:mm:ss", wall clock in the event's zone, or null. */
  activates_at: string | null;
  expires_at: string | null;
}

const picker = (iso: string | null, timeZone: string) => (iso ? toZonedPickerValue(iso, timeZone) : null);

/** Form values for an existing list (its times in the event's zone), or for a new one admitting every ticket. */
export function checkInListValues(list: CheckInListDto | undefined, timeZone: string): CheckInListValues {
  if (!list) return { name: '', description: '', admits: 'ALL', ticket_ids: [], activates_at: null, expires_at: null };
  return {
    name: list.name ?? '',
    description: list.description ?? '',
    admits: list.all_tickets ? 'ALL' : 'TICKETS',
    ticket_ids: list.ticket_ids.map(String),
    activates_at: picker(list.activates_at, timeZone),
    expires_at: picker(list.expires_at, timeZone),
  };
}

/** The API body for the form values: a blank name is the default name (null), times are wall clock. */
export function checkInListBodyOf(v: CheckInListValues): CheckInListBody {
  const all = v.admits === 'ALL';
  return {
    name: v.name.trim() || null,
    description: v.description.trim() || null,
    all_tickets: all,
    ticket_ids: all ? [] : v.ticket_ids.map(Number),
    activates_at: toWallClock(v.activates_at),
    expires_at: toWallClock(v.expires_at),
  };
}
