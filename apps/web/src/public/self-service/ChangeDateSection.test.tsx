import type { ExchangeDateDto, PublicOrderDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { ChangeDateSection } from './ChangeDateSection';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** An order for 12 December (Berlin) that may move to another date until the day before. */
const order = {
  short_id: 'o1',
  order_number: 'O-ABC',
  event: { id: 7, timezone: 'Europe/Berlin' },
  date: { id: 2, start_date: '2026-12-12T18:30:00.000Z', end_date: null, label: null, location: null },
  self_service: { can_exchange: true, exchange_until: '2026-12-11T18:30:00.000Z' },
} as unknown as PublicOrderDto;

const dates: ExchangeDateDto[] = [
  { id: 3, start_date: '2026-12-19T18:30:00.000Z', end_date: null, label: 'Second night', enough: true },
  { id: 4, start_date: '2026-12-26T18:30:00.000Z', end_date: null, label: null, enough: false },
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
      method === 'GET' ? json(200, { data: dates }) : json(200, { data: { ...order, date: { id: 3 } } }),
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
});
