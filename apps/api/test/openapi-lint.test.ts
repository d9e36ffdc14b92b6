import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestContext } from './test-app.js';
import { fakeWebDist } from './web-dist.js';

type Parameter = { in?: string; name?: string };
type Response = { description?: string; content?: Record<string, unknown>; headers?: Record<string, unknown> };
type Operation = { parameters?: Parameter[]; responses: Record<string, Response> };
type Document = {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, { format?: string; nullable?: boolean }> }> };
};

// The document the production server serves: with the web build, whose page routes (event pages,
// checkout, widget, static files) are registered beside the API's.
let ctx: TestContext;
const web = fakeWebDist();
let body: string;
let doc: Document;
beforeAll(async () => {
  ctx = await createTestApp({ webDistDir: web.dir });
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  body = res.body;
  doc = JSON.parse(body) as Document;
});
afterAll(async () => {
  await ctx?.close();
  web.remove();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
const WRITES = ['post', 'put', 'patch', 'delete'];

/**
 * The OpenAPI document at /api/docs/json, linted by Redocly's OpenAPI linter (@redocly/openapi-core) with
 * its `recommended` rules: no errors. Warnings are printed (run with this file to see them).
 */
describe('the OpenAPI document', () => {
  it('passes Redocly’s recommended lint rules without an error', async () => {
    const problems = await lintFromString({
      source: body,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    const warnings = problems.filter((p) => p.severity === 'warn');
    if (process.env.OPENAPI_LINT_VERBOSE)
      console.log(
        problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`).join('\n'),
      );
    console.log(`OpenAPI lint (Redocly recommended): ${errors.length} errors, ${warnings.length} warnings`);
    expect(errors).toEqual([]);
  });

  it('documents the API only, on the configured address', () => {
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
    expect(doc.servers[0]!.url).toBe('http://admitone.test');
  });

  it('names the objects integrators meet, with their instants as date-time', () => {
    for (const name of [
      'Event',
      'Ticket',
      'Order',
      'OrderSummary',
      'Attendee',
      'CheckIn',
      'Organizer',
      'PromoCode',
      'Question',
      'Webhook',
      'WebhookDelivery',
      'WebhookEvent',
      'ApiKey',
      'Error',
      'PageMeta',
    ]) {
      expect(doc.components.schemas, name).toHaveProperty(name);
    }
    expect(doc.components.schemas.Order!.properties!.created_at!.format).toBe('date-time');
    expect(doc.components.schemas.Order!.properties!.completed_at).toMatchObject({
      format: 'date-time',
      nullable: true,
    });
    expect(doc.components.schemas.Event!.properties!.start_date!.format).toBe('date-time');
    // The routes refer to them.
    const order = doc.paths['/api/events/{eventId}/orders/{orderId}']!.get!.responses['200']!;
    expect(JSON.stringify(order.content)).toContain('"#/components/schemas/Order"');
  });

  it('says 204 where a route answers no content, and the media types of the files', () => {
    expect(Object.keys(doc.paths['/api/events/{eventId}/tickets/{ticketId}']!.delete!.responses)).toEqual([
      '204',
      '4XX',
    ]);
    expect(Object.keys(doc.paths['/api/events/{id}']!.delete!.responses)).toContain('204');
    const orders = doc.paths['/api/events/{eventId}/orders/export']!.get!.responses['200']!;
    expect(Object.keys(orders.content!)).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(Object.keys(doc.paths['/api/events/{eventId}/affiliates/export']!.get!.responses['200']!.content!)).toEqual([
      'text/csv',
    ]);
    // The public event (sent as pre-rendered bytes) is described from its contract.
    expect(JSON.stringify(doc.paths['/api/public/events/{eventId}']!.get!.responses['200']!.content)).toContain(
      '"#/components/schemas/PublicEvent"',
    );
  });

  it('offers Idempotency-Key on the writes that honour it, with their response headers', () => {
    const hasKey = (op: Operation) =>
      (op.parameters ?? []).some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    const keyWrites = operations().filter(
      ({ path, method }) => WRITES.includes(method) && /^\/api\/(?!public\/|auth\/|users|api-keys)/.test(path),
    );
    expect(keyWrites.length).toBeGreaterThan(50);
    expect(keyWrites.filter(({ op }) => !hasKey(op)).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    for (const path of ['/api/public/events/{eventId}/order', '/api/public/events/{eventId}/order/{shortId}/extend'])
      expect(hasKey(doc.paths[path]!.post!), path).toBe(true);
    expect(hasKey(doc.paths['/api/public/events/{eventId}/order/{shortId}/details']!.put!)).toBe(true);
    // Not on reads, nor where an API key cannot go.
    expect(operations().filter(({ method, op }) => method === 'get' && hasKey(op))).toEqual([]);
    expect(hasKey(doc.paths['/api/api-keys']!.post!)).toBe(false);

    const created = doc.paths['/api/events/{eventId}/tickets']!.post!.responses['201']!;
    expect(Object.keys(created.headers!)).toEqual(
      expect.arrayContaining([
        'X-Request-Id',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'Idempotent-Replayed',
      ]),
    );
    expect(Object.keys(doc.paths['/api/events/{eventId}/tickets']!.get!.responses['4XX']!.headers!)).toEqual(
      expect.arrayContaining(['X-Request-Id', 'Retry-After']),
    );
  });
});
