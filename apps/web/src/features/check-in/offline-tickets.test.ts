import type { CheckInOfflineDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import type { QueuedScan } from './offline-queue';
import { codeOf, decideOffline } from './offline-tickets';

const VERA = {
  id: 1,
  code: 'AVERA2345678923456789',
  name: 'Vera Velvet',
  ticket: 'VIP',
  status: 'ACTIVE',
  checked_in: false,
  event_date_id: 10,
} as const;
const snapshot: CheckInOfflineDto = {
  synced_at: '2030-06-01T18:00:00.000Z',
  event_id: 7,
  public_key: '',
  tickets: [
    VERA,
    {
      id: 2,
      code: 'AINSIDE2345678923456',
      name: 'Ian Inside',
      ticket: 'VIP',
      status: 'ACTIVE',
      checked_in: true,
      event_date_id: 10,
    },
    {
      id: 3,
      code: 'ACANCEL2345678923456',
      name: 'Carl Cancel',
      ticket: 'VIP',
      status: 'CANCELLED',
      checked_in: false,
      event_date_id: 10,
    },
    {
      id: 4,
      code: 'AUNPAID2345678923456',
      name: 'Una Unpaid',
      ticket: 'VIP',
      status: 'AWAITING_PAYMENT',
      checked_in: false,
      event_date_id: 10,
    },
    // For the second night.
    {
      id: 5,
      code: 'ANIGHT22345678923456A',
      name: 'Nina Night',
      ticket: 'VIP',
      status: 'ACTIVE',
      checked_in: false,
      event_date_id: 11,
    },
  ],
  // Vera's ticket had this code before its buyer passed it on.
  retired_codes: ['APASSED23456789234567'],
  dates: [
    { id: 10, start_date: '2030-06-01T18:00:00.000Z', end_date: null, label: null },
    { id: 11, start_date: '2030-06-02T18:00:00.000Z', end_date: null, label: 'Second night' },
  ],
};
const queued = (scan: Partial<QueuedScan>): QueuedScan => ({
  action: 'CHECK_IN',
  client_scan_id: 'x',
  scanned_at: '2030-06-01T18:05:00.000Z',
  ...scan,
});

describe('offline checks at the door', () => {
  it('queues a valid ticket, by code (any case, or a ticket link) or by the list button', async () => {
    expect(await decideOffline(snapshot, [], { code: VERA.code, action: 'CHECK_IN' })).toEqual({
      kind: 'queue',
      ticket: VERA,
    });
    expect(
      await decideOffline(snapshot, [], {
        code: `https://tickets.example/ticket/9/${VERA.code.toLowerCase()}`,
        action: 'CHECK_IN',
      }),
    ).toEqual({ kind: 'queue', ticket: VERA });
    expect(await decideOffline(snapshot, [], { attendee_id: 1, action: 'CHECK_IN' })).toEqual({
      kind: 'queue',
      ticket: VERA,
    });
  });

  it('refuses a forged or unknown code, a cancelled and an unpaid ticket at once', async () => {
    expect(await decideOffline(snapshot, [], { code: 'AFORGED234567892345678', action: 'CHECK_IN' })).toEqual({
      kind: 'refuse',
      result: 'UNKNOWN',
      ticket: null,
    });
    expect(await decideOffline(snapshot, [], { code: 'ACANCEL2345678923456', action: 'CHECK_IN' })).toMatchObject({
      kind: 'refuse',
      result: 'CANCELLED',
    });
    expect(await decideOffline(snapshot, [], { code: 'AUNPAID2345678923456', action: 'CHECK_IN' })).toMatchObject({
      kind: 'refuse',
      result: 'AWAITING_PAYMENT',
    });
  });

  it('refuses the old code of a ticket passed on (as the server would), by code, link or signed QR, in any case', async () => {
    for (const code of [
      'APASSED23456789234567',
      'apassed23456789234567',
      'https://tickets.example/ticket/7/APASSED23456789234567',
      'APASSED23456789234567.c2lnbmF0dXJl',
    ]) {
      expect(await decideOffline(snapshot, [], { code, action: 'CHECK_IN' }), code).toEqual({
        kind: 'refuse',
        result: 'TRANSFERRED',
        ticket: null,
      });
    }
  });

  it('refuses a ticket already in at the sync, or scanned in on this device since; a check-out lets it in again', async () => {
    expect(await decideOffline(snapshot, [], { code: 'AINSIDE2345678923456', action: 'CHECK_IN' })).toMatchObject({
      kind: 'refuse',
      result: 'ALREADY_CHECKED_IN',
    });
    const once = [queued({ code: VERA.code.toLowerCase() })];
    expect(await decideOffline(snapshot, once, { attendee_id: 1, action: 'CHECK_IN' })).toMatchObject({
      kind: 'refuse',
      result: 'ALREADY_CHECKED_IN',
    });
    expect(await decideOffline(snapshot, once, { attendee_id: 1, action: 'CHECK_OUT' })).toMatchObject({
      kind: 'queue',
    });
    const inAndOut = [...once, queued({ attendee_id: 1, action: 'CHECK_OUT' })];
    expect(await decideOffline(snapshot, inAndOut, { code: VERA.code, action: 'CHECK_IN' })).toMatchObject({
      kind: 'queue',
    });
    expect(await decideOffline(snapshot, [], { code: VERA.code, action: 'CHECK_OUT' })).toMatchObject({
      kind: 'refuse',
      result: 'NOT_CHECKED_IN',
    });
  });

  it('refuses a ticket for another date than the one the door checks in; checks out and queues its own date', async () => {
    const nina = snapshot.tickets[4]!;
    expect(await decideOffline(snapshot, [], { code: nina.code, action: 'CHECK_IN', event_date_id: 10 })).toEqual({
      kind: 'refuse',
      result: 'WRONG_DATE',
      ticket: nina,
    });
    expect(await decideOffline(snapshot, [], { attendee_id: 5, action: 'CHECK_IN', event_date_id: 11 })).toEqual({
      kind: 'queue',
      ticket: nina,
    });
    // A door that names no date (an event with one) and a snapshot from before tickets carried their date: queued.
    expect(await decideOffline(snapshot, [], { code: nina.code, action: 'CHECK_IN' })).toEqual({
      kind: 'queue',
      ticket: nina,
    });
    const { event_date_id: _, ...undated } = nina;
    const old = { ...snapshot, tickets: [undated as typeof nina] };
    expect(await decideOffline(old, [], { code: nina.code, action: 'CHECK_IN', event_date_id: 10 })).toMatchObject({
      kind: 'queue',
    });
  });

  it('without a snapshot (never synced) keeps every scan for the server', async () => {
    expect(await decideOffline(null, [], { code: 'anything', action: 'CHECK_IN' })).toEqual({
      kind: 'queue',
      ticket: null,
    });
  });

  it('reads the code out of a link or a signed QR code as the server does', () => {
    expect(codeOf(' aabcdefghjkmnpqrstuvw ')).toBe('AABCDEFGHJKMNPQRSTUVW');
    expect(codeOf('https://x.test/ticket/1/AABCDEFGHJKMNPQRSTUVW?x=1')).toBe('AABCDEFGHJKMNPQRSTUVW');
    expect(codeOf('AABCDEFGHJKMNPQRSTUVW.c2lnbmF0dXJl')).toBe('AABCDEFGHJKMNPQRSTUVW');
  });

  it("accepts a code sold after the sync when the event's key signed it, once; refuses a signature made with another key", async () => {
    const b64url = (b: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(b)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const other = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const signed = { ...snapshot, public_key: b64url(await crypto.subtle.exportKey('raw', keys.publicKey)) };
    const sign = async (key: CryptoKey, code: string) =>
      `${code}.${b64url(await crypto.subtle.sign({ name: 'Ed25519' }, key, new TextEncoder().encode(`admitone-ticket:v1:7:${code}`)))}`;
    const fresh = 'ANEWTICKET2345678923X';
    const qr = await sign(keys.privateKey, fresh);
    expect(await decideOffline(signed, [], { code: qr, action: 'CHECK_IN' })).toEqual({
      kind: 'queue',
      ticket: null,
      signed: true,
    });
    expect(await decideOffline(signed, [queued({ code: qr })], { code: qr, action: 'CHECK_IN' })).toMatchObject({
      kind: 'refuse',
      result: 'ALREADY_CHECKED_IN',
    });
    expect(await decideOffline(signed, [], { code: await sign(other.privateKey, fresh), action: 'CHECK_IN' })).toEqual({
      kind: 'refuse',
      result: 'UNKNOWN',
      ticket: null,
      forged: true,
    });
    // Signed for another event's id: not this event's ticket.
    const elsewhere = `${fresh}.${b64url(await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, new TextEncoder().encode(`admitone-ticket:v1:8:${fresh}`)))}`;
    expect(await decideOffline(signed, [], { code: elsewhere, action: 'CHECK_IN' })).toMatchObject({
      kind: 'refuse',
      forged: true,
    });
  });
});
