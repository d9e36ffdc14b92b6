import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, membershipOrganizers } from '../src/db/schema/index.js';
import { confirmAddress, createEvent, createOrganizer, inviteAndAccept, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Team scopes (#43): an Organizer-role member limited to some organizers of the account works only those organizers
 * and their events (those made later too). Every route is covered by the scoped column of
 * security/tenant-matrix.test.ts; here: setting the scope, its rules and errors, and that it counts at once.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => ctx.close());

/** An account with two organizers (an event each) and an Organizer-role member who sees everything so far. */
async function agency() {
  const admin = await registerUser(ctx.app, { name: 'Ada Admin' });
  await confirmAddress(ctx.app, ctx.smtp, admin);
  const accountId = admin.accounts[0]!.id;
  const north = await createOrganizer(ctx.app, admin.token, { name: 'North Live', email: 'north@agency.test' });
  const south = await createOrganizer(ctx.app, admin.token, { name: 'South Sounds', email: 'south@agency.test' });
  const northEvent = await createEvent(ctx.app, admin.token, north.id, { title: 'North Night' });
  const southEvent = await createEvent(ctx.app, admin.token, south.id, { title: 'South Night' });
  const member = await inviteAndAccept(ctx.app, ctx.smtp, admin.token, 'ORGANIZER', 'Otto Organizer');
  return { admin: admin.token, accountId, north, south, northEvent, southEvent, member };
}

const as = (token: string) => ({
  get: (url: string) => call(ctx.app, 'GET', url, { token }),
  put: (url: string, body: unknown) => call(ctx.app, 'PUT', url, { token, body }),
  post: (url: string, body: unknown) => call(ctx.app, 'POST', url, { token, body }),
});
const ids = (res: { json: () => { data: { id: number }[] } }) => res.json().data.map((x) => x.id);

describe('team scopes', () => {
  it('limit an organizer to chosen organizers and their events at once, new events included, and lift again', async () => {
    const w = await agency();
    const admin = as(w.admin);
    const member = as(w.member.token);
    expect(ids(await member.get('/api/events'))).toEqual(expect.arrayContaining([w.northEvent.id, w.southEvent.id]));
    expect((await member.get('/api/users/me')).json().data.organizer_ids).toBeNull();

    const limited = await admin.put(`/api/users/${w.member.memberId}`, { organizer_ids: [w.north.id] });
    expect(limited.statusCode, limited.body).toBe(200);
    expect(limited.json().data.organizer_ids).toEqual([w.north.id]);
    const listed = (await admin.get('/api/users')).json().data as { id: number; organizer_ids: number[] }[];
    expect(listed.find((m) => m.id === w.member.memberId)!.organizer_ids).toEqual([w.north.id]);

    // The same session: the next call already sees only North.
    expect((await member.get('/api/users/me')).json().data.organizer_ids).toEqual([w.north.id]);
    expect(ids(await member.get('/api/organizers'))).toEqual([w.north.id]);
    expect(ids(await member.get('/api/events'))).toEqual([w.northEvent.id]);
    expect(ids(await member.get('/api/events?query=Night'))).toEqual([w.northEvent.id]);
    expect((await member.get(`/api/events/${w.southEvent.id}`)).statusCode).toBe(404);
    expect((await member.get(`/api/organizers/${w.south.id}`)).statusCode).toBe(404);
    expect((await member.get(`/api/events/${w.northEvent.id}/orders`)).statusCode).toBe(200);

    // An event the admin makes for North later is theirs too; one for South is not.
    const later = await createEvent(ctx.app, w.admin, w.north.id, { title: 'North Matinee' });
    const elsewhere = await createEvent(ctx.app, w.admin, w.south.id, { title: 'South Matinee' });
    expect(ids(await member.get('/api/events')).sort()).toEqual([w.northEvent.id, later.id].sort());
    expect((await member.get(`/api/events/${elsewhere.id}/tickets`)).statusCode).toBe(404);

    // They make events for North, but neither make one for South nor move theirs there, nor add an organizer.
    const own = await member.post('/api/events', {
      title: 'North Extra',
      organizer_id: w.north.id,
      start_date: '2030-08-01T19:00',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
    });
    expect(own.statusCode, own.body).toBe(201);
    const south = await member.post('/api/events', {
      title: 'South Extra',
      organizer_id: w.south.id,
      start_date: '2030-08-01T19:00',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
    });
    const unknown = await member.post('/api/events', {
      title: 'Nowhere Extra',
      organizer_id: 999_999,
      start_date: '2030-08-01T19:00',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
    });
    expect(south.statusCode).toBe(422);
    // Exactly as an organizer that does not exist: the scope tells nothing about the others.
    expect(south.body).toBe(unknown.body);
    const moved = await member.put(`/api/events/${w.northEvent.id}`, { organizer_id: w.south.id });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().error.field_errors).toEqual({ organizer_id: ['This choice does not exist.'] });
    const organizer = await member.post('/api/organizers', { name: 'Rogue Live', email: 'rogue@agency.test' });
    expect(organizer.statusCode).toBe(403);
    expect(organizer.json().error).toMatchObject({
      code: 'OUTSIDE_TEAM_SCOPE',
      message: 'You work only for some organizers of this account, so you cannot do this. Ask an admin.',
    });

    // An empty list lifts the limit.
    const lifted = await admin.put(`/api/users/${w.member.memberId}`, { organizer_ids: [] });
    expect(lifted.json().data.organizer_ids).toEqual([]);
    expect((await member.get('/api/users/me')).json().data.organizer_ids).toBeNull();
    expect((await member.get(`/api/events/${w.southEvent.id}`)).statusCode).toBe(200);
  });

  it('are for organizers only, name only the account’s organizers, and go with a change of role', async () => {
    const w = await agency();
    const admin = as(w.admin);
    const other = await registerUser(ctx.app, { name: 'Other Admin' });
    const foreign = await createOrganizer(ctx.app, other.token, { name: 'Elsewhere', email: 'else@where.test' });

    const adminScoped = await admin.post('/api/users', {
      email: 'scoped-admin@agency.test',
      role: 'ADMIN',
      organizer_ids: [w.north.id],
    });
    expect(adminScoped.statusCode).toBe(422);
    expect(adminScoped.json().error.field_errors).toEqual({
      organizer_ids: [
        'Only organizers can be limited to some organizers: admins see everything, door staff work chosen events.',
      ],
    });
    const notOurs = await admin.put(`/api/users/${w.member.memberId}`, { organizer_ids: [w.north.id, foreign.id] });
    expect(notOurs.statusCode).toBe(422);
    expect(notOurs.json().error.field_errors).toEqual({ organizer_ids: ['This choice does not exist.'] });

    // Invited with a scope: it holds from the first sign-in.
    const invited = await admin.post('/api/users', {
      email: 'south-only@agency.test',
      role: 'ORGANIZER',
      organizer_ids: [w.south.id],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data.organizer_ids).toEqual([w.south.id]);

    await admin.put(`/api/users/${w.member.memberId}`, { organizer_ids: [w.north.id] });
    // Kept when only the status changes; a door-staff role with organizers is refused; admin clears it.
    const status = await admin.put(`/api/users/${w.member.memberId}`, { status: 'INACTIVE' });
    expect(status.json().data.organizer_ids).toEqual([w.north.id]);
    await admin.put(`/api/users/${w.member.memberId}`, { status: 'ACTIVE' });
    const door = await admin.put(`/api/users/${w.member.memberId}`, {
      role: 'DOOR_STAFF',
      event_ids: [w.northEvent.id],
      organizer_ids: [w.north.id],
    });
    expect(door.statusCode).toBe(422);
    const promoted = await admin.put(`/api/users/${w.member.memberId}`, { role: 'ADMIN' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().data.organizer_ids).toEqual([]);
    const rows = await ctx.app.deps.database.db
      .select()
      .from(membershipOrganizers)
      .where(eq(membershipOrganizers.membership_id, w.member.memberId));
    expect(rows).toEqual([]);
  });

  it('are written to the audit log with the change, and not for a refused one', async () => {
    const w = await agency();
    const admin = as(w.admin);
    const lines = async () =>
      (await admin.get(`/api/accounts/${w.accountId}/audit-log?per_page=100&action=member.updated`)).json().data as {
        target: { id: string };
        data: Record<string, unknown>;
      }[];
    const before = (await lines()).length;
    await admin.put(`/api/users/${w.member.memberId}`, { organizer_ids: [w.north.id, 999_999] });
    expect(await lines()).toHaveLength(before);
    await admin.put(`/api/users/${w.member.memberId}`, { organizer_ids: [w.north.id] });
    await admin.put(`/api/users/${w.member.memberId}`, { organizer_ids: [w.north.id, w.south.id] });
    const written = await lines();
    expect(written).toHaveLength(before + 2);
    expect(written.map((l) => l.data.organizer_ids)).toEqual(
      expect.arrayContaining([
        { from: [], to: [w.north.id] },
        { from: [w.north.id], to: [w.north.id, w.south.id].sort((a, b) => a - b) },
      ]),
    );
    const all = await ctx.app.deps.database.db.select().from(auditLog).where(eq(auditLog.account_id, w.accountId));
    expect(all.filter((l) => l.action === 'member.updated')).toHaveLength(before + 2);
  });

  it('hold for an API key of a member who is later limited', async () => {
    const w = await agency();
    const admin = as(w.admin);
    const second = await inviteAndAccept(ctx.app, ctx.smtp, w.admin, 'ADMIN', 'Second Admin');
    const key = await as(second.token).post('/api/api-keys', { name: 'Sync', access: 'READ_WRITE' });
    expect(key.statusCode, key.body).toBe(201);
    const secret = key.json().data.secret as string;
    expect(ids(await as(secret).get('/api/events'))).toEqual(expect.arrayContaining([w.southEvent.id]));
    await admin.put(`/api/users/${second.memberId}`, { role: 'ORGANIZER', organizer_ids: [w.north.id] });
    expect(ids(await as(secret).get('/api/events'))).toEqual([w.northEvent.id]);
    expect((await as(secret).get(`/api/events/${w.southEvent.id}`)).statusCode).toBe(404);
    expect((await as(secret).get(`/api/organizers/${w.south.id}`)).statusCode).toBe(404);
    expect((await as(secret).post('/api/organizers', { name: 'Key Live', email: 'k@agency.test' })).statusCode).toBe(
      403,
    );
  });
});
