import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from './test-app.js';
import { registerUser } from './factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
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

describe('POST /api/auth/register', () => {
  it('creates a user, their own account as owner-admin, and a session', async () => {
    const res = await call(ctx.app, 'POST', '/api/auth/register', { body: valid });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.user).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.test', timezone: 'America/New_York', email_verified: false });
    expect(body.accounts).toEqual([
      expect.objectContaining({ name: 'Grace Hopper', role: 'ADMIN', status: 'ACTIVE', is_owner: true, timezone: 'America/New_York', currency: 'USD' }),
    ]);
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.permissions).toContain('users.manage');
  });

  it('refuses a second sign-up with the same address, whatever its case', async () => {
    const res = await call(ctx.app, 'POST', '/api/auth/register', { body: { ...valid, email: 'GRACE@example.TEST' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EMAIL_ALREADY_REGISTERED');
    expect(res.json().error.field_errors.email).toHaveLength(1);
  });

  it('marks every bad field at once', async () => {
    const res = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { name: '', email: 'not-an-email', password: 'short', password_confirmation: 'other', accept_terms: false },
    });
    expect(res.statusCode).toBe(422);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.field_errors).sort()).toEqual(['accept_terms', 'email', 'name', 'password', 'password_confirmation']);
    expect(error.field_errors.password).toEqual(['Must be at least 8 characters.']);
  });

  it('says "Passwords are not the same" on the confirmation', async () => {
    const res = await call(ctx.app, 'POST', '/api/auth/register', { body: { ...valid, email: 'x@example.test', password_confirmation: 'something-else' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.field_errors).toEqual({ password_confirmation: ['Passwords are not the same'] });
  });

  it('requires the terms to be accepted', async () => {
    const { accept_terms: _, ...rest } = valid;
    const res = await call(ctx.app, 'POST', '/api/auth/register', { body: { ...rest, email: 'y@example.test' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.field_errors)).toEqual(['accept_terms']);
  });

  it('refuses names of 150 characters or more and unknown time zones', async () => {
    const res = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { ...valid, email: 'z@example.test', name: 'n'.repeat(150), timezone: 'Mars/Olympus' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.field_errors.name).toEqual(['Must be at most 149 characters.']);
    expect(res.json().error.field_errors.timezone).toEqual(['Choose a valid time zone.']);
  });

  it('translates errors into the language of the request', async () => {
    const res = await call(ctx.app, 'POST', '/api/auth/register', { locale: 'de-DE,de;q=0.9', body: { ...valid, password_confirmation: 'nope-nope' } });
    expect(res.json().error.field_errors.password_confirmation).toEqual(['Die Passwörter stimmen nicht überein']);
  });

  it('lets the locale cookie win over the Accept-Language header', async () => {
    const res = await call(ctx.app, 'POST', '/api/auth/register', {
      locale: 'de',
      headers: { cookie: 'admitone_locale=fr' },
      body: { ...valid, password_confirmation: 'nope-nope' },
    });
    expect(res.json().error.field_errors.password_confirmation).toEqual(['Les mots de passe ne sont pas identiques']);
  });

  it('answers malformed JSON with a 400 in the error shape, not a 500', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });

  it('starts the account in the sign-up language and its currency', async () => {
    const { user, accounts } = await registerUser(ctx.app, { locale: 'pt-BR' });
    expect(user.locale).toBe('pt-BR');
    expect(accounts[0]!.currency).toBe('BRL');
  });
});
