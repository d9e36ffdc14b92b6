import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '../../src/db/schema/index.js';
import { createEvent, createOrganizer } from '../factories.js';
import { call, createTestApp, mailSettled, type TestContext } from '../test-app.js';
import { FOREIGN_ID_PROBES, missingLike } from './foreign-ids.js';
import { pathFor, ROUTE_ACCESS, type RouteRule } from './route-access.js';
import { buildTenantWorld, imageForm, type TenantWorld } from './tenant-world.js';

/**
 * Tenant isolation and roles over the whole OpenAPI document: every route is in ROUTE_ACCESS; with
 * another account's token, each id of account A answers 404 and changes nothing; without a token every
 * non-public route answers 401; an Organizer of A is refused admin routes (403) and allowed member ones;
 * door staff of A are refused both (403) and allowed the check-in (door) routes of their event. The key
 * column: a read-only API key of A's admin reads what keys may and is refused every write (403); keys are
 * refused the team's, the keys' and the personal routes; a key limited to another event of A finds none
 * of this event's ids (404); another account's key finds none of A's.
 */

interface Route {
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  rule: RouteRule;
  secured: boolean;
  hasBody: boolean;
}

let ctx: TestContext;
let w: TenantWorld;
let routes: Route[];
let documented: Set<string>;

beforeAll(async () => {
  ctx = await createTestApp();
  const doc = ctx.app.swagger() as {
    paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown }>>;
  };
  documented = new Set();
  routes = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const key = `${method.toUpperCase()} ${path}`;
      documented.add(key);
      const rule = ROUTE_ACCESS[key];
      if (rule)
        routes.push({
          key,
          method: method.toUpperCase() as Route['method'],
          path,
          rule,
          secured: (op.security?.length ?? 0) > 0,
          hasBody: op.requestBody !== undefined,
        });
    }
  }
  w = await buildTenantWorld(ctx.app, ctx.smtp);
}, 60_000);
afterAll(() => ctx?.close());

const hasIds = (r: Route) => r.path.includes('{');
/** Routes no API key may call, whatever its access: a person's own (the session class), the team's and the keys'. */
const closedToKeys = (r: Route) => r.rule.access === 'session' || r.rule.noKeys === true;
const guarded = () => routes.filter((r) => r.rule.access !== 'public');

/** Calls the route as given (A's ids, the table's valid body or upload) with a token or none. */
async function hit(r: Route, token: string | null) {
  const url = pathFor(r.path, r.rule, w) + (r.rule.query ?? '');
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (r.rule.upload) {
    const { type, width, height } = r.rule.upload;
    return ctx.app.inject({ method: r.method, url, headers, payload: await imageForm(type, width, height) });
  }
  const value = r.rule.body?.value(w);
  return ctx.app.inject({
    method: r.method,
    url,
    headers,
    ...(value !== undefined ? { payload: value as object } : {}),
  });
}

/**
 * Every row of every table, once mail is delivered (aside: sessions and API keys, whose last use a call
 * refreshes, the rate limit counters a key's calls count in, and the audit log's lines of downloads).
 */
async function snapshot(): Promise<Record<string, string[]>> {
  const db = ctx.app.deps.database.db;
  await mailSettled(ctx.app);
  const out: Record<string, string[]> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable) || ['sessions', 'api_keys', 'rate_limit_counters'].includes(getTableName(table))) continue;
    const rows = await db.select().from(table);
    out[getTableName(table)] = rows
      // A download is logged by design (who took personal data out): a read, not a change.
      .filter((row) => (row as { action?: string }).action !== 'export.personal_data')
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return out;
}

const summary = (r: Route, res: { statusCode: number; body: string }) =>
  `${r.key} → ${res.statusCode} ${res.body.slice(0, 200)}`;

describe('the route table', () => {
  it('lists every route of the OpenAPI document, and nothing the document lacks', () => {
    const missing = [...documented].filter((key) => !ROUTE_ACCESS[key]);
    const stale = Object.keys(ROUTE_ACCESS).filter((key) => !documented.has(key));
    expect(missing, 'routes missing from ROUTE_ACCESS (add them with their access class)').toEqual([]);
    expect(stale, 'ROUTE_ACCESS entries for routes that no longer exist').toEqual([]);
    expect(routes.length).toBeGreaterThan(100);
  });

  it('agrees with the document about which routes need a bearer token', () => {
    const wrong = routes
      .filter((r) => r.secured !== (r.rule.access !== 'public'))
      .map((r) => `${r.key} (${r.rule.access}, document says ${r.secured ? 'bearer' : 'no auth'})`);
    expect(wrong).toEqual([]);
  });

  it('gives every guarded route with a body one its contract accepts', () => {
    const problems: string[] = [];
    for (const r of guarded()) {
      if (r.hasBody && !r.rule.body && !r.rule.upload) problems.push(`${r.key}: no body in the table`);
      if (r.rule.body) {
        const parsed = r.rule.body.schema.safeParse(r.rule.body.value(w));
        if (!parsed.success) problems.push(`${r.key}: body rejected by its contract: ${parsed.error.message}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('tenant isolation and roles', () => {
  it("fills every path with account A's real ids (A's admin reads each of them)", async () => {
    const failures: string[] = [];
    for (const r of guarded().filter((x) => x.method === 'GET' && hasIds(x))) {
      const res = await hit(r, w.tokens.admin);
      if (res.statusCode !== 200) failures.push(summary(r, res));
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 without a token on every route that is not public', async () => {
    const failures: string[] = [];
    for (const r of guarded()) {
      const res = await hit(r, null);
      if (res.statusCode !== 401) failures.push(summary(r, res));
    }
    expect(failures).toEqual([]);
  });

  it("answers 404 to another account's admin and to its API key for every id of account A, and changes nothing", async () => {
    const before = await snapshot();
    const failures: string[] = [];
    const checked = guarded().filter(hasIds);
    for (const r of checked) {
      const res = await hit(r, w.tokens.other);
      if (res.statusCode !== 404) failures.push(summary(r, res));
      if (closedToKeys(r)) continue;
      const byKey = await hit(r, w.tokens.keyOther);
      if (byKey.statusCode !== 404) failures.push(`(B's key) ${summary(r, byKey)}`);
    }
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThan(80);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an Organizer of A every admin-only route (403), and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    const admin = guarded().filter((r) => r.rule.access === 'admin');
    for (const r of admin) {
      const res = await hit(r, w.tokens.organizer);
      if (res.statusCode !== 403) failures.push(summary(r, res));
    }
    expect(failures).toEqual([]);
    expect(admin.length).toBeGreaterThanOrEqual(12);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses door staff of A every member and admin route (403), and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    const closed = guarded().filter((r) => r.rule.access === 'member' || r.rule.access === 'admin');
    for (const r of closed) {
      const res = await hit(r, w.tokens.door);
      if (res.statusCode !== 403) failures.push(summary(r, res));
    }
    expect(failures).toEqual([]);
    expect(closed.length).toBeGreaterThan(80);
    expect(await snapshot()).toEqual(before);
  });

  it('lets door staff of A read every check-in route of their event', async () => {
    const failures: string[] = [];
    const door = guarded().filter((r) => r.rule.access === 'door' && r.method === 'GET');
    for (const r of door) {
      const res = await hit(r, w.tokens.door);
      if (res.statusCode !== 200) failures.push(summary(r, res));
    }
    expect(failures).toEqual([]);
    expect(door.length).toBe(9);
  });
});

describe("account A's ids inside another account's bodies and query strings", () => {
  it('are answered exactly like ids that do not exist, and change nothing', async () => {
    const b = w.tokens.other;
    const organizer = await createOrganizer(ctx.app, b, { name: 'B Presents', email: 'b@presents.test' });
    const event = await createEvent(ctx.app, b, organizer.id);
    const ticket = (
      await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
        token: b,
        body: { name: 'B ticket', type: 'FREE' },
      })
    ).json().data as { id: number };
    const own = { organizerId: organizer.id, eventId: event.id, ticketId: ticket.id };
    const before = await snapshot();
    const failures: string[] = [];
    for (const probe of FOREIGN_ID_PROBES) {
      const send = (id: number | string) =>
        call(ctx.app, probe.method, probe.url(own, id), {
          token: b,
          ...(probe.body ? { body: probe.body(own, id) } : {}),
        });
      const real = await send(probe.id(w));
      const missing = await send(missingLike(probe.id(w)));
      if (real.statusCode !== missing.statusCode || real.body !== missing.body)
        failures.push(
          `${probe.name}: A's id → ${real.statusCode} ${real.body.slice(0, 160)}; a missing id → ${missing.statusCode} ${missing.body.slice(0, 160)}`,
        );
      else if (real.statusCode >= 500) failures.push(`${probe.name}: ${real.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('API keys (the key column)', () => {
  it("lets a read-only key of A's admin read every route open to keys, refuses it every other guarded route (403), and changes nothing", async () => {
    const before = await snapshot();
    const failures: string[] = [];
    let writes = 0;
    for (const r of guarded()) {
      const res = await hit(r, w.tokens.keyRead);
      const expected = r.method === 'GET' && !closedToKeys(r) ? 200 : 403;
      if (res.statusCode !== expected) failures.push(`expected ${expected}: ${summary(r, res)}`);
      if (r.method !== 'GET' && !closedToKeys(r)) {
        writes++;
        if (res.json().error?.code !== 'API_KEY_READ_ONLY')
          failures.push(`not refused as read-only: ${summary(r, res)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(writes).toBeGreaterThan(60);
    expect(await snapshot()).toEqual(before);
  });

  it("lets a read-write key of A's admin read every route open to keys and refuses it the team's, the keys' and the personal routes (403), changing nothing", async () => {
    const before = await snapshot();
    const failures: string[] = [];
    const closed = guarded().filter(closedToKeys);
    for (const r of closed) {
      const res = await hit(r, w.tokens.keyAdmin);
      if (res.statusCode !== 403) failures.push(summary(r, res));
    }
    for (const r of guarded().filter((x) => x.method === 'GET' && !closedToKeys(x))) {
      const res = await hit(r, w.tokens.keyAdmin);
      if (res.statusCode !== 200) failures.push(summary(r, res));
    }
    expect(failures).toEqual([]);
    expect(closed.length).toBeGreaterThanOrEqual(18);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 to a key limited to another event of A on every route of this event, 403 on account-wide ones but the lists of its events, and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    const open = guarded().filter((r) => !closedToKeys(r));
    for (const r of open) {
      const res = await hit(r, w.tokens.keyEvent);
      const lists = r.key === 'GET /api/events' || r.key === 'GET /api/check-in/events';
      const expected = /^\/api\/events\/\{(id|eventId)\}/.test(r.path) ? 404 : lists ? 200 : 403;
      if (res.statusCode !== expected) failures.push(`expected ${expected}: ${summary(r, res)}`);
    }
    expect(failures).toEqual([]);
    expect(open.filter((r) => r.path.startsWith('/api/events/{')).length).toBeGreaterThan(80);
    const listed = await hit(
      open.find((r) => r.key === 'GET /api/events')!,
      w.tokens.keyEvent,
    );
    expect(listed.json().data.map((e: { id: number }) => e.id)).toEqual([w.sideEventId]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a member limited to some organizers (the scoped column)', () => {
  /** Lists that show what the scope holds; every other account-wide member route is the account's settings. */
  const LISTS = new Set([
    'GET /api/events',
    'GET /api/organizers',
    'GET /api/check-in/events',
    'GET /api/reports/sales-by-events',
    'GET /api/reports/sales-by-events/export',
  ]);
  const aboutOneEvent = (r: Route) => /^\/api\/events\/\{(id|eventId)\}/.test(r.path);
  const aboutOneOrganizer = (r: Route) => /^\/api\/organizers\/\{(id|organizerId)\}/.test(r.path);

  it('answers 404 on every route of another organizer of A and its events, 403 on admin routes and a new organizer, 422 for an event of another organizer, and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    const open = guarded().filter((r) => r.rule.access !== 'session');
    for (const r of open) {
      const res = await hit(r, w.tokens.scoped);
      const expected =
        r.rule.access === 'admin' || r.key === 'POST /api/organizers'
          ? 403
          : aboutOneEvent(r) || aboutOneOrganizer(r)
            ? 404
            : r.key === 'POST /api/events'
              ? 422
              : 200;
      if (res.statusCode !== expected) failures.push(`expected ${expected}: ${summary(r, res)}`);
      if (r.key === 'POST /api/organizers' && res.json().error?.code !== 'OUTSIDE_TEAM_SCOPE')
        failures.push(`not refused as outside the scope: ${summary(r, res)}`);
      if (r.key === 'POST /api/events' && !res.json().error?.field_errors?.organizer_id)
        failures.push(`not refused on organizer_id: ${summary(r, res)}`);
      if (expected === 200 && r.method === 'GET' && !LISTS.has(r.key) && !r.path.startsWith('/api/accounts/{id}'))
        failures.push(`an account-wide route the scoped column does not know: ${r.key}`);
    }
    expect(failures).toEqual([]);
    expect(open.filter(aboutOneEvent).length).toBeGreaterThan(80);
    expect(open.filter(aboutOneOrganizer).length).toBeGreaterThan(10);
    expect(await snapshot()).toEqual(before);
  });

  it('lists only their organizer, its events and their sales, and works them', async () => {
    const get = async (url: string) => {
      const res = await call(ctx.app, 'GET', url, { token: w.tokens.scoped });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res;
    };
    const ids = (res: { json: () => { data: { id: number }[] } }) => res.json().data.map((x) => x.id);
    expect(ids(await get('/api/organizers'))).toEqual([w.sideOrganizerId]);
    expect(ids(await get('/api/events'))).toEqual([w.sideEventId]);
    expect(ids(await get('/api/check-in/events'))).toEqual([w.sideEventId]);
    const sales = (await get('/api/reports/sales-by-events?to=2030-12-31')).json().data as {
      rows: { event_id: number }[];
    };
    expect(sales.rows.map((r) => r.event_id)).not.toContain(w.eventId);
    const asAdmin = await call(ctx.app, 'GET', '/api/reports/sales-by-events?to=2030-12-31', { token: w.tokens.admin });
    expect(asAdmin.json().data.rows.map((r: { event_id: number }) => r.event_id)).toContain(w.eventId);
    expect((await get('/api/reports/sales-by-events/export?format=csv')).body).not.toContain('A Night');
    await get(`/api/events/${w.sideEventId}`);
    await get(`/api/events/${w.sideEventId}/orders`);
    await get(`/api/organizers/${w.sideOrganizerId}/seating-plans`);
  });
});

// Last: these calls change (and may delete) account A's data, which the checks above rely on.
describe('member routes', () => {
  it('lets an Organizer of A use every member route and read every session one (reads first, deleting the event last)', async () => {
    const member = guarded().filter(
      (r) =>
        r.rule.access === 'member' || r.rule.access === 'door' || (r.rule.access === 'session' && r.method === 'GET'),
    );
    const rank = (r: Route) =>
      r.method === 'GET' ? 0 : r.key === 'DELETE /api/events/{id}' ? 3 : r.method === 'DELETE' ? 2 : 1;
    const failures: string[] = [];
    for (const r of [...member].sort((x, y) => rank(x) - rank(y))) {
      const res = await hit(r, w.tokens.organizer);
      const refused = res.statusCode === 401 || res.statusCode === 403;
      if (refused || (r.method === 'GET' && res.statusCode !== 200) || res.statusCode >= 500)
        failures.push(summary(r, res));
    }
    expect(failures).toEqual([]);
  });
});
