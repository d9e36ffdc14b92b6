import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEvent, createOrganizer, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function setup() {
  const u = await registerUser(ctx.app);
  const event = await createEvent(ctx.app, u.token, (await createOrganizer(ctx.app, u.token)).id);
  return { u, event, base: `/api/events/${event.id}/questions` };
}

describe('questions', () => {
  it('creates questions of every type, lists them after the fixed defaults, reorders and deletes', async () => {
    const { u, event, base } = await setup();
    const ticket = (
      await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
        token: u.token,
        body: { name: 'VIP', type: 'FREE' },
      })
    ).json().data;
    const specs = [
      { title: 'Company', type: 'SINGLE_LINE_TEXT', options: ['ignored'] },
      { title: 'Anything else?', type: 'MULTI_LINE_TEXT', description: '<p>Tell us<script>x()</script></p>' },
      { title: 'T-shirt size', type: 'DROPDOWN', options: ['S', 'M', 'L'], required: true, ticket_ids: [ticket.id] },
      { title: 'Meal', type: 'RADIO', options: ['Vegan', 'Vegetarian', 'Any'] },
      { title: 'Workshops', type: 'CHECKBOX', options: ['A', 'B'] },
      { title: 'Date of birth', type: 'DATE', is_hidden: true },
      { title: 'How did you hear of us?', type: 'SINGLE_LINE_TEXT', applies_to: 'ORDER', ticket_ids: [ticket.id] },
    ];
    const ids: number[] = [];
    for (const spec of specs) {
      const res = await call(ctx.app, 'POST', base, { token: u.token, body: spec });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.id);
    }
    const list = await call(ctx.app, 'GET', base, { token: u.token });
    expect(list.json().defaults.map((d: { key: string }) => d.key)).toEqual(['first_name', 'last_name', 'email']);
    const data = list.json().data;
    expect(data.map((q: { title: string }) => q.title)).toEqual(specs.map((s) => s.title));
    expect(data[0]).toMatchObject({ options: [], applies_to: 'ATTENDEE', required: false, ticket_ids: [] });
    expect(data[1].description).toBe('<p>Tell us</p>');
    expect(data[2]).toMatchObject({ options: ['S', 'M', 'L'], required: true, ticket_ids: [ticket.id] });
    expect(data[5].is_hidden).toBe(true);
    expect(data[6]).toMatchObject({ applies_to: 'ORDER', ticket_ids: [] });

    const reversed = [...ids].reverse();
    const sorted = await call(ctx.app, 'PUT', `${base}/sort`, { token: u.token, body: { question_ids: reversed } });
    expect(sorted.json().data.map((q: { id: number }) => q.id)).toEqual(reversed);
    expect(
      (await call(ctx.app, 'PUT', `${base}/sort`, { token: u.token, body: { question_ids: ids.slice(1) } })).statusCode,
    ).toBe(422);

    const updated = await call(ctx.app, 'PUT', `${base}/${ids[3]}`, {
      token: u.token,
      body: { title: 'Meal choice', type: 'RADIO', options: ['Vegan', 'Meat'] },
    });
    expect(updated.json().data).toMatchObject({ title: 'Meal choice', options: ['Vegan', 'Meat'] });
    expect((await call(ctx.app, 'DELETE', `${base}/${ids[0]}`, { token: u.token })).statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', base, { token: u.token })).json().data).toHaveLength(6);
  });

  it('marks bad questions', async () => {
    const { u, base } = await setup();
    const err = async (body: object) =>
      (await call(ctx.app, 'POST', base, { token: u.token, body })).json().error.field_errors;
    expect(await err({ title: 'Size', type: 'DROPDOWN' })).toEqual({ options: ['Add at least one option.'] });
    expect(await err({ title: 'Size', type: 'RADIO', options: ['S', 's'] })).toEqual({
      options: ['Each option must be different.'],
    });
    expect(Object.keys(await err({ title: '', type: 'COLOR', applies_to: 'TICKET' })).sort()).toEqual([
      'applies_to',
      'title',
      'type',
    ]);
  });

  it('keeps ids inside the event and the account', async () => {
    const a = await setup();
    const b = await setup();
    const theirs = (
      await call(ctx.app, 'POST', b.base, { token: b.u.token, body: { title: 'Q', type: 'DATE' } })
    ).json().data;
    const body = { title: 'Mine', type: 'DATE' };
    for (const [method, url] of [
      ['GET', `${b.base}/${theirs.id}`],
      ['PUT', `${b.base}/${theirs.id}`],
      ['DELETE', `${b.base}/${theirs.id}`],
      ['GET', `${a.base}/${theirs.id}`],
      ['PUT', `${a.base}/${theirs.id}`],
      ['DELETE', `${a.base}/${theirs.id}`],
      ['GET', b.base],
      ['POST', b.base],
    ] as const) {
      const res = await call(ctx.app, method, url, {
        token: a.u.token,
        body: method === 'PUT' || method === 'POST' ? body : undefined,
      });
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    const theirTicket = (
      await call(ctx.app, 'POST', `/api/events/${b.event.id}/tickets`, {
        token: b.u.token,
        body: { name: 'T', type: 'FREE' },
      })
    ).json().data;
    const res = await call(ctx.app, 'POST', a.base, {
      token: a.u.token,
      body: { ...body, ticket_ids: [theirTicket.id] },
    });
    expect(res.json().error.field_errors).toEqual({ ticket_ids: ['This choice does not exist.'] });
  });
});
