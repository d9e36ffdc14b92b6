import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { liveEvent } from './checkout-factory.js';
import { confirmAddress, createEvent, inviteAndAccept, linkToken, PASSWORD } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Door staff who may also sell at the box office (issue #41): a per-member option of the Door staff role, set when
 * inviting or changing the role, refused for every other role on its field, and counted on the member's next request
 * (their `GET /api/users/me` permissions and the box-office routes, at their own events only).
 */
const clock = new TestClock(new Date('2027-05-20T18:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

const REFUSED = 'Only door staff can be given the box office as well: the other roles sell there already.';

/** An account with two live events, and door staff given the first. */
async function venue() {
  const a = await liveEvent(ctx.app, [{ name: 'Door only', type: 'FREE', sold_online: false }]);
  const admin = a.u.token;
  const other = await createEvent(ctx.app, admin, a.event.organizer.id, { title: 'Second night' });
  const staff = await inviteAndAccept(ctx.app, ctx.smtp, admin, 'DOOR_STAFF', 'Dora Door', [a.event.id]);
  return { admin, eventId: a.event.id, otherId: other.id, door: a.tickets[0]!, staff };
}

const get = (path: string, token: string) => call(ctx.app, 'GET', `/api${path}`, { token });
const update = (admin: string, memberId: number, body: Record<string, unknown>) =>
  call(ctx.app, 'PUT', `/api/users/${memberId}`, { token: admin, body });
const permissions = async (token: string) => (await get('/users/me', token)).json().data.permissions as string[];
const boxOffice = async (eventId: number, token: string) =>
  (await get(`/events/${eventId}/box-office`, token)).statusCode;

describe('door staff given the box office', () => {
  it('sell at their own events once given it, and no longer once it is taken away', async () => {
    const { admin, eventId, otherId, door, staff } = await venue();
    // Without the option: the check-in only.
    expect(await permissions(staff.token)).toEqual(['checkin.scan']);
    expect(await boxOffice(eventId, staff.token)).toBe(403);
    expect((await get(`/users/${staff.memberId}`, admin)).json().data).toMatchObject({
      role: 'DOOR_STAFF',
      event_ids: [eventId],
      sells_at_box_office: false,
    });

    // Given it: the same session sells at once, at their event only.
    const given = await update(admin, staff.memberId, { sells_at_box_office: true });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data).toMatchObject({ role: 'DOOR_STAFF', event_ids: [eventId], sells_at_box_office: true });
    expect(await permissions(staff.token)).toEqual(['checkin.scan', 'boxoffice.sell']);
    expect(await boxOffice(eventId, staff.token)).toBe(200);
    expect(await boxOffice(otherId, staff.token)).toBe(404);
    const shift = await call(ctx.app, 'POST', `/api/events/${eventId}/box-office/shifts`, {
      token: staff.token,
      body: { float: 1000 },
    });
    expect(shift.statusCode, shift.body).toBe(201);
    const sale = await call(ctx.app, 'POST', `/api/events/${eventId}/box-office/sales`, {
      token: staff.token,
      body: { items: [{ ticket_id: door.id, quantity: 1 }], expected_total: 0, payment: { method: 'CASH', given: 0 } },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    // Still door staff: the check-in of their event, nothing of the organizer's screens.
    expect((await get('/check-in/events', staff.token)).json().data.map((e: { id: number }) => e.id)).toEqual([
      eventId,
    ]);
    expect((await get(`/events/${eventId}/orders`, staff.token)).statusCode).toBe(403);
    // Changing their events alone keeps the option.
    const events = await update(admin, staff.memberId, { event_ids: [eventId, otherId] });
    expect(events.json().data).toMatchObject({ event_ids: [eventId, otherId], sells_at_box_office: true });
    expect(await boxOffice(otherId, staff.token)).toBe(200);

    // Taken away: refused again, on the next request.
    const taken = await update(admin, staff.memberId, { sells_at_box_office: false });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data.sells_at_box_office).toBe(false);
    expect(await permissions(staff.token)).toEqual(['checkin.scan']);
    expect(await boxOffice(eventId, staff.token)).toBe(403);
  });

  it('may be given it with the invitation', async () => {
    const { admin, eventId } = await venue();
    const email = 'door-seller@example.test';
    await confirmAddress(ctx.app, ctx.smtp, { token: admin });
    const invited = await call(ctx.app, 'POST', '/api/users', {
      token: admin,
      body: { email, role: 'DOOR_STAFF', event_ids: [eventId], sells_at_box_office: true },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data).toMatchObject({ role: 'DOOR_STAFF', sells_at_box_office: true });
    const link = await linkToken(ctx.smtp, email, '/auth/accept-invitation/');
    const accepted = await call(ctx.app, 'POST', `/api/auth/invitation/${link}`, {
      body: { name: 'Sam Seller', password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const token = accepted.json().token as string;
    expect(await permissions(token)).toEqual(['checkin.scan', 'boxoffice.sell']);
    expect(await boxOffice(eventId, token)).toBe(200);
  });

  it('is for door staff only: refused on its field for another role, and cleared when the role changes', async () => {
    const { admin, eventId, staff } = await venue();
    await confirmAddress(ctx.app, ctx.smtp, { token: admin });
    for (const [role, extra] of [
      ['ORGANIZER', {}],
      ['ADMIN', {}],
      ['BOX_OFFICE', { event_ids: [eventId] }],
    ] as const) {
      const invited = await call(ctx.app, 'POST', '/api/users', {
        token: admin,
        body: { email: `seller-${role.toLowerCase()}@example.test`, role, ...extra, sells_at_box_office: true },
      });
      expect(invited.statusCode, role).toBe(422);
      expect(invited.json().error.field_errors, role).toEqual({ sells_at_box_office: [REFUSED] });
    }
    // "No" is no refusal, and nothing is kept.
    const organizer = await call(ctx.app, 'POST', '/api/users', {
      token: admin,
      body: { email: 'plain-organizer@example.test', role: 'ORGANIZER', sells_at_box_office: false },
    });
    expect(organizer.statusCode, organizer.body).toBe(201);
    expect(organizer.json().data).toMatchObject({ role: 'ORGANIZER', sells_at_box_office: false });

    // A role change to another role with the option, or the option alone for a member of another role: refused.
    const toOrganizer = await update(admin, staff.memberId, { role: 'ORGANIZER', sells_at_box_office: true });
    expect(toOrganizer.statusCode).toBe(422);
    expect(toOrganizer.json().error.field_errors).toEqual({ sells_at_box_office: [REFUSED] });
    const alone = await update(admin, organizer.json().data.id, { sells_at_box_office: true });
    expect(alone.statusCode).toBe(422);
    expect(alone.json().error.field_errors).toEqual({ sells_at_box_office: [REFUSED] });
    expect((await get(`/users/${staff.memberId}`, admin)).json().data.sells_at_box_office).toBe(false);

    // Given it, then moved to Box office and back to Door staff: the option does not come back by itself.
    expect((await update(admin, staff.memberId, { sells_at_box_office: true })).statusCode).toBe(200);
    const moved = await update(admin, staff.memberId, { role: 'BOX_OFFICE', event_ids: [eventId] });
    expect(moved.json().data).toMatchObject({ role: 'BOX_OFFICE', sells_at_box_office: false });
    expect(await boxOffice(eventId, staff.token)).toBe(200);
    const back = await update(admin, staff.memberId, { role: 'DOOR_STAFF', event_ids: [eventId] });
    expect(back.json().data).toMatchObject({ role: 'DOOR_STAFF', sells_at_box_office: false });
    expect(await boxOffice(eventId, staff.token)).toBe(403);
  });
});
