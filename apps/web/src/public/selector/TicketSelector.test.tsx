import type { PublicEventDto, PublicTicketDto } from '@admitone/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { checkoutTokens, orderSecrets } from '../lib/checkout-token';
import { oneDate } from './date-fixtures';
import { publicTicket } from './ticket-fixtures';
import { TicketSelector } from './TicketSelector';

const ticket = (t: Partial<PublicTicketDto> & Pick<PublicTicketDto, 'id' | 'name'>): PublicTicketDto => publicTicket(t);
const event = {
  id: 9,
  currency: 'EUR',
  dates: oneDate(),
  timezone: 'Europe/Berlin',
  promo: null,
  settings: { price_display_mode: 'EXCLUSIVE' },
  tickets: [
    ticket({ id: 1, name: 'Standard' }),
    ticket({ id: 2, name: 'Group', min_per_order: 3 }),
    ticket({ id: 3, name: 'Late', sale_state: 'SOLD_OUT', max_selectable: 0 }),
  ],
  seated_ticket_ids: [],
} as unknown as PublicEventDto;

function setup(fetchAnswer: () => Response) {
  const fetchMock = vi.fn(async () => fetchAnswer());
  vi.stubGlobal('fetch', fetchMock);
  const reload = vi.fn();
  const onReserved = vi.fn();
  renderWithProviders(<TicketSelector event={event} reload={reload} onReserved={onReserved} />);
  return { fetchMock, reload, onReserved };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('TicketSelector', () => {
  it('asks for a ticket first, jumps to the minimum, and reserves with the expected total', async () => {
    const { fetchMock, onReserved } = setup(() =>
      json(201, { data: { short_id: 'o1' }, checkout_token: 'tok_1', order_secret: 'sec_1' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please select at least one ticket')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'One more Group' }));
    expect((screen.getByLabelText('Quantity of Group') as HTMLInputElement).value).toBe('3');
    expect(screen.getByText('Sold out')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'One more Late' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onReserved).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/public/events/9/order');
    expect(JSON.parse(init.body as string)).toMatchObject({
      items: [{ ticket_id: 2, tier_id: null, quantity: 3, amount: null }],
      expected_total: 3000,
    });
    expect((init.headers as Record<string, string>)['idempotency-key']).toBeTruthy();
    expect(checkoutTokens.get(9)).toBe('tok_1');
    // The order's secret is kept per order: the checkout's calls about it send it.
    expect(orderSecrets.get(9, 'o1')).toBe('sec_1');
  });

  it('reloads the event when the prices changed', async () => {
    const { reload } = setup(() => json(409, { error: { code: 'PRICE_CHANGED', message: '' } }));
    fireEvent.click(screen.getByRole('button', { name: 'One more Standard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The prices have changed. Please check the new prices and continue.')).toBeTruthy();
    expect(reload).toHaveBeenCalled();
  });

  it('shows an item error next to its ticket', async () => {
    setup(() =>
      json(422, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          field_errors: { 'items.0.quantity': ['At most 2 per order.'] },
        },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'One more Standard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const error = await screen.findByText('At most 2 per order.');
    expect(error.id).toBe('ticket-1-error');
    expect(screen.getByLabelText('Quantity of Standard').getAttribute('aria-describedby')).toBe('ticket-1-error');
  });
});
