import type { ExchangeDateDto, PublicOrderDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { ChangeDateSection } from './ChangeDateSection';

/** Stripe as the Payment Element would behave once the card is confirmed (no redirect needed). */
const confirmPayment = vi.fn(async (_options: unknown) => ({}));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  PaymentElement: ({ onReady }: { onReady?: () => void }) => {
    useEffect(() => onReady?.(), [onReady]);
    return <div data-testid="payment-element" />;
  },
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({}),
}));
vi.mock('../checkout/CardPaymentOption', () => ({ stripeFor: () => Promise.resolve({}) }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** An order for 12 December (Berlin) that may move to another date until the day before. */
const order = {
  short_id: 'o1',
  order_number: 'O-ABC',
  currency: 'EUR',
  event: { id: 7, timezone: 'Europe/Berlin', colors: {} },
  date: { id: 2, start_date: '2026-12-12T18:30:00.000Z', end_date: null, label: null, location: null },
  self_service: { can_exchange: true, exchange_until: '2026-12-11T18:30:00.000Z' },
} as unknown as PublicOrderDto;

const same = { total: 4000, difference: 0, settlement: 'NONE' } as const;
const dates: ExchangeDateDto[] = [
  { id: 3, start_date: '2026-12-19T18:30:00.000Z', end_date: null, label: 'Second night', enough: true, ...same },
  { id: 4, start_date: '2026-12-26T18:30:00.000Z', end_date: null, label: null, enough: false, ...same },
];

/** Dates at other prices than the order's 40 €. */
const priced: ExchangeDateDto[] = [
  { ...dates[0]!, total: 5500, difference: 1500, settlement: 'CARD' },
  { ...dates[1]!, enough: true, total: 3000, difference: -1000, settlement: 'REFUND' },
  {
    id: 5,
    start_date: '2027-01-02T18:30:00.000Z',
    end_date: null,
    label: null,
    enough: true,
    total: 6000,
    difference: 2000,
    settlement: 'CARD_UNAVAILABLE',
  },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(answer: (method: string, body: unknown) => Response) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    answer(init?.method ?? 'GET', init?.body ? JSON.parse(String(init.body)) : undefined),
  );
  vi.stubGlobal('fetch', fetchMock);
  const onChange = vi.fn();
  renderWithProviders(<ChangeDateSection order={order} onChange={onChange} />);
  return { fetchMock, onChange };
}

describe('ChangeDateSection', () => {
  it('lists the dates the order may go to, one without room disabled, and moves it', async () => {
    const { fetchMock, onChange } = setup((method) =>
      method === 'GET' ? json(200, { data: dates }) : json(200, { data: { ...order, date: { id: 3 } }, payment: null }),
    );
    expect(screen.getByText(/You can move this order to another date until Dec 11, 2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the date of order O-ABC' });
    expect(within(dialog).getByText(/^Now: Saturday, December 12, 2026/)).toBeTruthy();
    const second = await within(dialog).findByRole('radio', { name: /December 19, 2026.*Second night/ });
    expect((within(dialog).getByRole('radio', { name: /December 26, 2026/ }) as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText('Not enough tickets left on this date')).toBeTruthy();
    fireEvent.click(second);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move my tickets' }));
    expect(await within(dialog).findByText(/^Your tickets are now for Saturday, December 19, 2026/)).toBeTruthy();
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ date: { id: 3 } }));
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/public/events/7/order/o1/exchange');
    expect(JSON.parse(String(init!.body))).toEqual({ event_date_id: 3 });
  });

  it('asks for a date, shows the server’s refusal on the choice, and says when no date is open', async () => {
    setup((method) =>
      method === 'GET'
        ? json(200, { data: dates })
        : json(422, {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Check the fields.',
              field_errors: { event_date_id: ['Your tickets cannot move to this date.'] },
            },
          }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change date' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('radio', { name: /December 19/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move my tickets' }));
    expect(await within(dialog).findByText('Choose a date.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: /December 19/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move my tickets' }));
    expect(await within(dialog).findByText('Your tickets cannot move to this date.')).toBeTruthy();
  });

  it('says so when no other date is open', async () => {
    setup(() => json(200, { data: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Change date' }));
    expect(await screen.findByText('No other date is open for this order now.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Loading the dates')).toBeNull());
  });

  it('is not there when the event does not allow it', () => {
    const closed = { ...order, self_service: { can_exchange: false, exchange_until: null } } as PublicOrderDto;
    renderWithProviders(<ChangeDateSection order={closed} onChange={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Change date' })).toBeNull();
  });

  it('shows what each date costs against the order, and a cheaper one refunds the difference at once', async () => {
    const { fetchMock } = setup((method) =>
      method === 'GET'
        ? json(200, { data: priced })
        : json(200, { data: { ...order, date: { id: 4 } }, payment: null }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change date' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('radio', { name: /December 19/ });
    expect(within(dialog).getByText('€15.00 more, paid by card before your tickets move')).toBeTruthy();
    expect(within(dialog).getByText('€10.00 less, refunded to your card')).toBeTruthy();
    expect(within(dialog).getByText('€20.00 more: this event takes no card payment for the difference')).toBeTruthy();
    expect((within(dialog).getByRole('radio', { name: /January 2, 2027/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /December 26/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move my tickets' }));
    expect(await within(dialog).findByText(/The difference of €10.00 is being refunded to your card\.$/)).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)![1]!.body))).toEqual({ event_date_id: 4 });
  });

  it('a dearer date: the difference is paid by card in the dialog, then the order moves', async () => {
    const payment = {
      client_secret: 'pi_1_secret_x',
      publishable_key: 'pk_test',
      amount: 1500,
      currency: 'eur',
      exchange_id: 9,
      event_date_id: 3,
    };
    const { fetchMock, onChange } = setup((method) => {
      if (method === 'GET') return json(200, { data: priced });
      const last = String(fetchMock.mock.calls.at(-1)![0]);
      return last.endsWith('/exchange/sync')
        ? json(200, {
            data: { ...order, date: { id: 3 } },
            exchange: { id: 9, status: 'APPLIED', event_date_id: 3, difference: 1500 },
          })
        : json(200, { data: order, payment });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change date' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('radio', { name: /December 19/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move my tickets' }));
    dialog = await screen.findByRole('dialog', { name: 'Pay the difference' });
    expect(within(dialog).getByText(/costs €15.00 more\. Pay the difference by card/)).toBeTruthy();
    await within(dialog).findByTestId('payment-element');
    const pay = await within(dialog).findByRole('button', { name: 'Pay €15.00' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    expect(
      await within(dialog).findByText(/^Paid\. Your tickets are now for Saturday, December 19, 2026/),
    ).toBeTruthy();
    expect(confirmPayment).toHaveBeenCalledWith(expect.objectContaining({ redirect: 'if_required' }));
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/public/events/7/order/o1/exchange/sync');
    expect(JSON.parse(String(init!.body))).toEqual({ exchange_id: 9 });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ date: { id: 3 } }));
  });

  it('a dearer date that filled up while the buyer paid: the order stays and the payment is refunded', async () => {
    const payment = { client_secret: 's', publishable_key: 'pk', amount: 1500, currency: 'eur', exchange_id: 9 };
    const { fetchMock } = setup((method) => {
      if (method === 'GET') return json(200, { data: priced });
      return String(fetchMock.mock.calls.at(-1)![0]).endsWith('/sync')
        ? json(200, { data: order, exchange: { id: 9, status: 'REFUNDED', event_date_id: 3, difference: 1500 } })
        : json(200, { data: order, payment: { ...payment, event_date_id: 3 } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change date' }));
    const first = await screen.findByRole('dialog');
    fireEvent.click(await within(first).findByRole('radio', { name: /December 19/ }));
    fireEvent.click(within(first).getByRole('button', { name: 'Move my tickets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the difference' });
    const pay = await within(dialog).findByRole('button', { name: 'Pay €15.00' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    expect(await within(dialog).findByText(/That date filled up while you paid/)).toBeTruthy();
  });
});
