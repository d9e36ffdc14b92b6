import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEvent, createOrganizer, registerUser } from './factories.js';
import { pretixPlan } from './seating-fixtures.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Seating plans (issue #40): an organizer's drafts, published versions that never change, pretix's seating-plan
 * JSON in and out without losing a seat, and a CSV of the seats. Every rule and error through the API.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function setup() {
  const u = await registerUser(ctx.app);
  const organizer = await createOrganizer(ctx.app, u.token);
  return { u, base: `/api/organizers/${organizer.id}/seating-plans`, organizerId: organizer.id };
}

describe('seating plans', () => {
  it('makes a draft, refuses to publish it with problems (each on its field), publishes versions that never change', async () => {
    const { u, base } = await setup();
    const made = await call(ctx.app, 'POST', base, { token: u.token, body: { name: 'Studio' } });
    expect(made.statusCode).toBe(201);
    const plan = made.json().data;
    expect(plan).toMatchObject({
      name: 'Studio',
      counts: { seats: 0, standing: 0, categories: 0 },
      unpublished_changes: true,
      versions: [],
      layout: { name: 'Studio', categories: [], zones: [] },
    });
    const path = `${base}/${plan.id}`;

    // Nothing in it: not published.
    const empty = await call(ctx.app, 'POST', `${path}/publish`, { token: u.token });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.field_errors).toEqual({
      'layout.zones': ['Add at least one seat or standing area before publishing the plan.'],
    });

    // A draft is saved as it is, problems and all; publishing names each.
    const faulty = {
      ...pretixPlan,
      categories: [...pretixPlan.categories, { name: 'Stalls' }],
      zones: [
        {
          ...pretixPlan.zones[1]!,
          rows: [
            {
              row_number: '1',
              seats: [
                { seat_guid: 'x-1', seat_number: '1', position: { x: 0, y: 0 }, category: 'Gallery' },
                { seat_guid: 'x-1', seat_number: '2', position: { x: 20, y: 0 }, category: 'Balcony' },
                { seat_guid: 'x-3', seat_number: '2', position: { x: 40, y: 0 }, category: 'Balcony' },
              ],
            },
          ],
          areas: [
            {
              shape: 'rectangle' as const,
              position: { x: 0, y: 100 },
              rectangle: { width: 100, height: 50 },
              standing: { name: 'Pit', capacity: 50, category: 'Floor' },
            },
          ],
        },
      ],
    };
    const saved = await call(ctx.app, 'PUT', path, { token: u.token, body: { name: 'Studio', layout: faulty } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.counts).toEqual({ seats: 3, standing: 50, categories: 3 });
    const refused = await call(ctx.app, 'POST', `${path}/publish`, { token: u.token });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.field_errors).toEqual({
      'layout.categories.2.name': ['Another category of the plan has this name.'],
      'layout.zones.0.rows.0.seats.0.category': ['Choose one of the plan’s categories.'],
      'layout.zones.0.rows.0.seats.1.seat_guid': ['Another seat of the plan has this id.'],
      'layout.zones.0.rows.0.seats.2.seat_number': ['Another seat in this row has this number.'],
      'layout.zones.0.areas.0.standing.category': ['Choose one of the plan’s categories.'],
    });
    expect((await call(ctx.app, 'GET', path, { token: u.token })).json().data.versions).toEqual([]);

    // Mended: version 1. The draft then changes; version 1 stays as it was until version 2 is published.
    expect(
      (await call(ctx.app, 'PUT', path, { token: u.token, body: { name: 'Studio', layout: pretixPlan } })).statusCode,
    ).toBe(200);
    const first = await call(ctx.app, 'POST', `${path}/publish`, { token: u.token });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      unpublished_changes: false,
      versions: [{ version: 1, counts: { seats: 8, standing: 0, categories: 2 } }],
    });
    const smaller = { ...pretixPlan, zones: [pretixPlan.zones[0]!] };
    const edited = await call(ctx.app, 'PUT', path, { token: u.token, body: { name: 'Studio', layout: smaller } });
    expect(edited.json().data).toMatchObject({ unpublished_changes: true, counts: { seats: 6 } });
    const v1 = await call(ctx.app, 'GET', `${path}/versions/1`, { token: u.token });
    expect(v1.statusCode).toBe(200);
    expect(v1.json().data).toMatchObject({ version: 1, counts: { seats: 8 }, layout: { zones: [{}, {}] } });
    const second = await call(ctx.app, 'POST', `${path}/publish`, { token: u.token });
    expect(second.json().data.versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    expect(second.json().data.unpublished_changes).toBe(false);
    expect((await call(ctx.app, 'GET', `${path}/versions/3`, { token: u.token })).statusCode).toBe(404);

    // The list reads counts, not layouts.
    await call(ctx.app, 'POST', base, { token: u.token, body: { name: 'Annex' } });
    const list = (await call(ctx.app, 'GET', base, { token: u.token })).json().data;
    expect(list.map((p: { name: string; unpublished_changes: boolean }) => [p.name, p.unpublished_changes])).toEqual([
      ['Annex', true],
      ['Studio', false],
    ]);
    expect(list[1]).not.toHaveProperty('layout');
  });

  it("imports pretix's seating-plan JSON and exports it again without losing a seat; the seats as CSV", async () => {
    const { u, base } = await setup();
    const imported = await call(ctx.app, 'POST', `${base}/import`, { token: u.token, body: { pretix: pretixPlan } });
    expect(imported.statusCode).toBe(201);
    const plan = imported.json().data;
    expect(plan).toMatchObject({ name: 'Town theatre', counts: { seats: 8, standing: 0, categories: 2 } });

    const exported = await call(ctx.app, 'GET', `${base}/${plan.id}/export`, { token: u.token });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="town-theatre.json"');
    expect(JSON.parse(exported.body)).toEqual(pretixPlan);

    // Our own fields (features, standing areas) stay ours: pretix's schema has no room for them.
    const ours = structuredClone(pretixPlan) as typeof pretixPlan & Record<string, unknown>;
    Object.assign(ours.zones[0]!.rows[0]!.seats[0]!, { features: ['WHEELCHAIR'], seat_number: '=1+1' });
    Object.assign(ours.zones[1]!.areas[0]!, { standing: { name: 'Standing', capacity: 40, category: 'Balcony' } });
    await call(ctx.app, 'PUT', `${base}/${plan.id}`, { token: u.token, body: { name: 'Town theatre', layout: ours } });
    await call(ctx.app, 'POST', `${base}/${plan.id}/publish`, { token: u.token });
    const pretix = JSON.parse(
      (await call(ctx.app, 'GET', `${base}/${plan.id}/export?format=pretix&version=1`, { token: u.token })).body,
    );
    expect(pretix.zones[0].rows[0].seats[0]).not.toHaveProperty('features');
    expect(pretix.zones[1].areas[0]).not.toHaveProperty('standing');
    expect(pretix.zones[0].rows[0].seats[0].seat_number).toBe('=1+1');

    const csv = await call(ctx.app, 'GET', `${base}/${plan.id}/export?format=csv&version=1`, { token: u.token });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="town-theatre-v1.csv"');
    expect(csv.body.trim().split('\n')).toEqual([
      'section,row,seat,category,seat_id,features',
      "Ground floor,Row A,'=1+1,Stalls,ground-A-1,WHEELCHAIR",
      'Ground floor,Row A,2,Stalls,ground-A-2,',
      'Ground floor,Row A,3,Stalls,ground-A-3,',
      'Ground floor,Row B,1,Stalls,ground-B-1,',
      'Ground floor,Row B,2,Stalls,ground-B-2,',
      'Ground floor,Row B,3,Stalls,ground-B-3,',
      'Balcony,1,1,Balcony,balcony-1-1,',
      'Balcony,1,2,Balcony,balcony-1-2,',
      'Balcony,Standing,40,Balcony,,STANDING',
    ]);
  });

  it('marks a malformed plan on its field; another organizer’s or account’s plan is not found; deletes', async () => {
    const { u, base, organizerId } = await setup();
    const bad = await call(ctx.app, 'POST', `${base}/import`, {
      token: u.token,
      body: { pretix: { ...pretixPlan, zones: [{ ...pretixPlan.zones[1]!, position: { x: 'left', y: 0 } }] } },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.field_errors)).toEqual(['pretix.zones.0.position.x']);

    const plan = (await call(ctx.app, 'POST', base, { token: u.token, body: { name: 'Gala' } })).json().data;
    const path = `${base}/${plan.id}`;
    // Another organizer of the same account does not reach it through its own path.
    const sibling = await createOrganizer(ctx.app, u.token);
    expect(
      (await call(ctx.app, 'GET', `/api/organizers/${sibling.id}/seating-plans/${plan.id}`, { token: u.token }))
        .statusCode,
    ).toBe(404);
    // Another account sees nothing of it.
    const other = await registerUser(ctx.app);
    for (const [method, url] of [
      ['GET', path],
      ['PUT', path],
      ['POST', `${path}/publish`],
      ['GET', `${path}/export`],
      ['DELETE', path],
      ['GET', `/api/organizers/${organizerId}/seating-plans`],
    ] as const) {
      const res = await call(ctx.app, method, url, {
        token: other.token,
        ...(method === 'PUT' ? { body: { name: 'Taken' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(ctx.app, 'DELETE', path, { token: u.token })).statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', path, { token: u.token })).statusCode).toBe(404);
  });
});

describe('an event seated by a plan', () => {
  it('pins a published version of its organizer’s plan and maps categories to tickets; each problem on its field', async () => {
    const { u, base, organizerId } = await setup();
    const event = await createEvent(ctx.app, u.token, organizerId);
    const ticket = async (body: object) =>
      (await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, { token: u.token, body })).json().data;
    const stalls = await ticket({ name: 'Stalls', type: 'PAID', price: 4000 });
    const box = await ticket({ name: 'Box', type: 'TIERED', tiers: [{ label: 'Front', price: 9000 }] });
    const programme = await ticket({ name: 'Programme', type: 'PAID', price: 500, product_type: 'GENERAL' });
    const pass = await ticket({ name: 'Season', type: 'PAID', price: 20000, is_pass: true });
    const seating = `/api/events/${event.id}/seating`;
    const put = (body: object) => call(ctx.app, 'PUT', seating, { token: u.token, body });
    const errors = async (body: object) => {
      const r = await put(body);
      expect(r.statusCode, r.body).toBe(422);
      return r.json().error.field_errors;
    };
    expect((await call(ctx.app, 'GET', seating, { token: u.token })).json().data).toEqual({
      plan: null,
      categories: [],
    });

    const plan = (
      await call(ctx.app, 'POST', `${base}/import`, { token: u.token, body: { pretix: pretixPlan } })
    ).json().data;
    expect(await errors({ plan_id: plan.id })).toEqual({
      plan_id: ['This plan has no published version yet: publish it first.'],
    });
    await call(ctx.app, 'POST', `${base}/${plan.id}/publish`, { token: u.token });
    // Another organizer's plan, even of the same account, does not seat this event.
    const sibling = await createOrganizer(ctx.app, u.token);
    const theirs = (
      await call(ctx.app, 'POST', `/api/organizers/${sibling.id}/seating-plans/import`, {
        token: u.token,
        body: { pretix: pretixPlan },
      })
    ).json().data;
    await call(ctx.app, 'POST', `/api/organizers/${sibling.id}/seating-plans/${theirs.id}/publish`, { token: u.token });
    expect(Object.keys(await errors({ plan_id: theirs.id }))).toEqual(['plan_id']);
    expect(Object.keys(await errors({ plan_id: plan.id, version: 9 }))).toEqual(['version']);
    const other = await createEvent(ctx.app, u.token, organizerId);
    const foreign = (
      await call(ctx.app, 'POST', `/api/events/${other.id}/tickets`, {
        token: u.token,
        body: { name: 'Elsewhere', type: 'FREE' },
      })
    ).json().data;
    const kind = 'Seats are sold as tickets that admit one person: not as a product or a pass.';
    expect(
      await errors({
        plan_id: plan.id,
        categories: [
          { category: 'Gallery', ticket_id: stalls.id },
          { category: 'Stalls', ticket_id: foreign.id },
          { category: 'Stalls', ticket_id: programme.id },
          { category: 'Balcony', ticket_id: pass.id },
          { category: 'Balcony', ticket_id: box.id },
          { category: 'Balcony', ticket_id: stalls.id, tier_id: box.tiers[0].id },
        ],
      }),
    ).toEqual({
      'categories.0.category': ['This choice does not exist.'],
      'categories.1.ticket_id': ['This choice does not exist.'],
      'categories.2.category': ['This category is given a ticket twice.'],
      'categories.2.ticket_id': [kind],
      'categories.3.ticket_id': [kind],
      'categories.4.category': ['This category is given a ticket twice.'],
      'categories.4.tier_id': ['This field is required.'],
      'categories.5.category': ['This category is given a ticket twice.'],
      'categories.5.tier_id': ['This choice does not exist.'],
    });

    const seated = await put({
      plan_id: plan.id,
      categories: [{ category: 'Balcony', ticket_id: box.id, tier_id: box.tiers[0].id }],
    });
    expect(seated.statusCode, seated.body).toBe(200);
    expect(seated.json().data).toEqual({
      plan: { id: plan.id, name: 'Town theatre', version: 1, latest_version: 1 },
      categories: [
        { category: 'Stalls', color: '#7048e8', seats: 6, standing: 0, ticket_id: null, tier_id: null },
        { category: 'Balcony', color: '#f59f00', seats: 2, standing: 0, ticket_id: box.id, tier_id: box.tiers[0].id },
      ],
    });
    // A plan that seats an event stays; once the event lets it go, it can be deleted.
    const inUse = await call(ctx.app, 'DELETE', `${base}/${plan.id}`, { token: u.token });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error).toEqual({
      code: 'SEATING_PLAN_IN_USE',
      message: 'An event is seated by this plan: choose another plan for the event first.',
    });
    expect((await put({ plan_id: null })).json().data).toEqual({ plan: null, categories: [] });
    expect((await call(ctx.app, 'DELETE', `${base}/${plan.id}`, { token: u.token })).statusCode).toBe(204);
  });
});
