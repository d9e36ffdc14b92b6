import type { CheckInScan } from '@admitone/shared';

/** A scan kept on the device until the server has answered it. */
export type QueuedScan = CheckInScan & { client_scan_id: string; scanned_at: string };

/** One queue per list and device (`source.queueKey`: the event and list, or the staff link). */
const keyOf = (queue: string) => `admitone.checkin-queue.${queue}`;

/** The browser's localStorage, or null where it is missing or refused (private modes). */
export function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The scans of a list waiting to be sent, oldest first (shared by the tabs of this browser). */
export function readQueue(queue: string): QueuedScan[] {
  const raw = storage()?.getItem(keyOf(queue));
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed)
      ? (parsed as QueuedScan[]).filter((s) => s && typeof s.client_scan_id === 'string')
      : [];
  } catch {
    return [];
  }
}

function writeQueue(queue: string, scans: QueuedScan[]): void {
  if (scans.length) storage()?.setItem(keyOf(queue), JSON.stringify(scans));
  else storage()?.removeItem(keyOf(queue));
}

/** Keeps a scan for later (a repeat of the same client scan id is kept once). */
export function enqueueScan(queue: string, scan: QueuedScan): number {
  const scans = readQueue(queue).filter((s) => s.client_scan_id !== scan.client_scan_id);
  scans.push(scan);
  writeQueue(queue, scans);
  return scans.length;
}

/** Forgets the scans the server has answered. */
export function dropScans(queue: string, clientScanIds: readonly string[]): number {
  const sent = new Set(clientScanIds);
  const scans = readQueue(queue).filter((s) => !sent.has(s.client_scan_id));
  writeQueue(queue, scans);
  return scans.length;
}

/** A v4 uuid, also where `crypto.randomUUID` is missing (plain http on a venue's network). */
export function newScanId(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The storage key, so other tabs' changes can be noticed (`storage` event). */
export const queueStorageKey = keyOf;
