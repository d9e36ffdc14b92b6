import type { OrderDetailDto } from '@admitone/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { OrderLines } from './OrderLines';

const unit = { base: 0, discount: 0, price: 0, fees: [], taxes: [], fee_total: 0, tax_total: 0, total: 0 };
const order = {
  currency: 'EUR',
  promo_code: null,
  totals: { subtotal: 0, discount: 0, fees: 0, taxes: 0, total: 0 },
  items: [
    { ticket_id: 1, tier_id: null, ticket_name: 'Evening', tier_label: null, quantity: 1, unit, total: 0 },
    { ticket_id: 2, tier_id: null, ticket_name: 'Any two nights', tier_label: null, quantity: 1, unit, total: 0 },
  ],
  pass_picks: [{ ticket_id: 2, picks: 2, picked: 1 }],
} as unknown as OrderDetailDto;

describe('OrderLines', () => {
  it('says under a pass for any N dates how many its holder has picked', () => {
    renderWithProviders(<OrderLines order={order} />);
    expect(screen.getAllByTestId('pass-picks-line').map((l) => l.textContent)).toEqual([
      'Pass: 1 of 2 dates picked by its holder',
    ]);
  });
});
