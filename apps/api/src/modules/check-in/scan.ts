import {
  type AttendeeDto,
  CHECK_IN_OVERRIDABLE,
  type CheckInOutcomeDto,
  type CheckInResult,
  type checkInScan,
  type PersonRef,
} from '@admitone/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Tx } from '../../db/client.js';
import { attendees, checkInListTickets, checkIns, listCheckIns, retiredTicketCodes } from '../../db/schema/index.js';
import { DomainError, isUniqueViolation } from '../../shared/errors.js';
import { peopleById } from '../attendees/attendee-view.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { normaliseTicketCode } from '../orders/ids.js';
import { emitWebhookEvent, type WebhookChange } from '../webhooks/webhook-outbox.js';
import { findScanTarget, type ScanTarget, scanTargetDto } from './check-in-attendee.js';
import { type CheckInListRow, listStateAt } from './check-in-lists.repository.js';
import { admitsOn, passRowOnDoorDate, ticketDateOf } from './door-date.js';

export type Scan = z.output<typeof checkInScan>;

export interface ScanContext {
  db: Db;
  accountId: number;
  eventId: number;
  /** The list the scan is made on. */
  list: CheckInListRow;
  /** The organizer or door-staff member; null through the list's staff link. */
  user: PersonRef | null;
  /** The device as its browser names itself, for the history. */
  device: string | null;
  now: Date;
  /** Who may admit a ticket anyway ("Admit anyway": admins and organizers); null: nobody here (door staff, links). */
  overrider: AuditActor | null;
}

type PriorScan = typeof checkIns.$inferSelect;

/**
 * The ticket's short id from a QR payload: the id itself (signed: `<id>.<signature>`), or a ticket link ending in it.
 */
export function shortIdOf(code: string): string {
  const path = code.trim().split(/[?#]/)[0]!;
  const parts = path.split('/').filter(Boolean);
  return (parts.at(-1) ?? '').split('.')[0]!;
}

/** Who is in on the list and since when (null: not checked in on it). */
interface OnList {
  at: Date;
  by: PersonRef | null;
  viaLink: boolean;
}

/**
 * The scan's answer: `on` is the check-in it reports, `now` the attendee's state on the list today (the same but for a
 * replay).
 */
const outcome = (
  result: CheckInResult,
  a: AttendeeDto | null,
  on: OnList | null = null,
  now: OnList | null = on,
): CheckInOutcomeDto => ({
  result,
  attendee: a && { ...a, checked_in_at: now?.at.toISOString() ?? null, checked_in_by: now?.by ?? null },
  checked_in_at: on?.at.toISOString() ?? null,
  checked_in_by: on?.by ?? null,
  checked_in_by_link: on?.viaLink ?? false,
});

/** The attendee's check-in on the list, if any. */
async function onList(tx: Tx, listId: number, attendeeId: number): Promise<OnList | null> {
  const [row] = await tx
    .select()
    .from(listCheckIns)
    .where(and(eq(listCheckIns.list_id, listId), eq(listCheckIns.attendee_id, attendeeId)));
  if (!row) return null;
  const people = await peopleById(tx, [row.checked_in_by]);
  return {
    at: row.checked_in_at,
    by: row.checked_in_by !== null ? (people.get(row.checked_in_by) ?? null) : null,
    viaLink: row.via_staff_link,
  };
}

async function priorScan(tx: Tx, eventId: number, clientScanId: string | undefined): Promise<PriorScan | null> {
  if (!clientScanId) return null;
  const [row] = await tx
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.event_id, eventId), eq(checkIns.client_scan_id, clientScanId)))
    .limit(1);
  return row ?? null;
}

/** A scan the server has already applied: the same answer as the first time, nothing changes. */
async function replay(tx: Tx, prior: PriorScan): Promise<CheckInOutcomeDto> {
  const a = await scanTargetDto(tx, { id: prior.attendee_id, event_id: prior.event_id });
  const now = prior.check_in_list_id !== null ? await onList(tx, prior.check_in_list_id, prior.attendee_id) : null;
  if (prior.action === 'CHECK_OUT') return outcome('CHECKED_OUT', a, null, now);
  const people = await peopleById(tx, [prior.user_id]);
  const by = prior.user_id !== null ? (people.get(prior.user_id) ?? null) : null;
  return outcome('CHECKED_IN', a, { at: prior.created_at, by, viaLink: prior.via_staff_link }, now);
}

/** A staff link repeating a scan id made on another list: not its scan to be told about. */
const viaLinkElsewhere = (c: ScanContext, prior: PriorScan) => c.user === null && prior.check_in_list_id !== c.list.id;

/** When the scan happened: the device's time for a queued scan, never later than now. */
const scannedAt = (c: ScanContext, scan: Scan) =>
  scan.scanned_at ? new Date(Math.min(Date.parse(scan.scanned_at), c.now.getTime())) : c.now;

async function record(tx: Tx, c: ScanContext, attendeeId: number, scan: Scan, overridden: CheckInResult[] = []) {
  await tx.insert(checkIns).values({
    account_id: c.accountId,
    event_id: c.eventId,
    attendee_id: attendeeId,
    action: scan.action,
    user_id: c.user?.id ?? null,
    check_in_list_id: c.list.id,
    via_staff_link: c.user === null,
    device: c.device,
    scanned_at: scannedAt(c, scan),
    client_scan_id: scan.client_scan_id ?? null,
    overridden: overridden.length ? overridden : null,
    override_reason: overridden.length ? (scan.override_reason ?? null) : null,
    created_at: c.now,
  });
}

const OVERRIDABLE: ReadonlySet<CheckInResult> = new Set(CHECK_IN_OVERRIDABLE);

/** Whether the list admits the attendee's ticket. */
async function admits(tx: Tx, list: CheckInListRow, attendeeId: number): Promise<boolean> {
  if (list.all_tickets) return true;
  const [row] = await tx
    .select({ id: attendees.id })
    .from(attendees)
    .where(
      and(
        eq(attendees.id, attendeeId),
        inArray(
          attendees.ticket_id,
          tx
            .select({ id: checkInListTickets.ticket_id })
            .from(checkInListTickets)
            .where(eq(checkInListTickets.list_id, list.id)),
        ),
      ),
    );
  return !!row;
}

/**
 * `attendees.checked_in_at` is the first of the attendee's list check-ins (null: on none); a change of the attendee
 * (`updated_since`).
 */
async function syncAttendee(tx: Tx, attendeeId: number, now: Date) {
  await tx
    .update(attendees)
    .set({
      updated_at: now,
      checked_in_at: sql`(select min(checked_in_at) from list_check_ins where attendee_id = ${attendeeId})`,
      checked_in_by: sql`(select checked_in_by from list_check_ins where attendee_id = ${attendeeId} order by checked_in_at, list_id limit 1)`,
    })
    .where(eq(attendees.id, attendeeId));
}

/** The attendee row locked: every scan of one attendee, on any list, waits for the one before it. */
async function lockAttendee(tx: Tx, id: number): Promise<ScanTarget['status'] | null> {
  const [row] = await tx.select({ status: attendees.status }).from(attendees).where(eq(attendees.id, id)).for('update');
  return row?.status ?? null;
}

/** Whether a code is the old code of one of the event's tickets that was passed on. */
async function isRetiredCode(tx: Tx, eventId: number, code: string): Promise<boolean> {
  const rows = await tx
    .select({ code: retiredTicketCodes.code })
    .from(retiredTicketCodes)
    .where(and(eq(retiredTicketCodes.code, code), eq(retiredTicketCodes.event_id, eventId)));
  return rows.length > 0;
}

/**
 * One scan, in one transaction (see docs/LOCKING.md "Check-in"). The attendee row is locked first, so
 * of two scanners admitting the same ticket at once one inserts the list's check-in and the other
 * finds it there and is told by whom and when. An attendee is in at most once per list.
 */
async function scanInTx(tx: Tx, c: ScanContext, scan: Scan): Promise<CheckInOutcomeDto> {
  const prior = await priorScan(tx, c.eventId, scan.client_scan_id);
  if (prior) return viaLinkElsewhere(c, prior) ? outcome('UNKNOWN', null) : replay(tx, prior);

  const code = normaliseTicketCode(shortIdOf(scan.code ?? ''));
  const where = scan.attendee_id !== undefined ? eq(attendees.id, scan.attendee_id) : eq(attendees.short_id, code);
  let found = await findScanTarget(tx, c.accountId, where);
  // A pass's code is good on each of its dates: the scan is its row for the date checked in.
  if (found?.pass_group && scan.attendee_id === undefined) {
    const row = await passRowOnDoorDate(tx, found, scan.event_date_id, scannedAt(c, scan));
    if (row !== found.id) found = await findScanTarget(tx, c.accountId, eq(attendees.id, row));
  }
  // A ticket's old code, after the buyer passed the ticket on: it no longer admits (the new holder has a new one).
  if (!found && scan.attendee_id === undefined && (await isRetiredCode(tx, c.eventId, code)))
    return outcome('TRANSFERRED', null);
  // Checkouts in progress or replaced are not tickets.
  if (!found || found.status === 'RESERVED' || found.status === 'ABANDONED') return outcome('UNKNOWN', null);
  // Attendee ids are sequential: through a staff link, an id its list does not admit (another ticket, another
  // event) is answered exactly as an id that does not exist, so the link reads no one else's name or ticket.
  if (
    c.user === null &&
    scan.attendee_id !== undefined &&
    (found.event_id !== c.eventId || !(await admits(tx, c.list, found.id)))
  )
    return outcome('UNKNOWN', null);
  const reload = () => scanTargetDto(tx, found);
  // "Admit anyway": each refusal a person may judge at the door is passed over, and written down.
  const overridden: CheckInResult[] = [];
  const overrides = (result: CheckInResult) =>
    scan.action === 'CHECK_IN' &&
    scan.override_reason !== undefined &&
    c.overrider !== null &&
    OVERRIDABLE.has(result) &&
    overridden.push(result) > 0;
  if (found.event_id !== c.eventId) return outcome('WRONG_EVENT', await reload());
  if (!(await admits(tx, c.list, found.id)) && !overrides('NOT_ON_LIST')) return outcome('NOT_ON_LIST', await reload());
  const state = listStateAt(c.list, scannedAt(c, scan));
  const closed = state === 'EXPIRED' ? 'LIST_EXPIRED' : 'LIST_NOT_ACTIVE';
  if (state !== 'ACTIVE' && !overrides(closed))
    return outcome(closed, await reload(), await onList(tx, c.list.id, found.id));

  const status = await lockAttendee(tx, found.id);
  // A concurrent scan of a twin of this very scan committed while this one waited: answer as it did.
  const raced = await priorScan(tx, c.eventId, scan.client_scan_id);
  if (raced) return viaLinkElsewhere(c, raced) ? outcome('UNKNOWN', null) : replay(tx, raced);
  const current = await onList(tx, c.list.id, found.id);

  if (scan.action === 'CHECK_IN') {
    if (status === 'CANCELLED') return outcome('CANCELLED', await reload());
    if (status === 'AWAITING_PAYMENT' && !overrides('AWAITING_PAYMENT'))
      return outcome('AWAITING_PAYMENT', await reload());
    if (status !== 'ACTIVE' && status !== 'AWAITING_PAYMENT') return outcome('UNKNOWN', null);
    // A ticket for another date of the event than the one being checked in (door-date.ts); the attendee names it.
    const date = await ticketDateOf(tx, found.id);
    if (date && !admitsOn(date, scan.event_date_id, scannedAt(c, scan)) && !overrides('WRONG_DATE'))
      return outcome('WRONG_DATE', await reload(), null, current);
    if (current) return outcome('ALREADY_CHECKED_IN', await reload(), current);
    await tx.insert(listCheckIns).values({
      list_id: c.list.id,
      attendee_id: found.id,
      event_id: c.eventId,
      checked_in_at: c.now,
      checked_in_by: c.user?.id ?? null,
      via_staff_link: c.user === null,
    });
    await syncAttendee(tx, found.id, c.now);
    await record(tx, c, found.id, scan, overridden);
    if (overridden.length) {
      const a = await reload();
      await recordAudit(
        tx,
        c.overrider!,
        {
          action: 'check_in.overridden',
          eventId: c.eventId,
          target: { type: 'attendee', id: found.id, label: `${a.first_name} ${a.last_name} (${a.short_id})` },
          data: { refused: overridden, reason: scan.override_reason, list: c.list.name },
        },
        c.now,
      );
    }
    await emitWebhookEvent(tx, checkInChange(c, found.id, 'checkin.created'));
    return outcome('CHECKED_IN', await reload(), { at: c.now, by: c.user, viaLink: c.user === null });
  }
  if (!current) {
    if (status === 'CANCELLED') return outcome('CANCELLED', await reload());
    if (status === 'AWAITING_PAYMENT') return outcome('AWAITING_PAYMENT', await reload());
    return outcome('NOT_CHECKED_IN', await reload());
  }
  await tx.delete(listCheckIns).where(and(eq(listCheckIns.list_id, c.list.id), eq(listCheckIns.attendee_id, found.id)));
  await syncAttendee(tx, found.id, c.now);
  await record(tx, c, found.id, scan);
  await emitWebhookEvent(tx, checkInChange(c, found.id, 'checkin.deleted'));
  return outcome('CHECKED_OUT', await reload());
}

/**
 * A check-in or check-out for webhooks: the list, who (a person or the list's staff link) and when; the attendee joins
 * on sending.
 */
function checkInChange(c: ScanContext, attendeeId: number, type: 'checkin.created' | 'checkin.deleted'): WebhookChange {
  const by = c.user ? { user: { id: c.user.id, name: c.user.name } } : { staff_link: true };
  const payload = {
    check_in_list: { id: c.list.id, name: c.list.name },
    action: type === 'checkin.created' ? 'CHECK_IN' : 'CHECK_OUT',
    at: c.now.toISOString(),
    ...by,
  };
  return {
    accountId: c.accountId,
    eventId: c.eventId,
    type,
    object: { kind: 'check_in', id: attendeeId },
    payload,
    at: c.now,
  };
}

/** "Admit anyway" asked by someone who may not: refused before anything is applied. */
function assertMayOverride(c: ScanContext, scans: Scan[]) {
  if (c.overrider === null && scans.some((s) => s.override_reason !== undefined))
    throw new DomainError('VALIDATION_FAILED', { fields: { override_reason: [{ key: 'override_not_allowed' }] } });
}

/** Applies one scan; a repeated client scan id racing its twin is retried once and then answered from the first. */
export async function applyScan(c: ScanContext, scan: Scan): Promise<CheckInOutcomeDto> {
  assertMayOverride(c, [scan]);
  try {
    return await c.db.transaction((tx) => scanInTx(tx, c, scan));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return c.db.transaction((tx) => scanInTx(tx, c, scan));
  }
}

/** Scans queued on a device, applied in order, each on its own (the server decides every one). */
export async function applyScans(c: ScanContext, scans: Scan[]): Promise<CheckInOutcomeDto[]> {
  assertMayOverride(c, scans);
  const results: CheckInOutcomeDto[] = [];
  for (const scan of scans) results.push(await applyScan(c, scan));
  return results;
}
