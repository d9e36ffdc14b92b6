import { LIMITS, type PublicEventDto, type PublicTicketDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { oneDate, publicDate } from './date-fixtures';
import {
  donationsBelowMinimum,
  lineKey,
  lineLimit,
  normalizeQuantity,
  parseMajorAmount,
  reservationBody,
  type Selection,
  selectionTotal,
} from './selection';
import { publicTicket, unitPrice } from './ticket-fixtures';

const unit = unitPrice;
const ticket = (t: Partial<PublicTicketDto> & Pick<PublicTicketDto, 'id' | 'type'>): PublicTicketDto =>
  publicTicket({ unit: unit(0), ...t });
const charges = [
  { id: 1, name: 'Booking fee', type: 'FEE' as const, calculation_type: 'FIXED' as const, rate: 150 },
  { id: 2, name: 'VAT', type: 'TAX' as const, calculation_type: 'PERCENTAGE' as const, rate: 20 },
];
const event = {
  id: 5,
  currency: 'GBP',
  dates: oneDate(),
  promo: { code: 'JAZZ10', discount_type: 'PERCENTAGE', discount: 10, ticket_ids: [] },
  tickets: [
    ticket({ id: 1, type: 'FREE' }),
    ticket({ id: 2, type: 'PAID', unit: unit(4500), charges, is_discounted: true }),
    ticket({ id: 3, type: 'DONATION', unit: unit(500), min_price: 500 }),
    ticket({
      id: 4,
      type: 'TIERED',
      unit: null,
      tiers: [
        {
          id: 41,
          label: 'Early',
          sale_state: 'ON_SALE',
          sale_start: null,
          sale_end: null,
          unit: unit(6000),
          max_selectable: 10,
          remaining: null,
        },
      ],
    }),
  ],
} as unknown as PublicEventDto;

describe('normalizeQuantity', () => {
  it('keeps quantities within 0..max and jumps to the minimum', () => {
    expect(normalizeQuantity(1, 3, 10)).toBe(3);
    expect(normalizeQuantity(2, 3, 10, 3)).toBe(0);
    expect(normalizeQuantity(12, 1, 10)).toBe(10);
    expect(normalizeQuantity(-1, 1, 10)).toBe(0);
    expect(normalizeQuantity(Number.NaN, 1, 10)).toBe(0);
    expect(normalizeQuantity(2, 5, 4)).toBe(0);
    expect(normalizeQuantity(2.7, 1, 10)).toBe(2);
  });
});

describe('parseMajorAmount', () => {
  it('converts major units with the currency exponent', () => {
    expect(parseMajorAmount('12.5', 'GBP')).toBe(1250);
    expect(parseMajorAmount('12,50', 'EUR')).toBe(1250);
    expect(parseMajorAmount('1.005', 'EUR')).toBe(101);
    expect(parseMajorAmount('500', 'JPY')).toBe(500);
    expect(parseMajorAmount('abc', 'GBP')).toBeNull();
    expect(parseMajorAmount('', 'GBP')).toBeNull();
  });
});

describe('selection totals and the reservation body', () => {
  const selection: Selection = {
    quantities: { [lineKey(1)]: 2, [lineKey(2)]: 1, [lineKey(3)]: 1, [lineKey(4, 41)]: 2 },
    amounts: { 3: 1000 },
  };

  it('prices with the shared rule: promo, fees, then taxes', () => {
    // Standard: 4500 - 10% = 4050, + 150 fee = 4200, + 20% VAT 840 = 5040; donation 1000; tiers 2 x 6000.
    expect(selectionTotal(event, selection)).toBe(5040 + 1000 + 12000);
  });

  it('sends only selected lines with tier and donation amount', () => {
    expect(reservationBody(event, selection, 'de')).toEqual({
      items: [
        { ticket_id: 1, tier_id: null, quantity: 2, amount: null },
        { ticket_id: 2, tier_id: null, quantity: 1, amount: null },
        { ticket_id: 3, tier_id: null, quantity: 1, amount: 1000 },
        { ticket_id: 4, tier_id: 41, quantity: 2, amount: null },
      ],
      promo_code: 'JAZZ10',
      expected_total: 18040,
      locale: 'de',
      event_date_id: 1,
    });
  });

  it('names the chosen date of an event with several, and none before one is chosen', () => {
    const dates = (chosen: PublicEventDto['dates']['chosen']) => ({ ...oneDate(), count: 4, chosen });
    const saturday = publicDate({ id: 77, label: 'Matinee' });
    expect(reservationBody({ ...event, dates: dates(saturday) }, selection)).toMatchObject({ event_date_id: 77 });
    expect(reservationBody({ ...event, dates: dates(null) }, selection)).not.toHaveProperty('event_date_id');
  });

  it('flags donations below the minimum or not a number', () => {
    expect(donationsBelowMinimum(event, { ...selection, amounts: { 3: 400 } })).toEqual([3]);
    expect(donationsBelowMinimum(event, { ...selection, amounts: { 3: -1 } })).toEqual([3]);
    expect(donationsBelowMinimum(event, { ...selection, amounts: {} })).toEqual([]);
    // An invalid amount is priced at the minimum rather than breaking the total.
    expect(selectionTotal(event, { quantities: { [lineKey(3)]: 1 }, amounts: { 3: -1 } })).toBe(500);
  });
});

describe('lineLimit: how many more may be chosen, and why not more', () => {
  const tiers = (max: number, ...ids: number[]) =>
    ids.map((id) => ({
      id,
      label: `Tier ${id}`,
      sale_state: 'ON_SALE' as const,
      sale_start: null,
      sale_end: null,
      unit: unit(1000),
      max_selectable: max,
      remaining: null,
    }));
  const eventOf = (...tickets: PublicTicketDto[]) =>
    ({ id: 1, currency: 'EUR', promo: null, tickets, dates: oneDate() }) as unknown as PublicEventDto;
  const pick = (quantities: Record<string, number>): Selection => ({ quantities, amounts: {} });

  it("the ticket's max per order; on a tie with the stock, the rule", () => {
    const t = ticket({ id: 1, type: 'PAID', max_per_order: 4, max_selectable: 4 });
    expect(lineLimit(eventOf(t), t, null, pick({}))).toEqual({ max: 4, reason: 'PER_ORDER' });
  });

  it('what is left, when fewer are left than the rules allow', () => {
    const t = ticket({ id: 1, type: 'PAID', max_per_order: 10, max_selectable: 3, remaining: 3 });
    expect(lineLimit(eventOf(t), t, null, pick({}))).toEqual({ max: 3, reason: 'STOCK' });
  });

  it("a tiered ticket's max per order counts its tiers together, as the server does", () => {
    const t = ticket({
      id: 1,
      type: 'TIERED',
      unit: null,
      max_per_order: 4,
      max_selectable: 4,
      tiers: tiers(4, 11, 12),
    });
    const selection = pick({ [lineKey(1, 11)]: 3 });
    expect(lineLimit(eventOf(t), t, 12, selection)).toEqual({ max: 1, reason: 'PER_ORDER' });
    expect(lineLimit(eventOf(t), t, 11, selection)).toEqual({ max: 4, reason: 'PER_ORDER' });
  });

  it('the order-wide cap of 100 tickets, over every line', () => {
    const a = ticket({ id: 1, type: 'FREE', max_selectable: 100 });
    const b = ticket({ id: 2, type: 'FREE', max_selectable: 100 });
    expect(lineLimit(eventOf(a, b), a, null, pick({}))).toEqual({ max: LIMITS.ORDER_UNITS_MAX, reason: 'ORDER_UNITS' });
    expect(lineLimit(eventOf(a, b), b, null, pick({ [lineKey(1)]: 70 }))).toEqual({ max: 30, reason: 'ORDER_UNITS' });
    expect(lineLimit(eventOf(a, b), b, null, pick({ [lineKey(1)]: 100 }))).toEqual({ max: 0, reason: 'ORDER_UNITS' });
  });

  it('the order-wide cap of 50 lines: a 51st line cannot start, the chosen ones can still grow', () => {
    const many = Array.from({ length: 51 }, (_, i) => ticket({ id: i + 1, type: 'FREE', max_selectable: 10 }));
    const ev = eventOf(...many);
    const selection = pick(Object.fromEntries(many.slice(0, 50).map((t) => [lineKey(t.id), 1])));
    expect(lineLimit(ev, many[50]!, null, selection)).toEqual({ max: 0, reason: 'ORDER_LINES' });
    expect(lineLimit(ev, many[0]!, null, selection)).toEqual({ max: 10, reason: 'STOCK' });
  });

  it("nothing when fewer than the ticket's minimum could be chosen", () => {
    const group = ticket({ id: 1, type: 'FREE', min_per_order: 3, max_selectable: 2, remaining: 2 });
    expect(lineLimit(eventOf(group), group, null, pick({}))).toEqual({ max: 0, reason: 'STOCK' });
  });
});

describe('seated tickets', () => {
  const seated = {
    ...event,
    promo: null,
    tickets: [ticket({ id: 1, type: 'PAID', unit: unit(4500) }), ticket({ id: 2, type: 'PAID', unit: unit(500) })],
    seated_ticket_ids: [1],
  } as unknown as PublicEventDto;

  it('counts the places chosen on the plan and sends them, the rest by quantity', () => {
    const selection: Selection = { quantities: { '1': 5, '2': 2 }, amounts: {}, seats: { '1': [11, 12] } };
    const body = reservationBody(seated, selection);
    expect(body.items).toEqual([
      { ticket_id: 1, tier_id: null, quantity: 2, amount: null, seats: [11, 12] },
      { ticket_id: 2, tier_id: null, quantity: 2, amount: null },
    ]);
    expect(body.expected_total).toBe(2 * 4500 + 2 * 500);
  });

  it('leaves a seated ticket out when no seat is chosen', () => {
    expect(reservationBody(seated, { quantities: { '1': 3 }, amounts: {} }).items).toEqual([]);
  });
});
