import type { PublicOrderDto } from '@admitone/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { OrderSummaryCard } from './OrderSummaryCard';

const unit = (base: number, discount: number, fee: number, tax: number) => ({
  base,
  discount,
  price: base - discount,
  fees: [],
  taxes: [],
  fee_total: fee,
  tax_total: tax,
  total: base - discount + fee + tax,
});

/** Two seats at €45 with 10 % off (JAZZ10), a €1.50 fee and 20 % VAT each, and a free lawn pass. */
const order = {
  currency: 'EUR',
  promo_code: 'JAZZ10',
  totals: { subtotal: 9_000, discount: 900, fees: 300, taxes: 1_620, total: 10_020 },
  items: [
    {
      ticket_id: 1,
      tier_id: null,
      ticket_name: 'Standard',
      tier_label: null,
      quantity: 2,
      unit: unit(4_500, 450, 150, 810),
      total: 10_020,
    },
    {
      ticket_id: 2,
      tier_id: null,
      ticket_name: 'Lawn pass',
      tier_label: null,
      quantity: 1,
      unit: unit(0, 0, 0, 0),
      total: 0,
    },
  ],
} as unknown as PublicOrderDto;

describe('OrderSummaryCard', () => {
  it('shows the lines at list price, then a discount taken once, fees, taxes and a total that adds up', () => {
    renderWithProviders(<OrderSummaryCard order={order} />);
    const rows = within(screen.getByRole('table', { name: 'Order summary' }))
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent?.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual([
      '2 × Standard (€45.00 each)€90.00',
      '1 × Lawn passFree',
      'Subtotal€90.00',
      'Discount (JAZZ10)−€9.00',
      'Fees€3.00',
      'Taxes€16.20',
      'Total€100.20',
    ]);
  });

  it('says why there is no VAT under the totals of a reverse-charge order (the details, payment and summary steps)', () => {
    const notice = 'Reverse charge: VAT is not charged on this order; your business accounts for it.';
    const { rerender } = renderWithProviders(<OrderSummaryCard order={order} />);
    expect(screen.queryByText(notice)).toBeNull();
    const reverse = { invoice_details: { requested: true, reverse_charge: true } } as Partial<PublicOrderDto>;
    rerender(<OrderSummaryCard order={{ ...order, ...reverse }} />);
    expect(screen.getByText(notice)).toBeTruthy();
  });
});
