import { describe, expect, it } from 'vitest';
import type { CheckInOfflineDto } from '@admitone/shared';
import { codeOf, decideOffline } from './offline-tickets';
import type { QueuedScan } from './offline-queue';

const VERA = { id: 1, code: 'AVERA2345678923456789', name: 'Vera Velvet', ticket: 'VIP', status: 'ACTIVE', checked_in: false } as const;
const snapshot: CheckInOfflineDto = {
  synced_at: '2030-06-01T18:00:00.000Z',
  tickets: [
    VERA,
    { id: 2, code: 'AINSIDE2345678923456', name: 'Ian Inside', ticket: 'VIP', status: 'ACTIVE', checked_in: true },
    { id: 3, code: 'ACANCEL2345678923456', name: 'Carl Cancel', ticket: 'VIP', status: 'CANCELLED', checked_in: false },
    { id: 4, code: 'AUNPAID2345678923456', name: 'Una Unpaid', ticket: 'VIP', status: 'AWAITING_PAYMENT', checked_in: false },
  ],
};
const queued = (scan: Partial<QueuedScan>): QueuedScan => ({ action: 'CHECK_IN', client_scan_id: 'x', scanned_at: '2030-06-01T18:05:00.000Z', ...scan });

describe('offline checks at the door', () => {
  it('queues a valid ticket, by code (any case, or a ticket link) or by the list button', () => {
    expect(decideOffline(snapshot, [], { code: VERA.code, action: 'CHECK_IN' })).toEqual({ kind: 'queue', ticket: VERA });
    expect(decideOffline(snapshot, [], { code: `https://tickets.example/ticket/9/${VERA.code.toLowerCase()}`, action: 'CHECK_IN' })).toEqual({ kind: 'queue', ticket: VERA });
    expect(decideOffline(snapshot, [], { attendee_id: 1, action: 'CHECK_IN' })).toEqual({ kind: 'queue', ticket: VERA });
  });

  it('refuses a forged or unknown code, a cancelled and an unpaid ticket at once', () => {
    expect(decideOffline(snapshot, [], { code: 'AFORGED234567892345678', action: 'CHECK_IN' })).toEqual({ kind: 'refuse', result: 'UNKNOWN', ticket: null });
    expect(decideOffline(snapshot, [], { code: 'ACANCEL2345678923456', action: 'CHECK_IN' })).toMatchObject({ kind: 'refuse', result: 'CANCELLED' });
    expect(decideOffline(snapshot, [], { code: 'AUNPAID2345678923456', action: 'CHECK_IN' })).toMatchObject({ kind: 'refuse', result: 'AWAITING_PAYMENT' });
  });

  it('refuses a ticket already in at the sync, or scanned in on this device since; a check-out lets it in again', () => {
    expect(decideOffline(snapshot, [], { code: 'AINSIDE2345678923456', action: 'CHECK_IN' })).toMatchObject({ kind: 'refuse', result: 'ALREADY_CHECKED_IN' });
    const once = [queued({ code: VERA.code.toLowerCase() })];
    expect(decideOffline(snapshot, once, { attendee_id: 1, action: 'CHECK_IN' })).toMatchObject({ kind: 'refuse', result: 'ALREADY_CHECKED_IN' });
    expect(decideOffline(snapshot, once, { attendee_id: 1, action: 'CHECK_OUT' })).toMatchObject({ kind: 'queue' });
    const inAndOut = [...once, queued({ attendee_id: 1, action: 'CHECK_OUT' })];
    expect(decideOffline(snapshot, inAndOut, { code: VERA.code, action: 'CHECK_IN' })).toMatchObject({ kind: 'queue' });
    expect(decideOffline(snapshot, [], { code: VERA.code, action: 'CHECK_OUT' })).toMatchObject({ kind: 'refuse', result: 'NOT_CHECKED_IN' });
  });

  it('without a snapshot (never synced) keeps every scan for the server', () => {
    expect(decideOffline(null, [], { code: 'anything', action: 'CHECK_IN' })).toEqual({ kind: 'queue', ticket: null });
  });

  it('reads the code out of a link as the server does', () => {
    expect(codeOf(' aabcdefghjkmnpqrstuvw ')).toBe('AABCDEFGHJKMNPQRSTUVW');
    expect(codeOf('https://x.test/ticket/1/AABCDEFGHJKMNPQRSTUVW?x=1')).toBe('AABCDEFGHJKMNPQRSTUVW');
  });
});
