import type { PublicEventDto, PublicTicketDto, PublicTierDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { oneDate } from './date-fixtures';
import { restoreSelection } from './selection';
import { publicTicket, unitPrice } from './ticket-fixtures';

const ticket = (t: Partial<PublicTicketDto> & Pick<PublicTicketDto, 'id'>): PublicTicketDto => publicTicket(t);
const tier = (id: number, max_selectable: number): PublicTierDto => ({
  id,
  sale_start: null,
  sale_end: null,
  label: `Tier ${id}`,
  sale_state: 'ON_SALE' as const,
  max_selectable,
  remaining: null,
  unit: unitPrice(2000),
});
const event = (tickets: PublicTicketDto[], seated: number[] = []) =>
  ({
    id: 9,
    currency: 'EUR',
    dates: oneDate(),
    promo: null,
    tickets,
    seated_ticket_ids: seated,
  }) as unknown as PublicEventDto;
const item = (ticket_id: number, quantity: number, extra: { tier_id?: number; amount?: number } = {}) => ({
  ticket_id,
  tier_id: extra.tier_id ?? null,
  quantity,
  amount: extra.amount ?? null,
});

describe('restoreSelection', () => {
  it('chooses each line again, with donation amounts and tiers by their line key', () => {
    const e = event([
      ticket({ id: 1 }),
      ticket({ id: 2, type: 'DONATION', unit: unitPrice(500), min_price: 500 }),
      ticket({ id: 3, type: 'TIERED', unit: null, tiers: [tier(31, 5), tier(32, 5)] }),
    ]);
    const r = restoreSelection(e, [item(1, 2), item(2, 1, { amount: 1500 }), item(3, 3, { tier_id: 32 })]);
    expect(r.selection.quantities).toEqual({ '1': 2, '2': 1, '3:32': 3 });
    expect(r.selection.amounts).toEqual({ 2: 1500 });
    expect(r).toMatchObject({ missing: false, seats: false });
  });

  it('cuts a line to what is left, leaves out tickets gone or sold out, and says so', () => {
    const e = event([
      ticket({ id: 1, max_selectable: 2 }),
      ticket({ id: 2, sale_state: 'SOLD_OUT', max_selectable: 0 }),
      ticket({ id: 3, type: 'TIERED', unit: null, tiers: [tier(31, 5)] }),
    ]);
    const r = restoreSelection(e, [item(1, 4), item(2, 1), item(3, 1, { tier_id: 99 }), item(7, 1)]);
    expect(r.selection.quantities).toEqual({ '1': 2 });
    expect(r.missing).toBe(true);
  });

  it('keeps the order limits: the max per order, add-ons only with tickets chosen (whatever their order)', () => {
    const e = event([
      ticket({ id: 1, max_per_order: 3 }),
      ticket({ id: 2, product_type: 'GENERAL', addon_max_per_ticket: 1 }),
    ]);
    const r = restoreSelection(e, [item(2, 2), item(1, 5)]);
    expect(r.selection.quantities).toEqual({ '1': 3, '2': 2 });
    expect(r.missing).toBe(true);
    expect(restoreSelection(e, [item(2, 2)]).selection.quantities).toEqual({});
  });

  it('leaves seated tickets to the seating plan', () => {
    const r = restoreSelection(event([ticket({ id: 1 }), ticket({ id: 2 })], [2]), [item(1, 1), item(2, 2)]);
    expect(r.selection.quantities).toEqual({ '1': 1 });
    expect(r).toMatchObject({ missing: false, seats: true });
  });
});
