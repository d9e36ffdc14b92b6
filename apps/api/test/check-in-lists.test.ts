import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attendees, checkInLists } from '../src/db/schema/index.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent, placeOrder } from './checkout-factory.js';
import { createEvent, inviteAndAccept } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2027-06-01T16:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** An event (Berlin, 19:00) with a standing and a VIP ticket, one order of each, the default list and a VIP list. */
async function venue() {
  const setup = await liveEvent(ctx.app, [
    { name: 'Standing', type: 'FREE' },
    { name: 'VIP', type: 'FREE' },
  ]);
  const { u, event, tickets } = setup;
  const base = `/api/events/${event.id}/check-in-lists`;
  const lists = async (token = u.token) => (await call(ctx.app, 'GET', base, { token })).json().data;
  const standing = await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
    { ticket_id: tickets[0]!.id, quantity: 1 },
  ]);
  const vip = await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
    { ticket_id: tickets[1]!.id, quantity: 1 },
  ]);
  const [main] = await lists();
  const vipList = (
    await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { name: 'VIP lounge', all_tickets: false, ticket_ids: [tickets[1]!.id] },
    })
  ).json().data;
  const scan = (listId: number, body: Record<string, unknown>) =>
    call(ctx.app, 'POST', `${base}/${listId}/check-ins`, { token: u.token, body });
  const stats = async (listId: number) =>
    (await call(ctx.app, 'GET', `${base}/${listId}/stats`, { token: u.token })).json().data;
  return {
    ...setup,
    base,
    lists,
    main,
    vipList,
    standing: standing.attendees[0]!,
    vip: vip.attendees[0]!,
    scan,
    stats,
  };
}

describe('check-in lists', () => {
  it('a new event has one default list admitting every ticket; lists are made, changed and deleted with clear errors', async () => {
    const { u, event, tickets, base, lists, main, vipList } = await venue();
    expect(main).toMatchObject({
      name: null,
      all_tickets: true,
      ticket_ids: [],
      state: 'ACTIVE',
      staff_token: null,
      activates_at: null,
      expires_at: null,
      checked_in: 0,
      total: 2,
    });
    expect(vipList).toMatchObject({
      name: 'VIP lounge',
      all_tickets: false,
      ticket_ids: [tickets[1]!.id],
      checked_in: 0,
      total: 1,
    });

    // A window in the event's time zone (Berlin: UTC+2 in June).
    const day2 = (
      await call(ctx.app, 'PUT', `${base}/${vipList.id}`, {
        token: u.token,
        body: {
          name: 'Day 2',
          description: 'Side door',
          all_tickets: true,
          activates_at: '2027-06-02T09:00',
          expires_at: '2027-06-02T23:00',
        },
      })
    ).json().data;
    expect(day2).toMatchObject({
      name: 'Day 2',
      description: 'Side door',
      all_tickets: true,
      ticket_ids: [],
      activates_at: '2027-06-02T07:00:00.000Z',
      expires_at: '2027-06-02T21:00:00.000Z',
      state: 'NOT_YET_ACTIVE',
      total: 2,
    });

    const bad = async (body: Record<string, unknown>) =>
      (await call(ctx.app, 'POST', base, { token: u.token, body })).json().error.field_errors;
    expect(await bad({ name: 'None', all_tickets: false, ticket_ids: [] })).toEqual({
      ticket_ids: ['This field is required.'],
    });
    expect(
      await bad({ name: 'Backwards', activates_at: '2027-06-02T10:00', expires_at: '2027-06-02T09:00' }),
    ).toMatchObject({ expires_at: [expect.any(String)] });
    expect(await bad({ name: 'Bad date', activates_at: 'tomorrow' })).toMatchObject({
      activates_at: [expect.any(String)],
    });
    // A ticket of another event is not a choice.
    const other = await liveEvent(ctx.app, [{ name: 'Elsewhere', type: 'FREE' }]);
    expect(await bad({ name: 'Foreign', all_tickets: false, ticket_ids: [other.tickets[0]!.id] })).toEqual({
      ticket_ids: ['This choice does not exist.'],
    });

    // Another account's lists are not found; their lists are not ours to change.
    expect(
      (await call(ctx.app, 'PUT', `${base}/${vipList.id}`, { token: other.u.token, body: { name: 'Mine' } }))
        .statusCode,
    ).toBe(404);
    const otherList = (
      await call(ctx.app, 'GET', `/api/events/${other.event.id}/check-in-lists`, { token: other.u.token })
    ).json().data[0];
    expect((await call(ctx.app, 'DELETE', `${base}/${otherList.id}`, { token: u.token })).statusCode).toBe(404);
    expect((await call(ctx.app, 'POST', `${base}/${otherList.id}/staff-link`, { token: u.token })).statusCode).toBe(
      404,
    );

    expect((await call(ctx.app, 'DELETE', `${base}/${vipList.id}`, { token: u.token })).statusCode).toBe(204);
    const last = await call(ctx.app, 'DELETE', `${base}/${main.id}`, { token: u.token });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('LAST_CHECK_IN_LIST');
    expect((await lists()).map((l: { id: number }) => l.id)).toEqual([main.id]);
    void event;
  });

  it('a scan is checked against the list: ticket not on it, not yet open, closed; one check-in per list', async () => {
    const { u, event, base, main, vipList, standing, vip, scan, stats } = await venue();
    expect((await scan(vipList.id, { code: standing.short_id, action: 'CHECK_IN' })).json().data).toMatchObject({
      result: 'NOT_ON_LIST',
      attendee: { short_id: standing.short_id },
    });

    // VIP checked in at the main door, then at the lounge: two check-ins, one per list.
    expect((await scan(main.id, { code: vip.short_id, action: 'CHECK_IN' })).json().data.result).toBe('CHECKED_IN');
    clock.advance(60_000);
    const lounge = (await scan(vipList.id, { code: vip.short_id, action: 'CHECK_IN' })).json().data;
    expect(lounge).toMatchObject({
      result: 'CHECKED_IN',
      checked_in_at: '2027-06-01T16:01:00.000Z',
      checked_in_by_link: false,
    });
    expect((await scan(vipList.id, { code: vip.short_id, action: 'CHECK_IN' })).json().data).toMatchObject({
      result: 'ALREADY_CHECKED_IN',
      checked_in_at: '2027-06-01T16:01:00.000Z',
    });
    expect(await stats(vipList.id)).toMatchObject({ checked_in: 1, total: 1 });
    expect(await stats(main.id)).toMatchObject({ checked_in: 1, total: 2 });

    // Each list shows its own state; the attendee (organizer's list) is in since the first check-in.
    const onList = async (listId: number, q = '') =>
      (await call(ctx.app, 'GET', `${base}/${listId}/attendees${q}`, { token: u.token })).json();
    expect(
      (await onList(vipList.id)).data.map((a: { short_id: string; checked_in_at: string | null }) => [
        a.short_id,
        a.checked_in_at,
      ]),
    ).toEqual([[vip.short_id, '2027-06-01T16:01:00.000Z']]);
    expect(
      (await onList(main.id, '?filter_fields[checked_in]=false')).data.map((a: { short_id: string }) => a.short_id),
    ).toEqual([standing.short_id]);
    const [row] = await ctx.app.deps.database.db.select().from(attendees).where(eq(attendees.short_id, vip.short_id));
    expect(row!.checked_in_at!.toISOString()).toBe('2027-06-01T16:00:00.000Z');

    // Out of the main door only: still in the lounge, and in for the organizer's list since the lounge.
    expect((await scan(main.id, { code: vip.short_id, action: 'CHECK_OUT' })).json().data.result).toBe('CHECKED_OUT');
    expect((await scan(main.id, { code: vip.short_id, action: 'CHECK_OUT' })).json().data.result).toBe(
      'NOT_CHECKED_IN',
    );
    const [after] = await ctx.app.deps.database.db.select().from(attendees).where(eq(attendees.short_id, vip.short_id));
    expect(after!.checked_in_at!.toISOString()).toBe('2027-06-01T16:01:00.000Z');

    // A window: before it opens, and after it closes (queued scans count at the time they were made).
    await call(ctx.app, 'PUT', `${base}/${main.id}`, {
      token: u.token,
      body: { activates_at: '2027-06-01T18:30', expires_at: '2027-06-02T02:00' },
    });
    expect((await scan(main.id, { code: standing.short_id, action: 'CHECK_IN' })).json().data.result).toBe(
      'LIST_NOT_ACTIVE',
    );
    clock.set(new Date('2027-06-02T01:00:00Z'));
    expect(
      (
        await scan(main.id, {
          code: standing.short_id,
          action: 'CHECK_IN',
          client_scan_id: randomUUID(),
          scanned_at: '2027-06-01T23:59:00+00:00',
        })
      ).json().data.result,
    ).toBe('CHECKED_IN');
    expect((await scan(main.id, { code: vip.short_id, action: 'CHECK_IN' })).json().data.result).toBe('LIST_EXPIRED');
    expect((await call(ctx.app, 'GET', `${base}`, { token: u.token })).json().data[0].state).toBe('EXPIRED');

    // Deleting a list takes its check-ins: who was in only there is no longer in.
    expect((await call(ctx.app, 'DELETE', `${base}/${main.id}`, { token: u.token })).statusCode).toBe(204);
    const [gone] = await ctx.app.deps.database.db
      .select()
      .from(attendees)
      .where(eq(attendees.short_id, standing.short_id));
    expect(gone!.checked_in_at).toBeNull();
    // The history stays on the attendee, without the list.
    const detail = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/attendees/${gone!.id}`, { token: u.token })
    ).json().data;
    expect(detail.check_ins).toMatchObject([
      { action: 'CHECK_IN', list_id: null, list_name: null, scanned_at: '2027-06-01T23:59:00.000Z' },
    ]);
    clock.set(new Date('2027-06-01T16:00:00Z'));
  });

  it('a staff link opens one list without an account: names and tickets, no e-mail; revoked or replaced, it stops at once', async () => {
    const { u, event, base, vipList, standing, vip } = await venue();
    const made = (await call(ctx.app, 'POST', `${base}/${vipList.id}/staff-link`, { token: u.token })).json().data;
    expect(made.staff_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const link = (p = '', token = made.staff_token) => `/api/public/check-in-links/${token}${p}`;

    const opened = (await call(ctx.app, 'GET', link())).json().data;
    expect(opened.event).toMatchObject({ id: event.id, title: event.title, timezone: 'Europe/Berlin' });
    expect(opened.list).toMatchObject({
      id: vipList.id,
      name: 'VIP lounge',
      staff_token: null,
      checked_in: 0,
      total: 1,
    });
    const people = (await call(ctx.app, 'GET', link('/attendees'))).json().data;
    expect(people).toHaveLength(1);
    expect(people[0]).toMatchObject({ short_id: vip.short_id, ticket_name: 'VIP', email: null });
    // Found by name or ticket code, not by an e-mail address it does not show (no probing who holds a ticket).
    const find = async (q: string) =>
      (await call(ctx.app, 'GET', link(`/attendees?query=${encodeURIComponent(q)}`))).json().data.length;
    expect([await find('guest1'), await find(vip.short_id), await find('guest1@example')]).toEqual([1, 1, 0]);
    expect(
      (await call(ctx.app, 'GET', `${base}/${vipList.id}/attendees?query=guest1%40example`, { token: u.token })).json()
        .data,
    ).toHaveLength(1);

    const scan = (body: Record<string, unknown>, token?: string) =>
      call(ctx.app, 'POST', link('/check-ins', token), { body, headers: { 'user-agent': ANDROID } });
    expect((await scan({ code: standing.short_id, action: 'CHECK_IN' })).json().data.result).toBe('NOT_ON_LIST');
    const done = (await scan({ code: vip.short_id, action: 'CHECK_IN' })).json().data;
    expect(done).toMatchObject({
      result: 'CHECKED_IN',
      checked_in_by: null,
      checked_in_by_link: true,
      attendee: { email: null },
    });
    expect((await call(ctx.app, 'GET', link('/stats'))).json().data).toMatchObject({ checked_in: 1, total: 1 });

    // What the volunteer's device keeps for offline checks: this list's tickets only, names and state, no e-mail.
    const offline = (await call(ctx.app, 'GET', link('/offline'))).json().data;
    expect(offline).toEqual({
      synced_at: '2027-06-01T16:00:00.000Z',
      event_id: event.id,
      public_key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      tickets: [
        {
          id: done.attendee.id,
          code: vip.short_id,
          name: 'Guest1 Person',
          ticket: 'VIP',
          status: 'ACTIVE',
          checked_in: true,
          event_date_id: done.attendee.date.id,
        },
      ],
      retired_codes: [],
      // The dates its tickets are for (a device checking in another date refuses them, naming theirs).
      dates: [
        {
          id: done.attendee.date.id,
          start_date: done.attendee.date.start_date,
          end_date: done.attendee.date.end_date,
          label: null,
        },
      ],
    });
    // The ticket's QR code is its code signed by the event: the key the device got verifies it, and not another code.
    const qr = (await call(ctx.app, 'GET', `/api/public/events/${event.id}/attendees/${standing.short_id}`)).json().data
      .qr_code as string;
    const [code, signature] = qr.split('.');
    expect(code).toBe(standing.short_id);
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: offline.public_key }, format: 'jwk' });
    expect(
      verify(null, Buffer.from(`admitone-ticket:v1:${event.id}:${code}`), key, Buffer.from(signature!, 'base64url')),
    ).toBe(true);
    expect(
      verify(
        null,
        Buffer.from(`admitone-ticket:v1:${event.id}:${vip.short_id}`),
        key,
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(false);
    // Scanned online, a signed code is the ticket (the list refuses it: standing is not VIP).
    expect((await scan({ code: qr, action: 'CHECK_IN' })).json().data).toMatchObject({
      result: 'NOT_ON_LIST',
      attendee: { short_id: standing.short_id },
    });
    const organizerView = (await call(ctx.app, 'GET', `${base}/${vipList.id}/offline`, { token: u.token })).json().data;
    expect(organizerView.tickets).toEqual(offline.tickets);

    // The organizer sees who did it: the staff link of which list, on which device.
    const detail = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/attendees/${done.attendee.id}`, { token: u.token })
    ).json().data;
    expect(detail.check_ins).toMatchObject([
      {
        action: 'CHECK_IN',
        by: null,
        via_staff_link: true,
        list_id: vipList.id,
        list_name: 'VIP lounge',
        device: 'Chrome on Android',
      },
    ]);

    // The check-in export has the row, in the event's time zone; limited to a list, only that list's.
    const csv = await call(
      ctx.app,
      'GET',
      `/api/events/${event.id}/check-ins/export?format=csv&list_id=${vipList.id}`,
      { token: u.token },
    );
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'ID,Scanned at,Action,Check-in list,Ticket code,First name,Last name,Ticket,By,Device,Received at',
    );
    expect(lines.slice(1)).toEqual([expect.stringContaining(`,2027-06-01 18:00,Check-in,VIP lounge,${vip.short_id},`)]);
    expect(lines[1]).toContain(',VIP,Staff link,Chrome on Android,2027-06-01 18:00');

    // A ticket of another account scanned with the link is unknown; the link reads nothing of the organizer's.
    const other = await liveEvent(ctx.app, [{ name: 'Elsewhere', type: 'FREE' }]);
    const foreign = await placeOrder(ctx.app, { eventId: other.event.id, organizerToken: other.u.token }, [
      { ticket_id: other.tickets[0]!.id, quantity: 1 },
    ]);
    expect((await scan({ code: foreign.attendees[0]!.short_id, action: 'CHECK_IN' })).json().data).toMatchObject({
      result: 'UNKNOWN',
      attendee: null,
    });
    expect(
      (
        await call(ctx.app, 'GET', `/api/events/${event.id}/check-in-lists`, {
          headers: { authorization: `Bearer ${made.staff_token}` },
        })
      ).statusCode,
    ).toBe(401);

    // Regenerated: the old link is refused everywhere, queued scans included, with its own code.
    const renewed = (await call(ctx.app, 'POST', `${base}/${vipList.id}/staff-link`, { token: u.token })).json().data;
    expect(renewed.staff_token).not.toBe(made.staff_token);
    for (const res of [
      await call(ctx.app, 'GET', link()),
      await call(ctx.app, 'GET', link('/attendees')),
      await scan({ code: vip.short_id, action: 'CHECK_OUT' }),
      await call(ctx.app, 'POST', link('/check-ins/batch'), {
        body: {
          scans: [
            {
              code: vip.short_id,
              action: 'CHECK_OUT',
              client_scan_id: randomUUID(),
              scanned_at: '2027-06-01T16:00:00Z',
            },
          ],
        },
      }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('STAFF_LINK_INVALID');
    }
    expect((await call(ctx.app, 'GET', link('', renewed.staff_token))).statusCode).toBe(200);
    // Any other text in its place is an unknown link too, with the same answer (not a form error).
    for (const bogus of ['x', 'not-a-link', 'a'.repeat(100)])
      expect((await call(ctx.app, 'GET', link('', bogus))).json().error?.code, bogus).toBe('STAFF_LINK_INVALID');
    // Revoked: the new one stops too.
    const revoked = (await call(ctx.app, 'DELETE', `${base}/${vipList.id}/staff-link`, { token: u.token })).json().data;
    expect(revoked).toMatchObject({ staff_token: null, has_staff_link: false });
    expect((await call(ctx.app, 'GET', link('', renewed.staff_token))).json().error.code).toBe('STAFF_LINK_INVALID');
  });

  it('door staff read the lists of their events (without staff links) and scan on them; they cannot change lists', async () => {
    const { u, event, base, vipList, vip } = await venue();
    await call(ctx.app, 'POST', `${base}/${vipList.id}/staff-link`, { token: u.token });
    const staff = await inviteAndAccept(ctx.app, ctx.smtp, u.token, 'DOOR_STAFF', 'Dora Door', [event.id]);
    const seen = (await call(ctx.app, 'GET', base, { token: staff.token })).json().data;
    expect(
      seen.map((l: { staff_token: string | null; has_staff_link: boolean }) => [l.staff_token, l.has_staff_link]),
    ).toEqual([
      [null, false],
      [null, true],
    ]);
    expect((await call(ctx.app, 'GET', `${base}/${vipList.id}/staff-link`, { token: staff.token })).statusCode).toBe(
      403,
    );
    expect(
      (
        await call(ctx.app, 'POST', `${base}/${vipList.id}/check-ins`, {
          token: staff.token,
          body: { code: vip.short_id, action: 'CHECK_IN' },
        })
      ).json().data,
    ).toMatchObject({ result: 'CHECKED_IN', checked_in_by: { name: 'Dora Door' }, attendee: { email: null } });
    for (const [method, p] of [
      ['POST', base],
      ['PUT', `${base}/${vipList.id}`],
      ['DELETE', `${base}/${vipList.id}`],
      ['POST', `${base}/${vipList.id}/staff-link`],
    ] as const) {
      expect(
        (await call(ctx.app, method, p, { token: staff.token, body: method === 'DELETE' ? undefined : { name: 'x' } }))
          .statusCode,
        `${method} ${p}`,
      ).toBe(403);
    }
  });

  it('an organizer admits anyway with a reason (written to the audit log); door staff, links and check-outs cannot', async () => {
    const { u, event, base, main, vipList, standing, vip, scan } = await venue();
    type Line = { action: string; data: Record<string, unknown>; target_label: string };
    const lines = async (): Promise<Line[]> =>
      (
        (await ctx.app.deps.database.db.execute(
          sql`select action, data, target_label from audit_log where event_id = ${event.id} and action = 'check_in.overridden' order by id`,
        )) as unknown as { rows: Line[] }
      ).rows;
    // Not on the VIP list: admitted anyway, with why, by whom, on which list.
    const anyway = { code: standing.short_id, action: 'CHECK_IN', override_reason: 'Upgraded by the promoter' };
    const admitted = (await scan(vipList.id, anyway)).json().data;
    expect(admitted).toMatchObject({ result: 'CHECKED_IN', checked_in_by: { name: u.user.name } });
    expect(await lines()).toEqual([
      {
        action: 'check_in.overridden',
        data: { refused: ['NOT_ON_LIST'], reason: 'Upgraded by the promoter', list: 'VIP lounge' },
        target_label: expect.stringContaining(standing.short_id),
      },
    ]);
    // A reason where nothing needed overriding: a plain check-in, no line.
    expect(
      (await scan(main.id, { code: vip.short_id, action: 'CHECK_IN', override_reason: 'Just in case' })).json().data
        .result,
    ).toBe('CHECKED_IN');
    expect(await lines()).toHaveLength(1);
    // A closed list, and a check-out with a reason.
    await call(ctx.app, 'PUT', `${base}/${main.id}`, { token: u.token, body: { expires_at: '2027-06-01T17:00' } });
    clock.set(new Date('2027-06-01T20:00:00Z'));
    expect((await scan(main.id, { code: standing.short_id, action: 'CHECK_IN' })).json().data.result).toBe(
      'LIST_EXPIRED',
    );
    expect((await scan(main.id, { ...anyway, override_reason: 'Late bus' })).json().data.result).toBe('CHECKED_IN');
    expect((await lines()).map((l) => l.data.refused)).toEqual([['NOT_ON_LIST'], ['LIST_EXPIRED']]);
    const out = await scan(main.id, { code: standing.short_id, action: 'CHECK_OUT', override_reason: 'Nope' });
    expect(out.statusCode).toBe(422);
    expect(Object.keys(out.json().error.field_errors)).toEqual(['override_reason']);
    clock.set(new Date('2027-06-01T16:00:00Z'));

    // Door staff and the list's staff link: refused before anything happens.
    const staff = await inviteAndAccept(ctx.app, ctx.smtp, u.token, 'DOOR_STAFF', 'Dora Door', [event.id]);
    const byStaff = await call(ctx.app, 'POST', `${base}/${vipList.id}/check-ins`, {
      token: staff.token,
      body: { code: standing.short_id, action: 'CHECK_IN', override_reason: 'Trust me' },
    });
    expect(byStaff.statusCode).toBe(422);
    expect(byStaff.json().error.field_errors.override_reason).toEqual([
      'Only admins and organizers can admit a ticket anyway.',
    ]);
    const link = (await call(ctx.app, 'POST', `${base}/${main.id}/staff-link`, { token: u.token })).json().data;
    const byLink = await call(ctx.app, 'POST', `/api/public/check-in-links/${link.staff_token}/check-ins/batch`, {
      body: { scans: [{ code: vip.short_id, action: 'CHECK_IN', override_reason: 'Trust me' }] },
    });
    expect(byLink.statusCode).toBe(422);
    expect(await lines()).toHaveLength(2);
  });

  it('a copied event gets copies of the lists (with their windows, without the staff link)', async () => {
    const { u, event, base, vipList, tickets } = await venue();
    await call(ctx.app, 'PUT', `${base}/${vipList.id}`, {
      token: u.token,
      body: { name: 'VIP lounge', all_tickets: false, ticket_ids: [tickets[1]!.id], activates_at: '2027-06-01T18:00' },
    });
    await call(ctx.app, 'POST', `${base}/${vipList.id}/staff-link`, { token: u.token });
    const copy = await call(ctx.app, 'POST', `/api/events/${event.id}/duplicate`, {
      token: u.token,
      body: { title: 'Encore', copy_tickets: true },
    });
    expect(copy.statusCode).toBe(201);
    const copied = (
      await call(ctx.app, 'GET', `/api/events/${copy.json().data.id}/check-in-lists`, { token: u.token })
    ).json().data;
    const copiedTickets = (
      await call(ctx.app, 'GET', `/api/events/${copy.json().data.id}/tickets`, { token: u.token })
    ).json().data;
    expect(copied).toMatchObject([
      { name: null, all_tickets: true, staff_token: null },
      {
        name: 'VIP lounge',
        all_tickets: false,
        ticket_ids: [copiedTickets.find((t: { name: string }) => t.name === 'VIP').id],
        activates_at: '2027-06-01T16:00:00.000Z',
        staff_token: null,
      },
    ]);
  });

  it('migration 0033 gives every event its default list and moves who is in and the history onto it', async () => {
    const { u, event, main, vip, scan } = await venue();
    expect((await scan(main.id, { code: vip.short_id, action: 'CHECK_IN' })).json().data.result).toBe('CHECKED_IN');
    const bare = await createEvent(ctx.app, u.token, event.organizer.id);
    const db = () => ctx.app.deps.database.db;
    const rows = async <T>(text: string) => ((await db().execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
    // As before the migration: no lists, no list check-ins, history without a list. Then its statements, as written.
    await db().execute(sql.raw(`update check_ins set check_in_list_id = null where event_id = ${event.id}`));
    await db()
      .delete(checkInLists)
      .where(sql`event_id in (${event.id}, ${bare.id})`);
    await db().execute(sql.raw(`delete from check_in_lists where event_id not in (${event.id}, ${bare.id})`));
    const file = readFileSync(
      path.resolve(import.meta.dirname, '../src/db/migrations/0033_check_in_lists.sql'),
      'utf8',
    );
    for (const statement of file
      .slice(file.indexOf('-- Every existing event gets its default list'))
      .split('--> statement-breakpoint'))
      await db().execute(sql.raw(statement));
    expect(
      await rows(
        'select count(*)::int as n from events e where (select count(*) from check_in_lists l where l.event_id = e.id) <> 1',
      ),
    ).toEqual([{ n: 0 }]);
    const [list] = await rows<{ id: number }>(
      `select id from check_in_lists where event_id = ${event.id} and name is null and all_tickets`,
    );
    expect(await rows(`select list_id, checked_in_at from list_check_ins where event_id = ${event.id}`)).toEqual([
      { list_id: list!.id, checked_in_at: expect.anything() },
    ]);
    expect(await rows(`select distinct check_in_list_id from check_ins where event_id = ${event.id}`)).toEqual([
      { check_in_list_id: list!.id },
    ]);
    // The door still works on the migrated list.
    expect((await scan(list!.id, { code: vip.short_id, action: 'CHECK_IN' })).json().data.result).toBe(
      'ALREADY_CHECKED_IN',
    );
  });
});
