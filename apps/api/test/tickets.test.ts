import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { createEvent, createOrganizer, inviteAndAccept, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => ctx.close());

async function setup() {
  const u = await registerUser(ctx.app);
  const event = await createEvent(ctx.app, u.token, (await createOrganizer(ctx.app, u.token)).id, {
    start_date: '2027-06-01T19:00',
    end_date: '2027-06-01T23:00',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
  });
  const base = `/api/events/${event.id}/tickets`;
  return { u, event, base };
}

const paid = { name: 'General admission', type: 'PAID', price: 2500, quantity: 100 };

describe('tickets', () => {
  it('creates one of each type with defaults, sale state and prices with taxes and fees', async () => {
    const { u, base } = await setup();
    const taxes = `/api/accounts/${u.accounts[0]!.id}/taxes-and-fees`;
    const vat = (
      await call(ctx.app, 'POST', taxes, {
        token: u.token,
        body: { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 19 },
      })
    ).json().data;
    const fee = (
      await call(ctx.app, 'POST', taxes, {
        token: u.token,
        body: { name: 'Fee', type: 'FEE', calculation_type: 'FIXED', rate: 100, currency: 'EUR' },
      })
    ).json().data;

    const p = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { ...paid, description: '<p>Standing<script>x()</script></p>', tax_and_fee_ids: [vat.id, fee.id] },
    });
    expect(p.statusCode).toBe(201);
    expect(p.json().data).toMatchObject({
      name: 'General admission',
      description: '<p>Standing</p>',
      type: 'PAID',
      price: 2500,
      quantity: 100,
      min_per_order: 1,
      max_per_order: null,
      tax_and_fee_ids: [vat.id, fee.id],
      sale_state: 'ON_SALE',
      sold: 0,
      reserved: 0,
      available: 100,
      // 2500 + 100 fee, then 19% of 2600 = 494
      price_with_charges: 3094,
      can_change_type: true,
      sort_order: 0,
    });
    const free = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { name: 'Guest list', type: 'FREE', price: 999, tax_and_fee_ids: [vat.id] },
    });
    expect(free.json().data).toMatchObject({
      type: 'FREE',
      price: null,
      price_with_charges: 0,
      available: null,
      sort_order: 1,
    });
    const donation = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { name: 'Supporter', type: 'DONATION', min_price: 500 },
    });
    expect(donation.json().data).toMatchObject({ min_price: 500, price_with_charges: 500 });
    const tiered = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: {
        name: 'Festival pass',
        type: 'TIERED',
        quantity: 5,
        tiers: [
          { label: 'Early bird', price: 4000, quantity: 50, sale_end: '2027-04-01T00:00' },
          { label: 'Regular', price: 5000, quantity: null },
          { label: 'Door', price: 6000, quantity: 20, sale_start: '2027-06-01T18:00' },
        ],
      },
    });
    expect(tiered.statusCode).toBe(201);
    expect(tiered.json().data).toMatchObject({
      quantity: null,
      sale_state: 'ON_SALE',
      available: null,
      price_with_charges: 4000,
      tiers: [
        {
          label: 'Early bird',
          price: 4000,
          quantity: 50,
          available: 50,
          sale_state: 'ON_SALE',
          sale_end: '2027-03-31T22:00:00.000Z',
        },
        { label: 'Regular', price: 5000, available: null, sale_state: 'ON_SALE' },
        { label: 'Door', sale_state: 'SALE_STARTS', sale_start: '2027-06-01T16:00:00.000Z' },
      ],
    });
    const list = await call(ctx.app, 'GET', base, { token: u.token });
    expect(list.json().data.map((t: { name: string }) => t.name)).toEqual([
      'General admission',
      'Guest list',
      'Supporter',
      'Festival pass',
    ]);

    // Deleting a tax detaches it from its tickets, which keep working.
    const del = await call(ctx.app, 'DELETE', `${taxes}/${vat.id}`, { token: u.token });
    expect(del.json().data.detached_ticket_count).toBe(2);
    const after = await call(ctx.app, 'GET', `${base}/${p.json().data.id}`, { token: u.token });
    expect(after.json().data).toMatchObject({ tax_and_fee_ids: [fee.id], price_with_charges: 2600 });
  });

  it('shows sale windows in the event time zone and states over time', async () => {
    const { u, base } = await setup();
    const t = (
      await call(ctx.app, 'POST', base, {
        token: u.token,
        body: { ...paid, sale_start: '2027-03-05T10:00', sale_end: '2027-03-20T10:00' },
      })
    ).json().data;
    expect(t).toMatchObject({
      sale_start: '2027-03-05T09:00:00.000Z',
      sale_end: '2027-03-20T09:00:00.000Z',
      sale_state: 'SALE_STARTS',
    });
    clock.set(new Date('2027-03-15T00:00:00Z'));
    expect((await call(ctx.app, 'GET', `${base}/${t.id}`, { token: u.token })).json().data.sale_state).toBe('ON_SALE');
    clock.set(new Date('2027-03-20T09:00:00Z'));
    expect((await call(ctx.app, 'GET', `${base}/${t.id}`, { token: u.token })).json().data.sale_state).toBe(
      'SALE_ENDED',
    );
    clock.set(new Date('2027-03-01T12:00:00Z'));
    const hidden = (
      await call(ctx.app, 'PUT', `${base}/${t.id}`, { token: u.token, body: { ...paid, is_hidden: true } })
    ).json().data;
    expect(hidden.sale_state).toBe('HIDDEN');
    const none = (
      await call(ctx.app, 'PUT', `${base}/${t.id}`, { token: u.token, body: { ...paid, quantity: 0 } })
    ).json().data;
    expect(none.sale_state).toBe('SOLD_OUT');
  });

  it('marks every bad field', async () => {
    const { u, base } = await setup();
    const err = async (body: object) =>
      (await call(ctx.app, 'POST', base, { token: u.token, body })).json().error.field_errors;
    expect(await err({ name: 'x', type: 'PAID' })).toEqual({ price: ['This field is required.'] });
    expect(await err({ name: 'x', type: 'DONATION' })).toEqual({ min_price: ['This field is required.'] });
    expect(await err({ name: 'x', type: 'TIERED', tiers: [] })).toEqual({ tiers: ['Add at least one price tier.'] });
    expect(await err({ ...paid, min_per_order: 5, max_per_order: 2 })).toEqual({
      max_per_order: ['The maximum per order must not be below the minimum.'],
    });
    expect(await err({ ...paid, sale_start: '2027-05-01T10:00', sale_end: '2027-04-01T10:00' })).toEqual({
      sale_end: ['The end must be after the start.'],
    });
    expect(Object.keys(await err({ name: '', type: 'VIP', price: -1, quantity: 1.5 })).sort()).toEqual([
      'name',
      'price',
      'quantity',
      'type',
    ]);
    expect(await err({ name: 'x', type: 'TIERED', tiers: [{ label: '', price: 10.5 }] })).toEqual({
      'tiers.0.label': ['This field is required.'],
      'tiers.0.price': ['Enter a whole number.'],
    });
    const other = await registerUser(ctx.app);
    const theirTax = (
      await call(ctx.app, 'POST', `/api/accounts/${other.accounts[0]!.id}/taxes-and-fees`, {
        token: other.token,
        body: { name: 'T', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 5 },
      })
    ).json().data;
    expect(await err({ ...paid, tax_and_fee_ids: [theirTax.id] })).toEqual({
      tax_and_fee_ids: ['This choice does not exist.'],
    });
  });

  it('updates tiers in place, adds and removes them', async () => {
    const { u, base } = await setup();
    const t = (
      await call(ctx.app, 'POST', base, {
        token: u.token,
        body: {
          name: 'Pass',
          type: 'TIERED',
          tiers: [
            { label: 'A', price: 100 },
            { label: 'B', price: 200 },
          ],
        },
      })
    ).json().data;
    const [a] = t.tiers;
    const res = await call(ctx.app, 'PUT', `${base}/${t.id}`, {
      token: u.token,
      body: {
        name: 'Pass',
        type: 'TIERED',
        tiers: [
          { label: 'C', price: 300 },
          { id: a.id, label: 'A+', price: 150 },
        ],
      },
    });
    expect(res.json().data.tiers.map((x: { id: number; label: string }) => [x.label, x.id === a.id])).toEqual([
      ['C', false],
      ['A+', true],
    ]);
    const bad = await call(ctx.app, 'PUT', `${base}/${t.id}`, {
      token: u.token,
      body: { name: 'Pass', type: 'TIERED', tiers: [{ id: 999999, label: 'X', price: 1 }] },
    });
    expect(bad.json().error.field_errors).toEqual({ 'tiers.0.id': ['This choice does not exist.'] });
    // Becoming a paid ticket drops the tiers.
    const nowPaid = await call(ctx.app, 'PUT', `${base}/${t.id}`, { token: u.token, body: { ...paid } });
    expect(nowPaid.json().data).toMatchObject({ type: 'PAID', tiers: [] });
  });

  it('reorders and deletes', async () => {
    const { u, base } = await setup();
    const ids: number[] = [];
    for (const name of ['A', 'B', 'C'])
      ids.push((await call(ctx.app, 'POST', base, { token: u.token, body: { ...paid, name } })).json().data.id);
    const sorted = await call(ctx.app, 'PUT', `${base}/sort`, {
      token: u.token,
      body: { ticket_ids: [ids[2], ids[0], ids[1]] },
    });
    expect(sorted.json().data.map((t: { name: string }) => t.name)).toEqual(['C', 'A', 'B']);
    expect(
      (await call(ctx.app, 'PUT', `${base}/sort`, { token: u.token, body: { ticket_ids: [ids[0], ids[1]] } }))
        .statusCode,
    ).toBe(422);
    expect((await call(ctx.app, 'DELETE', `${base}/${ids[0]}`, { token: u.token })).statusCode).toBe(204);
    expect(
      (await call(ctx.app, 'GET', base, { token: u.token })).json().data.map((t: { name: string }) => t.name),
    ).toEqual(['C', 'B']);
  });

  it('checks every id against the event and the account; organizers may manage tickets', async () => {
    const a = await setup();
    const b = await setup();
    const theirs = (await call(ctx.app, 'POST', b.base, { token: b.u.token, body: paid })).json().data;
    const mineOther = await createEvent(ctx.app, a.u.token, (await createOrganizer(ctx.app, a.u.token)).id);
    for (const [method, url, body] of [
      ['GET', b.base, undefined],
      ['POST', b.base, paid],
      ['GET', `${b.base}/${theirs.id}`, undefined],
      ['PUT', `${b.base}/${theirs.id}`, paid],
      ['DELETE', `${b.base}/${theirs.id}`, undefined],
      ['GET', `${a.base}/${theirs.id}`, undefined],
      ['PUT', `${a.base}/${theirs.id}`, paid],
      ['DELETE', `${a.base}/${theirs.id}`, undefined],
      ['PUT', `/api/events/${mineOther.id}/tickets/${theirs.id}`, paid],
    ] as const) {
      expect([method, url, (await call(ctx.app, method, url, { token: a.u.token, body })).statusCode]).toEqual([
        method,
        url,
        404,
      ]);
    }
    const org = await inviteAndAccept(ctx.app, ctx.smtp, a.u.token, 'ORGANIZER');
    expect((await call(ctx.app, 'POST', a.base, { token: org.token, body: paid })).statusCode).toBe(201);
  });
});
