import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { users } from '../src/db/schema/index.js';
import { TestClock } from '../src/shared/clock.js';
import { inviteAndAccept, linkToken, ownMemberId, PASSWORD, registerConfirmedUser, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2026-11-21T10:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => ctx.close());

const INVALID_LINK = { code: 'INVALID_LINK', message: 'The link you clicked is invalid.' };
const FORBIDDEN = 'You do not have permission to access this page.';

describe('invitations', () => {
  it('invites a new person who sets name and password and becomes an active organizer', async () => {
    const admin = await registerConfirmedUser(ctx.app, ctx.smtp, { name: 'Alice Admin' });
    const email = 'new.colleague@example.test';
    const invited = await call(ctx.app, 'POST', '/api/users', {
      token: admin.token,
      body: { email: 'New.Colleague@Example.test', role: 'ORGANIZER' },
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().data).toMatchObject({
      email,
      role: 'ORGANIZER',
      status: 'INVITED',
      invited: true,
      is_owner: false,
      can_edit: true,
    });

    const mail = await ctx.smtp.waitFor(email, (m) => m.text.includes('/auth/accept-invitation/'));
    expect(mail.subject).toBe("Alice Admin invited you to Alice Admin's events on AdmitOne");
    const token = await linkToken(ctx.smtp, email, '/auth/accept-invitation/');

    const preview = await call(ctx.app, 'GET', `/api/auth/invitation/${token}`);
    expect(preview.json().data).toEqual({
      email,
      account_name: "Alice Admin's events",
      invited_by: 'Alice Admin',
      role: 'ORGANIZER',
      existing_user: false,
    });

    // An invited person cannot log in before accepting.
    expect((await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } })).statusCode).toBe(
      401,
    );

    const bad = await call(ctx.app, 'POST', `/api/auth/invitation/${token}`, {
      body: { name: '', password: 'short', password_confirmation: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.field_errors).sort()).toEqual([
      'accept_terms',
      'name',
      'password',
      'password_confirmation',
    ]);

    const accepted = await call(ctx.app, 'POST', `/api/auth/invitation/${token}`, {
      body: { name: 'Olga Organizer', password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user).toMatchObject({ name: 'Olga Organizer', email, email_verified: true });
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: accepted.json().token });
    expect(me.json().data.account.id).toBe(admin.accounts[0]!.id);
    expect(me.json().data.permissions.sort()).toEqual([
      'boxoffice.sell',
      'checkin.scan',
      'events.manage',
      'organizers.manage',
    ]);

    const list = await call(ctx.app, 'GET', '/api/users', { token: admin.token });
    expect(list.json().data.map((m: { email: string; status: string }) => [m.email, m.status])).toEqual([
      [admin.email, 'ACTIVE'],
      [email, 'ACTIVE'],
    ]);

    expect(
      (
        await call(ctx.app, 'POST', `/api/auth/invitation/${token}`, {
          body: { name: 'X', password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true },
        })
      ).json().error,
    ).toEqual(INVALID_LINK);
    expect((await call(ctx.app, 'GET', `/api/auth/invitation/${token}`)).json().error).toEqual(INVALID_LINK);
  });

  it('refuses forged and expired links', async () => {
    expect((await call(ctx.app, 'GET', `/api/auth/invitation/${'f'.repeat(43)}`)).json().error).toEqual(INVALID_LINK);
    const admin = await registerConfirmedUser(ctx.app, ctx.smtp);
    const email = 'late@example.test';
    await call(ctx.app, 'POST', '/api/users', { token: admin.token, body: { email, role: 'ADMIN' } });
    const token = await linkToken(ctx.smtp, email, '/auth/accept-invitation/');
    clock.advance(7 * 86_400_000 + 1000);
    const res = await call(ctx.app, 'GET', `/api/auth/invitation/${token}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(INVALID_LINK);
  });

  it('marks an address already in the account', async () => {
    const admin = await registerConfirmedUser(ctx.app, ctx.smtp);
    for (const email of [admin.email, 'twice@example.test', 'twice@example.test']) {
      const res = await call(ctx.app, 'POST', '/api/users', { token: admin.token, body: { email, role: 'ADMIN' } });
      if (email === 'twice@example.test' && res.statusCode === 201) continue;
      expect(res.statusCode).toBe(422);
      expect(res.json().error.field_errors).toEqual({
        email: ['This person is already a member of the account or invited to it.'],
      });
    }
    const bad = await call(ctx.app, 'POST', '/api/users', { token: admin.token, body: { email: 'x', role: 'OWNER' } });
    expect(Object.keys(bad.json().error.field_errors).sort()).toEqual(['email', 'role']);
  });

  it('lets an existing user join with their password, never changing their data, then choose and switch accounts', async () => {
    const admin = await registerConfirmedUser(ctx.app, ctx.smtp, { name: 'Team Owner' });
    const other = await registerUser(ctx.app, { name: 'Bob Elsewhere' });
    await call(ctx.app, 'POST', '/api/users', { token: admin.token, body: { email: other.email, role: 'ADMIN' } });
    const token = await linkToken(ctx.smtp, other.email, '/auth/accept-invitation/');
    expect((await call(ctx.app, 'GET', `/api/auth/invitation/${token}`)).json().data.existing_user).toBe(true);

    const wrong = await call(ctx.app, 'POST', `/api/auth/invitation/${token}`, {
      body: { current_password: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.field_errors).toEqual({ current_password: ['This is not your current password.'] });
    // Someone holding the link cannot take the login over by sending a new name and password.
    const takeover = await call(ctx.app, 'POST', `/api/auth/invitation/${token}`, {
      body: {
        name: 'Mallory',
        password: 'new-password-x',
        password_confirmation: 'new-password-x',
        accept_terms: true,
      },
    });
    expect(takeover.statusCode).toBe(422);

    const joined = await call(ctx.app, 'POST', `/api/auth/invitation/${token}`, {
      body: { current_password: other.password },
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().user.name).toBe('Bob Elsewhere');
    expect(joined.json().accounts.map((a: { name: string }) => a.name)).toEqual([
      "Bob Elsewhere's events",
      "Team Owner's events",
    ]);

    const login = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: other.email, password: other.password },
    });
    expect(login.json().token).toBeNull();
    expect(login.json().accounts).toHaveLength(2);

    // Switch from the own account to the team account without logging in again.
    const switched = await call(ctx.app, 'POST', '/api/auth/switch-account', {
      token: other.token,
      body: { account_id: admin.accounts[0]!.id },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.headers['x-auth-token']).toBe(switched.json().token);
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: switched.json().token });
    expect(me.json().data.account).toMatchObject({ name: "Team Owner's events", role: 'ADMIN' });
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: other.token })).statusCode).toBe(401);

    const stranger = await registerUser(ctx.app);
    const refused = await call(ctx.app, 'POST', '/api/auth/switch-account', {
      token: switched.json().token,
      body: { account_id: stranger.accounts[0]!.id },
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().error.field_errors)).toEqual(['account_id']);
  });

  it('resends with a new link and revokes', async () => {
    const admin = await registerConfirmedUser(ctx.app, ctx.smtp);
    const email = 'resend@example.test';
    const { id } = (
      await call(ctx.app, 'POST', '/api/users', { token: admin.token, body: { email, role: 'ORGANIZER' } })
    ).json().data;
    const first = await linkToken(ctx.smtp, email, '/auth/accept-invitation/');
    const count = ctx.smtp.received.length;
    expect((await call(ctx.app, 'POST', `/api/users/${id}/invitation`, { token: admin.token })).statusCode).toBe(200);
    const second = await linkToken(ctx.smtp, email, '/auth/accept-invitation/', count);
    expect(second).not.toBe(first);
    expect((await call(ctx.app, 'GET', `/api/auth/invitation/${first}`)).statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', `/api/auth/invitation/${second}`)).statusCode).toBe(200);

    expect((await call(ctx.app, 'DELETE', `/api/users/${id}/invitation`, { token: admin.token })).statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', `/api/auth/invitation/${second}`)).statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', `/api/users/${id}`, { token: admin.token })).statusCode).toBe(404);
    // The user existed only for the invitation and is gone.
    expect(await ctx.app.deps.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const active = await inviteAndAccept(ctx.app, ctx.smtp, admin.token, 'ORGANIZER');
    const res = await call(ctx.app, 'POST', `/api/users/${active.memberId}/invitation`, { token: admin.token });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('NOT_INVITED');
  });
});

describe('roles and status', () => {
  it('keeps organizers out of admin endpoints and the UI data', async () => {
    const admin = await registerUser(ctx.app);
    const org = await inviteAndAccept(ctx.app, ctx.smtp, admin.token, 'ORGANIZER');
    const accountId = admin.accounts[0]!.id;
    const adminMember = await ownMemberId(ctx.app, admin.token);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/users'],
      ['POST', '/api/users', { email: 'x@example.test', role: 'ADMIN' }],
      ['GET', `/api/users/${adminMember}`],
      ['PUT', `/api/users/${adminMember}`, { role: 'ORGANIZER' }],
      ['POST', `/api/users/${adminMember}/invitation`],
      ['DELETE', `/api/users/${adminMember}/invitation`],
      ['PUT', `/api/accounts/${accountId}`, { name: 'Mine now' }],
      [
        'POST',
        `/api/accounts/${accountId}/taxes-and-fees`,
        { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 20 },
      ],
      [
        'PUT',
        `/api/accounts/${accountId}/taxes-and-fees/1`,
        { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 20 },
      ],
      ['DELETE', `/api/accounts/${accountId}/taxes-and-fees/1`],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(ctx.app, method as 'GET', url, { token: org.token, body });
      expect([method, url, res.statusCode]).toEqual([method, url, 403]);
      expect(res.json().error.message).toBe(FORBIDDEN);
    }
    // What organizers need stays open: their own user, the account, the taxes to put on tickets.
    expect((await call(ctx.app, 'GET', `/api/users/${org.memberId}`, { token: org.token })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/accounts/${accountId}`, { token: org.token })).statusCode).toBe(200);
    expect(
      (await call(ctx.app, 'GET', `/api/accounts/${accountId}/taxes-and-fees`, { token: org.token })).statusCode,
    ).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/events', { token: org.token })).statusCode).toBe(200);
  });

  it('changes role and status; an inactive user cannot log in and loses their sessions', async () => {
    const admin = await registerUser(ctx.app);
    const org = await inviteAndAccept(ctx.app, ctx.smtp, admin.token, 'ORGANIZER');
    const off = await call(ctx.app, 'PUT', `/api/users/${org.memberId}`, {
      token: admin.token,
      body: { status: 'INACTIVE' },
    });
    expect(off.json().data).toMatchObject({ status: 'INACTIVE', role: 'ORGANIZER' });
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: org.token })).statusCode).toBe(401);
    const login = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: org.email, password: PASSWORD } });
    expect(login.statusCode).toBe(401);
    expect(login.json().error.message).toBe('Please check your email and password and try again');

    await call(ctx.app, 'PUT', `/api/users/${org.memberId}`, {
      token: admin.token,
      body: { status: 'ACTIVE', role: 'ADMIN' },
    });
    const back = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: org.email, password: PASSWORD } });
    expect(back.statusCode).toBe(200);
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: back.json().token });
    expect(me.json().data.permissions).toContain('users.manage');
  });

  it('protects the owner and stops admins from changing themselves, so an admin always remains', async () => {
    const owner = await registerUser(ctx.app);
    const second = await inviteAndAccept(ctx.app, ctx.smtp, owner.token, 'ADMIN');
    const ownerMember = await ownMemberId(ctx.app, owner.token);
    for (const body of [{ role: 'ORGANIZER' }, { status: 'INACTIVE' }]) {
      const res = await call(ctx.app, 'PUT', `/api/users/${ownerMember}`, { token: second.token, body });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'OWNER_PROTECTED',
        message: "The account owner's role and status cannot be changed.",
      });
    }
    const self = await call(ctx.app, 'PUT', `/api/users/${second.memberId}`, {
      token: second.token,
      body: { role: 'ORGANIZER' },
    });
    expect(self.json().error.code).toBe('CANNOT_CHANGE_SELF');
    const list = (await call(ctx.app, 'GET', '/api/users', { token: second.token })).json().data;
    // The second admin is the caller: marked as "you", and not editable by themselves.
    expect(
      list.map((m: { is_owner: boolean; can_edit: boolean; is_you: boolean }) => [m.is_owner, m.can_edit, m.is_you]),
    ).toEqual([
      [true, false, false],
      [false, false, true],
    ]);
    const empty = await call(ctx.app, 'PUT', `/api/users/${second.memberId}`, { token: owner.token, body: {} });
    expect(empty.statusCode).toBe(422);
  });

  it('keeps every id inside the account', async () => {
    const a = await registerUser(ctx.app);
    const b = await registerUser(ctx.app);
    const bMember = await ownMemberId(ctx.app, b.token);
    for (const [method, url] of [
      ['GET', `/api/users/${bMember}`],
      ['PUT', `/api/users/${bMember}`],
      ['POST', `/api/users/${bMember}/invitation`],
      ['DELETE', `/api/users/${bMember}/invitation`],
      ['POST', `/api/users/${b.user.id}/resend-email-confirmation`],
      ['DELETE', `/api/users/${b.user.id}/email-change`],
      ['GET', `/api/accounts/${b.accounts[0]!.id}`],
      ['PUT', `/api/accounts/${b.accounts[0]!.id}`],
      ['GET', `/api/accounts/${b.accounts[0]!.id}/taxes-and-fees`],
    ] as const) {
      const res = await call(ctx.app, method, url, {
        token: a.token,
        body: method === 'PUT' ? (url.includes('accounts') ? { name: 'x' } : { role: 'ADMIN' }) : undefined,
      });
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
  });

  it('lists with search, filters and sorting', async () => {
    const admin = await registerUser(ctx.app, { name: 'Zed Owner' });
    await inviteAndAccept(ctx.app, ctx.smtp, admin.token, 'ORGANIZER', 'Amy Organizer');
    await call(ctx.app, 'POST', '/api/users', {
      token: admin.token,
      body: { email: 'pending.person@example.test', role: 'ADMIN' },
    });
    // An invitation has no name until it is accepted: it is listed, searched and sorted by the address typed.
    const names = async (qs: string) =>
      (await call(ctx.app, 'GET', `/api/users${qs}`, { token: admin.token }))
        .json()
        .data.map((m: { name: string; email: string }) => m.name || m.email);
    expect(await names('')).toEqual(['Amy Organizer', 'pending.person@example.test', 'Zed Owner']);
    expect(await names('?filter_fields[status]=INVITED')).toEqual(['pending.person@example.test']);
    expect(await names('?filter_fields[role]=ORGANIZER')).toEqual(['Amy Organizer']);
    expect(await names('?query=zed')).toEqual(['Zed Owner']);
    expect(await names('?query=pending')).toEqual(['pending.person@example.test']);
    expect(await names('?sort_by=name&sort_direction=desc')).toEqual([
      'Zed Owner',
      'pending.person@example.test',
      'Amy Organizer',
    ]);
  });
});
