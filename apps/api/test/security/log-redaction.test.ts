import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BUYER_SECRET_PAGES, PLAIN_PARAMS, REDACTED, SECRET_PARAMS } from '../../src/plugins/log-redaction.js';
import { call, createTestApp, type TestContext } from '../test-app.js';
import { fakeWebDist } from '../web-dist.js';

/**
 * Staff links, find-my-tickets links, waitlist places, invitations, sign-up, reset and address links carry
 * their secret in the address; the request log writes the address at the default level (info), so whoever
 * reads the logs (an operator, a log service, a backup of them) could use every link. The logged `url`
 * carries `[redacted]` in place of each secret, on the API routes, on the pages, in error lines.
 */
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
let ctx: TestContext;
const dist = fakeWebDist();
beforeAll(async () => {
  ctx = await createTestApp({ webDistDir: dist.dir, logStream: sink, env: { LOG_LEVEL: 'info' } });
});
afterAll(async () => {
  await ctx.close();
  dist.remove();
});

let n = 0;
/** A secret that only the route can tell is one (lower case, hyphens: nothing like a generated token). */
const secret = () => `quiet-secret-${++n}-lantern`;

/** Requests the address with a fresh secret in place of `{s}`; the secret must appear in no log line. */
async function leaves(method: 'GET' | 'POST', url: string) {
  const s = secret();
  const from = lines.length;
  const res = await call(ctx.app, method, url.replace('{s}', s), method === 'POST' ? { body: {} } : {});
  const logged = lines.slice(from);
  expect(logged.some((l) => l.includes('"url"'))).toBe(true);
  // An API address must reach its route (not the 404 of a mistyped one).
  if (url.startsWith('/api/') && !url.includes('nowhere') && !url.includes('%zz'))
    expect(res.json().error?.code).not.toBe('ROUTE_NOT_FOUND');
  return { s, logged: logged.filter((l) => l.includes(s)) };
}

describe('secrets in addresses are not logged', () => {
  it.each([
    ['GET', '/api/public/check-in-links/{s}'],
    ['GET', '/api/public/check-in-links/{s}/attendees?search=ada'],
    ['POST', '/api/public/check-in-links/{s}/check-ins'],
    ['GET', '/api/auth/reset-password/{s}'],
    ['POST', '/api/auth/reset-password/{s}'],
    ['POST', '/api/auth/confirm-sign-up/{s}'],
    ['GET', '/api/auth/invitation/{s}'],
    ['GET', '/api/public/events/1/order-lookups/{s}'],
    ['GET', '/api/public/events/1/waitlist/{s}'],
    ['POST', '/api/public/events/1/waitlist/{s}/leave'],
    ['POST', '/api/users/1/confirm-email/{s}'],
    ['POST', '/api/users/1/email-change/{s}'],
    ['GET', '/api/public/events/1/promo-codes/{s}'],
    ['GET', '/auth/reset-password/{s}'],
    ['GET', '/auth/accept-invitation/{s}'],
    ['GET', '/auth/confirm-sign-up/{s}'],
    ['GET', '/check-in/{s}'],
    ['GET', '/manage/profile/confirm-email-change/{s}'],
    ['GET', '/manage/profile/confirm-email-address/{s}'],
    ['GET', '/find-tickets/1/{s}'],
    ['GET', '/waitlist/1/{s}/'],
    ['GET', '/api/nowhere?token={s}&page=2'],
    ['GET', '/api/public/check-in-links/{s}%zz'],
  ] as const)('%s %s', async (method, url) => {
    const { logged } = await leaves(method, url);
    expect(logged).toEqual([]);
  });

  it('marks the secret segment and keeps the rest of the address', async () => {
    const from = lines.length;
    await call(ctx.app, 'GET', '/api/public/check-in-links/quiet-secret-x-lantern/attendees?search=ada');
    expect(lines.slice(from).join('\n')).toContain(
      `"url":"/api/public/check-in-links/${REDACTED}/attendees?search=ada"`,
    );
  });

  it('a generated token is not logged even on an address no route knows', async () => {
    const token = 'Zq3vR8kLw2XyP0aBcD7eFgH1iJ5kLmN9oPqRsTuVw4x';
    const from = lines.length;
    await call(ctx.app, 'GET', `/api/public/check-in-linkz/${token}`);
    expect(lines.slice(from).filter((l) => l.includes(token))).toEqual([]);
  });

  it("a 500's lines carry no secret either", async () => {
    const db = ctx.app.deps.database.db as unknown as { select: unknown };
    const select = db.select;
    db.select = () => {
      throw new Error('disk on fire');
    };
    try {
      const s = secret();
      const from = lines.length;
      const res = await call(ctx.app, 'GET', `/api/public/check-in-links/${s}`);
      expect(res.statusCode).toBe(500);
      expect(lines.slice(from).some((l) => l.includes('unhandled error'))).toBe(true);
      expect(lines.slice(from).filter((l) => l.includes(s))).toEqual([]);
    } finally {
      db.select = select;
    }
  });

  it('every path parameter of every route is known as secret or not', () => {
    const params = new Set(
      [...ctx.app.printRoutes({ commonPrefix: false }).matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
    );
    expect(params.size).toBeGreaterThan(10);
    const unknown = [...params].filter((p) => !SECRET_PARAMS.has(p) && !PLAIN_PARAMS.has(p));
    expect(unknown, 'add each new path parameter to SECRET_PARAMS or PLAIN_PARAMS in plugins/log-redaction.ts').toEqual(
      [],
    );
  });

  it("every buyer page with a token (the web app's route table) is a known secret page", () => {
    const table = readFileSync(new URL('../../../web/src/public/router/match-route.ts', import.meta.url), 'utf8');
    // Each entry: the address pattern, then what it gives (a token when the page carries one), however wrapped.
    const withToken = [...table.matchAll(/`\^\/([a-z-]+)\/[^`]*`\),\s*\(m\) => \(\{[^}]*\btoken: m\[/g)].map(
      (m) => m[1]!,
    );
    expect(withToken.length).toBeGreaterThan(0);
    expect(withToken.sort()).toEqual(BUYER_SECRET_PAGES.map((p) => p.split('/')[1]!).sort());
  });
});
