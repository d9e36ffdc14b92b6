import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog } from '../src/db/schema/index.js';
import { createAccountWithOwner } from '../src/modules/accounts/accounts.repository.js';
import { TestClock } from '../src/shared/clock.js';
import { confirmAddress, inviteAndAccept, PASSWORD, registerUser } from './factories.js';
import { SoftAuthenticator } from './passkey-authenticator.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Passkeys (#43): added from the profile, used to sign in without a password or as the second step after it; every
 * answer checked against its ceremony (once, in time), this site and origin, the person's own passkey and its counter.
 * The browser's side is a software authenticator answering as `navigator.credentials` does.
 */

const ORIGIN = 'http://admitone.test';
let ctx: TestContext;
const clock = new TestClock(new Date('2026-12-06T10:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock, env: { AUTH_RATE_LIMIT_MAX: '1000', AUTH_ACCOUNT_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => ctx.close());

type Options = { ceremony: string; options: Record<string, unknown> };

async function options(url: string, token?: string, body?: unknown): Promise<Options> {
  const res = await call(ctx.app, 'POST', url, { ...(token ? { token } : {}), ...(body ? { body } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Options;
}

/** Adds a passkey made by `authenticator` to the person's login; the answer of the final call. */
async function addPasskey(token: string, authenticator: SoftAuthenticator, name = 'Laptop', origin = ORIGIN) {
  const o = await options('/api/users/me/passkeys/options', token);
  return call(ctx.app, 'POST', '/api/users/me/passkeys', {
    token,
    body: { name, ceremony: o.ceremony, credential: authenticator.create(o.options, origin) },
  });
}

/** Signs in with a passkey alone. */
async function passkeySignIn(authenticator: SoftAuthenticator, extra: Record<string, unknown> = {}, verified = true) {
  const o = await options('/api/auth/passkey/options');
  return call(ctx.app, 'POST', '/api/auth/passkey', {
    body: { ceremony: o.ceremony, credential: authenticator.get(o.options, ORIGIN, verified), ...extra },
  });
}

const auditActions = async (accountId: number) =>
  (await ctx.app.deps.database.db.select().from(auditLog).where(eq(auditLog.account_id, accountId))).map(
    (l) => l.action,
  );

describe('adding a passkey', () => {
  it('checks the browser’s answer once, in time, for this site; the first brings recovery codes, mailed and logged', async () => {
    const u = await registerUser(ctx.app, { name: 'Pia Passkey' });
    await confirmAddress(ctx.app, ctx.smtp, u);
    const laptop = new SoftAuthenticator();

    const added = await addPasskey(u.token, laptop, 'Work laptop');
    expect(added.statusCode, added.body).toBe(201);
    const data = added.json().data;
    expect(data.passkey).toMatchObject({ name: 'Work laptop', synced: true, last_used_at: null });
    expect(data.recovery_codes).toHaveLength(10);
    const status = (await call(ctx.app, 'GET', '/api/users/me/two-factor', { token: u.token })).json().data;
    expect(status).toMatchObject({ totp: false, passkeys: 1, recovery_codes_left: 10 });
    const list = (await call(ctx.app, 'GET', '/api/users/me/passkeys', { token: u.token })).json().data;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Work laptop']);
    await ctx.smtp.waitFor(u.email, (m) => m.subject === 'A passkey was added to your AdmitOne login');
    expect(await auditActions(u.accounts[0]!.id)).toContain('auth.passkey_added');

    // A second passkey: no new codes (the first ones still work).
    const phone = new SoftAuthenticator();
    const second = await addPasskey(u.token, phone, 'Phone');
    expect(second.json().data.recovery_codes).toBeNull();

    // The same answer twice, an answer after five minutes, one from another site, the same credential again.
    const o = await options('/api/users/me/passkeys/options', u.token);
    const tablet = new SoftAuthenticator();
    const answer = { name: 'Tablet', ceremony: o.ceremony, credential: tablet.create(o.options, ORIGIN) };
    expect((await call(ctx.app, 'POST', '/api/users/me/passkeys', { token: u.token, body: answer })).statusCode).toBe(
      201,
    );
    const again = await call(ctx.app, 'POST', '/api/users/me/passkeys', { token: u.token, body: answer });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('PASSKEY_CEREMONY_EXPIRED');
    const late = await options('/api/users/me/passkeys/options', u.token);
    clock.advance(5 * 60_000 + 1000);
    const tooLate = await call(ctx.app, 'POST', '/api/users/me/passkeys', {
      token: u.token,
      body: { name: 'Late', ceremony: late.ceremony, credential: new SoftAuthenticator().create(late.options, ORIGIN) },
    });
    expect(tooLate.json().error.code).toBe('PASSKEY_CEREMONY_EXPIRED');
    const elsewhere = await addPasskey(u.token, new SoftAuthenticator(), 'Phished', 'http://evil.test');
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().error.field_errors).toEqual({
      credential: ['This passkey could not be checked. Try again, or use another way to sign in.'],
    });
    const twice = await addPasskey(u.token, laptop, 'Laptop again');
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error.field_errors).toEqual({ credential: ['This passkey is already added.'] });

    // Another person cannot answer this person's ceremony.
    const other = await registerUser(ctx.app, { name: 'Olaf Other' });
    const mine = await options('/api/users/me/passkeys/options', u.token);
    const theirs = await call(ctx.app, 'POST', '/api/users/me/passkeys', {
      token: other.token,
      body: {
        name: 'Stolen',
        ceremony: mine.ceremony,
        credential: new SoftAuthenticator().create(mine.options, ORIGIN),
      },
    });
    expect(theirs.json().error.code).toBe('PASSKEY_CEREMONY_EXPIRED');
  });
});

describe('signing in with a passkey', () => {
  it('signs in without a password with the person’s verification, once per answer, and counts failures', async () => {
    const u = await registerUser(ctx.app, { name: 'Sam Signin' });
    const key = new SoftAuthenticator({ counter: true });
    expect((await addPasskey(u.token, key)).statusCode).toBe(201);

    const res = await passkeySignIn(key);
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().token as string;
    expect((await call(ctx.app, 'GET', '/api/users/me', { token })).statusCode).toBe(200);
    expect(await auditActions(u.accounts[0]!.id)).toContain('auth.signed_in');
    const used = (await call(ctx.app, 'GET', '/api/users/me/passkeys', { token })).json().data[0];
    expect(used.last_used_at).not.toBeNull();

    // Without the fingerprint, face or PIN it is one factor only: refused.
    const unverified = await passkeySignIn(key, {}, false);
    expect(unverified.statusCode).toBe(422);
    // The same answer again: its ceremony is used.
    const o = await options('/api/auth/passkey/options');
    const answer = { ceremony: o.ceremony, credential: key.get(o.options, ORIGIN) };
    expect((await call(ctx.app, 'POST', '/api/auth/passkey', { body: answer })).statusCode).toBe(200);
    const replay = await call(ctx.app, 'POST', '/api/auth/passkey', { body: answer });
    expect(replay.json().error.code).toBe('PASSKEY_CEREMONY_EXPIRED');
    // A copy of the authenticator whose counter fell behind (a clone): refused.
    const clone = Object.assign(Object.create(Object.getPrototypeOf(key)), key) as SoftAuthenticator;
    clone.counter = 1;
    expect((await passkeySignIn(clone)).statusCode).toBe(422);
    // A passkey nobody added answers exactly like a wrong signature.
    const stranger = await passkeySignIn(new SoftAuthenticator());
    expect(stranger.statusCode).toBe(422);
    expect(stranger.body).toBe(unverified.body);
  });

  it('lets a person of several accounts choose one after the passkey', async () => {
    const u = await registerUser(ctx.app, { name: 'Mia Many' });
    const key = new SoftAuthenticator();
    await addPasskey(u.token, key);
    const other = await createAccountWithOwner(
      ctx.app.deps.database.db,
      { name: 'Second stage', currency: 'EUR', timezone: 'UTC', ownerId: u.user.id },
      clock.now(),
    );
    const res = await passkeySignIn(key);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token: null, two_factor: { verified: true, methods: ['passkey'] } });
    expect(body.accounts).toHaveLength(2);
    const chosen = await call(ctx.app, 'POST', '/api/auth/login/two-factor', {
      body: { challenge: body.two_factor.challenge, account_id: other.id },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const me = (await call(ctx.app, 'GET', '/api/users/me', { token: chosen.json().token })).json().data;
    expect(me.account.id).toBe(other.id);
  });
});

describe('a passkey as the second step after the password', () => {
  it('is offered after the password and passes the challenge; another person’s passkey does not', async () => {
    const u = await registerUser(ctx.app, { name: 'Tom Twostep' });
    const key = new SoftAuthenticator();
    await addPasskey(u.token, key);
    const login = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: PASSWORD } });
    expect(login.json()).toMatchObject({ token: null, two_factor: { verified: false, methods: ['passkey'] } });
    const challenge = login.json().two_factor.challenge as string;

    const intruder = await registerUser(ctx.app, { name: 'Ivy Intruder' });
    const theirKey = new SoftAuthenticator();
    await addPasskey(intruder.token, theirKey);
    const o1 = await options('/api/auth/login/two-factor/passkey-options', undefined, { challenge });
    expect((o1.options.allowCredentials as { id: string }[]).map((c) => c.id)).toEqual([key.id]);
    const wrong = await call(ctx.app, 'POST', '/api/auth/login/two-factor', {
      body: { challenge, passkey: { ceremony: o1.ceremony, credential: theirKey.get(o1.options, ORIGIN) } },
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().error.field_errors)).toEqual(['passkey']);

    // A ceremony of this sign-in does not serve another one of the same person.
    const again = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: PASSWORD } });
    const other = again.json().two_factor.challenge as string;
    const o2 = await options('/api/auth/login/two-factor/passkey-options', undefined, { challenge });
    const crossed = await call(ctx.app, 'POST', '/api/auth/login/two-factor', {
      body: { challenge: other, passkey: { ceremony: o2.ceremony, credential: key.get(o2.options, ORIGIN) } },
    });
    expect(crossed.statusCode).toBe(422);

    const o3 = await options('/api/auth/login/two-factor/passkey-options', undefined, { challenge });
    // Presence is enough here: the password was the first factor.
    const ok = await call(ctx.app, 'POST', '/api/auth/login/two-factor', {
      body: { challenge, passkey: { ceremony: o3.ceremony, credential: key.get(o3.options, ORIGIN, false) } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().token).toEqual(expect.any(String));
  });
});

describe('removing passkeys', () => {
  it('asks the password, keeps the last one where an account requires a second factor, and goes with a reset', async () => {
    const admin = await registerUser(ctx.app, { name: 'Rita Required' });
    await confirmAddress(ctx.app, ctx.smtp, admin);
    const adminKey = new SoftAuthenticator();
    await addPasskey(admin.token, adminKey);
    const accountId = admin.accounts[0]!.id;
    const required = await call(ctx.app, 'PUT', `/api/accounts/${accountId}`, {
      token: admin.token,
      body: { require_two_factor: true },
    });
    expect(required.statusCode, required.body).toBe(200);

    const member = await inviteAndAccept(ctx.app, ctx.smtp, admin.token, 'ORGANIZER', 'Max Member');
    // Without a second factor the member is asked to set one up; a passkey is one.
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: member.token })).json().data).toMatchObject({
      two_factor_setup_required: true,
    });
    const memberKey = new SoftAuthenticator();
    expect((await addPasskey(member.token, memberKey)).statusCode).toBe(201);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: member.token })).json().data).toMatchObject({
      two_factor_setup_required: false,
    });
    const team = (await call(ctx.app, 'GET', '/api/users', { token: admin.token })).json().data as {
      email: string;
      two_factor: boolean;
    }[];
    expect(team.find((m) => m.email === member.email)?.two_factor).toBe(true);

    const [own] = (await call(ctx.app, 'GET', '/api/users/me/passkeys', { token: admin.token })).json().data;
    const remove = (password: string) =>
      call(ctx.app, 'DELETE', `/api/users/me/passkeys/${own.id}`, {
        token: admin.token,
        body: { current_password: password },
      });
    expect((await remove('not the password')).statusCode).toBe(422);
    const refused = await remove(PASSWORD);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TWO_FACTOR_REQUIRED_BY_ACCOUNT');
    // Another person's passkey is not found.
    const [theirs] = (await call(ctx.app, 'GET', '/api/users/me/passkeys', { token: member.token })).json().data;
    const foreign = await call(ctx.app, 'DELETE', `/api/users/me/passkeys/${theirs.id}`, {
      token: admin.token,
      body: { current_password: PASSWORD },
    });
    expect(foreign.statusCode).toBe(404);

    // The admin resets the member's second factor: the passkey goes with it.
    const reset = await call(ctx.app, 'DELETE', `/api/users/${member.memberId}/two-factor`, { token: admin.token });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data.two_factor).toBe(false);
    expect((await passkeySignIn(memberKey)).statusCode).toBe(422);

    // Not required any more: the last passkey goes, and the recovery codes with it.
    await call(ctx.app, 'PUT', `/api/accounts/${accountId}`, {
      token: admin.token,
      body: { require_two_factor: false },
    });
    expect((await remove(PASSWORD)).statusCode).toBe(204);
    const status = (await call(ctx.app, 'GET', '/api/users/me/two-factor', { token: admin.token })).json().data;
    expect(status).toMatchObject({ totp: false, passkeys: 0, recovery_codes_left: 0 });
    expect(await auditActions(accountId)).toContain('auth.passkey_removed');
    await ctx.smtp.waitFor(admin.email, (m) => m.subject === 'A passkey was removed from your AdmitOne login');
  });
});
