import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { createEvent, createOrganizer, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2026-11-21T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

describe('organizers', () => {
  it("creates, lists and reads organizers of the caller's account only", async () => {
    const a = await registerUser(ctx.app);
    const b = await registerUser(ctx.app);
    const org = await createOrganizer(ctx.app, a.token, {
      name: 'Acme Live',
      website: 'https://acme.test',
      description: 'We run shows.',
    });
    expect(org).toMatchObject({
      name: 'Acme Live',
      email: 'hello@bluenote.test',
      website: 'https://acme.test',
      description: 'We run shows.',
    });

    const list = await call(ctx.app, 'GET', '/api/organizers', { token: a.token });
    expect(list.json().data.map((o: { id: number }) => o.id)).toEqual([org.id]);
    expect(list.json().meta).toMatchObject({
      current_page: 1,
      per_page: 20,
      total: 1,
      last_page: 1,
      allowed_sorts: ['name', 'created_at'],
    });

    expect((await call(ctx.app, 'GET', `/api/organizers/${org.id}`, { token: a.token })).json().data.id).toBe(org.id);
    const foreign = await call(ctx.app, 'GET', `/api/organizers/${org.id}`, { token: b.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    expect((await call(ctx.app, 'GET', '/api/organizers', { token: b.token })).json().data).toEqual([]);
  });

  it('updates an organizer of the account only, sanitising the description', async () => {
    const a = await registerUser(ctx.app);
    const b = await registerUser(ctx.app);
    const org = await createOrganizer(ctx.app, a.token);
    const res = await call(ctx.app, 'PUT', `/api/organizers/${org.id}`, {
      token: a.token,
      body: { name: 'Renamed', description: '<p>Hi<script>x()</script></p>', website: null },
    });
    expect(res.json().data).toMatchObject({
      name: 'Renamed',
      description: '<p>Hi</p>',
      website: null,
      email: org.email,
    });
    expect(
      (await call(ctx.app, 'PUT', `/api/organizers/${org.id}`, { token: b.token, body: { name: 'Mine' } })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'PUT', `/api/organizers/${org.id}`, { token: a.token, body: { email: 'nope' } })).json()
        .error.field_errors,
    ).toEqual({ email: ['Enter a valid e-mail address.'] });
  });

  it('checks the fields', async () => {
    const a = await registerUser(ctx.app);
    const res = await call(ctx.app, 'POST', '/api/organizers', {
      token: a.token,
      body: { name: '', email: 'x', website: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.field_errors).sort()).toEqual(['email', 'name', 'website']);
    expect((await call(ctx.app, 'GET', '/api/organizers/abc', { token: a.token })).statusCode).toBe(422);
  });

  it('needs a token', async () => {
    expect((await call(ctx.app, 'GET', '/api/organizers')).statusCode).toBe(401);
    // 401 comes before any look at the body.
    expect((await call(ctx.app, 'POST', '/api/organizers', { body: { name: '', email: 'nope' } })).statusCode).toBe(
      401,
    );
  });
});

describe('events', () => {
  it("creates a draft, reading times in the event's time zone, with sanitised HTML", async () => {
    const a = await registerUser(ctx.app);
    const org = await createOrganizer(ctx.app, a.token);
    const event = await createEvent(ctx.app, a.token, org.id, {
      title: 'Été Festival — Opening Night!',
      start_date: '2027-07-01T20:00',
      end_date: '2027-07-01 23:30',
      timezone: 'Europe/Paris',
      currency: 'eur',
      description:
        '<p onclick="x()">Hello <strong>world</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>',
    });
    expect(event).toMatchObject({
      title: 'Été Festival — Opening Night!',
      slug: 'ete-festival-opening-night',
      status: 'DRAFT',
      lifecycle: 'UPCOMING',
      start_date: '2027-07-01T18:00:00.000Z',
      end_date: '2027-07-01T21:30:00.000Z',
      timezone: 'Europe/Paris',
      currency: 'EUR',
      organizer: { id: org.id, name: org.name },
      description: '<p>Hello <strong>world</strong></p>',
    });
    const read = await call(ctx.app, 'GET', `/api/events/${event.id}`, { token: a.token });
    expect(read.json().data).toEqual(event);
  });

  it('requires an organizer of the same account', async () => {
    const a = await registerUser(ctx.app);
    const b = await registerUser(ctx.app);
    const theirs = await createOrganizer(ctx.app, b.token);
    const res = await call(ctx.app, 'POST', '/api/events', {
      token: a.token,
      body: { title: 'X', organizer_id: theirs.id, start_date: '2027-01-01T10:00', timezone: 'UTC', currency: 'USD' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.field_errors).toEqual({ organizer_id: ['This choice does not exist.'] });
    const missing = await call(ctx.app, 'POST', '/api/events', {
      token: a.token,
      body: { title: 'X', start_date: '2027-01-01T10:00', timezone: 'UTC', currency: 'USD' },
    });
    expect(missing.json().error.field_errors.organizer_id).toEqual(['This field is required.']);
  });

  it('marks bad dates, time zones and currencies', async () => {
    const a = await registerUser(ctx.app);
    const org = await createOrganizer(ctx.app, a.token);
    const res = await call(ctx.app, 'POST', '/api/events', {
      token: a.token,
      body: {
        title: 'X',
        organizer_id: org.id,
        start_date: '2027-01-01T10:00',
        end_date: '2027-01-01T09:00',
        timezone: 'UTC',
        currency: 'USD',
      },
    });
    expect(res.json().error.field_errors).toEqual({ end_date: ['The end must be after the start.'] });
    const bad = await call(ctx.app, 'POST', '/api/events', {
      token: a.token,
      body: {
        title: 'x'.repeat(150),
        organizer_id: org.id,
        start_date: 'tomorrow',
        timezone: 'Moon/Base',
        currency: 'XYZ',
      },
    });
    expect(Object.keys(bad.json().error.field_errors).sort()).toEqual(['currency', 'start_date', 'timezone', 'title']);
  });

  it('lists with paging, search, sort and filters, and hides other accounts', async () => {
    const a = await registerUser(ctx.app);
    const b = await registerUser(ctx.app);
    const org = await createOrganizer(ctx.app, a.token, { name: 'Northern Lights' });
    const other = await createOrganizer(ctx.app, a.token, { name: 'Southern Cross' });
    await createEvent(ctx.app, a.token, org.id, {
      title: 'Alpha',
      start_date: '2027-03-01T10:00',
      end_date: '2027-03-01T12:00',
    });
    await createEvent(ctx.app, a.token, org.id, {
      title: 'Bravo',
      start_date: '2026-01-01T10:00',
      end_date: '2026-01-01T12:00',
    });
    await createEvent(ctx.app, a.token, other.id, {
      title: 'Charlie',
      start_date: '2026-11-21T11:00',
      end_date: '2026-11-21T18:00',
      timezone: 'UTC',
    });
    const theirs = await createEvent(ctx.app, b.token, (await createOrganizer(ctx.app, b.token)).id, {
      title: 'Alpha of B',
    });

    const page1 = await call(ctx.app, 'GET', '/api/events?per_page=2&sort_by=title&sort_direction=asc', {
      token: a.token,
    });
    expect(page1.json().data.map((e: { title: string }) => e.title)).toEqual(['Alpha', 'Bravo']);
    expect(page1.json().meta).toMatchObject({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    const page2 = await call(ctx.app, 'GET', '/api/events?per_page=2&page=2&sort_by=title&sort_direction=asc', {
      token: a.token,
    });
    expect(page2.json().data.map((e: { title: string }) => e.title)).toEqual(['Charlie']);

    const byDate = await call(ctx.app, 'GET', '/api/events', { token: a.token });
    expect(byDate.json().data.map((e: { title: string }) => e.title)).toEqual(['Alpha', 'Charlie', 'Bravo']);

    const search = await call(ctx.app, 'GET', '/api/events?query=south', { token: a.token });
    expect(search.json().data.map((e: { title: string }) => e.title)).toEqual(['Charlie']);
    const pct = await call(ctx.app, 'GET', `/api/events?query=${encodeURIComponent('%')}`, { token: a.token });
    expect(pct.json().data).toEqual([]);

    const lifecycle = async (l: string) =>
      (await call(ctx.app, 'GET', `/api/events?filter_fields[lifecycle]=${l}`, { token: a.token }))
        .json()
        .data.map((e: { title: string }) => e.title);
    expect(await lifecycle('UPCOMING')).toEqual(['Alpha']);
    expect(await lifecycle('ONGOING')).toEqual(['Charlie']);
    expect(await lifecycle('ENDED')).toEqual(['Bravo']);
    const byOrganizer = await call(ctx.app, 'GET', `/api/events?filter_fields[organizer_id]=${other.id}`, {
      token: a.token,
    });
    expect(byOrganizer.json().data.map((e: { title: string }) => e.title)).toEqual(['Charlie']);
    const drafts = await call(ctx.app, 'GET', '/api/events?filter_fields[status]=DRAFT', { token: a.token });
    expect(drafts.json().meta.total).toBe(3);

    expect((await call(ctx.app, 'GET', `/api/events/${theirs.id}`, { token: a.token })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/events/999999', { token: a.token })).statusCode).toBe(404);
  });

  it('refuses bad list parameters with field errors', async () => {
    const a = await registerUser(ctx.app);
    const res = await call(
      ctx.app,
      'GET',
      '/api/events?per_page=101&page=0&sort_by=price&sort_direction=up&filter_fields[status]=SOLD',
      { token: a.token },
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.field_errors).sort()).toEqual([
      'filter_fields.status',
      'page',
      'per_page',
      'sort_by',
      'sort_direction',
    ]);
  });
});
