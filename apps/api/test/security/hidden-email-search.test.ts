import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attendees } from '../../src/db/schema/index.js';
import { liveEvent, placeOrder } from '../checkout-factory.js';
import { inviteAndAccept } from '../factories.js';
import { call, createTestApp, type TestContext } from '../test-app.js';

/**
 * Door staff and staff links see attendees' names and tickets, never their e-mail addresses. Their
 * attendee search matched e-mail text and `sort_by=email` was accepted, so a word guessed into the search
 * (or the order of a sort) told who holds which address. What a caller cannot see, it cannot search or
 * sort by: the search ignores e-mail addresses and sorting by one is refused on the field (422).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('searching and sorting by hidden e-mail addresses', () => {
  it('door staff and a staff link cannot find an attendee by e-mail or sort by it; an admin can', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Standing', type: 'FREE' }]);
    const placed = await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
      { ticket_id: tickets[0]!.id, quantity: 1 },
    ]);
    const [attendee] = await ctx.app.deps.database.db
      .update(attendees)
      .set({ email: 'quokkamarmalade@example.test' })
      .where(eq(attendees.short_id, placed.attendees[0]!.short_id))
      .returning({ id: attendees.id });
    const staff = await inviteAndAccept(ctx.app, ctx.smtp, u.token, 'DOOR_STAFF', 'Dora Door', [event.id]);
    const lists = `/api/events/${event.id}/check-in-lists`;
    const [list] = (await call(ctx.app, 'GET', lists, { token: u.token })).json().data;
    const link = (await call(ctx.app, 'POST', `${lists}/${list.id}/staff-link`, { token: u.token })).json().data
      .staff_token as string;

    const door = (q: string, path = `${lists}/${list.id}/attendees`) =>
      call(ctx.app, 'GET', `${path}?${q}`, { token: staff.token });
    const viaLink = (q: string) => call(ctx.app, 'GET', `/api/public/check-in-links/${link}/attendees?${q}`);

    // A search by the word in the address finds nothing; by name, it finds them.
    for (const res of [
      await door('query=marmalade'),
      await door('query=marmalade', `/api/events/${event.id}/check-in/attendees`),
      await viaLink('query=marmalade'),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
    }
    expect((await door('query=Guest1')).json().data).toHaveLength(1);
    expect((await viaLink('query=Guest1')).json().data).toHaveLength(1);

    // Sorting by the address is refused, naming the field.
    for (const res of [
      await door('sort_by=email'),
      await door('sort_by=email&sort_direction=desc', `/api/events/${event.id}/check-in/attendees`),
      await viaLink('sort_by=email'),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        field_errors: { sort_by: [expect.any(String)] },
      });
    }
    expect((await door('sort_by=last_name')).statusCode).toBe(200);

    // Those who see addresses still search and sort by them.
    for (const path of [`${lists}/${list.id}/attendees`, `/api/events/${event.id}/attendees`]) {
      const found = await call(ctx.app, 'GET', `${path}?query=marmalade&sort_by=email`, { token: u.token });
      expect(found.statusCode, path).toBe(200);
      expect(
        found.json().data.map((a: { id: number }) => a.id),
        path,
      ).toEqual([attendee!.id]);
    }
  });
});
