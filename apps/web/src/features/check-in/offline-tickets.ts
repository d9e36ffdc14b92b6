import type { CheckInOfflineDto, CheckInResult, CheckInScan, OfflineTicketDto } from '@admitone/shared';
import { storage, type QueuedScan } from './offline-queue';

/** The list's tickets as of the last sync, kept per list and device (`source.queueKey`). */
const keyOf = (queue: string) => `admitone.checkin-tickets.${queue}`;

export function readSnapshot(queue: string): CheckInOfflineDto | null {
  const raw = storage()?.getItem(keyOf(queue));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as CheckInOfflineDto;
    return parsed && typeof parsed.synced_at === 'string' && Array.isArray(parsed.tickets) ? parsed : null;
  } catch {
    return null;
  }
}

/** Keeps the snapshot; a device out of space keeps the older one (or none) rather than failing the scan. */
export function writeSnapshot(queue: string, snapshot: CheckInOfflineDto): void {
  try {
    storage()?.setItem(keyOf(queue), JSON.stringify(snapshot));
  } catch {
    // Storage full: offline checks fall back to queueing unchecked.
  }
}

/** The ticket code a scan carries: the code itself or the last segment of a ticket link, in the form codes are stored. */
export function codeOf(raw: string): string {
  const last = raw.trim().split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1) ?? '';
  return /^a[a-z2-9]{20}$/i.test(last) ? `A${last.slice(1).toUpperCase()}` : last;
}

/** What the device says about a scan it cannot send: refuse it now, or keep it for the server to decide. */
export type OfflineDecision =
  | { kind: 'refuse'; result: Extract<CheckInResult, 'UNKNOWN' | 'CANCELLED' | 'AWAITING_PAYMENT' | 'ALREADY_CHECKED_IN' | 'NOT_CHECKED_IN'>; ticket: OfflineTicketDto | null }
  | { kind: 'queue'; ticket: OfflineTicketDto | null };

/**
 * Checks a scan against the list's tickets as of the last sync and the scans queued on this device
 * since: an unknown or forged code, a cancelled or unpaid ticket, a ticket already in (at the sync, or
 * by a scan queued here) is refused at once; the rest is queued. Without a snapshot every scan is queued.
 */
export function decideOffline(snapshot: CheckInOfflineDto | null, queued: readonly QueuedScan[], scan: CheckInScan): OfflineDecision {
  if (!snapshot) return { kind: 'queue', ticket: null };
  const ticket = scan.attendee_id !== undefined ? snapshot.tickets.find((t) => t.id === scan.attendee_id) : snapshot.tickets.find((t) => t.code === codeOf(scan.code ?? ''));
  if (!ticket) return { kind: 'refuse', result: 'UNKNOWN', ticket: null };
  // In or out as of now on this device: the sync's state, then each scan queued here in order.
  let inside = ticket.checked_in;
  for (const q of queued) {
    const same = q.attendee_id !== undefined ? q.attendee_id === ticket.id : codeOf(q.code ?? '') === ticket.code;
    if (same) inside = q.action === 'CHECK_IN';
  }
  if (scan.action === 'CHECK_OUT') return inside ? { kind: 'queue', ticket } : { kind: 'refuse', result: 'NOT_CHECKED_IN', ticket };
  if (ticket.status === 'CANCELLED') return { kind: 'refuse', result: 'CANCELLED', ticket };
  if (ticket.status === 'AWAITING_PAYMENT') return { kind: 'refuse', result: 'AWAITING_PAYMENT', ticket };
  if (inside) return { kind: 'refuse', result: 'ALREADY_CHECKED_IN', ticket };
  return { kind: 'queue', ticket };
}
