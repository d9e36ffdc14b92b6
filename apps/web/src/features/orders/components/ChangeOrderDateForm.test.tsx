import type { EventDateDto, OrderDetailDto } from '@admitone/shared';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { ChangeOrderDateForm } from './ChangeOrderDateForm';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const order = {
  id: 41,
  order_number: 'O-TEST1234',
  date: { id: 2, start_date: '2026-12-12T18:30:00.000Z', end_date: null, label: null, location: null },
} as OrderDetailDto;

const date = (id: number, start: string, over: Partial<EventDateDto> = {}): EventDateDto => ({
  id,
  event_id: 7,
  start_date: start,
  end_date: null,
  label: null,
  location: null,
  status: 'ON_SALE',
  capacity: null,
  taken: 0,
  created_at: '2026-11-01T08:00:00.000Z',
  ...over,
});
const dates = [
  date(2, '2026-12-12T18:30:00.000Z'),
  date(3, '2026-12-19T18:30:00.000Z', { label: 'Encore' }),
  date(4, '2026-12-26T18:30:00.000Z', { status: 'CANCELLED' }),
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(answer: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  const onDone = vi.fn();
  const shown = vi.spyOn(notifications, 'show');
  renderWithProviders(
    <ChangeOrderDateForm eventId={7} order={order} dates={dates} timeZone="Europe/Berlin" onDone={onDone} />,
    { query: true },
  );
  return { fetchMock, onDone, shown };
}

describe('ChangeOrderDateForm', () => {
  it('offers the dates not cancelled but the order’s own, and moves the order with the buyer told', async () => {
    const { fetchMock, onDone, shown } = setup(() => json(200, { data: { ...order, date: dates[1] } }));
    expect(screen.getByText(/^Now: Saturday, December 12, 2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move order' }));
    expect(await screen.findByText('Choose a date.')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'New date' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Saturday, December 19, 2026 at 7:30 PM GMT+1 · Encore']);
    fireEvent.click(options[0]!);
    expect((screen.getByRole('checkbox', { name: /E-mail the buyer the new date/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/events/7/orders/41/date');
    expect(JSON.parse(String(init?.body))).toEqual({ event_date_id: 3, notify_buyer: true });
    expect(shown.mock.calls[0]![0].message).toBe(
      'Order O-TEST1234 moved to Saturday, December 19, 2026 at 7:30 PM GMT+1 · Encore.',
    );
  });

  it('puts the server’s refusal on the field', async () => {
    const { onDone } = setup(() =>
      json(422, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Check the fields.',
          field_errors: { event_date_id: ['The order cannot move to this date.'] },
        },
      }),
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'New date' }));
    fireEvent.click((await screen.findAllByRole('option'))[0]!);
    fireEvent.click(screen.getByRole('checkbox', { name: /E-mail the buyer the new date/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Move order' }));
    expect(await screen.findByText('The order cannot move to this date.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
