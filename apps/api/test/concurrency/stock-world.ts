import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';

import type { App } from '../../src/app.js';
import { orders } from '../../src/db/schema/index.js';
import type { StockGuard } from '../../src/modules/inventory/counters.js';
import { findDrift } from '../../src/modules/inventory/reconcile.js';
import { call } from '../test-app.js';

/** Row locks mean nothing on PGlite (one statement at a time): these suites run on PostgreSQL. */
export const onPostgres = !!process.env.TEST_DATABASE_URL;

/** The control runs' guard: every counter takes whatever it is asked for, so the harness must see an oversell. */
export const unguarded: StockGuard = { fits: () => sql`true` };

/** Each buyer of a rush comes from an address of its own (the per-client fairness caps stay on). */
export const buyerIp = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** Runs raw SQL on the app's database. */
export async function query<T = Record<string, unknown>>(app: App, text: string): Promise<T[]> {
  return ((await app.deps.database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

/** Units sold or held of an event's tickets (optionally one ticket, and one date), by the rows. */
export async function takenRows(app: App, eventId: number, ticketId?: number, dateId?: number): Promise<number> {
  const [r] = await query<{ n: number }>(
    app,
    `select count(*)::int as n from attendees where event_id = ${eventId} and status in ('RESERVED', 'AWAITING_PAYMENT', 'ACTIVE') ${ticketId ? `and ticket_id = ${ticketId}` : ''} ${dateId ? `and event_date_id = ${dateId}` : ''}`,
  );
  return Number(r!.n);
}

/** Every counter matches its rows and none is past its limit: run after every concurrency test. */
export async function expectConsistent(app: App, eventId?: number) {
  expect(await findDrift(app.deps.database.db, eventId ?? null)).toEqual([]);
}

/** One reservation from buyer `i`'s address; answers the status and the error code or order. */
export async function reserveAs(
  app: App,
  eventId: number,
  i: number,
  body: object,
  headers: Record<string, string> = {},
) {
  const res = await call(app, 'POST', `/api/public/events/${eventId}/order`, { body, ip: buyerIp(i), headers });
  const json = res.json();
  return {
    status: res.statusCode,
    code: json.error?.field_errors?.promo_code ? 'promo_code_invalid' : (json.error?.code as string | undefined),
    order: json.data,
    token: json.checkout_token as string | undefined,
    secret: json.order_secret as string | undefined,
  };
}

/** Tally of statuses and error codes. */
export function tally(answers: Array<{ status: number; code?: string }>) {
  const statuses: Record<number, number> = {};
  const codes: Record<string, number> = {};
  for (const a of answers) {
    statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    if (a.code) codes[a.code] = (codes[a.code] ?? 0) + 1;
  }
  return { statuses, codes };
}

/** The hold of an order runs out now (its deadline moved into the past), as if its time had passed. */
export async function expireHold(app: App, shortId: string) {
  await app.deps.database.db
    .update(orders)
    .set({ reserved_until: new Date(Date.now() - 1000) })
    .where(eq(orders.short_id, shortId));
}

/** The id of an order by its short id. */
export async function orderIdOf(app: App, shortId: string): Promise<number> {
  const [row] = await app.deps.database.db.select({ id: orders.id }).from(orders).where(eq(orders.short_id, shortId));
  return row!.id;
}

/**
 * After a race: buyers (new addresses) reserve one at a time until each of `items` is refused, so a test
 * can check the stock then holds exactly its limit (no unit lost to a counter given back twice or never).
 * Never used with the guard switched off (it would not stop).
 */
export async function fillUp(
  app: App,
  eventId: number,
  items: Array<{ ticket_id: number; tier_id?: number | null }>,
  unitPrice = 0,
  /** The rest of each reservation's body (`event_date_id` for one date of several). */
  rest: object = {},
) {
  let buyer = 60_000;
  for (const item of items) {
    for (let i = 0; i < 500; i++) {
      const r = await reserveAs(app, eventId, buyer++, {
        items: [{ ...item, quantity: 1 }],
        expected_total: unitPrice,
        ...rest,
      });
      if (r.status === 409) break;
      expect(r.status).toBe(201);
    }
  }
}
