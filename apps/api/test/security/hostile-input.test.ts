import fc from 'fast-check';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { startStripeServer } from '../stripe-server.js';
import { createTestApp } from '../test-app.js';
import {
  encodeSegment,
  HOSTILE_SEGMENTS,
  HOSTILE_STRINGS,
  hostileValue,
  type JsonSchema,
  RAW_JSON_PAYLOADS,
  valueFor,
} from './hostile-arbitraries.js';
import { buildWorld, snapshot, type World } from './hostile-world.js';

/**
 * Hostile input, property-based: every route of the OpenAPI document gets generated path ids, query
 * strings, headers and bodies (well-formed, wrong types, boundaries, huge, unicode, SQL, HTML). The
 * server never answers 5xx, every error has the documented shape, and a rejected write changes no
 * stored data. Reproduce a failure with FC_SEED=<seed> (printed with it); FC_RUNS sets runs per route.
 */

const SEED = Number(process.env.FC_SEED ?? 9_2026);
const RUNS = Number(process.env.FC_RUNS ?? 25);
const WEBHOOK_SECRET = 'whsec_hostile';

const stripe = await startStripeServer();
const ctx = await createTestApp({
  // No job workers: nothing changes the data behind the test's back.
  work: false,
  env: {
    AUTH_RATE_LIMIT_MAX: '1000000',
    CHECKOUT_RATE_LIMIT_MAX: '1000000',
    STRIPE_SECRET_KEY: 'sk_test_hostile',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_hostile',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_MODE: 'SINGLE',
    STRIPE_API_URL: stripe.url,
  },
});
const app = ctx.app;

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  op: Operation;
}

const doc = app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
const allRoutes: Route[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([m, op]) => ({ method: m.toUpperCase() as Route['method'], path, op })),
);

/** Exercised by their own properties below: multipart upload and the signed Stripe webhook. */
const SEPARATE = new Set([
  'POST /api/events/{id}/images',
  'POST /api/organizers/{id}/images',
  'POST /api/public/webhooks/stripe',
]);
/**
 * Public first and destructive last, so valid requests (which do happen) leave the world standing
 * for as many routes as possible.
 */
const rank = (r: Route) =>
  (r.path.startsWith('/api/public') ? 0 : 1) +
  (r.method === 'GET'
    ? 0
    : r.method === 'DELETE'
      ? 20
      : /cancel|refund|status|logout|switch-account/.test(r.path)
        ? 10
        : 5) +
  (r.path === '/api/events/{id}' && r.method === 'DELETE' ? 1 : 0);
const walked = allRoutes.filter((r) => !SEPARATE.has(`${r.method} ${r.path}`)).sort((a, b) => rank(a) - rank(b));

const errorShape = z.strictObject({
  error: z.strictObject({
    code: z.string().min(1),
    message: z.string().min(1),
    field_errors: z.record(z.string(), z.array(z.string())).optional(),
  }),
});

let world: World;
/** The stored data as of the last accepted request; a rejected request must leave it exactly so. */
let current: Record<string, string>;

beforeAll(async () => {
  world = await buildWorld(app);
  current = await snapshot(app);
}, 120_000);
/** With FC_STATS=1, prints how often each route answered each status (to see that runs get past validation). */
const stats = new Map<string, Map<number, number>>();
afterAll(async () => {
  if (process.env.FC_STATS) for (const [route, counts] of stats) console.log(route, Object.fromEntries(counts));
  await ctx.close();
  await stripe.close();
});

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);

/** Real ids of the caller's world, by the name of the path parameter or body field that holds one. */
function realIds(name: string, path: string): fc.Arbitrary<string | number> | null {
  const w = world;
  const byName: Record<string, readonly (string | number)[]> = {
    eventId: [w.eventId],
    event_id: [w.eventId],
    ticketId: w.ticketIds,
    ticket_id: w.ticketIds,
    tier_id: w.tierIds,
    taxOrFeeId: [w.taxId],
    tax_and_fee_id: [w.taxId],
    capacityId: [w.capacityId],
    dateId: [w.dateId],
    promoId: [w.promoId],
    affiliateId: [w.affiliateId],
    affiliate_id: [w.affiliateId],
    questionId: [w.questionId],
    question_id: [w.questionId],
    orderId: w.orderIds,
    order_id: w.orderIds,
    attendeeId: w.attendeeIds,
    attendee_id: w.attendeeIds,
    messageId: [w.messageId],
    automationId: [w.automationId],
    imageId: [w.imageId],
    organizer_id: w.organizerIds,
    account_id: [w.accountId],
    code: [w.promoCode, 'RADIO'],
    shortId: path.includes('/attendees/') ? w.attendeeShortIds : w.orderShortIds,
    short_id: w.attendeeShortIds,
  };
  if (name === 'id') {
    if (path.startsWith('/api/users')) return pick([w.colleagueId]);
    if (path.startsWith('/api/accounts')) return pick([w.accountId]);
    if (path.startsWith('/api/organizers')) return pick(w.organizerIds);
    return pick([w.eventId]);
  }
  if (name === 'token')
    return fc.oneof(fc.base64String({ minLength: 20, maxLength: 64 }), fc.stringMatching(/^[A-Za-z0-9_-]{43}$/));
  const ids = byName[name];
  return ids ? pick(ids) : null;
}

/** A path segment: mostly a real id (to reach the use case), else something hostile. */
function segmentArb(p: Parameter, path: string): fc.Arbitrary<string> {
  const real = realIds(p.name, path);
  const hostile = fc.oneof(
    pick(HOSTILE_SEGMENTS),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(encodeSegment),
    fc.integer().map(String),
  );
  return real
    ? fc.oneof({ weight: 2, arbitrary: real.map((v) => encodeSegment(String(v))) }, { weight: 2, arbitrary: hostile })
    : hostile;
}

/** Header values must stay printable latin-1 to be sent at all; everything else is fair game. */
const headerValue = fc.oneof(
  fc.constantFrom('', ' ', "' OR 1=1 --", '<script>alert(1)</script>', 'x'.repeat(8000), '%00', '../../etc'),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
);

function queryArb(params: Parameter[], path: string): fc.Arbitrary<string> {
  if (!params.length)
    return fc.oneof(
      fc.constant(''),
      fc.constantFrom('a=1', 'page=-1', `q=${'x'.repeat(10_000)}`, '__proto__[x]=1', 'a[b][c][d][e]=1'),
    );
  const entries = params.map((p) => {
    const ids = p.schema.type === 'integer' || p.name.endsWith('_id') ? realIds(p.name, path) : null;
    const base = valueFor(p.schema, {
      name: p.name,
      hostility: 2,
      idFor: (n) => realIds(n, path) as fc.Arbitrary<number> | null,
    });
    const value = ids ? fc.oneof(ids, base) : base;
    return [p.name, p.required ? value : fc.option(value, { nil: undefined, freq: 3 })] as const;
  });
  const record = fc.record(Object.fromEntries(entries));
  const encoder = (s: string) => encodeSegment(s);
  return fc.oneof(
    { weight: 5, arbitrary: record.map((q) => qs.stringify(q, { encoder, allowDots: false })) },
    // Repeated keys (arrays where scalars are expected), bracket nesting and raw junk.
    {
      weight: 1,
      arbitrary: fc
        .tuple(pick(params.map((p) => p.name)), pick(HOSTILE_STRINGS.filter((s) => s.length < 1000)))
        .map(([k, v]) => `${k}=${encodeSegment(v)}&${k}=${encodeSegment(v)}&${k}[x][y]=1`),
    },
    {
      weight: 1,
      arbitrary: pick([
        '%',
        '%ZZ=1',
        '&&&==&',
        'page=1e308&per_page=NaN',
        `query=${'%27'.repeat(3000)}`,
        'filter_fields=1&filter_fields[status]=ARCHIVED',
        'sort_by=__proto__',
      ]),
    },
  );
}

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; payload: string; type: string };

function bodyArb(route: Route): fc.Arbitrary<Body> {
  const schema = route.op.requestBody?.content['application/json']?.schema;
  const raw = fc.record({
    kind: fc.constant('raw' as const),
    payload: pick(RAW_JSON_PAYLOADS),
    type: fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
    ),
  });
  const anyJson = fc.record({ kind: fc.constant('json' as const), value: hostileValue });
  if (!schema)
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant({ kind: 'none' as const }) },
      { weight: 1, arbitrary: anyJson },
      { weight: 1, arbitrary: raw },
    );
  const idFor = (n: string) => realIds(n, route.path) as fc.Arbitrary<number> | null;
  // Some bodies are well-formed all the way down (to reach the use case), the others carry hostile values.
  const value = fc.oneof(valueFor(schema, { hostility: 0, idFor }), valueFor(schema, { hostility: 1, idFor }));
  const shaped = fc.record({ kind: fc.constant('json' as const), value });
  return fc.oneof(
    { weight: 12, arbitrary: shaped },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  );
}

interface Request {
  url: string;
  headers: Record<string, string>;
  body: Body;
}

function requestArb(route: Route): fc.Arbitrary<Request> {
  const params = route.op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const segments = fc.tuple(...pathParams.map((p) => segmentArb(p, route.path)));
  const query = queryArb(
    params.filter((p) => p.in === 'query'),
    route.path,
  );
  const headerParams = params.filter((p) => p.in === 'header');
  const headers = fc.record(
    Object.fromEntries(
      headerParams.map((p) => [
        p.name,
        fc.option(
          p.name === 'x-checkout-token'
            ? fc.oneof(fc.constant(world.checkoutToken), headerValue)
            : p.name === 'x-order-secret'
              ? fc.oneof(fc.constant(world.orderSecret), headerValue)
              : headerValue,
          { nil: undefined },
        ),
      ]),
    ),
  );
  const locale = fc.option(fc.constantFrom('de', 'fr;q=0.9, *', 'zh-CN', 'xx-INVALID', "';--", 'a'.repeat(500)), {
    nil: undefined,
    freq: 3,
  });
  const cookie = fc.option(
    fc.constantFrom(
      'admitone_locale=%ZZ',
      'admitone_locale=%E0%A4%A',
      'admitone_locale=de',
      `admitone_locale=${'x'.repeat(4000)}`,
      'a=b; admitone_locale',
      '=;=;;',
    ),
    { nil: undefined, freq: 4 },
  );
  return fc
    .tuple(segments, query, headers, locale, cookie, bodyArb(route))
    .map(([segs, q, hs, lang, cookieHeader, body]) => {
      let i = 0;
      const url = route.path.replace(/\{[^}]+\}/g, () => segs[i++]!) + (q ? `?${q}` : '');
      const h: Record<string, string> = {};
      for (const [k, v] of Object.entries(hs)) if (v !== undefined) h[k] = v as string;
      if (lang) h['accept-language'] = lang;
      if (cookieHeader) h.cookie = cookieHeader;
      return { url, headers: h, body };
    });
}

async function send(route: Route, req: Request, token: string) {
  const headers: Record<string, string> = { ...req.headers, authorization: `Bearer ${token}` };
  let payload: string | undefined;
  if (req.body.kind === 'json') {
    payload = JSON.stringify(req.body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (req.body.kind === 'raw') {
    payload = req.body.payload;
    headers['content-type'] = req.body.type;
  }
  return app.inject({ method: route.method, url: req.url, headers, ...(payload !== undefined ? { payload } : {}) });
}

const short = (s: string, n = 400) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

/** Checks one response against the three properties; refreshes the snapshot after accepted requests. */
async function checkResponse(
  method: string,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
) {
  expect(res.statusCode, `5xx: ${short(res.body)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    let json: unknown;
    try {
      json = JSON.parse(res.body);
    } catch {
      throw new Error(`${res.statusCode} error body is not JSON: ${short(res.body)}`);
    }
    const parsed = errorShape.safeParse(json);
    if (!parsed.success) throw new Error(`${res.statusCode} error body has the wrong shape: ${short(res.body)}`);
    if (method !== 'GET') expect(await snapshot(app), 'a rejected write changed stored data').toEqual(current);
  } else {
    current = await snapshot(app);
  }
}

/** Runs a property, failing with the route, seed, path and a shortened counterexample (no 100 kB dumps). */
async function assertProperty<T>(
  label: string,
  arb: fc.Arbitrary<T>,
  predicate: (v: T) => Promise<void>,
  numRuns = RUNS,
) {
  const details = await fc.check(fc.asyncProperty(arb, predicate), { seed: SEED, numRuns, endOnFailure: true });
  if (details.failed) {
    const example = short(
      JSON.stringify(details.counterexample, (_k, v: unknown) => (typeof v === 'string' ? short(v, 120) : v)),
      1500,
    );
    const reason =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      `${label}: ${short(reason, 1500)}\n  seed=${details.seed} path=${details.counterexamplePath}\n  counterexample=${example}`,
    );
  }
}

describe('hostile input on every route of the OpenAPI document', () => {
  it('walks a non-trivial document', () => {
    expect(walked.length).toBeGreaterThan(100);
  });

  for (const route of walked) {
    it(`${route.method} ${route.path}`, async () => {
      await assertProperty(`${route.method} ${route.path}`, requestArb(route), async (req) => {
        // Logging out and switching accounts revoke the token used: those routes get a fresh session each time.
        const token = SESSION_ENDING.has(route.path) ? await freshToken() : world.token;
        const res = await send(route, req, token);
        const counts = stats.get(`${route.method} ${route.path}`) ?? new Map<number, number>();
        stats.set(`${route.method} ${route.path}`, counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1));
        await checkResponse(route.method, res);
      });
      // Signing out devices (a random id may be this very session) or all of them: the walk goes on signed in anew.
      if (SIGNS_OUT_DEVICES.has(route.path)) world.token = await freshToken();
      // The caller's session must survive the route, or later routes would only be answered 401.
      expect(
        (await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${world.token}` } }))
          .statusCode,
      ).toBe(200);
    });
  }
});

const SIGNS_OUT_DEVICES = new Set(['/api/users/me/sessions', '/api/users/me/sessions/{id}']);
const SESSION_ENDING = new Set([
  '/api/auth/logout',
  '/api/auth/switch-account',
  '/api/users/me/sessions',
  '/api/users/me/sessions/{id}',
]);

async function freshToken() {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: world.email, password: world.password },
  });
  expect(res.statusCode).toBe(200);
  current = await snapshot(app);
  return res.json().token as string;
}

describe('hostile uploads and webhooks', () => {
  it('image uploads with random bytes and lying content types are rejected cleanly', async () => {
    const arb = fc.record({
      owner: fc.constantFrom(
        `events/${world.eventId}`,
        `organizers/${world.organizerIds[0]}`,
        'events/-1',
        'events/abc',
      ),
      type: fc.option(
        fc.constantFrom('EVENT_COVER', 'ORGANIZER_LOGO', 'ORGANIZER_COVER', '', "' OR 1=1 --", 'x'.repeat(5000)),
        { nil: undefined },
      ),
      bytes: fc.oneof(
        fc.uint8Array({ maxLength: 2048 }),
        // A PNG or GIF signature followed by garbage; an SVG with a script; an HTML page.
        fc
          .uint8Array({ maxLength: 512 })
          .map((b) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...b])),
        fc.uint8Array({ maxLength: 512 }).map((b) => new Uint8Array([...Buffer.from('GIF89a'), ...b])),
        fc.constant(
          new Uint8Array(
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'),
          ),
        ),
        fc.constant(new Uint8Array(Buffer.from('<!doctype html><script>alert(1)</script>'))),
      ),
      mime: fc.constantFrom(
        'image/png',
        'image/jpeg',
        'image/webp',
        'image/gif',
        'image/svg+xml',
        'text/html',
        'application/octet-stream',
        '',
      ),
      filename: fc.constantFrom(
        'cover.png',
        '../../etc/passwd',
        'a\u0000.png',
        '🎟.jpg',
        'x'.repeat(2000),
        '<script>.png',
      ),
    });
    await assertProperty('image upload', arb, async (u) => {
      const form = new FormData();
      if (u.type !== undefined) form.append('type', u.type);
      form.append('image', new Blob([u.bytes], { type: u.mime }), u.filename);
      const res = await app.inject({
        method: 'POST',
        url: `/api/${u.owner}/images`,
        headers: { authorization: `Bearer ${world.token}` },
        payload: form,
      });
      expect(res.statusCode, short(res.body)).toBeGreaterThanOrEqual(400);
      await checkResponse('POST', res);
    });
  });

  it('stripe webhooks with random bodies or bad signatures answer 400 and change nothing', async () => {
    const signed = (payload: string, secret: string) =>
      app.deps.stripe!.webhooks.generateTestHeaderString({ payload, secret });
    const arb = fc.record({
      payload: fc.oneof(
        pick(RAW_JSON_PAYLOADS),
        hostileValue.map((v) => JSON.stringify(v) ?? 'null'),
        fc.constant(
          JSON.stringify({
            id: 'evt_1',
            type: 'payment_intent.succeeded',
            data: { object: { id: 'pi_1', metadata: { order_id: String(world.orderIds[0]) } } },
          }),
        ),
      ),
      signature: fc.oneof(
        fc.constant<string | null>(null),
        headerValue,
        fc.constantFrom('t=1,v1=deadbeef', `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`, 'wrong-secret'),
      ),
    });
    await assertProperty('stripe webhook', arb, async ({ payload, signature }) => {
      const header = signature === 'wrong-secret' ? signed(payload, 'whsec_not_ours') : signature;
      const res = await app.inject({
        method: 'POST',
        url: '/api/public/webhooks/stripe',
        headers: { 'content-type': 'application/json', ...(header !== null ? { 'stripe-signature': header } : {}) },
        payload,
      });
      expect(res.statusCode, short(res.body)).toBe(400);
      await checkResponse('POST', res);
    });
  });
});
