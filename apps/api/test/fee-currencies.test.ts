import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { events, ticketTaxes } from '../src/db/schema/index.js';
import { publicEvent, reserve } from './checkout-factory.js';
import { createEvent, createOrganizer, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * A fixed fee was an amount in the account's currency, charged as that many minor units of whatever
 * currency the event had: EUR 1.50 became 150 yen on an event in JPY. Now a fixed fee says its
 * currency and is charged only on events in it: attaching it elsewhere is refused with the field, a
 * mismatched one left on a ticket is never charged, and an event's currency cannot change under its
 * tickets' fixed fees.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function world() {
  const u = await registerUser(ctx.app);
  const accountId = u.accounts[0]!.id;
  const as = { token: u.token };
  const organizer = await createOrganizer(ctx.app, u.token);
  const fee = async (body: Record<string, unknown>) =>
    call(ctx.app, 'POST', `/api/accounts/${accountId}/taxes-and-fees`, { ...as, body: { type: 'FEE', ...body } });
  const event = async (currency: string) => {
    const e = await createEvent(ctx.app, u.token, organizer.id, {
      currency,
      start_date: '2027-06-01T19:00',
      end_date: '2027-06-01T23:00',
      timezone: 'Asia/Tokyo',
    });
    return e;
  };
  const ticket = (eventId: number, taxIds: number[], price = 1000) =>
    call(ctx.app, 'POST', `/api/events/${eventId}/tickets`, {
      ...as,
      body: { name: 'Seat', type: 'PAID', price, tax_and_fee_ids: taxIds },
    });
  const live = (eventId: number) =>
    ctx.app.deps.database.db
      .update(events)
      .set({ status: 'LIVE', client_hold_limit: null, client_reservation_limit: null })
      .where(eq(events.id, eventId));
  return { u, as, accountId, fee, event, ticket, live };
}

describe('fixed fees and currencies', () => {
  it("gives a fixed fee its currency (the account's unless named) and shows a percentage in the account's", async () => {
    const w = await world();
    const plain = await w.fee({ name: 'Service', calculation_type: 'FIXED', rate: 150 });
    expect(plain.json().data).toMatchObject({ calculation_type: 'FIXED', rate: 150, currency: 'USD' });
    const euro = await w.fee({ name: 'Booking fee', calculation_type: 'FIXED', rate: 150, currency: 'EUR' });
    expect(euro.json().data).toMatchObject({ rate: 150, currency: 'EUR' });
    // An edit that does not name the currency keeps the fee's own.
    const edited = await call(ctx.app, 'PUT', `/api/accounts/${w.accountId}/taxes-and-fees/${euro.json().data.id}`, {
      ...w.as,
      body: { name: 'Booking fee', type: 'FEE', calculation_type: 'FIXED', rate: 200 },
    });
    expect(edited.json().data).toMatchObject({ rate: 200, currency: 'EUR' });
    expect(
      (await w.fee({ name: 'Bad', calculation_type: 'FIXED', rate: 1, currency: 'XYZ' })).json().error.field_errors,
    ).toHaveProperty('currency');
  });

  it('refuses a fixed fee in another currency on a ticket, with its name and both currencies; percentages go anywhere', async () => {
    const w = await world();
    const euro = (await w.fee({ name: 'Booking fee', calculation_type: 'FIXED', rate: 150, currency: 'EUR' })).json()
      .data;
    const yen = (await w.fee({ name: '手数料', calculation_type: 'FIXED', rate: 150, currency: 'JPY' })).json().data;
    const vat = (await w.fee({ name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 10 })).json().data;
    const tokyo = await w.event('JPY');

    const refused = await w.ticket(tokyo.id, [euro.id, vat.id]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.field_errors).toEqual({
      tax_and_fee_ids: ['“Booking fee” is a fixed amount in EUR: it cannot be charged on an event in JPY.'],
    });

    const made = await w.ticket(tokyo.id, [yen.id, vat.id]);
    expect(made.statusCode).toBe(201);
    await w.live(tokyo.id);
    // 1,000 yen + a fee of 150 yen (not 1.50 of anything else), with 10 % VAT on both: 1,265 yen.
    const unit = (await publicEvent(ctx.app, tokyo.id)).tickets[0]!.unit;
    expect(unit).toMatchObject({ fee_total: 150, total: 1265 });
    const order = await reserve(ctx.app, tokyo.id, { items: [{ ticket_id: made.json().data.id, quantity: 2 }] });
    expect(order.statusCode).toBe(201);
    expect(order.json().data.totals).toMatchObject({ fees: 300, total: 2530 });
  });

  it('never charges a mismatched fixed fee left on a ticket from before fees had a currency', async () => {
    const w = await world();
    const euro = (await w.fee({ name: 'Booking fee', calculation_type: 'FIXED', rate: 150, currency: 'EUR' })).json()
      .data;
    const tokyo = await w.event('JPY');
    const seat = (await w.ticket(tokyo.id, [])).json().data;
    // As an old ticket would have it: the EUR fee attached to a JPY ticket.
    await ctx.app.deps.database.db.insert(ticketTaxes).values({ ticket_id: seat.id, tax_and_fee_id: euro.id });
    await w.live(tokyo.id);
    expect((await publicEvent(ctx.app, tokyo.id)).tickets[0]!.unit?.total).toBe(1000);
    const order = await reserve(ctx.app, tokyo.id, { items: [{ ticket_id: seat.id, quantity: 1 }] });
    expect(order.json().data.totals).toMatchObject({ fees: 0, total: 1000 });
    const listed = (await call(ctx.app, 'GET', `/api/events/${tokyo.id}/tickets`, w.as)).json().data[0];
    expect(listed.price_with_charges).toBe(1000);
  });

  it("keeps an event's currency while its tickets carry fixed fees in it", async () => {
    const w = await world();
    const euro = (await w.fee({ name: 'Booking fee', calculation_type: 'FIXED', rate: 150, currency: 'EUR' })).json()
      .data;
    const paris = await w.event('EUR');
    const seat = (await w.ticket(paris.id, [euro.id])).json().data;
    const change = () => call(ctx.app, 'PUT', `/api/events/${paris.id}`, { ...w.as, body: { currency: 'USD' } });
    const refused = await change();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.field_errors).toEqual({
      currency: [
        'Tickets of this event carry fixed fees in EUR. Remove them from the tickets first, or use fees in the new currency.',
      ],
    });
    expect(
      (
        await call(ctx.app, 'PUT', `/api/events/${paris.id}/tickets/${seat.id}`, {
          ...w.as,
          body: { name: 'Seat', type: 'PAID', price: 1000, tax_and_fee_ids: [] },
        })
      ).statusCode,
    ).toBe(200);
    expect((await change()).statusCode).toBe(200);
  });
});
