import { afterEach, describe, expect, it } from 'vitest';

import { dropScans, enqueueScan, newScanId, type QueuedScan, readQueue } from './offline-queue';

const scan = (id: string, code = 'ABC'): QueuedScan => ({
  code,
  action: 'CHECK_IN',
  client_scan_id: id,
  scanned_at: '2030-06-01T19:00:00.000Z',
});

afterEach(() => localStorage.clear());

describe('the offline scan queue', () => {
  it('keeps scans per list in order, once per client scan id, and forgets the sent ones', () => {
    expect(readQueue('12.1')).toEqual([]);
    expect(enqueueScan('12.1', scan('a'))).toBe(1);
    expect(enqueueScan('12.1', scan('b', 'DEF'))).toBe(2);
    expect(enqueueScan('12.1', scan('a'))).toBe(2);
    expect(enqueueScan('12.2', scan('c'))).toBe(1);
    expect(readQueue('12.1').map((s) => s.client_scan_id)).toEqual(['b', 'a']);
    expect(dropScans('12.1', ['a', 'x'])).toBe(1);
    expect(readQueue('12.1')).toEqual([scan('b', 'DEF')]);
    expect(dropScans('12.1', ['b'])).toBe(0);
    expect(localStorage.getItem('admitone.checkin-queue.12.1')).toBeNull();
    expect(readQueue('12.2')).toHaveLength(1);
  });

  it('survives a damaged entry', () => {
    localStorage.setItem('admitone.checkin-queue.link.x', '{not json');
    expect(readQueue('link.x')).toEqual([]);
    localStorage.setItem('admitone.checkin-queue.link.x', JSON.stringify([null, { code: 'x' }, scan('ok')]));
    expect(readQueue('link.x').map((s) => s.client_scan_id)).toEqual(['ok']);
  });

  it('makes v4 uuids the server accepts', () => {
    const ids = new Set(Array.from({ length: 50 }, newScanId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
