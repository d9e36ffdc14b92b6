import { ORDER_SECRET_HEADER } from '@admitone/shared';
import { afterAll, describe, expect, it } from 'vitest';

import { addDate, firstDateOf, liveEvent, placeOrder } from '../checkout-factory.js';
import { call, createTestApp, type TestContext } from '../test-app.js';
import { expectConsistent, onPostgres, query, tally, unguarded } from './stock-world.js';

/**
 * Passes for any N dates on real PostgreSQL: 25 holders pick the same date at once, which has 10 places left. Each
 * pick takes its place through the stock module's guarded chain, so exactly 10 get in and the rest are told there is
 * nothing left. The control runs the same picks with the guard switched off: it must see more than 10.
 */
const HOLDERS = 25;
const PLACES = 10;

async function rush(ctx: TestContext) {
  const { u, event, tickets } = await liveEvent(ctx.app, [
    { name: 'Any one night', type: 'FREE', is_pass: true, pass_picks: 1 },
  ]);
  const first = await firstDateOf(ctx.app, event.id);
  const second = await addDate(ctx.app, u.token, event.id, '2027-06-02T19:00', { capacity: PLACES });
  const org = { eventId: event.id, organizerToken: u.token };
  const holders: Array<{ shortId: string; secret: string }> = [];
  for (let i = 0; i < HOLDERS; i++) {
    const order = await placeOrder(ctx.app, org, [{ ticket_id: tickets[0]!.id, quantity: 1 }], {
      buyer: { email: `holder${i}@example.test` },
      extra: { event_date_id: first },
    });
    const [row] = await query<{ secret: string }>(
      ctx.app,
      `select secret from orders where short_id = '${order.short_id}'`,
    );
    holders.push({ shortId: order.short_id, secret: row!.secret });
  }
  const answers = await Promise.all(
    holders.map(async (h) => {
      const r = await call(ctx.app, 'POST', `/api/public/events/${event.id}/order/${h.shortId}/pass-picks`, {
        headers: { [ORDER_SECRET_HEADER]: h.secret },
        body: { ticket_id: tickets[0]!.id, event_date_id: second },
      });
      return { status: r.statusCode, code: r.statusCode === 200 ? undefined : (r.json().error?.code as string) };
    }),
  );
  const [taken] = await query<{ n: number }>(
    ctx.app,
    `select count(*)::int as n from attendees where event_date_id = ${second} and status = 'ACTIVE'`,
  );
  return { ...tally(answers), taken: Number(taken!.n), eventId: event.id };
}

describe.skipIf(!onPostgres)('passes for any N dates: holders picking the last places of a date at once', () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it(`${HOLDERS} holders, ${PLACES} places: exactly ${PLACES} picks`, async () => {
    ctx = await createTestApp();
    const r = await rush(ctx);
    expect({ statuses: r.statuses, codes: r.codes, taken: r.taken }).toEqual({
      statuses: { 200: PLACES, 409: HOLDERS - PLACES },
      codes: { NO_TICKETS_AVAILABLE: HOLDERS - PLACES },
      taken: PLACES,
    });
    await expectConsistent(ctx.app, r.eventId);
  });
});

describe.skipIf(!onPostgres)('control: the same picks with the guard switched off', () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it('the harness sees the oversell', async () => {
    ctx = await createTestApp({ stockGuard: unguarded });
    expect((await rush(ctx)).taken).toBeGreaterThan(PLACES);
  });
});
