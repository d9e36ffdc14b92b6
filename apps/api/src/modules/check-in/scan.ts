import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AttendeeDto, checkInScan, CheckInOutcomeDto, CheckInResult, PersonRef } from '@admitone/shared';
import type { Db, Tx } from '../../db/client.js';
import { attendees, checkIns, users } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../shared/errors.js';
import { findScanTarget, scanTargetDto } from './check-in-attendee.js';
import { normaliseTicketCode } from '../orders/ids.js';

export type Scan = z.output<typeof checkInScan>;

export interface ScanContext {
  db: Db;
  accountId: number;
  eventId: number;
  user: PersonRef;
  now: Date;
}

type PriorScan = typeof checkIns.$inferSelect;

/** The ticket's short id from a QR payload: the id itself, or a ticket link ending in it. */
export function shortIdOf(code: string): string {
  const path = code.trim().split(/[?#]/)[0]!;
  const parts = path.split('/').filter(Boolean);
  return parts.at(-1) ?? '';
}

const outcome = (result: CheckInResult, a: AttendeeDto | null): CheckInOutcomeDto => ({
  result,
  attendee: a,
  checked_in_at: a?.checked_in_at ?? null,
  checked_in_by: a?.checked_in_by ?? null,
});

async function priorScan(tx: Tx, eventId: number, clientScanId: string | undefined): Promise<PriorScan | null> {
  if (!clientScanId) return null;
  const [row] = await tx.select().from(checkIns).where(and(eq(checkIns.event_id, eventId), eq(checkIns.client_scan_id, clientScanId))).limit(1);
  return row ?? null;
}

/** A scan the server has already applied: the same answer as the first time, nothing changes. */
async function replay(tx: Tx, c: ScanContext, prior: PriorScan): Promise<CheckInOutcomeDto> {
  const a = await scanTargetDto(tx, { id: prior.attendee_id, event_id: prior.event_id, status: 'ACTIVE' });
  if (prior.action === 'CHECK_OUT') return { result: 'CHECKED_OUT', attendee: a, checked_in_at: null, checked_in_by: null };
  let by: PersonRef | null = null;
  if (prior.user_id !== null) {
    const [u] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, prior.user_id));
    by = u ?? null;
  }
  return { result: 'CHECKED_IN', attendee: a, checked_in_at: prior.created_at.toISOString(), checked_in_by: by };
}

async function record(tx: Tx, c: ScanContext, attendeeId: number, scan: Scan) {
  const scannedAt = scan.scanned_at ? new Date(Math.min(Date.parse(scan.scanned_at), c.now.getTime())) : c.now;
  await tx.insert(checkIns).values({
    account_id: c.accountId,
    event_id: c.eventId,
    attendee_id: attendeeId,
    action: scan.action,
    user_id: c.user.id,
    scanned_at: scannedAt,
    client_scan_id: scan.client_scan_id ?? null,
    created_at: c.now,
  });
}

/**
 * One scan, in one transaction. The change is a single conditional UPDATE (see docs/LOCKING.md
 * "Check-in"): of two scanners admitting the same ticket at once, one updates the row and the other
 * finds it already checked in and is told by whom and when.
 */
async function scanInTx(tx: Tx, c: ScanContext, scan: Scan): Promise<CheckInOutcomeDto> {
  const prior = await priorScan(tx, c.eventId, scan.client_scan_id);
  if (prior) return replay(tx, c, prior);

  const where = scan.attendee_id !== undefined ? eq(attendees.id, scan.attendee_id) : eq(attendees.short_id, normaliseTicketCode(shortIdOf(scan.code ?? '')));
  const found = await findScanTarget(tx, c.accountId, where);
  // Checkouts in progress or replaced are not tickets.
  if (!found || found.status === 'RESERVED' || found.status === 'ABANDONED') return outcome('UNKNOWN', null);
  const reload = () => scanTargetDto(tx, found);
  if (found.event_id !== c.eventId) return outcome('WRONG_EVENT', await reload());

  if (scan.action === 'CHECK_IN') {
    if (found.status === 'CANCELLED') return outcome('CANCELLED', await reload());
    if (found.status === 'AWAITING_PAYMENT') return outcome('AWAITING_PAYMENT', await reload());
    const won = await tx
      .update(attendees)
      .set({ checked_in_at: c.now, checked_in_by: c.user.id })
      .where(and(eq(attendees.id, found.id), eq(attendees.status, 'ACTIVE'), isNull(attendees.checked_in_at)))
      .returning({ id: attendees.id });
    if (won.length) {
      await record(tx, c, found.id, scan);
      return outcome('CHECKED_IN', await reload());
    }
  } else {
    const won = await tx
      .update(attendees)
      .set({ checked_in_at: null, checked_in_by: null })
      .where(and(eq(attendees.id, found.id), isNotNull(attendees.checked_in_at)))
      .returning({ id: attendees.id });
    if (won.length) {
      await record(tx, c, found.id, scan);
      return outcome('CHECKED_OUT', await reload());
    }
  }

  // Lost, or nothing to do. Read again: a concurrent scan may have changed the row (its commit is
  // visible to this statement), and a twin of this very scan answers as the first did.
  const raced = await priorScan(tx, c.eventId, scan.client_scan_id);
  if (raced) return replay(tx, c, raced);
  const now = await reload();
  if (now.status === 'CANCELLED') return outcome('CANCELLED', now);
  if (scan.action === 'CHECK_IN') return outcome('ALREADY_CHECKED_IN', now);
  if (now.status === 'AWAITING_PAYMENT') return outcome('AWAITING_PAYMENT', now);
  return outcome('NOT_CHECKED_IN', now);
}

/** Applies one scan; a repeated client scan id racing its twin is retried once and then answered from the first. */
export async function applyScan(c: ScanContext, scan: Scan): Promise<CheckInOutcomeDto> {
  try {
    return await c.db.transaction((tx) => scanInTx(tx, c, scan));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return c.db.transaction((tx) => scanInTx(tx, c, scan));
  }
}

/** Scans queued on a device, applied in order, each on its own (the server decides every one). */
export async function applyScans(c: ScanContext, scans: Scan[]): Promise<CheckInOutcomeDto[]> {
  const results: CheckInOutcomeDto[] = [];
  for (const scan of scans) results.push(await applyScan(c, scan));
  return results;
}
