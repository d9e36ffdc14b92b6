import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LOCKOUT } from '../../src/modules/auth/login-throttle.js';
import { TestClock } from '../../src/shared/clock.js';
import { confirmAddress, linkToken, registerUser } from '../factories.js';
import { call, createTestApp, type TestContext } from '../test-app.js';

// Accounts that resist guessing (issue "Security"): strong passwords, a lockout that grows and ends,
// notices to the old address, and an e-mail change that does not tell whether an address has a login.
let ctx: TestContext;
const clock = new TestClock(new Date('2026-11-26T10:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock, env: { AUTH_RATE_LIMIT_MAX: '100000' } });
});
afterAll(() => ctx.close());

const login = (email: string, password: string) =>
  call(ctx.app, 'POST', '/api/auth/login', { body: { email, password } });

describe('password strength', () => {
  const changeTo = (token: string, current: string, password: string) =>
    call(ctx.app, 'PUT', '/api/users/me/password', {
      token,
      body: { current_password: current, password, password_confirmation: password },
    });

  it('refuses common and predictable passwords with a translated reason on the field, and keeps the old password', async () => {
    const u = await registerUser(ctx.app, { name: 'Ada Lovelace', email: `ada.lovelace.${Date.now()}@example.test` });
    const common = await changeTo(u.token, u.password, 'password1234');
    expect(common.statusCode).toBe(422);
    expect(common.json().error.field_errors).toEqual({
      password: [
        'This is one of the most common passwords. Choose one that is yours alone, such as a few unrelated words.',
      ],
    });
    const personal = await changeTo(u.token, u.password, 'adalovelace');
    expect(personal.json().error.field_errors).toEqual({
      password: ['Do not build your password on your name or e-mail address: they are the first things tried.'],
    });
    const german = await registerUser(ctx.app, { locale: 'de' });
    const keyboard = await changeTo(german.token, german.password, 'qwertzuiop');
    expect(keyboard.json().error.field_errors.password[0]).toMatch(/zu leicht zu erraten/);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
    expect((await changeTo(u.token, u.password, 'velvet orbit lantern 42')).statusCode).toBe(200);
  });

  it('applies to sign-up before anything depends on the address, and to a reset link (which stays usable)', async () => {
    const taken = await registerUser(ctx.app);
    const weak = (email: string) =>
      call(ctx.app, 'POST', '/api/auth/register', {
        ip: '10.9.9.9',
        body: { name: 'Bo', email, password: '12345678', password_confirmation: '12345678', accept_terms: true },
      });
    const a = await weak(taken.email);
    const b = await weak(`nobody-${Date.now()}@example.test`);
    expect(a.statusCode).toBe(422);
    expect(a.body).toBe(b.body);

    await call(ctx.app, 'POST', '/api/auth/forgot-password', { body: { email: taken.email } });
    const token = await linkToken(ctx.smtp, taken.email, '/auth/reset-password/');
    const refused = await call(ctx.app, 'POST', `/api/auth/reset-password/${token}`, {
      body: { password: 'iloveyou1', password_confirmation: 'iloveyou1' },
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().error.field_errors)).toEqual(['password']);
    const ok = await call(ctx.app, 'POST', `/api/auth/reset-password/${token}`, {
      body: { password: 'quiet harbour 1987 kites', password_confirmation: 'quiet harbour 1987 kites' },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('password strength when accepting an invitation', () => {
  it('refuses a weak password for a new member and accepts a strong one', async () => {
    const admin = await registerUser(ctx.app);
    await confirmAddress(ctx.app, ctx.smtp, admin);
    const email = `invited-${Date.now()}@example.test`;
    expect(
      (await call(ctx.app, 'POST', '/api/users', { token: admin.token, body: { email, role: 'ORGANIZER' } }))
        .statusCode,
    ).toBe(201);
    const token = await linkToken(ctx.smtp, email, '/auth/accept-invitation/');
    const accept = (password: string) =>
      call(ctx.app, 'POST', `/api/auth/invitation/${token}`, {
        body: { name: 'Rita Moreno', password, password_confirmation: password, accept_terms: true },
      });
    const weak = await accept('rita moreno');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().error.field_errors).toEqual({
      password: ['Do not build your password on your name or e-mail address: they are the first things tried.'],
    });
    expect((await accept('lilac tundra 1962 swans')).statusCode).toBe(200);
  });
});

describe('lockout after wrong passwords', () => {
  const fail = async (email: string, times: number) => {
    for (let i = 0; i < times; i++) expect((await login(email, `wrong guess ${i}`)).statusCode).toBe(401);
  };

  it('locks a login after a few wrong passwords, even for the right one, longer each time, and then lets the owner in', async () => {
    const u = await registerUser(ctx.app);
    await fail(u.email, LOCKOUT.FREE_FAILURES);
    const locked = await login(u.email, u.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(LOCKOUT.FIRST_LOCK_SECONDS));
    expect(locked.json().error).toEqual({
      code: 'LOGIN_LOCKED',
      message:
        'Too many wrong passwords for this e-mail address. Try again in 1 minute, or reset your password with "Forgot password?".',
    });
    clock.advance(LOCKOUT.FIRST_LOCK_SECONDS * 1000 + 1);
    await fail(u.email, 1); // the sixth in a row: twice as long
    expect((await login(u.email, u.password)).headers['retry-after']).toBe(String(LOCKOUT.FIRST_LOCK_SECONDS * 2));
    clock.advance(LOCKOUT.FIRST_LOCK_SECONDS * 2000 + 1);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
    // The right password cleared the count: the next mistake is the first again.
    await fail(u.email, 1);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('never locks anyone out for longer than the cap', async () => {
    const u = await registerUser(ctx.app);
    for (let i = 0; i < 12; i++) {
      await login(u.email, 'wrong guess');
      clock.advance(LOCKOUT.MAX_LOCK_SECONDS * 1000 + 1);
    }
    await login(u.email, 'wrong guess');
    expect(Number((await login(u.email, u.password)).headers['retry-after'])).toBe(LOCKOUT.MAX_LOCK_SECONDS);
  });

  it('answers an unknown address exactly as a registered one, so the lock tells no one who has a login', async () => {
    const u = await registerUser(ctx.app);
    const unknown = `nobody-${Date.now()}@example.test`;
    const answers = async (email: string) => {
      const out: string[] = [];
      for (let i = 0; i < LOCKOUT.FREE_FAILURES + 1; i++) {
        const r = await login(email, 'wrong guess');
        out.push(`${r.statusCode} ${r.headers['retry-after'] ?? ''} ${r.body}`);
      }
      return out;
    };
    expect(await answers(u.email)).toEqual(await answers(unknown));
  });

  it('counts guesses sent at the same moment', async () => {
    const u = await registerUser(ctx.app);
    await Promise.all(Array.from({ length: LOCKOUT.FREE_FAILURES }, (_, i) => login(u.email, `parallel guess ${i}`)));
    expect((await login(u.email, u.password)).statusCode).toBe(429);
  });

  it('a password reset unlocks at once', async () => {
    const u = await registerUser(ctx.app);
    await fail(u.email, LOCKOUT.FREE_FAILURES);
    expect((await login(u.email, u.password)).statusCode).toBe(429);
    const before = ctx.smtp.received.length;
    await call(ctx.app, 'POST', '/api/auth/forgot-password', { body: { email: u.email } });
    const token = await linkToken(ctx.smtp, u.email, '/auth/reset-password/', before);
    await call(ctx.app, 'POST', `/api/auth/reset-password/${token}`, {
      body: { password: 'amber falcon 2031 rivers', password_confirmation: 'amber falcon 2031 rivers' },
    });
    expect((await login(u.email, 'amber falcon 2031 rivers')).statusCode).toBe(200);
  });
});

describe('notices to the old address', () => {
  it('tells the login when its password was changed, from the profile or a reset link', async () => {
    const u = await registerUser(ctx.app);
    await call(ctx.app, 'PUT', '/api/users/me/password', {
      token: u.token,
      body: {
        current_password: u.password,
        password: 'copper meadow 1990 owls',
        password_confirmation: 'copper meadow 1990 owls',
      },
    });
    const notice = await ctx.smtp.waitFor(u.email, (m) => m.subject === 'Your AdmitOne password was changed');
    expect(notice.text).toContain(u.email);
    expect(notice.text).toContain('http://admitone.test/auth/forgot-password');

    const before = ctx.smtp.received.length;
    await call(ctx.app, 'POST', '/api/auth/forgot-password', { body: { email: u.email } });
    const token = await linkToken(ctx.smtp, u.email, '/auth/reset-password/', before);
    await call(ctx.app, 'POST', `/api/auth/reset-password/${token}`, {
      body: { password: 'silver canyon 1975 foxes', password_confirmation: 'silver canyon 1975 foxes' },
    });
    await ctx.smtp.waitFor(
      u.email,
      (m) => m.subject === 'Your AdmitOne password was changed' && ctx.smtp.received.indexOf(m) > before,
    );
  });

  it('tells the old address when the login moved to a new one', async () => {
    const u = await registerUser(ctx.app, { locale: 'fr' });
    const newEmail = `moved-${Date.now()}@example.test`;
    await call(ctx.app, 'PUT', '/api/users/me/email', {
      token: u.token,
      body: { email: newEmail, current_password: u.password },
    });
    const token = await linkToken(ctx.smtp, newEmail, '/manage/profile/confirm-email-change/');
    expect(
      (await call(ctx.app, 'POST', `/api/users/${u.user.id}/email-change/${token}`, { token: u.token })).statusCode,
    ).toBe(200);
    const notice = await ctx.smtp.waitFor(u.email, (m) => m.text.includes(newEmail));
    expect(notice.subject).toBe('Votre identifiant AdmitOne utilise désormais une autre adresse e-mail');
  });
});

describe('e-mail change to an address that has a login', () => {
  it('answers as for a free address; the owner gets a notice, never a link, and nothing changes', async () => {
    const owner = await registerUser(ctx.app);
    const u = await registerUser(ctx.app);
    const free = `free-${Date.now()}@example.test`;
    const ask = (email: string) =>
      call(ctx.app, 'PUT', '/api/users/me/email', { token: u.token, body: { email, current_password: u.password } });
    const toFree = await ask(free);
    const toTaken = await ask(owner.email);
    expect(toTaken.statusCode).toBe(toFree.statusCode);
    expect(toTaken.json().data).toEqual({ ...toFree.json().data, pending_email: owner.email });
    const notice = await ctx.smtp.waitFor(
      owner.email,
      (m) => m.subject === 'Someone tried to use your e-mail address for another login',
    );
    expect(notice.text).not.toContain('confirm-email-change');
    expect(notice.text).not.toContain(u.email);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });
});
