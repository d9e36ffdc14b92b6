import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../src/db/schema/index.js';
import { rowsOf } from '../src/modules/inventory/counters.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent, placeOrder } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Incremental sync (issue #37): `updated_since` / `cursor` on the lists integrators copy. A pass reads
 * rows in the order they changed and never skips one, whatever commits meanwhile (shared/sync.ts).
 */
let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

const onPostgres = !!process.env.TEST_DATABASE_URL;
const db = () => ctx.app.deps.database.db;
const idOf = async (shortId: string) =>
  (await db().select({ id: orders.id }).from(orders).where(eq(orders.short_id, shortId)))[0]!.id;

interface Meta {
  has_more: boolean;
  next_cursor: string | null;
  sync_cursor?: string;
  total: number;
}
type Page = { data: { id: number }[]; meta: Meta };

async function world() {
  const w = await liveEvent(ctx.app, [
    { name: 'Free', type: 'FREE' },
    { name: 'Seat', type: 'PAID', price: 1_000 },
  ]);
  await call(ctx.app, 'PUT', `/api/events/${w.event.id}/settings`, {
    token: w.u.token,
    body: { offline_payments_enabled: true },
  });
  const c = { eventId: w.event.id, organizerToken: w.u.token };
  const order = async (paid = true) =>
    idOf(
      (await placeOrder(ctx.app, c, [{ ticket_id: w.tickets[paid ? 0 : 1]!.id, quantity: 1 }], { paid: false }))
        .short_id,
    );
  return { ...w, c, order };
}

async function page(token: string, url: string): Promise<Page> {
  const res = await call(ctx.app, 'GET', url, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}

/**
 * One sync pass from `start` (query string) to `has_more: false`, `between(n)` running after the n-th page.
 * Returns the ids in the order they came and the last page's meta.
 */
async function pass(
  token: string,
  path: string,
  start: string,
  between: (n: number, seen: number[]) => Promise<void> = async () => undefined,
) {
  const seen: number[] = [];
  let query = start;
  for (let n = 1; ; n++) {
    const p = await page(token, `${path}?${query}`);
    seen.push(...p.data.map((r) => r.id));
    if (!p.meta.has_more) {
      expect(p.meta.next_cursor).toBeNull();
      return { seen, meta: p.meta };
    }
    expect(p.meta.next_cursor).toEqual(expect.any(String));
    await between(n, seen);
    query = `per_page=2&cursor=${p.meta.next_cursor}`;
  }
}

/**
 * Later passes from `sync_cursor` until every id wanted came (on PostgreSQL, a transaction of another
 * test file on the same server may hold the visibility bound back for a moment: the rows come later,
 * never lost). Returns all ids seen.
 */
async function drain(token: string, path: string, meta: Meta, want: number[], seen: number[]) {
  const deadline = Date.now() + 15_000;
  let m = meta;
  while (!want.every((id) => seen.includes(id))) {
    if (Date.now() > deadline) throw new Error(`never came: ${want.filter((id) => !seen.includes(id)).join(', ')}`);
    await new Promise((r) => setTimeout(r, 50));
    const more = await pass(token, path, `per_page=2&cursor=${m.sync_cursor}`);
    seen.push(...more.seen);
    m = more.meta;
  }
  return { seen, meta: m };
}

/**
 * Waits until a sync from the start shows every id wanted: on PostgreSQL a transaction of another test
 * file on the same server may hold the visibility bound back for a moment (a state, not a time).
 */
async function visible(token: string, path: string, want: number[], query = 'updated_since=2000-01-01T00:00:00Z') {
  await expect
    .poll(
      async () => {
        const seen = (await page(token, `${path}?per_page=100&${query}`)).data.map((r) => r.id);
        return want.every((id) => seen.includes(id));
      },
      { timeout: 15_000, interval: 50 },
    )
    .toBe(true);
}

describe('offset pages (the app screens), as they were', () => {
  it('repeat a row when one is inserted between two page reads (what the review saw): why integrators sync by cursor', async () => {
    const { u, event, order } = await world();
    for (let i = 0; i < 4; i++) {
      await order();
      clock.advance(1_000);
    }
    const url = `/api/events/${event.id}/orders?per_page=2`;
    const first = await page(u.token, `${url}&page=1`);
    expect(first.meta).toMatchObject({ has_more: true, next_cursor: null, total: 4 });
    await order(); // newest first: it pushes every row one place down
    const second = await page(u.token, `${url}&page=2`);
    const repeated = second.data.filter((r) => first.data.some((f) => f.id === r.id));
    expect(repeated).toHaveLength(1);
    const third = await page(u.token, `${url}&page=3`);
    expect(third.meta).toMatchObject({ has_more: false, next_cursor: null, total: 5 });
  });
});

describe('incremental sync of orders', () => {
  it('reads every order once per pass while orders are placed and changed between pages; a row changed after it was read comes again, later', async () => {
    const { u, event, order } = await world();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await order(i % 2 === 0));
    const path = `/api/events/${event.id}/orders`;
    await visible(u.token, path, ids);
    let changedAfterRead: number | null = null;
    let changedBeforeRead: number | null = null;
    const first = await pass(u.token, path, 'per_page=2&updated_since=2000-01-01T00:00:00Z', async (n, seen) => {
      clock.advance(1_000);
      ids.push(await order()); // a new order between every two pages
      if (n === 1) {
        // One already read (an unpaid one: it is paid now), one not read yet (its buyer corrected).
        changedAfterRead = seen.find((id) => ids.indexOf(id) % 2 === 1) ?? null;
        expect(changedAfterRead).not.toBeNull();
        expect(
          (await call(ctx.app, 'POST', `${path}/${changedAfterRead}/mark-as-paid`, { token: u.token })).statusCode,
        ).toBe(200);
        changedBeforeRead = ids.find((id) => !seen.includes(id))!;
        const edit = await call(ctx.app, 'PUT', `${path}/${changedBeforeRead}/buyer`, {
          token: u.token,
          body: { first_name: 'Edited', last_name: 'Buyer', email: 'edited@example.test' },
        });
        expect(edit.statusCode).toBe(200);
      }
    });
    const { seen } = await drain(u.token, path, first.meta, ids, first.seen);
    // Every order, each once, but the one changed after it was read: it comes again, after its first time.
    expect([...new Set(seen)].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const twice = seen.filter((id, i) => seen.indexOf(id) !== i);
    expect(twice).toEqual([changedAfterRead]);
    expect(seen.lastIndexOf(changedAfterRead!)).toBeGreaterThan(seen.indexOf(changedAfterRead!));
    expect(seen.filter((id) => id === changedBeforeRead)).toHaveLength(1);

    // A later pass from where this one ended brings only what changed since.
    const lastCursor = (await pass(u.token, path, `per_page=2&cursor=${first.meta.sync_cursor}`)).meta.sync_cursor;
    const fresh = await order();
    const later = await drain(
      u.token,
      path,
      { has_more: false, next_cursor: null, sync_cursor: lastCursor, total: 0 },
      [fresh],
      [],
    );
    expect(later.seen).toEqual([fresh]);
  });

  it.runIf(onPostgres)(
    'never skips a write that commits after a reader passed its place (control: without the visibility bound it would be skipped)',
    async () => {
      const { u, event, order } = await world();
      const path = `/api/events/${event.id}/orders`;
      const early = await order();
      const start = await pass(u.token, path, 'per_page=2&updated_since=2000-01-01T00:00:00Z');
      const done = await drain(u.token, path, start.meta, [early], start.seen);
      const from = done.meta.sync_cursor!;

      // A second connection changes an order and does not commit yet; meanwhile the app places another.
      let placed: number;
      const late = new pg.Client({ connectionString: ctx.app.deps.config.databaseUrl });
      await late.connect();
      try {
        await late.query('begin');
        await late.query(`update orders set first_name = 'Late', updated_at = now() where id = $1`, [early]);
        const lateXid = BigInt((await late.query<{ x: string }>('select pg_current_xact_id()::text as x')).rows[0]!.x);
        placed = await order();
        const [row] = await db().select({ x: orders.change_xid }).from(orders).where(eq(orders.id, placed));
        expect(BigInt(row!.x)).toBeGreaterThan(lateXid);

        // The sync does not show the order placed after the open transaction began writing...
        const meanwhile = await page(u.token, `${path}?per_page=2&cursor=${from}`);
        expect(meanwhile.data.map((r) => r.id)).not.toContain(placed);

        // ...and that is what keeps the late write: the same read without the bound (control) returns the
        // placed order, whose place is past the late transaction's, so its cursor would skip the late row.
        const position = Buffer.from(from, 'base64url').toString().split('.');
        const controlRows = await rowsOf<{ id: number; change_xid: string }>(
          db(),
          sql`select id, change_xid::text as change_xid from orders where event_id = ${event.id} and status not in ('RESERVED', 'ABANDONED')
            and (change_xid, id) > (${position[1]}::bigint, ${Number(position[2])}) order by change_xid, id limit 2`,
        );
        expect(controlRows.map((r) => Number(r.id))).toEqual([placed]);
        expect(BigInt(controlRows[0]!.change_xid)).toBeGreaterThan(lateXid);

        await late.query('commit');
      } finally {
        await late.end();
      }
      // After the commit the pass goes on from where it was: the late write, then the order placed after it began.
      const after = await drain(u.token, path, done.meta, [early, placed!], []);
      expect(after.seen).toEqual([early, placed!]);
    },
  );

  it('filters by updated_since, through every page of the pass', async () => {
    const { u, event, order } = await world();
    await order();
    await order();
    clock.set(new Date('2027-03-02T12:00:00Z'));
    const recent = [await order(), await order(), await order()];
    const path = `/api/events/${event.id}/orders`;
    await visible(u.token, path, recent);
    const { seen } = await pass(
      u.token,
      path,
      `per_page=2&updated_since=${encodeURIComponent('2027-03-02T13:00:00+01:00')}`,
    );
    expect(seen).toEqual(recent);
    expect((await pass(u.token, path, 'per_page=2&updated_since=2027-03-02T12:00:01Z')).seen).toEqual([]);
  });

  it('refuses page, sort_by and sort_direction in sync mode, naming them, and a cursor that is not one of this list', async () => {
    const { u, event, order } = await world();
    await order();
    const path = `/api/events/${event.id}/orders`;
    const cursor = (await page(u.token, `${path}?updated_since=2000-01-01T00:00:00Z`)).meta.sync_cursor!;
    const refused = async (qs: string) => {
      const res = await call(ctx.app, 'GET', `${path}?${qs}`, { token: u.token });
      expect(res.statusCode, qs).toBe(422);
      return Object.keys(res.json().error.field_errors).sort();
    };
    expect(await refused(`cursor=${cursor}&page=2`)).toEqual(['page']);
    expect(await refused(`cursor=${cursor}&page=1&sort_by=total`)).toEqual(['page', 'sort_by']);
    expect(await refused('updated_since=2000-01-01T00:00:00Z&sort_by=total&sort_direction=asc')).toEqual([
      'sort_by',
      'sort_direction',
    ]);
    expect(await refused('updated_since=2027-03-01T12:00')).toEqual(['updated_since']); // no offset
    expect(await refused('cursor=bm9wZQ')).toEqual(['cursor']);
    const attendeeCursor = (await page(u.token, `/api/events/${event.id}/attendees?updated_since=2000-01-01T00:00:00Z`))
      .meta.sync_cursor!;
    expect(await refused(`cursor=${attendeeCursor}`)).toEqual(['cursor']);
  });
});

describe('incremental sync of attendees, check-ins and products', () => {
  it('attendees come again when checked in; check-ins come once each, in commit order', async () => {
    const { u, event, order } = await world();
    for (let i = 0; i < 3; i++) await order();
    const attendees = (await page(u.token, `/api/events/${event.id}/attendees?per_page=100`)).data.map((a) => a.id);
    expect(attendees).toHaveLength(3);
    const aPath = `/api/events/${event.id}/attendees`;
    const cPath = `/api/events/${event.id}/check-ins`;
    const first = await pass(u.token, aPath, 'per_page=2&updated_since=2000-01-01T00:00:00Z');
    const all = await drain(u.token, aPath, first.meta, attendees, first.seen);
    expect([...all.seen].sort((a, b) => a - b)).toEqual([...attendees].sort((a, b) => a - b));

    const scan = async (id: number, action: 'CHECK_IN' | 'CHECK_OUT') =>
      expect(
        (
          await call(ctx.app, 'POST', `/api/events/${event.id}/check-ins`, {
            token: u.token,
            body: { attendee_id: id, action },
          })
        ).json().data.result,
      ).toMatch(/CHECKED_(IN|OUT)/);
    const checkPass = await pass(u.token, cPath, 'per_page=2&updated_since=2000-01-01T00:00:00Z');
    expect(checkPass.seen).toEqual([]);
    await scan(attendees[0]!, 'CHECK_IN');
    await scan(attendees[2]!, 'CHECK_IN');
    await scan(attendees[0]!, 'CHECK_OUT');
    // The checked-in attendees come again in the next attendee pass (their check-in state changed)...
    const again = await drain(u.token, aPath, all.meta, [attendees[0]!, attendees[2]!], []);
    expect(new Set(again.seen)).toEqual(new Set([attendees[0]!, attendees[2]!]));
    // ...and the three scans, in the order they happened, each once.
    const rows = (await page(u.token, `${cPath}?per_page=10&sort_direction=asc`)).data as unknown as {
      id: number;
      attendee_id: number;
      action: string;
    }[];
    expect(rows.map((r) => [r.attendee_id, r.action])).toEqual([
      [attendees[0], 'CHECK_IN'],
      [attendees[2], 'CHECK_IN'],
      [attendees[0], 'CHECK_OUT'],
    ]);
    const synced = await drain(
      u.token,
      cPath,
      checkPass.meta,
      rows.map((r) => r.id),
      [],
    );
    expect(synced.seen).toEqual(rows.map((r) => r.id));
    // Offset pages of the history say whether more follow.
    expect((await page(u.token, `${cPath}?per_page=2`)).meta).toMatchObject({
      total: 3,
      has_more: true,
      next_cursor: null,
    });
  });

  it('products (tickets and general products) sync by when they were last edited; an edit brings one again', async () => {
    const { u, event, tickets } = await world();
    clock.advance(1_000);
    const addon = await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
      token: u.token,
      body: { name: 'Parking', type: 'PAID', price: 500, product_type: 'GENERAL' },
    });
    expect(addon.statusCode, addon.body).toBe(201);
    const path = `/api/events/${event.id}/tickets`;
    // Without sync: everything on one page, as before.
    expect((await page(u.token, path)).meta).toMatchObject({ total: 3, has_more: false, next_cursor: null });
    const first = await pass(u.token, path, 'per_page=1&updated_since=2000-01-01T00:00:00Z');
    expect(first.seen).toEqual([tickets[0]!.id, tickets[1]!.id, addon.json().data.id]);
    clock.advance(1_000);
    const current = (await page(u.token, `${path}/${tickets[0]!.id}`)) as unknown as { data: Record<string, unknown> };
    const {
      id: _id,
      event_id: _e,
      sale_state: _s,
      sold: _so,
      reserved: _r,
      available: _a,
      price_with_charges: _p,
      can_change_type: _c,
      has_orders: _h,
      created_at: _ca,
      updated_at: _u,
      tiers: _t,
      ...body
    } = current.data;
    expect(
      (
        await call(ctx.app, 'PUT', `${path}/${tickets[0]!.id}`, {
          token: u.token,
          body: { ...body, name: 'Free entry' },
        })
      ).statusCode,
    ).toBe(200);
    const later = await pass(u.token, path, `per_page=1&cursor=${first.meta.sync_cursor}`);
    expect(later.seen).toEqual([tickets[0]!.id]);
    const bad = await call(ctx.app, 'GET', `${path}?per_page=2`, { token: u.token });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.field_errors)).toEqual(['per_page']);
  });
});
