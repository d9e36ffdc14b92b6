import type { Locale, WaitlistState } from '@admitone/shared';

import type { Executor } from '../../db/client.js';
import { translate } from '../../i18n/i18n.js';
import { countEventDates } from '../event-dates/event-dates.repository.js';
import { eventWaitlist } from '../waitlist/entries.js';
import type { ExportEvent } from './attendee-export.js';
import { dateColumns, EXPORT_TEXT as T } from './export-headings.js';
import { type ExportColumn, type ExportSheet, oneBatch, zonedStamp } from './export-sheet.js';

const STATE_WORDS: Record<WaitlistState, (typeof T)[keyof typeof T]> = {
  WAITING: T.state_waiting,
  OFFERED: T.state_offered,
  PURCHASED: T.state_purchased,
  EXPIRED: T.state_expired,
  LEFT: T.state_left,
  REMOVED: T.state_removed,
};

/**
 * Every entry of the event's waitlist in line order, with its state as of `now` and, when the event has several
 * dates, the date waited for (a waitlist is small: one batch).
 */
export async function waitlistExport(
  db: Executor,
  event: ExportEvent,
  now: Date,
  locale: Locale,
): Promise<{ total: number; sheet: ExportSheet }> {
  const { entries } = await eventWaitlist(db, event.id, now);
  const dated = (await countEventDates(db, event.id)) > 1;
  const h = (d: (typeof T)[keyof typeof T]) => translate(locale, d);
  const columns: ExportColumn[] = [
    { heading: h(T.id), kind: 'int' },
    { heading: h(T.position), kind: 'int' },
    { heading: h(T.status), kind: 'text', width: 14 },
    { heading: h(T.first_name), kind: 'text', width: 16 },
    { heading: h(T.last_name), kind: 'text', width: 16 },
    { heading: h(T.email), kind: 'text', width: 28 },
    { heading: h(T.ticket), kind: 'text', width: 20 },
    { heading: h(T.tier), kind: 'text', width: 14 },
    ...(dated ? dateColumns(h) : []),
    { heading: h(T.quantity), kind: 'int' },
    { heading: h(T.language), kind: 'text', width: 8 },
    { heading: h(T.joined_at), kind: 'text', width: 17 },
    { heading: h(T.offered_at), kind: 'text', width: 17 },
    { heading: h(T.offer_expires_at), kind: 'text', width: 17 },
    { heading: h(T.order_number), kind: 'text', width: 16 },
  ];
  const at = (iso: string | null) => zonedStamp(iso === null ? null : new Date(iso), event.timezone);
  const rows = entries.map((e) => [
    e.id,
    e.position,
    h(STATE_WORDS[e.state]),
    e.first_name,
    e.last_name,
    e.email,
    e.ticket_name,
    e.tier_label,
    ...(dated ? [at(e.date_start), e.date_label] : []),
    e.quantity,
    e.locale,
    at(e.created_at),
    at(e.offered_at),
    e.state === 'OFFERED' || e.state === 'EXPIRED' ? at(e.offer_expires_at) : null,
    e.order_number,
  ]);
  return { total: rows.length, sheet: { name: h(T.waitlist_sheet), columns, exponent: 0, batches: oneBatch(rows) } };
}
