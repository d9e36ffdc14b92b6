import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attendees, orders } from '../src/db/schema/index.js';
import { liveEvent, placeOrder } from './checkout-factory.js';
import { inviteAndAccept } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Searches find people as they are typed at the door (issue #38): without accents ("leo" finds Léo),
 * in either order ("dubois camille"), in any case, for door staff, a staff link and the organizer's
 * attendee and order lists alike.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('a search as people type it', () => {
  it('ignores accents, case and word order; every word must be there', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Standing', type: 'FREE' }]);
    const people = [
      ['Léo', 'Dubois'],
      ['Camille', 'Dubois'],
      ['Zoë', 'Østergård'],
      ['Jürgen', 'Straße'],
      ['芳', '王'],
      ['小芳', '李'],
    ] as const;
    const ids: Record<string, number> = {};
    for (const [first, last] of people) {
      const placed = await placeOrder(
        ctx.app,
        { eventId: event.id, organizerToken: u.token },
        [{ ticket_id: tickets[0]!.id, quantity: 1 }],
        { buyer: { first_name: first, last_name: last } },
      );
      const [a] = await ctx.app.deps.database.db
        .update(attendees)
        .set({ first_name: first, last_name: last })
        .where(eq(attendees.short_id, placed.attendees[0]!.short_id))
        .returning({ id: attendees.id });
      await ctx.app.deps.database.db
        .update(orders)
        .set({ first_name: first, last_name: last })
        .where(eq(orders.short_id, placed.short_id));
      ids[first] = a!.id;
    }
    const staff = await inviteAndAccept(ctx.app, ctx.smtp, u.token, 'DOOR_STAFF', 'Dora Door', [event.id]);
    const lists = `/api/events/${event.id}/check-in-lists`;
    const [list] = (await call(ctx.app, 'GET', lists, { token: u.token })).json().data;
    const link = (await call(ctx.app, 'POST', `${lists}/${list.id}/staff-link`, { token: u.token })).json().data
      .staff_token as string;

    const searches = {
      door: (q: string) =>
        call(ctx.app, 'GET', `${lists}/${list.id}/attendees?query=${encodeURIComponent(q)}`, { token: staff.token }),
      link: (q: string) =>
        call(ctx.app, 'GET', `/api/public/check-in-links/${link}/attendees?query=${encodeURIComponent(q)}`),
      organizer: (q: string) =>
        call(ctx.app, 'GET', `/api/events/${event.id}/attendees?query=${encodeURIComponent(q)}`, { token: u.token }),
    };
    const expectations: Array<[string, string[]]> = [
      ['leo', ['Léo']],
      ['LEO DUBOIS', ['Léo']],
      ['dubois camille', ['Camille']],
      ['  dubois   ', ['Camille', 'Léo']],
      ['zoe ostergard', ['Zoë']],
      ['strasse', ['Jürgen']],
      ['jurgen', ['Jürgen']],
      ['Straße Jürgen', ['Jürgen']],
      ['dubois zoe', []],
      // Written as Chinese writes it: family name first, no space.
      ['王芳', ['芳']],
      ['李小芳', ['小芳']],
      ['芳', ['芳', '小芳']],
      ['王 小芳', []],
    ];
    for (const [who, search] of Object.entries(searches)) {
      for (const [q, names] of expectations) {
        const res = await search(q);
        expect(res.statusCode, `${who} ${q}`).toBe(200);
        const found = res
          .json()
          .data.map((a: { id: number }) => a.id)
          .sort();
        expect(found, `${who}: "${q}"`).toEqual(names.map((n) => ids[n]).sort());
      }
    }
    // The organizer's order list reads the same way.
    const orderSearch = async (q: string) =>
      (await call(ctx.app, 'GET', `/api/events/${event.id}/orders?query=${encodeURIComponent(q)}`, { token: u.token }))
        .json()
        .data.map((o: { first_name: string }) => o.first_name)
        .sort();
    expect(await orderSearch('camille DUBOIS')).toEqual(['Camille']);
    expect(await orderSearch('leo')).toEqual(['Léo']);
    expect(await orderSearch('ostergard')).toEqual(['Zoë']);
    expect(await orderSearch('王芳')).toEqual(['芳']);
  });
});
