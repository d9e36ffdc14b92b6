import type { PublicEventDto, PublicTicketDto } from '@admitone/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { affiliateCodes } from '../lib/affiliate';
import { oneDate } from './date-fixtures';
import { TicketSelector } from './TicketSelector';

const lawn = {
  id: 1,
  name: 'Lawn pass',
  description: null,
  type: 'FREE',
  sale_state: 'ON_SALE',
  sale_start: null,
  sale_end: null,
  min_per_order: 1,
  max_per_order: null,
  max_selectable: 10,
  remaining: null,
  min_price: null,
  tiers: [],
  charges: [],
  is_discounted: false,
  unlocked_by_promo: false,
  unit: { base: 0, discount: 0, price: 0, fees: [], taxes: [], fee_total: 0, tax_total: 0, total: 0 },
} as unknown as PublicTicketDto;
const event = {
  id: 31,
  currency: 'EUR',
  dates: oneDate(),
  timezone: 'Europe/Berlin',
  promo: null,
  settings: { price_display_mode: 'EXCLUSIVE' },
  tickets: [lawn],
  seated_ticket_ids: [],
} as unknown as PublicEventDto;

async function reserveBody() {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ data: { short_id: 'o1' }, checkout_token: 'tok' }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const onReserved = vi.fn();
  renderWithProviders(<TicketSelector event={event} reload={vi.fn()} onReserved={onReserved} />);
  fireEvent.click(screen.getByRole('button', { name: 'One more Lawn pass' }));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(onReserved).toHaveBeenCalled());
  const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return JSON.parse(init.body as string) as Record<string, unknown>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('TicketSelector and affiliate links', () => {
  it("sends the event's remembered affiliate code with the reservation", async () => {
    affiliateCodes.set(31, 'RADIO');
    affiliateCodes.set(32, 'OTHER');
    expect(await reserveBody()).toMatchObject({
      affiliate_code: 'RADIO',
      items: [{ ticket_id: 1, quantity: 1 }],
      expected_total: 0,
    });
  });

  it('sends no code when the buyer did not come through a link', async () => {
    expect(await reserveBody()).not.toHaveProperty('affiliate_code');
  });
});
