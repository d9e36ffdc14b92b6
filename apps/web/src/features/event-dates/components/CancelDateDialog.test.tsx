import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { CancelDateDialog } from './CancelDateDialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const DATE = {
  id: 12,
  event_id: 7,
  start_date: '2027-06-08T17:00:00.000Z',
  end_date: null,
  label: 'Closing night',
  location: null,
  status: 'CANCELLED',
  capacity: null,
  taken: 0,
  created_at: '2027-01-01T00:00:00.000Z',
};

/** The preview holds 3 orders with 5 tickets; the cancellation answers `cancelled`. */
function setup(cancelled: () => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/events/7/dates/12/cancel' && (init?.method ?? 'GET') === 'GET')
      return json(200, { data: { orders: 3, tickets: 5, refunds: 2, paid_outside: 1 } });
    if (url === '/api/events/7/dates/12/cancel') return cancelled();
    return json(200, { data: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  const show = vi.spyOn(notifications, 'show').mockReturnValue('');
  const onClose = vi.fn();
  renderWithProviders(<CancelDateDialog eventId={7} dateId={12} name="Tue 8 June 2027" onClose={onClose} />, {
    query: true,
  });
  const posted = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  return { onClose, show, posted };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CancelDateDialog', () => {
  it('says what the date holds, refunds by default, sends the message and says how many orders go', async () => {
    const { onClose, show, posted } = setup(() =>
      json(200, { data: DATE, cancellation: { orders: 3, refunds: 2, pending: 3 } }),
    );
    expect(await screen.findByText(/It holds 3 orders\. 5 tickets will no longer be valid/)).toBeTruthy();
    const refund = screen.getByRole('checkbox', { name: /Refund paid orders/ });
    expect(refund).toHaveProperty('checked', true);
    expect(screen.getByTestId('date-paid-outside').textContent).toBe(
      '1 order was paid offline or added by your team: return that payment yourself. Its history will say how much.',
    );
    // The dialog renders in a portal: axe checks the whole document (happy-dom lays nothing out).
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } },
    });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: /Message to the buyers/ }), {
      target: { value: 'The lead actor is ill.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel date and its orders' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(posted()[0]![1]?.body))).toEqual({ refund: true, message: 'The lead actor is ill.' });
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'The date was cancelled. 3 orders are being cancelled.' }),
    );
  });

  it('can leave the refunds out and the message empty', async () => {
    const { onClose, posted } = setup(() =>
      json(200, { data: DATE, cancellation: { orders: 3, refunds: 0, pending: 3 } }),
    );
    await screen.findByText(/It holds 3 orders/);
    fireEvent.click(screen.getByRole('checkbox', { name: /Refund paid orders/ }));
    // Nothing to return by hand without refunds.
    expect(screen.queryByTestId('date-paid-outside')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel date and its orders' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(posted()[0]![1]?.body))).toEqual({ refund: false, message: null });
  });

  it("shows the server's reason when the date cannot be cancelled, and stays open", async () => {
    const { onClose } = setup(() =>
      json(409, { error: { code: 'LAST_EVENT_DATE', message: 'An event needs at least one date.' } }),
    );
    await screen.findByText(/It holds 3 orders/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel date and its orders' }));
    expect(await screen.findByText('An event needs at least one date.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Cancel date and its orders' })).not.toHaveProperty('disabled', true),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
