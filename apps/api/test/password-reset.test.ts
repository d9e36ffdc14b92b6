import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { registerUser } from './factories.js';
import { call, createTestApp, mailSettled, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2026-11-21T10:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

const SAME_ANSWER = 'If an account exists for that e-mail address, we have sent a link to reset the password.';

async function requestReset(email: string, locale?: string) {
  const res = await call(ctx.app, 'POST', '/api/auth/forgot-password', { body: { email }, locale });
  expect(res.statusCode).toBe(200);
  return res.json().message as string;
}

const isReset = (m: { text: string }) => m.text.includes('/auth/reset-password/');

function tokenFrom(text: string): string {
  const match = /http:\/\/admitone\.test\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1]!;
}

describe('password reset', () => {
  it('answers the same for an unknown address and sends nothing', async () => {
    expect(await requestReset('nobody@example.test')).toBe(SAME_ANSWER);
    // A registered address asked right after does get its mail: once everything queued is delivered,
    // a mail to the unknown one would have arrived too.
    const u = await registerUser(ctx.app);
    expect(await requestReset(u.email)).toBe(SAME_ANSWER);
    await mailSettled(ctx.app);
    expect(ctx.smtp.received.filter((m) => m.to.includes(u.email) && isReset(m))).toHaveLength(1);
    expect(ctx.smtp.received.filter((m) => m.to.includes('nobody@example.test'))).toHaveLength(0);
  });

  it('mails a link that sets a new password, once, and revokes every session', async () => {
    const u = await registerUser(ctx.app);
    const otherSession = (
      await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })
    ).json().token;
    expect(await requestReset(u.email)).toBe(SAME_ANSWER);

    const mail = await ctx.smtp.waitFor(u.email, isReset);
    expect(mail.subject).toBe('Reset your AdmitOne password');
    expect(mail.html).toContain('Choose a new password');
    const token = tokenFrom(mail.text);

    const check = await call(ctx.app, 'GET', `/api/auth/reset-password/${token}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ data: { email: u.email, api_keys: [] } });

    const mismatch = await call(ctx.app, 'POST', `/api/auth/reset-password/${token}`, {
      body: { password: 'new-password-1', password_confirmation: 'new-password-2' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().error.field_errors.password_confirmation).toEqual(['Passwords are not the same']);

    const reset = await call(ctx.app, 'POST', `/api/auth/reset-password/${token}`, {
      body: { password: 'new-password-1', password_confirmation: 'new-password-1' },
    });
    expect(reset.statusCode).toBe(200);

    for (const t of [u.token, otherSession])
      expect((await call(ctx.app, 'GET', '/api/users/me', { token: t })).statusCode).toBe(401);
    expect(
      (await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).statusCode,
    ).toBe(401);
    expect(
      (await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: 'new-password-1' } }))
        .statusCode,
    ).toBe(200);

    const reused = await call(ctx.app, 'POST', `/api/auth/reset-password/${token}`, {
      body: { password: 'third-password', password_confirmation: 'third-password' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toEqual({
      code: 'INVALID_RESET_TOKEN',
      message: 'This reset password link is invalid or expired.',
    });
    expect((await call(ctx.app, 'GET', `/api/auth/reset-password/${token}`)).statusCode).toBe(400);
  });

  it('expires a link after one hour', async () => {
    const u = await registerUser(ctx.app);
    await requestReset(u.email);
    const token = tokenFrom((await ctx.smtp.waitFor(u.email, isReset)).text);
    clock.advance(61 * 60_000);
    const res = await call(ctx.app, 'POST', `/api/auth/reset-password/${token}`, {
      body: { password: 'new-password-1', password_confirmation: 'new-password-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_RESET_TOKEN');
  });

  it('refuses a made-up token', async () => {
    const res = await call(ctx.app, 'GET', `/api/auth/reset-password/${'x'.repeat(43)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_RESET_TOKEN');
  });

  it("writes the mail in the user's language", async () => {
    const u = await registerUser(ctx.app, { locale: 'de' });
    await requestReset(u.email, 'en');
    const mail = await ctx.smtp.waitFor(u.email, isReset);
    expect(mail.subject).toBe('Setzen Sie Ihr AdmitOne-Passwort zurück');
    expect(mail.text).toContain('Hallo Ada Organizer,');
  });

  it('records the mail in the outbox and marks it sent without keeping the link', async () => {
    const u = await registerUser(ctx.app);
    await requestReset(u.email);
    await ctx.smtp.waitFor(u.email, isReset);
    // The mail arrives before its row is marked sent.
    await mailSettled(ctx.app);
    const { outbox } = await import('../src/db/schema/index.js');
    const mine = (await ctx.app.deps.database.db.select().from(outbox)).filter(
      (r) =>
        (r.payload as { to?: string; template?: string }).to === u.email &&
        (r.payload as { template?: string }).template === 'password_reset',
    );
    expect(mine).toHaveLength(1);
    const [row] = mine;
    expect(row).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(JSON.stringify(row!.payload)).not.toContain('reset-password');
  });
});
