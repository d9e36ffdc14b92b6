import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEvent, createOrganizer, inviteAndAccept, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => ctx.close());

describe('account settings', () => {
  it('reads the account with product defaults for new events', async () => {
    const u = await registerUser(ctx.app);
    const id = u.accounts[0]!.id;
    const res = await call(ctx.app, 'GET', `/api/accounts/${id}`, { token: u.token });
    expect(res.json().data).toMatchObject({
      id,
      // Signed up with no organization: named after the person, as an account ("{name}'s events").
      name: "Ada Organizer's events",
      currency: 'USD',
      timezone: 'Europe/Berlin',
      is_email_verified: true,
      event_defaults: {
        order_timeout_minutes: 15,
        support_email: null,
        email_footer_message: null,
        colors: { primary: '#6d28d9', background: '#f4f1fb' },
      },
    });
  });

  it('updates settings and merges event defaults, sanitising the footer', async () => {
    const u = await registerUser(ctx.app);
    const id = u.accounts[0]!.id;
    const res = await call(ctx.app, 'PUT', `/api/accounts/${id}`, {
      token: u.token,
      body: {
        name: 'Riverside Events Ltd',
        currency: 'gbp',
        timezone: 'Europe/London',
        event_defaults: {
          order_timeout_minutes: 20,
          support_email: 'Help@Riverside.test',
          email_footer_message: '<p>See you <b>soon</b><script>x()</script></p>',
          colors: { primary: '#112233' },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Riverside Events Ltd',
      currency: 'GBP',
      timezone: 'Europe/London',
      event_defaults: {
        order_timeout_minutes: 20,
        support_email: 'help@riverside.test',
        email_footer_message: '<p>See you <b>soon</b></p>',
        colors: { primary: '#112233', link: '#6d28d9' },
      },
    });
    const again = await call(ctx.app, 'PUT', `/api/accounts/${id}`, {
      token: u.token,
      body: { event_defaults: { colors: { text: '#000' } } },
    });
    expect(again.json().data.event_defaults).toMatchObject({
      order_timeout_minutes: 20,
      colors: { primary: '#112233', text: '#000' },
    });

    // New events start with these defaults.
    const event = await createEvent(ctx.app, u.token, (await createOrganizer(ctx.app, u.token)).id);
    expect(event.settings).toMatchObject({
      order_timeout_minutes: 20,
      support_email: 'help@riverside.test',
      email_footer_message: '<p>See you <b>soon</b></p>',
      colors: { ...again.json().data.event_defaults.colors },
    });
  });

  it('marks bad values', async () => {
    const u = await registerUser(ctx.app);
    const res = await call(ctx.app, 'PUT', `/api/accounts/${u.accounts[0]!.id}`, {
      token: u.token,
      body: {
        name: '',
        currency: 'EURO',
        timezone: 'Atlantis',
        event_defaults: { order_timeout_minutes: 0, support_email: 'nope', colors: { primary: 'purple' } },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.field_errors).toMatchObject({
      name: ['This field is required.'],
      currency: ['Choose a valid currency.'],
      timezone: ['Choose a valid time zone.'],
      'event_defaults.order_timeout_minutes': ['Must be at least 1.'],
      'event_defaults.support_email': ['Enter a valid e-mail address.'],
      'event_defaults.colors.primary': ['Enter a colour as a hex code such as #ffffff.'],
    });
  });
});

describe('taxes and fees', () => {
  it('creates, lists, updates and deletes, with rates per calculation type', async () => {
    const u = await registerUser(ctx.app);
    const base = `/api/accounts/${u.accounts[0]!.id}/taxes-and-fees`;
    const vat = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 7.5, is_default: true },
    });
    expect(vat.statusCode).toBe(201);
    expect(vat.json().data).toMatchObject({
      name: 'VAT',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: 7.5,
      is_default: true,
      currency: 'USD',
    });
    const fee = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { name: 'Booking fee', type: 'FEE', calculation_type: 'FIXED', rate: 150, description: 'Per ticket' },
    });
    expect(fee.json().data).toMatchObject({ rate: 150, is_default: false, description: 'Per ticket' });

    const list = await call(ctx.app, 'GET', base, { token: u.token });
    expect(list.json().data.map((t: { name: string }) => t.name)).toEqual(['Booking fee', 'VAT']);

    const updated = await call(ctx.app, 'PUT', `${base}/${vat.json().data.id}`, {
      token: u.token,
      body: { name: 'VAT (reduced)', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 5.125, is_default: false },
    });
    expect(updated.json().data).toMatchObject({ name: 'VAT (reduced)', rate: 5.125, is_default: false });

    const deleted = await call(ctx.app, 'DELETE', `${base}/${fee.json().data.id}`, { token: u.token });
    expect(deleted.json().data).toEqual({ id: fee.json().data.id, detached_ticket_count: 0 });
    expect((await call(ctx.app, 'GET', base, { token: u.token })).json().data).toHaveLength(1);
    expect((await call(ctx.app, 'DELETE', `${base}/${fee.json().data.id}`, { token: u.token })).statusCode).toBe(404);
  });

  it('checks rates: percentages within 0-100, fixed amounts in whole minor units', async () => {
    const u = await registerUser(ctx.app);
    const base = `/api/accounts/${u.accounts[0]!.id}/taxes-and-fees`;
    const rate = async (calculation_type: string, value: unknown) =>
      (
        await call(ctx.app, 'POST', base, {
          token: u.token,
          body: { name: 'X', type: 'FEE', calculation_type, rate: value },
        })
      ).json().error?.field_errors?.rate;
    expect(await rate('PERCENTAGE', 100.5)).toEqual(['Must be at most 100.']);
    expect(await rate('PERCENTAGE', -1)).toEqual(['Must be at least 0.']);
    expect(await rate('PERCENTAGE', 1.2345)).toEqual(['This value is not valid.']);
    expect(await rate('FIXED', 1.5)).toEqual(['This value is not valid.']);
    expect(await rate('FIXED', 250)).toBeUndefined();
    const bad = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { name: '', type: 'VAT', calculation_type: 'SOME', rate: 'ten' },
    });
    expect(Object.keys(bad.json().error.field_errors).sort()).toEqual(['calculation_type', 'name', 'rate', 'type']);
  });

  it('keeps taxes inside the account', async () => {
    const a = await registerUser(ctx.app);
    const b = await registerUser(ctx.app);
    const theirs = (
      await call(ctx.app, 'POST', `/api/accounts/${b.accounts[0]!.id}/taxes-and-fees`, {
        token: b.token,
        body: { name: 'B tax', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 10 },
      })
    ).json().data;
    const mine = `/api/accounts/${a.accounts[0]!.id}/taxes-and-fees/${theirs.id}`;
    expect(
      (
        await call(ctx.app, 'PUT', mine, {
          token: a.token,
          body: { name: 'Mine', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(ctx.app, 'DELETE', mine, { token: a.token })).statusCode).toBe(404);
    const org = await inviteAndAccept(ctx.app, ctx.smtp, a.token, 'ORGANIZER');
    expect(
      (await call(ctx.app, 'GET', `/api/accounts/${a.accounts[0]!.id}/taxes-and-fees`, { token: org.token }))
        .statusCode,
    ).toBe(200);
  });
});
