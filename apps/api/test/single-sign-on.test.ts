import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { accountUsers, auditLog, users } from '../src/db/schema/index.js';
import { forgetProviders } from '../src/modules/auth/sso-provider.js';
import { TestClock } from '../src/shared/clock.js';
import { confirmAddress, inviteAndAccept, registerUser } from './factories.js';
import { startTestProvider, type TestProvider } from './oidc-test-provider.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Single sign-on (#43): an admin points the account at an OpenID provider; members sign in there and come back with a
 * session, new people made at their first sign-in with the account's default role. The provider is a real one
 * (`oidc-provider`) on a loopback port.
 */

const REDIRECT = 'http://admitone.test/auth/sso/callback';
let ctx: TestContext;
let idp: TestProvider;
const clock = new TestClock(new Date('2026-12-06T10:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    env: { AUTH_RATE_LIMIT_MAX: '1000', AUTH_ACCOUNT_RATE_LIMIT_MAX: '1000', WEBHOOK_ALLOW_PRIVATE: 'true' },
  });
  idp = await startTestProvider({ redirectUri: REDIRECT });
});
afterAll(async () => {
  await ctx.close();
  await idp.close();
  forgetProviders();
});

const db = () => ctx.app.deps.database.db;
const auditOf = async (accountId: number) =>
  db().select().from(auditLog).where(eq(auditLog.account_id, accountId)).orderBy(auditLog.id);

/** An account whose admin set up single sign-on with the test provider; its team's link. */
async function ssoAccount(settings: Record<string, unknown> = {}) {
  const admin = await registerUser(ctx.app, { name: 'Ada Admin' });
  await confirmAddress(ctx.app, ctx.smtp, admin);
  const accountId = admin.accounts[0]!.id;
  const res = await call(ctx.app, 'PUT', `/api/accounts/${accountId}/single-sign-on`, {
    token: admin.token,
    body: { issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, ...settings },
  });
  expect(res.statusCode, res.body).toBe(200);
  const link = new URL(res.json().data.sign_in_url).pathname.split('/').pop()!;
  return { admin, accountId, link };
}

/** Starts a sign-on, goes through the provider as `sub`, and answers the callback's response. */
async function signOn(start: { link: string } | { email: string }, sub: string | null) {
  const started = await call(ctx.app, 'POST', '/api/auth/sso/start', { body: start });
  expect(started.statusCode, started.body).toBe(200);
  idp.signInAs(sub);
  const query = await idp.visit(started.json().data.url);
  return { query, res: await call(ctx.app, 'POST', '/api/auth/sso/callback', { body: { query } }) };
}

describe('setting up single sign-on', () => {
  it('checks the issuer before saving, keeps the secret to itself, and logs each change (admins only)', async () => {
    const admin = await registerUser(ctx.app);
    const accountId = admin.accounts[0]!.id;
    const url = `/api/accounts/${accountId}/single-sign-on`;
    expect((await call(ctx.app, 'GET', url, { token: admin.token })).json()).toEqual({ data: null });

    // Nothing answers there: nothing is saved.
    const nowhere = await call(ctx.app, 'PUT', url, {
      token: admin.token,
      body: { issuer: 'http://127.0.0.1:9/nothing', client_id: 'x', client_secret: 'y' },
    });
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().error.field_errors.issuer[0]).toMatch(/No OpenID provider answered/);
    const noSecret = await call(ctx.app, 'PUT', url, {
      token: admin.token,
      body: { issuer: idp.issuer, client_id: idp.clientId },
    });
    expect(noSecret.statusCode).toBe(422);
    expect(Object.keys(noSecret.json().error.field_errors)).toEqual(['client_secret']);

    const saved = await call(ctx.app, 'PUT', url, {
      token: admin.token,
      body: {
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        default_role: 'DOOR_STAFF',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret_set: true,
      default_role: 'DOOR_STAFF',
      enabled: true,
      redirect_uri: REDIRECT,
      members: 0,
    });
    expect(saved.json().data.sign_in_url).toMatch(/^http:\/\/admitone\.test\/auth\/sso\/[A-Za-z0-9_-]{24}$/);
    expect(saved.body).not.toContain(idp.clientSecret);

    // A change without a secret keeps the saved one (the provider still accepts the client).
    const changed = await call(ctx.app, 'PUT', url, {
      token: admin.token,
      body: { issuer: idp.issuer, client_id: idp.clientId, default_role: 'ORGANIZER' },
    });
    expect(changed.json().data).toMatchObject({ client_secret_set: true, default_role: 'ORGANIZER' });
    expect(changed.json().data.sign_in_url).toBe(saved.json().data.sign_in_url);

    const organizer = await inviteAndAccept(ctx.app, ctx.smtp, admin.token, 'ORGANIZER');
    expect((await call(ctx.app, 'GET', url, { token: organizer.token })).statusCode).toBe(403);
    expect((await call(ctx.app, 'DELETE', url, { token: organizer.token })).statusCode).toBe(403);

    const lines = (await auditOf(accountId)).filter((l) => l.action === 'account.sso_updated');
    expect(lines.map((l) => l.data)).toEqual([
      {
        issuer: { from: null, to: idp.issuer },
        client_id: { from: null, to: idp.clientId },
        default_role: { from: null, to: 'DOOR_STAFF' },
        enabled: { from: null, to: true },
      },
      { default_role: { from: 'DOOR_STAFF', to: 'ORGANIZER' } },
    ]);
    expect(JSON.stringify(lines)).not.toContain(idp.clientSecret);
  });
});

describe('signing in with single sign-on', () => {
  it('makes a new person a member with the default role at their first sign-in, and finds them again after', async () => {
    const { accountId, link } = await ssoAccount({ default_role: 'ORGANIZER' });
    idp.people.set('sub-nia', { email: 'Nia.New@Example.test', email_verified: true, name: 'Nia New' });

    const { res } = await signOn({ link }, 'sub-nia');
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json();
    expect(first.user).toMatchObject({ name: 'Nia New', email: 'nia.new@example.test', email_verified: true });
    expect(first.accounts.map((a: { id: number; role: string }) => [a.id, a.role])).toEqual([[accountId, 'ORGANIZER']]);

    const me = (await call(ctx.app, 'GET', '/api/users/me', { token: first.token })).json().data;
    expect(me.signed_in_with_sso).toBe(true);
    expect(me.permissions).toContain('events.manage');
    const [user] = await db().select().from(users).where(eq(users.id, first.user.id));
    expect(user!.password_hash).toBeNull();

    // Again, with the address changed at the provider: the identity (its subject) finds the same person.
    idp.people.set('sub-nia', { email: 'nia@elsewhere.test', email_verified: true, name: 'Nia New' });
    const again = (await signOn({ link }, 'sub-nia')).res;
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user.id).toBe(first.user.id);
    expect(
      await db()
        .select()
        .from(accountUsers)
        .where(and(eq(accountUsers.account_id, accountId), eq(accountUsers.user_id, first.user.id))),
    ).toHaveLength(1);

    const lines = await auditOf(accountId);
    const joined = lines.filter((l) => l.action === 'member.joined_by_sso');
    expect(joined.map((l) => [l.actor_user_id, l.target_label, l.data])).toEqual([
      [first.user.id, 'nia.new@example.test', { role: 'ORGANIZER' }],
    ]);
    const signIns = lines.filter((l) => l.action === 'auth.signed_in' && l.actor_user_id === first.user.id);
    expect(signIns.map((l) => l.data)).toEqual([{ method: 'sso' }, { method: 'sso' }]);
  });

  it('links a member who already has a login by the address the provider vouches for; refuses other logins', async () => {
    const { admin, accountId, link } = await ssoAccount();
    const member = await inviteAndAccept(ctx.app, ctx.smtp, admin.token, 'ORGANIZER', 'Omar Organizer');
    const memberId = (await call(ctx.app, 'GET', '/api/users/me', { token: member.token })).json().data.user.id;
    idp.people.set('sub-omar', { email: member.email.toUpperCase(), email_verified: true });
    const linked = (await signOn({ email: member.email }, 'sub-omar')).res;
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().user).toMatchObject({ id: memberId, name: 'Omar Organizer' });
    expect((await auditOf(accountId)).some((l) => l.action === 'member.joined_by_sso')).toBe(false);

    // A login of someone else's account with this address: only they may join, through an invitation.
    const stranger = await registerUser(ctx.app);
    idp.people.set('sub-stranger', { email: stranger.email, email_verified: true });
    const refused = (await signOn({ link }, 'sub-stranger')).res;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SSO_NOT_A_MEMBER');

    // The provider does not vouch for the address: nothing is made or linked.
    idp.people.set('sub-unverified', { email: 'unverified@example.test', email_verified: false });
    const unverified = (await signOn({ link }, 'sub-unverified')).res;
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json().error.code).toBe('SSO_EMAIL_UNVERIFIED');
    expect((await db().select().from(users).where(eq(users.email, 'unverified@example.test'))).length).toBe(0);

    // A member made inactive by an admin stays out, whatever the provider says.
    const id = member.memberId;
    const off = await call(ctx.app, 'PUT', `/api/users/${id}`, { token: admin.token, body: { status: 'INACTIVE' } });
    expect(off.statusCode, off.body).toBe(200);
    const removed = (await signOn({ link }, 'sub-omar')).res;
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error.code).toBe('SSO_NOT_A_MEMBER');
  });

  it('uses each start once and in time, and refuses what the provider refused or what does not check out', async () => {
    const { link } = await ssoAccount();
    idp.people.set('sub-rita', { email: 'rita@example.test', email_verified: true, name: 'Rita Replay' });
    const { query, res } = await signOn({ link }, 'sub-rita');
    expect(res.statusCode, res.body).toBe(200);
    // The same answer again (a replayed callback), and one with a state nobody started.
    const replay = await call(ctx.app, 'POST', '/api/auth/sso/callback', { body: { query } });
    expect([replay.statusCode, replay.json().error.code]).toEqual([400, 'SSO_SIGN_IN_EXPIRED']);
    const forged = await call(ctx.app, 'POST', '/api/auth/sso/callback', {
      body: { query: '?code=abc&state=nobody-started-this' },
    });
    expect(forged.json().error.code).toBe('SSO_SIGN_IN_EXPIRED');

    // Back after ten minutes.
    const started = await call(ctx.app, 'POST', '/api/auth/sso/start', { body: { link } });
    idp.signInAs('sub-rita');
    const late = await idp.visit(started.json().data.url);
    clock.advance(10 * 60_000 + 1000);
    const tooLate = await call(ctx.app, 'POST', '/api/auth/sso/callback', { body: { query: late } });
    expect(tooLate.json().error.code).toBe('SSO_SIGN_IN_EXPIRED');

    // The person cancels at the provider; a code that is not the provider's.
    const cancelled = (await signOn({ link }, null)).res;
    expect([cancelled.statusCode, cancelled.json().error.code]).toEqual([401, 'SSO_REFUSED']);
    const start2 = await call(ctx.app, 'POST', '/api/auth/sso/start', { body: { link } });
    idp.signInAs('sub-rita');
    const good = new URLSearchParams((await idp.visit(start2.json().data.url)).slice(1));
    good.set('code', 'not-the-providers-code');
    const tampered = await call(ctx.app, 'POST', '/api/auth/sso/callback', { body: { query: `?${good}` } });
    expect([tampered.statusCode, tampered.json().error.code]).toEqual([401, 'SSO_REFUSED']);
  });

  it('starts from a member’s address or the link only where single sign-on is on', async () => {
    const { admin, accountId, link } = await ssoAccount();
    const unknown = await call(ctx.app, 'POST', '/api/auth/sso/start', { body: { email: 'nobody@example.test' } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.field_errors.email[0]).toMatch(/No single sign-on is set up for this address/);
    const byEmail = await call(ctx.app, 'POST', '/api/auth/sso/start', { body: { email: admin.email } });
    const url = new URL(byEmail.json().data.url);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: idp.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: 'openid email profile',
      login_hint: admin.email,
    });

    const off = await call(ctx.app, 'PUT', `/api/accounts/${accountId}/single-sign-on`, {
      token: admin.token,
      body: { issuer: idp.issuer, client_id: idp.clientId, enabled: false },
    });
    expect(off.json().data.enabled).toBe(false);
    const byLink = await call(ctx.app, 'POST', '/api/auth/sso/start', { body: { link } });
    expect([byLink.statusCode, byLink.json().error.code]).toEqual([404, 'SSO_UNAVAILABLE']);
    const byEmailOff = await call(ctx.app, 'POST', '/api/auth/sso/start', { body: { email: admin.email } });
    expect(byEmailOff.statusCode).toBe(422);
    expect((await call(ctx.app, 'POST', '/api/auth/sso/start', { body: {} })).statusCode).toBe(422);
  });

  it('keeps a session of single sign-on in its account and away from the person’s sign-in settings', async () => {
    const { admin, accountId, link } = await ssoAccount();
    const other = await registerUser(ctx.app);
    // The admin belongs to another account too.
    await confirmAddress(ctx.app, ctx.smtp, other);
    const invite = await call(ctx.app, 'POST', '/api/users', {
      token: other.token,
      body: { email: admin.email, role: 'ORGANIZER' },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    await db()
      .update(accountUsers)
      .set({ status: 'ACTIVE', invitation_token_hash: null })
      .where(and(eq(accountUsers.account_id, other.accounts[0]!.id), eq(accountUsers.user_id, admin.user.id)));
    // Every member must use two-factor sign-in: the identity provider answers for that.
    await db().execute(`update accounts set require_two_factor = true where id = ${accountId}`);

    idp.people.set('sub-ada', { email: admin.email, email_verified: true });
    const { res } = await signOn({ link }, 'sub-ada');
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().token as string;
    const me = (await call(ctx.app, 'GET', '/api/users/me', { token })).json().data;
    expect(me.accounts.map((a: { id: number }) => a.id)).toEqual([accountId]);
    expect(me.two_factor_setup_required).toBe(false);
    expect(me.permissions).toContain('account.manage');

    const limited = [
      await call(ctx.app, 'POST', '/api/auth/switch-account', { token, body: { account_id: other.accounts[0]!.id } }),
      await call(ctx.app, 'POST', '/api/users/me/passkeys/options', { token }),
      await call(ctx.app, 'POST', '/api/users/me/two-factor/totp', { token }),
      await call(ctx.app, 'PUT', '/api/users/me/password', {
        token,
        body: { current_password: 'x', password: 'a new long password', password_confirmation: 'a new long password' },
      }),
    ];
    expect(limited.map((r) => [r.statusCode, r.json().error.code])).toEqual(
      Array(4).fill([403, 'SSO_SESSION_LIMITED']),
    );
    // A password session of the same person is not limited.
    expect((await call(ctx.app, 'POST', '/api/users/me/two-factor/totp', { token: admin.token })).statusCode).toBe(200);
  });

  it('forgets the links when an admin removes single sign-on', async () => {
    const { admin, accountId, link } = await ssoAccount();
    idp.people.set('sub-lea', { email: 'lea@example.test', email_verified: true });
    expect((await signOn({ link }, 'sub-lea')).res.statusCode).toBe(200);
    const url = `/api/accounts/${accountId}/single-sign-on`;
    expect((await call(ctx.app, 'GET', url, { token: admin.token })).json().data.members).toBe(1);
    expect((await call(ctx.app, 'DELETE', url, { token: admin.token })).statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', url, { token: admin.token })).json().data).toBeNull();
    expect((await call(ctx.app, 'DELETE', url, { token: admin.token })).statusCode).toBe(404);
    const gone = await call(ctx.app, 'POST', '/api/auth/sso/start', { body: { link } });
    expect(gone.json().error.code).toBe('SSO_UNAVAILABLE');
    expect((await auditOf(accountId)).map((l) => l.action)).toContain('account.sso_removed');
  });
});
