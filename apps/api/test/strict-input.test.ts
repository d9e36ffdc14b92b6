import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEvent, createOrganizer, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Input that would be ignored is an error (issue #37): a generated client that sent the orders filter
 * the way the document described it (`status=CANCELLED`, the form style) got all 54 orders instead of 2.
 * Unknown query parameters, unknown filters and unknown body fields now answer 422 naming them, and the
 * document describes object parameters as the server reads them (deepObject).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function setup(locale = 'en') {
  const u = await registerUser(ctx.app, { locale });
  const organizer = await createOrganizer(ctx.app, u.token);
  const event = await createEvent(ctx.app, u.token, organizer.id);
  return { u, organizer, event };
}

describe('unknown input', () => {
  it('a filter sent as a plain query parameter is refused with its name; the deepObject form filters', async () => {
    const { u, event } = await setup('de');
    const plain = await call(ctx.app, 'GET', `/api/events/${event.id}/orders?status=CANCELLED`, { token: u.token });
    expect(plain.statusCode).toBe(422);
    expect(plain.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(plain.json().error.field_errors)).toEqual(['status']);
    expect(plain.json().error.field_errors.status[0]).toContain('Parameter');
    const deep = await call(ctx.app, 'GET', `/api/events/${event.id}/orders?filter_fields[status]=CANCELLED`, {
      token: u.token,
    });
    expect(deep.statusCode, deep.body).toBe(200);
    const unknownFilter = await call(
      ctx.app,
      'GET',
      `/api/events/${event.id}/orders?filter_fields[colour]=red&per_page=5`,
      { token: u.token },
    );
    expect(unknownFilter.statusCode).toBe(422);
    expect(Object.keys(unknownFilter.json().error.field_errors)).toEqual(['filter_fields.colour']);
  });

  it('an unknown body field is refused with its name and nothing is written', async () => {
    const { u, organizer } = await setup();
    const before = (await call(ctx.app, 'GET', '/api/events', { token: u.token })).json().meta.total;
    const res = await call(ctx.app, 'POST', '/api/events', {
      token: u.token,
      body: {
        title: 'Typo',
        organizer_id: organizer.id,
        start_date: '2027-05-01T19:00',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
        venue_name: 'Hall 2',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.field_errors)).toEqual(['venue_name']);
    expect((await call(ctx.app, 'GET', '/api/events', { token: u.token })).json().meta.total).toBe(before);
  });

  it('a read written back with one change is accepted; the fields it only reads change nothing', async () => {
    const { u, event } = await setup();
    const created = await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
      token: u.token,
      body: { name: 'Entry', type: 'FREE', quantity: 50 },
    });
    const ticket = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/tickets/${created.json().data.id}`, { token: u.token })
    ).json().data;
    const res = await call(ctx.app, 'PUT', `/api/events/${event.id}/tickets/${ticket.id}`, {
      token: u.token,
      body: { ...ticket, name: 'Entry (door)', id: 999_999, event_id: 999_999, created_at: '2001-01-01T00:00:00.000Z' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: ticket.id,
      event_id: event.id,
      name: 'Entry (door)',
      created_at: ticket.created_at,
    });
    // A field the ticket does not have is still refused.
    const typo = await call(ctx.app, 'PUT', `/api/events/${event.id}/tickets/${ticket.id}`, {
      token: u.token,
      body: { ...ticket, quantitty: 10 },
    });
    expect(typo.statusCode).toBe(422);
    expect(Object.keys(typo.json().error.field_errors)).toEqual(['quantitty']);
  });

  it('the document describes object query parameters as deepObject', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const params = doc.paths['/api/events/{eventId}/orders'].get.parameters as Array<{
      name: string;
      in: string;
      style?: string;
      explode?: boolean;
    }>;
    expect(params.find((p) => p.name === 'filter_fields')).toMatchObject({
      in: 'query',
      style: 'deepObject',
      explode: true,
    });
  });
});
