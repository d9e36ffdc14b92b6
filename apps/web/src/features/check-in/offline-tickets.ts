import {
  type CheckInOfflineDto,
  type CheckInResult,
  type CheckInScan,
  type OfflineTicketDto,
  signedTicketMessage,
} from '@admitone/shared';

import { type QueuedScan, storage } from './offline-queue';

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

/**
 * The ticket code a scan carries (the code itself, or the last segment of a ticket link; a signed QR code is
 * `<code>.<signature>`), in the form codes are stored.
 */
export function codeOf(raw: string): string {
  return parseCode(raw).code;
}

function parseCode(raw: string): { code: string; signature: string | null } {
  const last = raw.trim().split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1) ?? '';
  const [code = '', signature = null] = last.split('.');
  return { code: /^a[a-z2-9]{20}$/i.test(code) ? `A${code.slice(1).toUpperCase()}` : code, signature };
}

const fromBase64Url = (s: string) =>
  Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** Whether the event's key signed this code (WebCrypto Ed25519; false where the browser cannot tell). */
export async function signedByEvent(
  snapshot: Pick<CheckInOfflineDto, 'event_id' | 'public_key'>,
  code: string,
  signature: string,
): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey('raw', fromBase64Url(snapshot.public_key), { name: 'Ed25519' }, false, [
      'verify',
    ]);
    return await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      fromBase64Url(signature),
      new TextEncoder().encode(signedTicketMessage(snapshot.event_id, code)),
    );
  } catch {
    return false;
  }
}

/** What the device says about a scan it cannot send: refuse it now, or keep it for the server to decide. */
export type OfflineDecision =
  | {
      kind: 'refuse';
      result: Extract<
        CheckInResult,
        | 'UNKNOWN'
        | 'CANCELLED'
        | 'AWAITING_PAYMENT'
        | 'ALREADY_CHECKED_IN'
        | 'NOT_CHECKED_IN'
        | 'TRANSFERRED'
        | 'WRONG_DATE'
      >;
      ticket: OfflineTicketDto | null;
      forged?: boolean;
    }
  | { kind: 'queue'; ticket: OfflineTicketDto | null; signed?: boolean };

/**
 * Checks a scan against the list's tickets as of the last sync and the scans queued on this device
 * since: an unknown or forged code, a cancelled or unpaid ticket, a ticket for another date than the one
 * the door checks in (`scan.event_date_id`), a ticket already in (at the sync, or by a scan queued here)
 * is refused at once; the rest is queued. A code not on the list but signed by
 * the event (sold after the last sync) is queued too, once. Without a snapshot every scan is queued.
 */
export async function decideOffline(
  snapshot: CheckInOfflineDto | null,
  queued: readonly QueuedScan[],
  scan: CheckInScan,
): Promise<OfflineDecision> {
  if (!snapshot) return { kind: 'queue', ticket: null };
  const { code, signature } = parseCode(scan.code ?? '');
  const ticket =
    scan.attendee_id !== undefined
      ? snapshot.tickets.find((t) => t.id === scan.attendee_id)
      : snapshot.tickets.find((t) => t.code === code);
  // The old code of a ticket passed on: its signature is real, but it no longer admits.
  if (!ticket && scan.attendee_id === undefined && (snapshot.retired_codes ?? []).includes(code))
    return { kind: 'refuse', result: 'TRANSFERRED', ticket: null };
  if (!ticket) {
    if (!signature) return { kind: 'refuse', result: 'UNKNOWN', ticket: null };
    if (!(await signedByEvent(snapshot, code, signature)))
      return { kind: 'refuse', result: 'UNKNOWN', ticket: null, forged: true };
    if (scan.action === 'CHECK_IN' && queued.some((q) => q.action === 'CHECK_IN' && codeOf(q.code ?? '') === code))
      return { kind: 'refuse', result: 'ALREADY_CHECKED_IN', ticket: null };
    return { kind: 'queue', ticket: null, signed: true };
  }
  // In or out as of now on this device: the sync's state, then each scan queued here in order.
  let inside = ticket.checked_in;
  for (const q of queued) {
    const same = q.attendee_id !== undefined ? q.attendee_id === ticket.id : codeOf(q.code ?? '') === ticket.code;
    if (same) inside = q.action === 'CHECK_IN';
  }
  if (scan.action === 'CHECK_OUT')
    return inside ? { kind: 'queue', ticket } : { kind: 'refuse', result: 'NOT_CHECKED_IN', ticket };
  if (ticket.status === 'CANCELLED') return { kind: 'refuse', result: 'CANCELLED', ticket };
  if (ticket.status === 'AWAITING_PAYMENT') return { kind: 'refuse', result: 'AWAITING_PAYMENT', ticket };
  // (A snapshot kept from before tickets carried their date cannot tell: the server decides.)
  if (
    scan.event_date_id !== undefined &&
    ticket.event_date_id !== undefined &&
    ticket.event_date_id !== scan.event_date_id
  )
    return { kind: 'refuse', result: 'WRONG_DATE', ticket };
  if (inside) return { kind: 'refuse', result: 'ALREADY_CHECKED_IN', ticket };
  return { kind: 'queue', ticket };
}
