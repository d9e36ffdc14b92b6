import type { PaymentOptionDto, PublicOrderDto } from '@admitone/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { MolliePaymentOption } from './MolliePaymentOption';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const order = { event: { id: 7 }, short_id: 'o5' } as unknown as PublicOrderDto;
const options: PaymentOptionDto[] = [
  { id: 'mollie.ideal', provider: 'MOLLIE', method: 'ideal', label: 'iDEAL', image: 'https://mollie.test/ideal.svg' },
  { id: 'mollie.bancontact', provider: 'MOLLIE', method: 'bancontact', label: 'Bancontact', image: null },
];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(answer: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer.clone());
  vi.stubGlobal('fetch', fetchMock);
  const onState = vi.fn();
  renderWithProviders(<MolliePaymentOption order={order} options={options} onState={onState} />);
  const sent = () =>
    fetchMock.mock.calls.map(([url, init]) => [url, JSON.parse(String((init as RequestInit).body))] as const);
  return { sent, onState };
}

describe('paying at Mollie', () => {
  it('offers each method as a radio button and sends the browser to Mollie with the chosen one', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { sent } = setup(json(200, { data: { checkout_url: 'https://www.mollie.com/checkout/pay/abc' } }));
    const ideal = screen.getByRole('radio', { name: 'iDEAL' }) as HTMLInputElement;
    expect(ideal.checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Bancontact' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay with Bancontact' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.mollie.com/checkout/pay/abc'));
    expect(sent()).toEqual([['/api/public/events/7/order/o5/mollie-payment', { option: 'mollie.bancontact' }]]);
  });

  it("shows the server's message when the method is no longer offered", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const message = 'This way to pay is not offered for this order. Choose another.';
    setup(
      json(422, {
        error: { code: 'VALIDATION_FAILED', message: 'Check the fields.', field_errors: { option: [message] } },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pay with iDEAL' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows a provider failure as the server words it', async () => {
    const message = 'The payment provider could not be reached. Nothing was charged; please try again.';
    setup(json(502, { error: { code: 'PAYMENT_PROVIDER_ERROR', message } }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay with iDEAL' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});
