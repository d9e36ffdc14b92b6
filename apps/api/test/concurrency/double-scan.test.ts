import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attendees, checkIns } from '../../src/db/schema/index.js';
import { liveEvent, placeOrder } from '../checkout-factory.js';
import { inviteAndAccept } from '../factories.js';
import { call, createTestApp, type TestContext } from '../test-app.js';

/**
 * Many scanners admitting the same ticket at the same instant, on real PostgreSQL (PGlite runs one
 * statement at a time, so nothing races there): exactly one is told CHECKED_IN, every other one
 * ALREADY_CHECKED_IN naming the winner, and the database records one check-in.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
const SCANNERS = 20;

describe.skipIf(!onPostgres)('two scanners, one ticket', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  async function ticket() {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Standing', type: 'FREE' }], {
      start_date: '2030-06-01T19:00',
      end_date: '2030-06-01T23:00',
    });
    const order = await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
      { ticket_id: tickets[0]!.id, quantity: 1 },
    ]);
    return { u, event, code: order.attendees[0]!.short_id };
  }

  it(`${SCANNERS} scans of the same code at once (two door staff): exactly one admits`, async () => {
    const { u, event, code } = await ticket();
    const colleague = await inviteAndAccept(ctx.app, ctx.smtp, u.token, 'ORGANIZER', 'Second Door');
    const answers = await Promise.all(
      Array.from({ length: SCANNERS }, (_, i) =>
        call(ctx.app, 'POST', `/api/events/${event.id}/check-ins`, {
          token: i % 2 ? colleague.token : u.token,
          body: { code, action: 'CHECK_IN' },
        }),
      ),
    );
    const data = answers.map((a) => a.json().data);
    const winners = data.filter((d) => d.result === 'CHECKED_IN');
    expect(winners).toHaveLength(1);
    const losers = data.filter((d) => d.result === 'ALREADY_CHECKED_IN');
    expect(losers).toHaveLength(SCANNERS - 1);
    for (const l of losers)
      expect({ at: l.checked_in_at, by: l.checked_in_by }).toEqual({
        at: winners[0].checked_in_at,
        by: winners[0].checked_in_by,
      });
    const db = ctx.app.deps.database.db;
    const [row] = await db.select().from(attendees).where(eq(attendees.short_id, code));
    expect(row!.checked_in_by).toBe(winners[0].checked_in_by.id);
    expect(await db.select().from(checkIns).where(eq(checkIns.attendee_id, row!.id))).toHaveLength(1);
  });

  it('the same queued scan sent from two tabs at once is applied once, and both get its outcome', async () => {
    const { u, event, code } = await ticket();
    const scan = { code, action: 'CHECK_IN', client_scan_id: randomUUID(), scanned_at: '2030-06-01T19:05:00Z' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(ctx.app, 'POST', `/api/events/${event.id}/check-ins/batch`, { token: u.token, body: { scans: [scan] } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => a.json().data[0].result)).toEqual(Array(10).fill('CHECKED_IN'));
    const rows = await ctx.app.deps.database.db.select().from(checkIns).where(eq(checkIns.event_id, event.id));
    expect(rows).toHaveLength(1);
  });
});
