import { describe, expect, it } from 'vitest';

import { orderBreakdown } from './order-breakdown.js';
import { priceUnit } from './pricing.js';

describe('orderBreakdown', () => {
  it('lists lines at list price, so the lines sum to the subtotal and the rows add up to the total', () => {
    const promo = { discount_type: 'PERCENTAGE' as const, discount: 10 };
    const charges = [
      { id: 1, name: 'VAT', type: 'TAX' as const, calculation_type: 'PERCENTAGE' as const, rate: 20 },
      { id: 2, name: 'Booking fee', type: 'FEE' as const, calculation_type: 'FIXED' as const, rate: 150 },
    ];
    const seat = priceUnit('PAID', 4_500, charges, promo);
    const lawn = priceUnit('FREE', 0, [], promo);
    const items = [
      { ticket_name: 'Standard', tier_label: null, quantity: 2, unit: seat },
      { ticket_name: 'Lawn pass', tier_label: null, quantity: 1, unit: lawn },
    ];
    const sum = (f: (u: typeof seat) => number) => items.reduce((s, i) => s + f(i.unit) * i.quantity, 0);
    const totals = {
      subtotal: sum((u) => u.base),
      discount: sum((u) => u.discount),
      fees: sum((u) => u.fee_total),
      taxes: sum((u) => u.tax_total),
      total: sum((u) => u.total),
    };
    const b = orderBreakdown(items, totals);
    expect(b.lines.map((l) => [l.ticket_name, l.quantity, l.unit_price, l.amount])).toEqual([
      ['Standard', 2, 4_500, 9_000],
      ['Lawn pass', 1, 0, 0],
    ]);
    expect(b.rows.map((r) => r.kind)).toEqual(['subtotal', 'discount', 'fees', 'taxes', 'total']);
    const row = (k: string) => b.rows.find((r) => r.kind === k)!.amount;
    expect(b.lines.reduce((s, l) => s + l.amount, 0)).toBe(row('subtotal'));
    expect(row('subtotal') - row('discount') + row('fees') + row('taxes')).toBe(row('total'));
    expect(row('discount')).toBe(900);
  });

  it('shows only the total when nothing is taken off or added', () => {
    const b = orderBreakdown([{ ticket_name: 'Seat', tier_label: 'Early', quantity: 3, unit: { base: 1_000 } }], {
      subtotal: 3_000,
      discount: 0,
      fees: 0,
      taxes: 0,
      total: 3_000,
    });
    expect(b.rows).toEqual([{ kind: 'total', amount: 3_000 }]);
    expect(b.lines[0]).toEqual({
      ticket_name: 'Seat',
      tier_label: 'Early',
      quantity: 3,
      unit_price: 1_000,
      amount: 3_000,
    });
  });
});
