import type { OrderDetailDto } from '@admitone/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { RefundForm } from './RefundForm';

const order = {
  id: 41,
  order_number: 'O-TEST1234',
  currency: 'EUR',
  refundable: 1250,
  status: 'COMPLETED',
} as OrderDetailDto;

function setup(answer: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  const onDone = vi.fn();
  renderWithProviders(<RefundForm eventId={7} order={order} onDone={onDone} />, { query: true });
  return { fetchMock, onDone, amount: screen.getByRole('textbox', { name: /Amount to refund/ }) };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('RefundForm', () => {
  it('starts with everything that can be refunded and refuses more', async () => {
    const { fetchMock, amount } = setup(() => json(200, { data: order }));
    expect(amount).toHaveProperty('value', '12.50');
    act(() => amount.focus());
    fireEvent.change(amount, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('At most €12.50 can be refunded.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the amount in minor units with the two choices, then closes', async () => {
    const { fetchMock, onDone, amount } = setup(() =>
      json(200, { data: { ...order, status: 'PARTIALLY_REFUNDED', refundable: 750 } }),
    );
    act(() => amount.focus());
    fireEvent.change(amount, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Also cancel the order/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /E-mail the buyer/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/events/7/orders/41/refund');
    expect(JSON.parse(String(init?.body))).toEqual({ amount: 500, cancel_order: true, notify_buyer: false });
  });

  it("shows the server's message when the refund is refused", async () => {
    const { onDone } = setup(() =>
      json(409, { error: { code: 'REFUND_PENDING', message: 'A refund is already pending. Please wait.' } }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('A refund is already pending. Please wait.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
