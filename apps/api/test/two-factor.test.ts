import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createAccountWithOwner } from '../src/modules/accounts/accounts.repository.js';
import { TestClock } from '../src/shared/clock.js';
import { confirmAddress, inviteAndAccept, linkToken, ownMemberId, PASSWORD, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2026-12-06T10:00:10Z'));
beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    env: {
      AUTH_RATE_LIMIT_MAX: '1000',
      AUTH_ACCOUNT_RATE_LIMIT_MAX: '1000',
      GEO_COUNTRY_HEADER: 'CF-IPCountry',
      TRUST_PROXY: 'loopback',
    },
  });
});
afterAll(() => ctx.close());

/** The app's code at the test clock's time, `stepsLater` 30-second steps on. */
const codeFor = (secret: string, stepsLater = 0) =>
  generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + stepsLater * 30 });
/** Moves the clock to the next 30-second step (a new code), 10 s into it. */
const nextStep = () => {
  const ms = clock.now().getTime();
  clock.set(new Date(Math.floor(ms / 30_000) * 30_000 + 40_000));
};

/** A person with two-factor sign-in on: their secret and recovery codes. */
async function withTwoFactor(u: { token: string }) {
  const setup = await call(ctx.app, 'POST', '/api/users/me/two-factor/totp', { token: u.token });
  expect(setup.statusCode).toBe(200);
  const { secret, uri } = setup.json().data as { secret: string; uri: string };
  const confirmed = await call(ctx.app, 'POST', '/api/users/me/two-factor/totp/confirm', {
    token: u.token,
    body: { code: await codeFor(secret) },
  });
  expect(confirmed.statusCode).toBe(200);
  nextStep();
  return { secret, uri, codes: confirmed.json().data.codes as string[] };
}

async function passwordStep(email: string, extra: Record<string, unknown> = {}) {
  const res = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: PASSWORD, ...extra } });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    token: string | null;
    accounts: unknown[];
    two_factor?: { challenge: string; verified: boolean };
  };
}

const second = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(ctx.app, 'POST', '/api/auth/login/two-factor', { body, headers });

describe('setting up an authenticator app', () => {
  it('gives the secret and its QR address, wants a right first code, then answers ten recovery codes once and mails', async () => {
    const u = await registerUser(ctx.app);
    const off = await call(ctx.app, 'GET', '/api/users/me/two-factor', { token: u.token });
    expect(off.json().data).toEqual({
      totp: false,
      passkeys: 0,
      enabled_at: null,
      recovery_codes_left: 0,
      required: false,
    });

    const setup = await call(ctx.app, 'POST', '/api/users/me/two-factor/totp', { token: u.token });
    const { secret, uri } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain('otpauth://totp/');
    expect(uri).toContain(`secret=${secret}`);
    expect(decodeURIComponent(uri)).toContain(u.email);

    const badFormat = await call(ctx.app, 'POST', '/api/users/me/two-factor/totp/confirm', {
      token: u.token,
      body: { code: '12a456' },
    });
    expect(badFormat.statusCode).toBe(422);
    expect(badFormat.json().error.field_errors.code).toEqual(['Enter the six digits your authenticator app shows.']);
    const wrong = await call(ctx.app, 'POST', '/api/users/me/two-factor/totp/confirm', {
      token: u.token,
      body: { code: await codeFor(secret, 5) },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.field_errors.code).toEqual([
      'This code is not right, or was already used. Enter the newest code your app shows.',
    ]);
    // Not on yet: the password alone still signs in.
    expect((await passwordStep(u.email)).token).toBeTruthy();

    const code = await codeFor(secret);
    const ok = await call(ctx.app, 'POST', '/api/users/me/two-factor/totp/confirm', {
      token: u.token,
      body: { code: `${code.slice(0, 3)} ${code.slice(3)}` },
    });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().data.codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const on = await call(ctx.app, 'GET', '/api/users/me/two-factor', { token: u.token });
    expect(on.json().data).toMatchObject({ totp: true, recovery_codes_left: 10, required: false });
    const mail = await ctx.smtp.waitFor(
      u.email,
      (m) => m.subject === 'Two-factor sign-in is now on for your AdmitOne login',
    );
    expect(mail.text).toContain('authenticator app');

    // A second app only after turning the first off.
    const again = await call(ctx.app, 'POST', '/api/users/me/two-factor/totp', { token: u.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('TWO_FACTOR_ALREADY_ON');
    nextStep();
  });
});

describe('signing in with a second factor', () => {
  it('answers a challenge instead of a token; a wrong code is refused, the right one signs in, and no code works twice', async () => {
    const u = await registerUser(ctx.app);
    const { secret } = await withTwoFactor(u);
    const first = await passwordStep(u.email);
    expect(first.token).toBeNull();
    expect(first.accounts).toEqual([]);
    expect(first.two_factor).toEqual({ challenge: expect.any(String), verified: false, methods: ['totp'] });
    const challenge = first.two_factor!.challenge;

    const wrong = await second({ challenge, code: await codeFor(secret, 4) });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().error.field_errors)).toEqual(['code']);
    const missing = await second({ challenge });
    expect(missing.statusCode).toBe(422);

    const code = await codeFor(secret);
    const ok = await second(
      { challenge, code },
      {
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toBeTruthy();
    expect(ok.json().accounts).toHaveLength(1);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: ok.json().token })).statusCode).toBe(200);
    // The challenge opened its one session.
    expect((await second({ challenge, code })).json().error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');

    // The same code on a new sign-in: refused (replayed), even within its 30 seconds.
    const replay = await second({ challenge: (await passwordStep(u.email)).two_factor!.challenge, code });
    expect(replay.statusCode).toBe(422);
    nextStep();
    const later = await passwordStep(u.email);
    expect((await second({ challenge: later.two_factor!.challenge, code: await codeFor(secret) })).statusCode).toBe(
      200,
    );
    nextStep();
  });

  it('accepts a code of the step before (a clock a little behind) but not two steps off', async () => {
    const u = await registerUser(ctx.app);
    const { secret } = await withTwoFactor(u);
    nextStep();
    const c1 = (await passwordStep(u.email)).two_factor!.challenge;
    expect((await second({ challenge: c1, code: await codeFor(secret, -2) })).statusCode).toBe(422);
    expect((await second({ challenge: c1, code: await codeFor(secret, -1) })).statusCode).toBe(200);
    nextStep();
  });

  it('lets a challenge wait five minutes and take five wrong codes; then the password is asked again', async () => {
    const u = await registerUser(ctx.app);
    const { secret } = await withTwoFactor(u);
    const late = (await passwordStep(u.email)).two_factor!.challenge;
    clock.advance(5 * 60_000 + 1000);
    const tooLate = await second({ challenge: late, code: await codeFor(secret) });
    expect(tooLate.statusCode).toBe(401);
    expect(tooLate.json().error).toEqual({
      code: 'TWO_FACTOR_CHALLENGE_EXPIRED',
      message: 'This sign-in took too long or had too many wrong codes. Enter your password again.',
    });

    nextStep();
    const guessed = (await passwordStep(u.email)).two_factor!.challenge;
    for (let i = 0; i < 5; i++) expect((await second({ challenge: guessed, code: '000000' })).statusCode).toBe(422);
    const after = await second({ challenge: guessed, code: await codeFor(secret) });
    expect(after.json().error.code).toBe('TWO_FACTOR_CHALLENGE_EXPIRED');
    // A made-up challenge is the same answer.
    expect((await second({ challenge: 'x'.repeat(43), code: '123456' })).json().error.code).toBe(
      'TWO_FACTOR_CHALLENGE_EXPIRED',
    );
    // The wrong codes counted towards the login's lockout, as wrong passwords do: five in a row lock it.
    const locked = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: PASSWORD } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('LOGIN_LOCKED');
    clock.advance(3_600_000);
    nextStep();
  });

  it('takes a recovery code once (any case, with or without the dash) and mails how many are left', async () => {
    const u = await registerUser(ctx.app);
    const { codes } = await withTwoFactor(u);
    const c = (await passwordStep(u.email)).two_factor!.challenge;
    const ok = await second({ challenge: c, recovery_code: codes[3]!.toUpperCase().replace('-', ' ') });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toBeTruthy();
    const mail = await ctx.smtp.waitFor(
      u.email,
      (m) => m.subject === 'A recovery code was used to sign in to AdmitOne',
    );
    expect(mail.text).toContain('You have 9 recovery codes left.');
    const status = await call(ctx.app, 'GET', '/api/users/me/two-factor', { token: ok.json().token });
    expect(status.json().data.recovery_codes_left).toBe(9);

    const again = await second({
      challenge: (await passwordStep(u.email)).two_factor!.challenge,
      recovery_code: codes[3],
    });
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().error.field_errors)).toEqual(['recovery_code']);
    const badFormat = await second({ challenge: c, recovery_code: 'short' });
    expect(badFormat.json().error.field_errors.recovery_code).toEqual([
      'Enter one of your recovery codes, like abcde-12345.',
    ]);
  });

  it('asks a person of several accounts which one after the code, without the code again', async () => {
    const u = await registerUser(ctx.app);
    const other = await createAccountWithOwner(
      ctx.app.deps.database.db,
      { name: 'Second Co', currency: 'EUR', timezone: 'UTC', ownerId: u.user.id },
      clock.now(),
    );
    const { secret } = await withTwoFactor(u);
    const first = await passwordStep(u.email);
    expect(first.accounts).toEqual([]);
    const verified = await second({ challenge: first.two_factor!.challenge, code: await codeFor(secret) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().token).toBeNull();
    expect(verified.json().two_factor).toEqual({
      challenge: first.two_factor!.challenge,
      verified: true,
      methods: ['totp'],
    });
    expect(verified.json().accounts.map((a: { name: string }) => a.name)).toContain('Second Co');

    const foreign = await second({
      challenge: first.two_factor!.challenge,
      account_id: (await registerUser(ctx.app)).accounts[0]!.id,
    });
    expect(foreign.statusCode).toBe(422);
    const chosen = await second({ challenge: first.two_factor!.challenge, account_id: other.id });
    expect(chosen.statusCode).toBe(200);
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: chosen.json().token });
    expect(me.json().data.account.name).toBe('Second Co');

    // The account asked for at the password step is kept.
    nextStep();
    const direct = await passwordStep(u.email, { account_id: other.id });
    const session = await second({ challenge: direct.two_factor!.challenge, code: await codeFor(secret) });
    expect(session.json().token).toBeTruthy();
    nextStep();
  });

  it('gives one session when the same code comes twice at once', async () => {
    const u = await registerUser(ctx.app);
    const { secret } = await withTwoFactor(u);
    const [a, b] = [await passwordStep(u.email), await passwordStep(u.email)];
    const code = await codeFor(secret);
    const answers = await Promise.all([
      second({ challenge: a.two_factor!.challenge, code }),
      second({ challenge: b.two_factor!.challenge, code }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    nextStep();
  });

  it('asks an existing login accepting an invitation for its second factor before any session', async () => {
    const admin = await registerUser(ctx.app);
    await confirmAddress(ctx.app, ctx.smtp, admin);
    const guest = await registerUser(ctx.app);
    const { secret } = await withTwoFactor(guest);
    const invited = await call(ctx.app, 'POST', '/api/users', {
      token: admin.token,
      body: { email: guest.email, role: 'ORGANIZER' },
    });
    expect(invited.statusCode).toBe(201);
    const token = await linkToken(ctx.smtp, guest.email, '/auth/accept-invitation/');
    const accepted = await call(ctx.app, 'POST', `/api/auth/invitation/${token}`, {
      body: { current_password: PASSWORD },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().token).toBeNull();
    expect(accepted.json().accounts).toEqual([]);
    const ok = await second({ challenge: accepted.json().two_factor.challenge, code: await codeFor(secret) });
    expect(ok.statusCode).toBe(200);
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: ok.json().token });
    expect(me.json().data.account.id).toBe(admin.accounts[0]!.id);
    nextStep();
  });
});

describe('changing the second factor', () => {
  it('makes new recovery codes and turns off, each with the password and a mail', async () => {
    const u = await registerUser(ctx.app);
    const { codes } = await withTwoFactor(u);
    const wrong = await call(ctx.app, 'POST', '/api/users/me/two-factor/recovery-codes', {
      token: u.token,
      body: { current_password: 'not my password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().error.field_errors)).toEqual(['current_password']);
    const fresh = await call(ctx.app, 'POST', '/api/users/me/two-factor/recovery-codes', {
      token: u.token,
      body: { current_password: PASSWORD },
    });
    expect(fresh.statusCode).toBe(200);
    const newCodes = fresh.json().data.codes as string[];
    expect(newCodes).toHaveLength(10);
    await ctx.smtp.waitFor(u.email, (m) => m.subject === 'New recovery codes for your AdmitOne login');
    // The old codes stopped working.
    const c = (await passwordStep(u.email)).two_factor!.challenge;
    expect((await second({ challenge: c, recovery_code: codes[0] })).statusCode).toBe(422);
    expect((await second({ challenge: c, recovery_code: newCodes[0] })).statusCode).toBe(200);

    const off = await call(ctx.app, 'POST', '/api/users/me/two-factor/disable', {
      token: u.token,
      body: { current_password: PASSWORD },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ totp: false, recovery_codes_left: 0 });
    await ctx.smtp.waitFor(u.email, (m) => m.subject === 'Two-factor sign-in was turned off for your AdmitOne login');
    expect((await passwordStep(u.email)).token).toBeTruthy();
    const twice = await call(ctx.app, 'POST', '/api/users/me/two-factor/disable', {
      token: u.token,
      body: { current_password: PASSWORD },
    });
    expect(twice.json().error.code).toBe('TWO_FACTOR_NOT_ON');
  });
});

describe('an account that requires two-factor sign-in', () => {
  it('is switched on only by an admin who uses it; a member without it can only set it up, and cannot turn it off', async () => {
    const admin = await registerUser(ctx.app);
    const accountId = admin.accounts[0]!.id;
    const refused = await call(ctx.app, 'PUT', `/api/accounts/${accountId}`, {
      token: admin.token,
      body: { require_two_factor: true },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.field_errors.require_two_factor).toEqual([
      'Turn on two-factor sign-in for yourself first, in your profile.',
    ]);
    const member = await inviteAndAccept(ctx.app, ctx.smtp, admin.token, 'ORGANIZER');
    await withTwoFactor(admin);
    const on = await call(ctx.app, 'PUT', `/api/accounts/${accountId}`, {
      token: admin.token,
      body: { require_two_factor: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.require_two_factor).toBe(true);

    // The member's session is held at the door until they set it up.
    const events = await call(ctx.app, 'GET', '/api/events', { token: member.token });
    expect(events.statusCode).toBe(403);
    expect(events.json().error).toEqual({
      code: 'TWO_FACTOR_SETUP_REQUIRED',
      message: 'This account requires two-factor sign-in. Set it up in your profile to continue.',
    });
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: member.token });
    expect(me.json().data).toMatchObject({ two_factor_setup_required: true, permissions: [] });
    expect((await call(ctx.app, 'GET', '/api/users/me/two-factor', { token: member.token })).json().data.required).toBe(
      true,
    );
    const { secret } = await withTwoFactor(member);
    expect((await call(ctx.app, 'GET', '/api/events', { token: member.token })).statusCode).toBe(200);
    expect(
      (await call(ctx.app, 'GET', '/api/users/me', { token: member.token })).json().data.two_factor_setup_required,
    ).toBe(false);
    expect(secret).toBeTruthy();

    const off = await call(ctx.app, 'POST', '/api/users/me/two-factor/disable', {
      token: member.token,
      body: { current_password: PASSWORD },
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.code).toBe('TWO_FACTOR_REQUIRED_BY_ACCOUNT');
    // Turning the requirement off needs nothing more.
    const offAgain = await call(ctx.app, 'PUT', `/api/accounts/${accountId}`, {
      token: admin.token,
      body: { require_two_factor: false },
    });
    expect(offAgain.json().data.require_two_factor).toBe(false);
  });
});

describe("an admin resets a member's second factor", () => {
  it('removes it, signs the member out everywhere and mails them; never for the owner, another account, or oneself', async () => {
    const owner = await registerUser(ctx.app);
    const member = await inviteAndAccept(ctx.app, ctx.smtp, owner.token, 'ORGANIZER', 'Lost Phone');
    const admin = await inviteAndAccept(ctx.app, ctx.smtp, owner.token, 'ADMIN', 'Second Admin');
    await withTwoFactor(member);
    await withTwoFactor(owner);

    const list = await call(ctx.app, 'GET', '/api/users?per_page=100', { token: owner.token });
    const row = (list.json().data as Array<{ id: number; two_factor: boolean }>).find((m) => m.id === member.memberId);
    expect(row?.two_factor).toBe(true);

    const byOrganizer = await call(ctx.app, 'DELETE', `/api/users/${member.memberId}/two-factor`, {
      token: member.token,
    });
    expect(byOrganizer.statusCode).toBe(403);
    const reset = await call(ctx.app, 'DELETE', `/api/users/${member.memberId}/two-factor`, { token: admin.token });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.two_factor).toBe(false);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: member.token })).statusCode).toBe(401);
    const mail = await ctx.smtp.waitFor(member.email, (m) => m.subject === 'Your two-factor sign-in was reset');
    expect(mail.text).toContain('Second Admin');
    expect((await passwordStep(member.email)).token).toBeTruthy();
    const twice = await call(ctx.app, 'DELETE', `/api/users/${member.memberId}/two-factor`, { token: admin.token });
    expect(twice.json().error.code).toBe('TWO_FACTOR_NOT_ON');

    const ownerId = await ownMemberId(ctx.app, owner.token);
    const ofOwner = await call(ctx.app, 'DELETE', `/api/users/${ownerId}/two-factor`, { token: admin.token });
    expect(ofOwner.statusCode).toBe(409);
    expect(ofOwner.json().error.code).toBe('TWO_FACTOR_RESET_REFUSED');
    const self = await call(ctx.app, 'DELETE', `/api/users/${ownerId}/two-factor`, { token: owner.token });
    expect(self.json().error.code).toBe('CANNOT_CHANGE_SELF');

    // A member who also belongs to another account: only they can reset theirs.
    const elsewhere = await registerUser(ctx.app);
    const shared = await inviteAndAccept(ctx.app, ctx.smtp, elsewhere.token, 'ORGANIZER');
    await withTwoFactor(shared);
    await createAccountWithOwner(
      ctx.app.deps.database.db,
      {
        name: 'Their own',
        currency: 'EUR',
        timezone: 'UTC',
        ownerId: (await call(ctx.app, 'GET', '/api/users/me', { token: shared.token })).json().data.user.id,
      },
      clock.now(),
    );
    const refused = await call(ctx.app, 'DELETE', `/api/users/${shared.memberId}/two-factor`, {
      token: elsewhere.token,
    });
    expect(refused.json().error.code).toBe('TWO_FACTOR_RESET_REFUSED');
    // Another account's member is not found.
    expect(
      (await call(ctx.app, 'DELETE', `/api/users/${shared.memberId}/two-factor`, { token: admin.token })).statusCode,
    ).toBe(404);
  });
});

describe('where you are signed in', () => {
  it('lists each device with its browser, address and country; signs one out, or every one', async () => {
    const u = await registerUser(ctx.app);
    const phone = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: u.email, password: PASSWORD },
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'x-forwarded-for': '203.0.113.9',
        'cf-ipcountry': 'nl',
      },
    });
    const phoneToken = phone.json().token as string;
    clock.advance(120_000);
    const laptop = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: u.email, password: PASSWORD },
      headers: {
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
        'cf-ipcountry': 'XX',
      },
    });
    const laptopToken = laptop.json().token as string;
    const list = await call(ctx.app, 'GET', '/api/users/me/sessions', { token: laptopToken });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      current: true,
      browser: 'Firefox 133',
      os: 'Windows 10',
      device: 'desktop',
      country: null,
    });
    expect(rows[1]).toMatchObject({
      current: false,
      browser: 'Safari 17',
      device: 'mobile',
      ip: '203.0.113.9',
      country: 'NL',
    });
    expect(rows[1]!.os).toMatch(/^iOS 17/);
    expect(rows[2]).toMatchObject({ current: false, browser: null, device: null });
    expect(rows[0]!.account).toEqual({ id: u.accounts[0]!.id, name: u.accounts[0]!.name });

    const stranger = await registerUser(ctx.app);
    expect(
      (await call(ctx.app, 'DELETE', `/api/users/me/sessions/${rows[1]!.id}`, { token: stranger.token })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'DELETE', `/api/users/me/sessions/${rows[1]!.id}`, { token: laptopToken })).statusCode,
    ).toBe(204);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: phoneToken })).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: laptopToken })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/users/me/sessions', { token: laptopToken })).json().data).toHaveLength(2);

    expect((await call(ctx.app, 'DELETE', '/api/users/me/sessions', { token: laptopToken })).statusCode).toBe(204);
    for (const t of [laptopToken, u.token])
      expect((await call(ctx.app, 'GET', '/api/users/me', { token: t })).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: stranger.token })).statusCode).toBe(200);
  });

  it("does not believe a country header from a client that is not the operator's proxy", async () => {
    const direct = await createTestApp({ env: { GEO_COUNTRY_HEADER: 'cf-ipcountry' } });
    try {
      const u = await registerUser(direct.app);
      const res = await call(direct.app, 'POST', '/api/auth/login', {
        body: { email: u.email, password: PASSWORD },
        headers: { 'cf-ipcountry': 'DE' },
      });
      const rows = (await call(direct.app, 'GET', '/api/users/me/sessions', { token: res.json().token })).json().data;
      expect(rows.map((r: { country: string | null }) => r.country)).toEqual([null, null]);
    } finally {
      await direct.close();
    }
  });
});
