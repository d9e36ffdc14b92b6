import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { outbox, signupRequests, users } from '../src/db/schema/index.js';
import { TestClock } from '../src/shared/clock.js';
import { linkToken, PASSWORD, registerUser, signUpLinkToken } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;

describe("the operator's terms at sign-up", () => {
  it('are answered to anyone, null until the operator sets them', async () => {
    expect((await call(ctx.app, 'GET', '/api/public/legal')).json()).toEqual({
      data: { terms_url: null, privacy_url: null },
    });
    const withTerms = await createTestApp({ env: { TERMS_URL: 'https://tickets.example.com/terms' } });
    try {
      const res = await call(withTerms.app, 'GET', '/api/public/legal');
      expect(res.json()).toEqual({ data: { terms_url: 'https://tickets.example.com/terms', privacy_url: null } });
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    } finally {
      await withTerms.close();
    }
  });
});
const clock = new TestClock(new Date('2026-11-21T10:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => ctx.close());

const valid = {
  name: 'Grace Hopper',
  email: 'Grace@Example.test',
  password: 'cobol-rules-1959',
  password_confirmation: 'cobol-rules-1959',
  accept_terms: true,
  timezone: 'America/New_York',
};

let seq = 0;
const fresh = (prefix: string) => `${prefix}-${++seq}@example.test`;
const signUp = (body: Record<string, unknown>, opts: { locale?: string; headers?: Record<string, string> } = {}) =>
  call(ctx.app, 'POST', '/api/auth/register', { body, ...opts });
const confirm = (token: string, locale?: string) =>
  call(ctx.app, 'POST', `/api/auth/confirm-sign-up/${token}`, { locale });
const db = () => ctx.app.deps.database.db;
const userOf = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];
const pendingOf = async (email: string) =>
  (await db().select().from(signupRequests).where(eq(signupRequests.email, email)))[0];
const INVALID_SIGNUP_LINK = {
  code: 'INVALID_SIGNUP_LINK',
  message:
    'This sign-up link is invalid, expired or already used. Sign up again to get a new one, or log in if you already have a login.',
};

describe('POST /api/auth/register: confirm first', () => {
  it('answers 202 with a message naming the address, and creates nothing but a pending sign-up and its mail', async () => {
    const res = await signUp(valid);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: 'We have sent a link to grace@example.test. Open it to finish signing up.' });
    expect(await userOf('grace@example.test')).toBeUndefined();
    expect(await pendingOf('grace@example.test')).toMatchObject({
      name: 'Grace Hopper',
      organization: null,
      timezone: 'America/New_York',
      locale: 'en',
    });
    // The password is not kept as typed.
    expect((await pendingOf('grace@example.test'))!.password_hash).not.toContain(valid.password);
    // Until the link is opened, the password logs in to nothing, answered like any wrong login.
    const login = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: 'grace@example.test', password: valid.password },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().error.code).toBe('INVALID_CREDENTIALS');

    const mail = await ctx.smtp.waitFor('grace@example.test', (m) => m.text.includes('/auth/confirm-sign-up/'));
    expect(mail.subject).toBe('Confirm your e-mail address to finish signing up');
    expect(mail.text).toContain('http://admitone.test/auth/confirm-sign-up/');
    expect(mail.text).toContain('valid for 24 hours');
    // Nothing the person typed but the address goes into someone's inbox.
    expect(mail.text).not.toContain('Grace Hopper');
  });

  it('the link creates the user (address confirmed), their own account as owner-admin and a session, answered like login', async () => {
    // No organization typed: the account is "{name}'s events" in the sign-up's language, not the person's name.
    const token = await linkToken(ctx.smtp, 'grace@example.test', '/auth/confirm-sign-up/');
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.user).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@example.test',
      timezone: 'America/New_York',
      email_verified: true,
    });
    expect(body.accounts).toEqual([
      expect.objectContaining({
        name: "Grace Hopper's events",
        role: 'ADMIN',
        status: 'ACTIVE',
        is_owner: true,
        timezone: 'America/New_York',
        currency: 'USD',
      }),
    ]);
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.permissions).toContain('users.manage');
    expect(await pendingOf('grace@example.test')).toBeUndefined();
    expect(
      (
        await call(ctx.app, 'POST', '/api/auth/login', {
          body: { email: 'grace@example.test', password: valid.password },
        })
      ).statusCode,
    ).toBe(200);
    // Opening the link proved the address: no second confirmation mail.
    const confirmations = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(
        sql`${outbox.payload}->>'to' = 'grace@example.test' and ${outbox.payload}->>'template' = 'email_confirmation'`,
      );
    expect(confirmations[0]!.n).toBe(0);
  });

  it('a link works once', async () => {
    const token = await linkToken(ctx.smtp, 'grace@example.test', '/auth/confirm-sign-up/');
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual(INVALID_SIGNUP_LINK);
  });

  it('refuses an unknown or expired link with a clear error in the language of the request', async () => {
    const unknown = await confirm('f'.repeat(43), 'de');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('INVALID_SIGNUP_LINK');
    expect(unknown.json().error.message).toMatch(/Registrierungslink/);

    const email = fresh('late');
    expect((await signUp({ ...valid, email })).statusCode).toBe(202);
    const token = await signUpLinkToken(ctx.app, email);
    clock.advance(24 * 3_600_000 + 60_000);
    expect((await confirm(token)).json().error).toEqual(INVALID_SIGNUP_LINK);
    expect(await userOf(email)).toBeUndefined();
  });

  it('a second sign-up of a pending address replaces the first: its link stops working, the new name and password count', async () => {
    const email = fresh('twice');
    expect((await signUp({ ...valid, email })).statusCode).toBe(202);
    const first = await signUpLinkToken(ctx.app, email);
    const password = 'second thoughts about cobol';
    expect(
      (await signUp({ ...valid, email, name: 'Grace B. Hopper', password, password_confirmation: password }))
        .statusCode,
    ).toBe(202);
    const second = await signUpLinkToken(ctx.app, email);
    expect(second).not.toBe(first);
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(signupRequests)
          .where(eq(signupRequests.email, email))
      )[0]!.n,
    ).toBe(1);

    expect((await confirm(first)).json().error).toEqual(INVALID_SIGNUP_LINK);
    const done = await confirm(second);
    expect(done.statusCode).toBe(200);
    expect(done.json().user.name).toBe('Grace B. Hopper');
    expect((await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password } })).statusCode).toBe(200);
    expect(
      (await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: valid.password } })).statusCode,
    ).toBe(401);
  });

  it('a registered address gets a notice instead (log in, or reset the password), and nothing changes', async () => {
    const u = await registerUser(ctx.app, { name: 'Registered Rita', locale: 'fr' });
    const mailsOf = async (template: string) =>
      db()
        .select({ id: outbox.id })
        .from(outbox)
        .where(sql`${outbox.payload}->>'to' = ${u.email} and ${outbox.payload}->>'template' = ${template}`)
        .orderBy(outbox.id);
    expect(await mailsOf('signup_confirmation')).toHaveLength(1);
    const password = 'an attacker chose this one';
    const res = await signUp(
      { ...valid, email: u.email.toUpperCase(), name: 'Mallory', password, password_confirmation: password },
      { locale: 'en' },
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: `We have sent a link to ${u.email}. Open it to finish signing up.` });

    // No sign-up link: a notice, in the user's own language, with their own name (never the one typed), and two ways
    // in.
    expect(await mailsOf('signup_confirmation')).toHaveLength(1);
    const [row] = await mailsOf('signup_existing_login');
    const notice = await ctx.smtp.waitFor(u.email, (m) => m.messageId === `<outbox-${row!.id}@admitone>`);
    expect(notice.subject).toBe('Vous avez déjà un identifiant AdmitOne');
    expect(notice.text).toContain('Registered Rita');
    expect(notice.text).not.toContain('Mallory');
    expect(notice.text).toContain('http://admitone.test/auth/login');
    expect(notice.text).toContain('http://admitone.test/auth/forgot-password');
    expect(notice.text).not.toContain('/auth/confirm-sign-up/');
    expect(notice.html).toContain('href="http://admitone.test/auth/forgot-password"');

    expect(await pendingOf(u.email)).toBeUndefined();
    expect((await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password } })).statusCode).toBe(
      401,
    );
    expect(
      (await call(ctx.app, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).statusCode,
    ).toBe(200);
    expect((await userOf(u.email))!.name).toBe('Registered Rita');
  });

  it('refuses a weak password first, the same way for a registered address as for a new one', async () => {
    const u = await registerUser(ctx.app);
    const weak = { ...valid, password: 'password1', password_confirmation: 'password1' };
    const registered = await signUp({ ...weak, email: u.email });
    const unregistered = await signUp({ ...weak, email: fresh('weak') });
    expect(registered.statusCode).toBe(422);
    expect(Object.keys(registered.json().error.field_errors)).toEqual(['password']);
    expect(unregistered.json()).toEqual(registered.json());
  });

  it('sends the link in the language of the sign-up', async () => {
    const email = fresh('sprache');
    expect((await signUp({ ...valid, email, locale: 'de' })).statusCode).toBe(202);
    const mail = await ctx.smtp.waitFor(email);
    expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse, um die Registrierung abzuschließen');
  });
});

describe("the new account's name", () => {
  const accountOf = async (body: Record<string, unknown>, locale?: string) => {
    expect((await signUp(body, { locale })).statusCode).toBe(202);
    const done = await confirm(await signUpLinkToken(ctx.app, body.email as string));
    expect(done.statusCode).toBe(200);
    return done.json().accounts[0];
  };

  it('is the organization typed at sign-up (trimmed), kept with the pending sign-up until the link is opened', async () => {
    const email = fresh('organization');
    expect((await signUp({ ...valid, email, organization: '  Harvard Computation Lab ' })).statusCode).toBe(202);
    expect(await pendingOf(email)).toMatchObject({ name: 'Grace Hopper', organization: 'Harvard Computation Lab' });
    // Signing up again replaces it, organization included.
    expect((await signUp({ ...valid, email, organization: 'Navy Lab' })).statusCode).toBe(202);
    const done = await confirm(await signUpLinkToken(ctx.app, email));
    expect(done.json().accounts).toEqual([expect.objectContaining({ name: 'Navy Lab', is_owner: true })]);
    expect(done.json().user.name).toBe('Grace Hopper');
  });

  it('is "{name}\'s events" when the organization is left empty (null, blank or missing)', async () => {
    expect((await accountOf({ ...valid, email: fresh('blank'), organization: '   ' })).name).toBe(
      "Grace Hopper's events",
    );
    expect((await accountOf({ ...valid, email: fresh('null'), organization: null })).name).toBe(
      "Grace Hopper's events",
    );
  });

  it('is said in the language of the sign-up', async () => {
    const { translate } = await import('../src/i18n/i18n.js');
    const expected = translate(
      'de',
      { id: 'account.default_name', message: "{name}'s events" },
      { name: 'Grace Hopper' },
    );
    expect((await accountOf({ ...valid, email: fresh('sprache-konto'), locale: 'de' })).name).toBe(expected);
  });

  it('is the person\'s name alone when "{name}\'s events" would be longer than a name may be', async () => {
    const name = 'G'.repeat(145);
    expect((await accountOf({ ...valid, email: fresh('long'), name })).name).toBe(name);
  });

  it('refuses an organization of 150 characters or more, on its field', async () => {
    const res = await signUp({ ...valid, email: fresh('too-long'), organization: 'o'.repeat(150) });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.field_errors).toEqual({ organization: ['Must be at most 149 characters.'] });
  });
});

describe('an invited address signs up', () => {
  it('becomes the invited user, with name and password, their own account, and the invitation still open', async () => {
    const admin = await registerUser(ctx.app, { name: 'Inviting Ines' });
    const email = fresh('invited');
    const invited = await call(ctx.app, 'POST', '/api/users', {
      token: admin.token,
      body: { email, role: 'ORGANIZER' },
    });
    expect(invited.statusCode).toBe(201);
    const invitedUser = (await userOf(email))!;
    expect(invitedUser.password_hash).toBeNull();

    // Not "taken": the invited address gets a sign-up link like any free one.
    const res = await signUp({ ...valid, email, name: 'Ivy Invited' });
    expect(res.statusCode).toBe(202);
    const done = await confirm(await signUpLinkToken(ctx.app, email));
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ id: invitedUser.id, name: 'Ivy Invited', email, email_verified: true });
    expect(done.json().accounts).toEqual([
      expect.objectContaining({ name: "Ivy Invited's events", is_owner: true, status: 'ACTIVE' }),
    ]);
    expect(
      (await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: valid.password } })).statusCode,
    ).toBe(200);

    // The invitation waits; accepting it now takes the login's password.
    const invitation = await linkToken(ctx.smtp, email, '/auth/accept-invitation/');
    expect((await call(ctx.app, 'GET', `/api/auth/invitation/${invitation}`)).json().data.existing_user).toBe(true);
    const joined = await call(ctx.app, 'POST', `/api/auth/invitation/${invitation}`, {
      body: { current_password: valid.password },
    });
    expect(joined.statusCode).toBe(200);
    expect(
      joined
        .json()
        .accounts.map((a: { name: string }) => a.name)
        .sort(),
    ).toEqual(["Inviting Ines's events", "Ivy Invited's events"]);
  });

  it('refuses the link when the address got a login meanwhile (the invitation was accepted first)', async () => {
    const admin = await registerUser(ctx.app, { name: 'Inviting Ines' });
    const email = fresh('raced');
    expect(
      (await call(ctx.app, 'POST', '/api/users', { token: admin.token, body: { email, role: 'ADMIN' } })).statusCode,
    ).toBe(201);
    expect((await signUp({ ...valid, email, name: 'Signing Sam' })).statusCode).toBe(202);
    const signUpLink = await signUpLinkToken(ctx.app, email);

    const invitation = await linkToken(ctx.smtp, email, '/auth/accept-invitation/');
    const accepted = await call(ctx.app, 'POST', `/api/auth/invitation/${invitation}`, {
      body: { name: 'Accepting Alex', password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true },
    });
    expect(accepted.statusCode).toBe(200);

    expect((await confirm(signUpLink)).json().error).toEqual(INVALID_SIGNUP_LINK);
    expect(await pendingOf(email)).toBeUndefined();
    expect((await userOf(email))!.name).toBe('Accepting Alex');
    expect(
      (await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: valid.password } })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/auth/register: bad input', () => {
  it('marks every bad field at once', async () => {
    const res = await signUp({
      name: '',
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'other',
      accept_terms: false,
    });
    expect(res.statusCode).toBe(422);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.field_errors).sort()).toEqual([
      'accept_terms',
      'email',
      'name',
      'password',
      'password_confirmation',
    ]);
    expect(error.field_errors.password).toEqual(['Must be at least 8 characters.']);
  });

  it('says "Passwords are not the same" on the confirmation', async () => {
    const res = await signUp({ ...valid, email: 'x@example.test', password_confirmation: 'something-else' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.field_errors).toEqual({ password_confirmation: ['Passwords are not the same'] });
  });

  it('requires the terms to be accepted', async () => {
    const { accept_terms: _, ...rest } = valid;
    const res = await signUp({ ...rest, email: 'y@example.test' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.field_errors)).toEqual(['accept_terms']);
  });

  it('refuses names of 150 characters or more and unknown time zones', async () => {
    const res = await signUp({ ...valid, email: 'z@example.test', name: 'n'.repeat(150), timezone: 'Mars/Olympus' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.field_errors.name).toEqual(['Must be at most 149 characters.']);
    expect(res.json().error.field_errors.timezone).toEqual(['Choose a valid time zone.']);
  });

  it('translates errors into the language of the request', async () => {
    const res = await signUp({ ...valid, password_confirmation: 'nope-nope' }, { locale: 'de-DE,de;q=0.9' });
    expect(res.json().error.field_errors.password_confirmation).toEqual(['Die Passwörter stimmen nicht überein']);
  });

  it('lets the locale cookie win over the Accept-Language header', async () => {
    const res = await signUp(
      { ...valid, password_confirmation: 'nope-nope' },
      { locale: 'de', headers: { cookie: 'admitone_locale=fr' } },
    );
    expect(res.json().error.field_errors.password_confirmation).toEqual(['Les mots de passe ne sont pas identiques']);
  });

  it('answers malformed JSON with a 400 in the error shape, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });

  it('answers a malformed link with a 422 naming the token, not a 500', async () => {
    const res = await confirm('short');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.field_errors)).toEqual(['token']);
  });

  it('starts the account in the sign-up language and its currency', async () => {
    const { user, accounts } = await registerUser(ctx.app, { locale: 'pt-BR' });
    expect(user.locale).toBe('pt-BR');
    expect(accounts[0]!.currency).toBe('BRL');
  });
});
