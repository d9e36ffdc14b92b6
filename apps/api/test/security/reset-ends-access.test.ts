import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../../src/shared/clock.js';
import { linkToken, registerUser } from '../factories.js';
import { call, createTestApp, mailSettled, type TestContext } from '../test-app.js';

/**
 * Someone who got hold of a password signs in and makes an API key: a key acts as the admin who made it
 * and outlives the session. A password reset by the login's owner must end what the intruder holds:
 * every session of the login ends, and the reset link shows the active keys this person made (only
 * theirs), each of which can be revoked in the same step; the keys made in the last days are suggested.
 * The notice that the password changed names the keys that still work.
 */
let ctx: TestContext;
const clock = new TestClock(new Date('2026-11-21T10:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => ctx.close());

const NEW_PASSWORD = 'violet harbour kettle 77';
const makeKey = async (token: string, name: string) => {
  const res = await call(ctx.app, 'POST', '/api/api-keys', { token, body: { name, access: 'READ_WRITE' } });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; secret: string; prefix: string };
};
const works = async (token: string) => (await call(ctx.app, 'GET', '/api/events', { token })).statusCode;

describe('a password reset ends what a hijacked session left behind', () => {
  it('ends every session, revokes the chosen keys of this person only, and lists only their keys', async () => {
    const owner = await registerUser(ctx.app, { name: 'Olga Owner' });
    const ownKey = await makeKey(owner.token, 'Accounting export');
    // Ten days later an intruder signs in with the stolen password and makes a key of their own.
    clock.advance(10 * 86_400_000);
    const intruder = (
      await call(ctx.app, 'POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } })
    ).json().token as string;
    const intruderKey = await makeKey(intruder, 'Sync');
    // Someone else, in another account, has a key too: its id must not be reachable through the reset.
    const stranger = await registerUser(ctx.app, { name: 'Sam Stranger' });
    const strangerKey = await makeKey(stranger.token, 'Stranger key');

    await call(ctx.app, 'POST', '/api/auth/forgot-password', { body: { email: owner.email } });
    const token = await linkToken(ctx.smtp, owner.email, '/auth/reset-password/');

    const check = await call(ctx.app, 'GET', `/api/auth/reset-password/${token}`);
    expect(check.statusCode).toBe(200);
    const listed = check.json().data.api_keys as {
      id: number;
      name: string;
      prefix: string;
      created_at: string;
      last_used_at: string | null;
      made_recently: boolean;
      account: { name: string };
    }[];
    expect(listed.map((k) => [k.id, k.name, k.prefix, k.made_recently])).toEqual([
      [intruderKey.id, 'Sync', intruderKey.prefix, true],
      [ownKey.id, 'Accounting export', ownKey.prefix, false],
    ]);
    expect(listed[0]!.account.name).toBeTruthy();
    expect(JSON.stringify(check.json())).not.toContain('secret');

    const bad = await call(ctx.app, 'POST', `/api/auth/reset-password/${token}`, {
      body: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, revoke_api_key_ids: ['x'] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.field_errors).toHaveProperty(['revoke_api_key_ids.0']);

    const reset = await call(ctx.app, 'POST', `/api/auth/reset-password/${token}`, {
      body: {
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
        revoke_api_key_ids: [intruderKey.id, strangerKey.id],
      },
    });
    expect(reset.statusCode).toBe(200);

    expect((await call(ctx.app, 'GET', '/api/users/me', { token: intruder })).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: owner.token })).statusCode).toBe(401);
    expect(await works(intruderKey.secret)).toBe(401);
    expect(await works(ownKey.secret)).toBe(200);
    expect(await works(strangerKey.secret)).toBe(200);

    // The notice names the key that still works, not the revoked one.
    await mailSettled(ctx.app);
    const notice = ctx.smtp.received
      .filter((m) => m.to.includes(owner.email) && m.subject === 'Your AdmitOne password was changed')
      .at(-1)!;
    expect(notice.text).toContain('Accounting export');
    expect(notice.text).toContain(ownKey.prefix);
    expect(notice.text).not.toContain('Sync');
  });

  it('a person without keys gets an empty list (the form shows no extra step)', async () => {
    const u = await registerUser(ctx.app);
    await call(ctx.app, 'POST', '/api/auth/forgot-password', { body: { email: u.email } });
    const token = await linkToken(ctx.smtp, u.email, '/auth/reset-password/');
    expect((await call(ctx.app, 'GET', `/api/auth/reset-password/${token}`)).json().data).toEqual({
      email: u.email,
      api_keys: [],
    });
  });
});
