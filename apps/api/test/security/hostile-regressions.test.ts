import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { call, createTestApp, type TestContext } from '../test-app.js';
import { buildWorld, snapshot, type World } from './hostile-world.js';

/** The cases the property-based walk (hostile-input.test.ts) found answering 500, pinned down one by one. */

let ctx: TestContext;
let w: World;
beforeAll(async () => {
  ctx = await createTestApp({ work: false });
  w = await buildWorld(ctx.app);
}, 120_000);
afterAll(() => ctx.close());

const INT4_PAST = 2_147_483_648;

function expectError(res: { statusCode: number; json: () => any }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toMatchObject({ code, message: expect.any(String) });
  return body.error as { code: string; message: string; field_errors?: Record<string, string[]> };
}

describe('paths fastify cannot route', () => {
  it('answers a malformed percent-encoding in the documented error shape, translated', async () => {
    const res = await call(ctx.app, 'GET', '/api/events/%ZZ', { token: w.token, locale: 'de' });
    const error = expectError(res, 400, 'BAD_REQUEST');
    expect(error.message).not.toMatch(/Bad Request|FST_/);
  });

  it('answers an overlong path parameter in the documented error shape', async () => {
    const res = await call(ctx.app, 'GET', `/api/public/events/${w.eventId}/order/${'x'.repeat(500)}`);
    expectError(res, 414, 'BAD_REQUEST');
  });
});

describe('ids past the database integer range', () => {
  it('are refused as invalid fields in paths, bodies and comma-separated queries, not 500', async () => {
    expectError(await call(ctx.app, 'GET', `/api/events/${INT4_PAST}`, { token: w.token }), 422, 'VALIDATION_FAILED');
    expectError(await call(ctx.app, 'GET', `/api/public/events/${INT4_PAST}`), 422, 'VALIDATION_FAILED');
    const before = await snapshot(ctx.app);
    const event = await call(ctx.app, 'POST', '/api/events', {
      token: w.token,
      body: {
        title: 'Overflow',
        organizer_id: Number.MAX_SAFE_INTEGER,
        start_date: '2030-01-01T10:00',
        timezone: 'UTC',
        currency: 'EUR',
      },
    });
    expect(expectError(event, 422, 'VALIDATION_FAILED').field_errors).toHaveProperty('organizer_id');
    const capacity = await call(ctx.app, 'POST', `/api/events/${w.eventId}/capacity-assignments`, {
      token: w.token,
      body: { name: 'Hall', capacity: 3, applies_to: 'TICKETS', ticket_ids: [w.ticketIds[0], 4_691_060_297_092_434] },
    });
    expect(expectError(capacity, 422, 'VALIDATION_FAILED').field_errors).toHaveProperty(['ticket_ids.1']);
    const scan = await call(ctx.app, 'POST', `/api/events/${w.eventId}/check-ins`, {
      token: w.token,
      body: { attendee_id: 515_096_385_039_708, action: 'CHECK_IN' },
    });
    expectError(scan, 422, 'VALIDATION_FAILED');
    const count = await call(
      ctx.app,
      'GET',
      `/api/events/${w.eventId}/messages/recipient-count?recipient_type=TICKET_HOLDERS&ticket_ids=1,99999999999`,
      { token: w.token },
    );
    expectError(count, 422, 'VALIDATION_FAILED');
    expect(await snapshot(ctx.app)).toEqual(before);
  });

  it('still accepts the largest id the database holds (it names no row: 404)', async () => {
    expectError(await call(ctx.app, 'GET', `/api/events/${INT4_PAST - 1}`, { token: w.token }), 404, 'NOT_FOUND');
  });
});

describe('NUL characters (PostgreSQL text and jsonb cannot hold them)', () => {
  it('are refused in a path parameter', async () => {
    const res = await call(ctx.app, 'GET', `/api/public/events/${w.eventId}/order/ab%00cd`);
    expect(expectError(res, 422, 'VALIDATION_FAILED').field_errors).toEqual({ shortId: [expect.any(String)] });
    expectError(
      await call(ctx.app, 'GET', `/api/public/events/${w.eventId}/promo-codes/%00`),
      422,
      'VALIDATION_FAILED',
    );
  });

  it('are refused in a query string', async () => {
    const res = await call(ctx.app, 'GET', '/api/events?query=jazz%00night', { token: w.token });
    expect(expectError(res, 422, 'VALIDATION_FAILED').field_errors).toEqual({ query: [expect.any(String)] });
  });

  it('are refused in a body string or object key, and nothing is stored', async () => {
    const before = await snapshot(ctx.app);
    const organizer = await call(ctx.app, 'POST', '/api/organizers', {
      token: w.token,
      body: { name: 'Blue\u0000Note', email: 'a@b.test' },
    });
    expect(expectError(organizer, 422, 'VALIDATION_FAILED').field_errors).toEqual({ name: [expect.any(String)] });
    const settings = await call(ctx.app, 'PUT', `/api/events/${w.eventId}/settings`, {
      token: w.token,
      body: { pre_checkout_message: 'Hi \u0000 there' },
    });
    expect(expectError(settings, 422, 'VALIDATION_FAILED').field_errors).toEqual({
      pre_checkout_message: [expect.any(String)],
    });
    expect(await snapshot(ctx.app)).toEqual(before);
  });

  it('does not stop a well-formed request', async () => {
    const res = await call(ctx.app, 'POST', '/api/organizers', {
      token: w.token,
      body: { name: 'Blue Note 🎷 مرحبا', email: 'a@b.test' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('a body nested hundreds of thousands of levels deep is refused as a bad request, not a crash', async () => {
    const depth = 400_000;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/events/${w.eventId}/order/${w.orderShortIds[3]}/extend`,
      headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-1' },
      payload: '['.repeat(depth) + ']'.repeat(depth),
    });
    expectError(res, 400, 'BAD_REQUEST');
  });

  it('a body-less checkout step with a deeply nested JSON body and an idempotency key is refused, not a 500', async () => {
    // JSON.stringify (the idempotency fingerprint) overflowed the stack on bodies like this one.
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/events/${w.eventId}/order/${w.orderShortIds[3]}/offline-payment`,
      headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-2' },
      payload: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    });
    expectError(res, 400, 'BAD_REQUEST');
  });
});

describe('cookies', () => {
  it('a locale cookie that is not valid percent-encoding is ignored, not a 500', async () => {
    const res = await call(ctx.app, 'GET', `/api/events/999999`, {
      token: w.token,
      headers: { cookie: 'admitone_locale=%E0%A4%A' },
    });
    expectError(res, 404, 'NOT_FOUND');
  });
});
