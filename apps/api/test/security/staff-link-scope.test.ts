import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attendees, events } from '../../src/db/schema/index.js';
import { liveEvent, placeOrder } from '../checkout-factory.js';
import { createEvent } from '../factories.js';
import { call, createTestApp, type TestContext } from '../test-app.js';

/**
 * A staff link opens one check-in list. Its scans take an attendee id as well as a ticket code, and
 * attendee ids are sequential: scanning id after id answered "not on this list" with the name and ticket
 * of every attendee of the event, and "wrong event" for the account's other events. A staff link reads
 * and scans only the attendees of the tickets its list admits, in its event; any other id is answered
 * exactly as an id that does not exist.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('a staff link and attendee ids', () => {
  it('an attendee of a ticket the list does not admit, or of another event, answers as a missing id', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [
      { name: 'Standing', type: 'FREE' },
      { name: 'VIP', type: 'FREE' },
    ]);
    const idOf = async (o: { attendees: Array<{ short_id: string }> }) =>
      (
        await ctx.app.deps.database.db
          .select({ id: attendees.id, short_id: attendees.short_id })
          .from(attendees)
          .where(eq(attendees.short_id, o.attendees[0]!.short_id))
      )[0]!;
    const org = (id: number) => ({ eventId: id, organizerToken: u.token });
    const standing = await idOf(await placeOrder(ctx.app, org(event.id), [{ ticket_id: tickets[0]!.id, quantity: 1 }]));
    const vip = await idOf(await placeOrder(ctx.app, org(event.id), [{ ticket_id: tickets[1]!.id, quantity: 1 }]));
    const other = await createEvent(ctx.app, u.token, event.organizer.id, { title: 'Other night' });
    await ctx.app.deps.database.db
      .update(events)
      .set({ status: 'LIVE', client_hold_limit: null, client_reservation_limit: null })
      .where(eq(events.id, other.id));
    const otherTicket = (
      await call(ctx.app, 'POST', `/api/events/${other.id}/tickets`, {
        token: u.token,
        body: { name: 'Balcony', type: 'FREE' },
      })
    ).json().data;
    const elsewhere = await idOf(
      await placeOrder(ctx.app, org(other.id), [{ ticket_id: otherTicket.id, quantity: 1 }]),
    );

    const base = `/api/events/${event.id}/check-in-lists`;
    const list = (
      await call(ctx.app, 'POST', base, {
        token: u.token,
        body: { name: 'Standing door', all_tickets: false, ticket_ids: [tickets[0]!.id] },
      })
    ).json().data;
    const token = (await call(ctx.app, 'POST', `${base}/${list.id}/staff-link`, { token: u.token })).json().data
      .staff_token as string;
    const scan = (body: Record<string, unknown>) =>
      call(ctx.app, 'POST', `/api/public/check-in-links/${token}/check-ins`, { body });
    const batch = (body: Record<string, unknown>) =>
      call(ctx.app, 'POST', `/api/public/check-in-links/${token}/check-ins/batch`, { body: { scans: [body] } });

    for (const action of ['CHECK_IN', 'CHECK_OUT'] as const) {
      const missing = await scan({ attendee_id: 2_000_000_000, action });
      expect(missing.statusCode).toBe(200);
      expect(missing.json().data).toMatchObject({ result: 'UNKNOWN', attendee: null });
      for (const id of [vip.id, elsewhere.id]) {
        const res = await scan({ attendee_id: id, action });
        expect([res.statusCode, res.body], `${action} ${id}`).toEqual([missing.statusCode, missing.body]);
        expect(res.body).not.toContain('VIP');
        const queued = await batch({ attendee_id: id, action });
        expect([queued.statusCode, queued.body], `batch ${action} ${id}`).toEqual([
          200,
          (await batch({ attendee_id: 2_000_000_000, action })).body,
        ]);
      }
    }
    // The list's own attendee is scanned as before.
    expect((await scan({ attendee_id: standing.id, action: 'CHECK_IN' })).json().data).toMatchObject({
      result: 'CHECKED_IN',
      attendee: { id: standing.id, email: null },
    });
    // The list's attendees, searched by another ticket's code, do not include it.
    expect(
      (await call(ctx.app, 'GET', `/api/public/check-in-links/${token}/attendees?query=${vip.short_id}`)).json().data,
    ).toEqual([]);
  });
});
