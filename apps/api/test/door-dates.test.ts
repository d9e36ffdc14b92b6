import type { CheckInDateDto } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventDates } from '../src/db/schema/index.js';
import { TestClock } from '../src/shared/clock.js';
import { addDate, firstDateOf, liveEvent, placeOrder } from './checkout-factory.js';
import { inviteAndAccept } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * The door chooses the date it checks in: the event's dates are read by whoever checks people in (organizers, door
 * staff given the event, a list's staff link), and the count is of the chosen date's tickets. An event in Berlin
 * with four dates: 1 June (the event's own times), 8 June "Closing night", a hidden and a cancelled one.
 */
const clock = new TestClock(new Date('2027-05-20T12:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

async function venue() {
  const setup = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 50 }], { title: 'Hamlet' });
  const { u, event, tickets } = setup;
  const first = await firstDateOf(ctx.app, event.id);
  const second = await addDate(ctx.app, u.token, event.id, '2027-06-08T19:00', {
    end_date: '2027-06-08T22:00',
    label: 'Closing night',
  });
  const hidden = await addDate(ctx.app, u.token, event.id, '2027-06-15T19:00', { status: 'HIDDEN' });
  const cancelled = await addDate(ctx.app, u.token, event.id, '2027-06-22T19:00');
  await ctx.app.deps.database.db.update(eventDates).set({ status: 'CANCELLED' }).where(eq(eventDates.id, cancelled));
  const org = { eventId: event.id, organizerToken: u.token };
  const onSecond = await placeOrder(ctx.app, org, [{ ticket_id: tickets[0]!.id, quantity: 2 }], {
    extra: { event_date_id: second },
  });
  await placeOrder(ctx.app, org, [{ ticket_id: tickets[0]!.id, quantity: 1 }], { extra: { event_date_id: first } });
  const [main] = (await call(ctx.app, 'GET', `/api/events/${event.id}/check-in-lists`, { token: u.token })).json()
    .data as Array<{ id: number }>;
  const staffToken = (
    await call(ctx.app, 'POST', `/api/events/${event.id}/check-in-lists/${main!.id}/staff-link`, { token: u.token })
  ).json().data.staff_token as string;
  return { ...setup, first, second, hidden, cancelled, onSecond, list: main!.id, staffToken };
}

const get = (path: string, token?: string) => call(ctx.app, 'GET', path, token ? { token } : {});

describe('the dates at the door', () => {
  it('organizers, door staff of the event and its staff links read every date by start, with its status', async () => {
    const { u, event, first, second, hidden, cancelled, staffToken } = await venue();
    const expected: CheckInDateDto[] = [
      {
        id: first,
        start_date: '2027-06-01T17:00:00.000Z',
        end_date: '2027-06-01T21:00:00.000Z',
        label: null,
        status: 'ON_SALE',
      },
      {
        id: second,
        start_date: '2027-06-08T17:00:00.000Z',
        end_date: '2027-06-08T20:00:00.000Z',
        label: 'Closing night',
        status: 'ON_SALE',
      },
      { id: hidden, start_date: '2027-06-15T17:00:00.000Z', end_date: null, label: null, status: 'HIDDEN' },
      { id: cancelled, start_date: '2027-06-22T17:00:00.000Z', end_date: null, label: null, status: 'CANCELLED' },
    ];
    const path = `/api/events/${event.id}/check-in/dates`;
    const organizer = await get(path, u.token);
    expect(organizer.statusCode, organizer.body).toBe(200);
    expect(organizer.json().data).toEqual(expected);

    const staff = await inviteAndAccept(ctx.app, ctx.smtp, u.token, 'DOOR_STAFF', 'Dora Door', [event.id]);
    expect((await get(path, staff.token)).json().data).toEqual(expected);
    const link = await get(`/api/public/check-in-links/${staffToken}/dates`);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().data).toEqual(expected);

    // Door staff of another event of the account, and another account, find no such event.
    const elsewhere = await liveEvent(ctx.app, []);
    expect((await get(path, elsewhere.u.token)).statusCode).toBe(404);
    const otherDoor = await inviteAndAccept(ctx.app, ctx.smtp, elsewhere.u.token, 'DOOR_STAFF', 'Olga', [
      elsewhere.event.id,
    ]);
    expect((await get(path, otherDoor.token)).statusCode).toBe(404);
    // A link that is not one, or was revoked, reads nothing.
    expect((await get(`/api/public/check-in-links/${'x'.repeat(43)}/dates`)).json().error.code).toBe(
      'STAFF_LINK_INVALID',
    );
  });

  it("counts one date's tickets when the door names it, and refuses another event's date on the field", async () => {
    const { u, event, first, second, onSecond, list, staffToken } = await venue();
    const scanned = await call(ctx.app, 'POST', `/api/events/${event.id}/check-in-lists/${list}/check-ins`, {
      token: u.token,
      body: { code: onSecond.attendees[0]!.short_id, action: 'CHECK_IN', event_date_id: second },
    });
    expect(scanned.json().data.result).toBe('CHECKED_IN');

    const paths = [
      [`/api/events/${event.id}/check-in-lists/${list}/stats`, u.token],
      [`/api/events/${event.id}/check_in_stats`, u.token],
      [`/api/public/check-in-links/${staffToken}/stats`, undefined],
    ] as const;
    for (const [path, token] of paths) {
      const count = async (query = '') => {
        const r = await get(`${path}${query}`, token);
        expect(r.statusCode, `${path}${query} ${r.body}`).toBe(200);
        const { checked_in, total } = r.json().data;
        return { checked_in, total };
      };
      expect(await count()).toEqual({ checked_in: 1, total: 3 });
      expect(await count(`?filter_fields[event_date_id]=${second}`)).toEqual({ checked_in: 1, total: 2 });
      expect(await count(`?filter_fields[event_date_id]=${first}`)).toEqual({ checked_in: 0, total: 1 });
    }

    const other = await liveEvent(ctx.app, []);
    const foreign = await firstDateOf(ctx.app, other.event.id);
    for (const [path, token] of paths) {
      const r = await get(`${path}?filter_fields[event_date_id]=${foreign}`, token);
      expect(r.statusCode, path).toBe(422);
      expect(r.json().error.field_errors, path).toEqual({
        'filter_fields.event_date_id': ['This choice does not exist.'],
      });
      expect((await get(`${path}?filter_fields[ticket_id]=1`, token)).statusCode, path).toBe(422);
    }
  });
});
