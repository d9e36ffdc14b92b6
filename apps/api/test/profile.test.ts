import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { linkToken, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2026-11-21T10:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => ctx.close());

const INVALID_LINK = { code: 'INVALID_LINK', message: 'The link you clicked is invalid.' };

describe('e-mail confirmation', () => {
  /** A login whose address is not confirmed (from before sign-ups were confirmed by link) asks for a link. */
  async function unconfirmedWithLink() {
    const u = await registerUser(ctx.app, { confirmed: false });
    const count = ctx.smtp.received.length;
    const res = await call(ctx.app, 'POST', `/api/users/${u.user.id}/resend-email-confirmation`, { token: u.token });
    expect(res.json()).toEqual({ message: 'We have sent you a new confirmation link.' });
    return { u, count, token: await linkToken(ctx.smtp, u.email, '/manage/profile/confirm-email-address/', count) };
  }

  it('a sign-up needs no second confirmation: opening its link confirmed the address', async () => {
    const u = await registerUser(ctx.app);
    expect(u.user.email_verified).toBe(true);
    expect(
      (await call(ctx.app, 'GET', `/api/accounts/${u.accounts[0]!.id}`, { token: u.token })).json().data
        .is_email_verified,
    ).toBe(true);
  });

  it('mails an unconfirmed address a link that confirms it once, and verifies the account', async () => {
    const { u, count, token } = await unconfirmedWithLink();
    const mail = await ctx.smtp.waitFor(
      u.email,
      (m) => m.text.includes('/manage/profile/confirm-email-address/') && ctx.smtp.received.indexOf(m) >= count,
    );
    expect(mail.subject).toBe('Confirm your e-mail address');
    const accountId = u.accounts[0]!.id;
    expect(
      (await call(ctx.app, 'GET', `/api/accounts/${accountId}`, { token: u.token })).json().data.is_email_verified,
    ).toBe(false);

    const other = await registerUser(ctx.app);
    expect(
      (await call(ctx.app, 'POST', `/api/users/${u.user.id}/confirm-email/${token}`, { token: other.token }))
        .statusCode,
    ).toBe(404);
    const wrongUser = await call(ctx.app, 'POST', `/api/users/${other.user.id}/confirm-email/${token}`, {
      token: other.token,
    });
    expect(wrongUser.json().error).toEqual(INVALID_LINK);

    const ok = await call(ctx.app, 'POST', `/api/users/${u.user.id}/confirm-email/${token}`, { token: u.token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.email_verified).toBe(true);
    expect(
      (await call(ctx.app, 'GET', `/api/accounts/${accountId}`, { token: u.token })).json().data.is_email_verified,
    ).toBe(true);
    expect(
      (await call(ctx.app, 'POST', `/api/users/${u.user.id}/confirm-email/${token}`, { token: u.token })).json().error,
    ).toEqual(INVALID_LINK);
  });

  it('resends a new link; the old one stops working', async () => {
    const { u, token: first } = await unconfirmedWithLink();
    const count = ctx.smtp.received.length;
    const res = await call(ctx.app, 'POST', `/api/users/${u.user.id}/resend-email-confirmation`, { token: u.token });
    expect(res.json()).toEqual({ message: 'We have sent you a new confirmation link.' });
    const second = await linkToken(ctx.smtp, u.email, '/manage/profile/confirm-email-address/', count);
    expect(second).not.toBe(first);
    expect(
      (await call(ctx.app, 'POST', `/api/users/${u.user.id}/confirm-email/${first}`, { token: u.token })).statusCode,
    ).toBe(400);
    expect(
      (await call(ctx.app, 'POST', `/api/users/${u.user.id}/confirm-email/${second}`, { token: u.token })).statusCode,
    ).toBe(200);
  });
});

describe('change password', () => {
  it('needs the current password and revokes the other sessions only', async () => {
    const u = await registerUser(ctx.app);
    const other = (
      await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })
    ).json().token;
    const wrong = await call(ctx.app, 'PUT', '/api/users/me/password', {
      token: u.token,
      body: { current_password: 'nope', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.field_errors).toEqual({ current_password: ['This is not your current password.'] });
    const mismatch = await call(ctx.app, 'PUT', '/api/users/me/password', {
      token: u.token,
      body: { current_password: u.password, password: 'brand-new-pass', password_confirmation: 'other-pass' },
    });
    expect(mismatch.json().error.field_errors).toEqual({ password_confirmation: ['Passwords are not the same'] });

    const ok = await call(ctx.app, 'PUT', '/api/users/me/password', {
      token: u.token,
      body: { current_password: u.password, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: other })).statusCode).toBe(401);
    expect(
      (await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: 'brand-new-pass' } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('change e-mail', () => {
  it('waits for confirmation from the new address, then switches the login over', async () => {
    const u = await registerUser(ctx.app);
    const taken = await registerUser(ctx.app);
    const put = (body: object) => call(ctx.app, 'PUT', '/api/users/me/email', { token: u.token, body });
    expect((await put({ email: 'next@example.test', current_password: 'wrong' })).json().error.field_errors).toEqual({
      current_password: ['This is not your current password.'],
    });
    expect(
      (await put({ email: u.email.toUpperCase(), current_password: u.password })).json().error.field_errors,
    ).toEqual({ email: ['This is already your e-mail address.'] });
    // A taken address is not refused (that would tell who has a login): see security/accounts.test.ts.
    expect((await put({ email: taken.email, current_password: u.password })).json().data.pending_email).toBe(
      taken.email,
    );

    const newEmail = `moved-${u.user.id}@example.test`;
    const pending = await put({ email: newEmail, current_password: u.password });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data).toMatchObject({ email: u.email, pending_email: newEmail });
    const mail = await ctx.smtp.waitFor(newEmail);
    expect(mail.subject).toBe('Confirm your new e-mail address');
    expect(mail.text).toContain(u.email);
    // Until confirmed, the old address is the login.
    expect(
      (await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).statusCode,
    ).toBe(200);

    const token = await linkToken(ctx.smtp, newEmail, '/manage/profile/confirm-email-change/');
    const done = await call(ctx.app, 'POST', `/api/users/${u.user.id}/email-change/${token}`, { token: u.token });
    expect(done.json().data).toMatchObject({ email: newEmail, pending_email: null, email_verified: true });
    expect(
      (await call(ctx.app, 'POST', '/api/auth/login', { body: { email: newEmail, password: u.password } })).statusCode,
    ).toBe(200);
    expect(
      (await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).statusCode,
    ).toBe(401);
    expect(
      (await call(ctx.app, 'POST', `/api/users/${u.user.id}/email-change/${token}`, { token: u.token })).json().error,
    ).toEqual(INVALID_LINK);
  });

  it('can be cancelled, and expires after 48 hours', async () => {
    const u = await registerUser(ctx.app);
    await call(ctx.app, 'PUT', '/api/users/me/email', {
      token: u.token,
      body: { email: `c1-${u.user.id}@example.test`, current_password: u.password },
    });
    const token = await linkToken(ctx.smtp, `c1-${u.user.id}@example.test`, '/manage/profile/confirm-email-change/');
    const cancelled = await call(ctx.app, 'DELETE', `/api/users/${u.user.id}/email-change`, { token: u.token });
    expect(cancelled.json().data.pending_email).toBeNull();
    expect(
      (await call(ctx.app, 'POST', `/api/users/${u.user.id}/email-change/${token}`, { token: u.token })).json().error,
    ).toEqual(INVALID_LINK);

    await call(ctx.app, 'PUT', '/api/users/me/email', {
      token: u.token,
      body: { email: `c2-${u.user.id}@example.test`, current_password: u.password },
    });
    const late = await linkToken(ctx.smtp, `c2-${u.user.id}@example.test`, '/manage/profile/confirm-email-change/');
    clock.advance(48 * 3_600_000 + 1000);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: u.token })).json().data.user.pending_email).toBeNull();
    expect(
      (await call(ctx.app, 'POST', `/api/users/${u.user.id}/email-change/${late}`, { token: u.token })).json().error,
    ).toEqual(INVALID_LINK);
  });
});
