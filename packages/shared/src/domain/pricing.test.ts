import { describe, expect, it } from 'vitest';

import { type Charge, percentOf, priceUnit } from './pricing.js';

const VAT20: Charge = { id: 1, name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 20 };
const FEE_FIXED: Charge = { id: 2, name: 'Booking fee', type: 'FEE', calculation_type: 'FIXED', rate: 150 };
const FEE_PCT: Charge = { id: 3, name: 'Service', type: 'FEE', calculation_type: 'PERCENTAGE', rate: 2.5 };
const TAX_FIXED: Charge = { id: 4, name: 'City tax', type: 'TAX', calculation_type: 'FIXED', rate: 100 };

describe('percentOf', () => {
  it.each([
    [1000, 20, 200],
    [999, 7.5, 75], // 74.925 -> 75
    [1, 50, 1], // 0.5 -> 1 (half-up)
    [3, 50, 2], // 1.5 -> 2
    [2, 12.5, 0], // 0.25 -> 0
    [123456789, 7.125, 8796296], // 8796296.2 -> 8796296
    [1999, 0, 0],
    [1999, 100, 1999],
  ])('%d x %d%% = %d', (amount, pct, expected) => expect(percentOf(amount, pct)).toBe(expected));
});

describe('priceUnit', () => {
  it.each([
    // kind, base, charges, promo, expected total, expected parts
    ['paid, no charges', 'PAID', 2500, [], null, { price: 2500, fee_total: 0, tax_total: 0, total: 2500 }],
    [
      'fees then taxes on price plus fees',
      'PAID',
      1000,
      [VAT20, FEE_FIXED],
      null,
      { price: 1000, fee_total: 150, tax_total: 230, total: 1380 },
    ],
    [
      'percentage fee and fixed tax',
      'PAID',
      1000,
      [FEE_PCT, TAX_FIXED],
      null,
      { fee_total: 25, tax_total: 100, total: 1125 },
    ],
    [
      'percentage promo',
      'PAID',
      1000,
      [VAT20],
      { discount_type: 'PERCENTAGE', discount: 10 },
      { discount: 100, price: 900, tax_total: 180, total: 1080 },
    ],
    [
      'fixed promo',
      'PAID',
      1000,
      [],
      { discount_type: 'FIXED', discount: 250 },
      { discount: 250, price: 750, total: 750 },
    ],
    [
      'fixed promo larger than the price stops at zero',
      'PAID',
      1000,
      [VAT20, FEE_FIXED],
      { discount_type: 'FIXED', discount: 5000 },
      { discount: 1000, price: 0, fee_total: 0, tax_total: 0, total: 0 },
    ],
    [
      '100% code leaves no fee or tax',
      'TIERED',
      4000,
      [FEE_FIXED, VAT20],
      { discount_type: 'PERCENTAGE', discount: 100 },
      { price: 0, fees: [], taxes: [], total: 0 },
    ],
    [
      'promo "none" only unlocks tickets',
      'PAID',
      1000,
      [],
      { discount_type: 'NONE', discount: 0 },
      { discount: 0, total: 1000 },
    ],
    ['free tickets carry nothing', 'FREE', 0, [VAT20, FEE_FIXED], null, { total: 0, fees: [] }],
    [
      'donation: no promo, charges on the amount',
      'DONATION',
      500,
      [VAT20],
      { discount_type: 'PERCENTAGE', discount: 50 },
      { discount: 0, price: 500, tax_total: 100, total: 600 },
    ],
    [
      'zero-decimal currency (JPY): whole yen, half-up',
      'PAID',
      1250,
      [
        { ...VAT20, rate: 10 },
        { ...FEE_PCT, rate: 3 },
      ],
      null,
      { fee_total: 38, tax_total: 129, total: 1417 },
    ],
    [
      'rounding per component',
      'PAID',
      333,
      [
        { ...FEE_PCT, rate: 1.5 },
        { ...VAT20, rate: 19 },
      ],
      null,
      { fee_total: 5, tax_total: 64, total: 402 },
    ],
  ] as const)('%s', (_label, kind, base, charges, promo, expected) => {
    expect(priceUnit(kind, base, charges as readonly Charge[], promo as never)).toMatchObject(expected);
  });

  it('lists each fee and tax with its amount', () => {
    expect(priceUnit('PAID', 1000, [VAT20, FEE_FIXED, FEE_PCT])).toEqual({
      base: 1000,
      discount: 0,
      price: 1000,
      fees: [
        { id: 2, name: 'Booking fee', amount: 150 },
        { id: 3, name: 'Service', amount: 25 },
      ],
      taxes: [{ id: 1, name: 'VAT', amount: 235 }],
      fee_total: 175,
      tax_total: 235,
      total: 1410,
    });
  });

  it('refuses fractional or negative bases', () => {
    expect(() => priceUnit('PAID', 10.5, [])).toThrow(RangeError);
    expect(() => priceUnit('PAID', -1, [])).toThrow(RangeError);
  });
});
