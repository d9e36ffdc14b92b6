import type { PublicSeatAvailabilityDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { TicketSelector } from '../selector/TicketSelector';
import { seatedEvent, smallPlan } from './seating-fixtures';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Answers {
  availability?: () => Partial<PublicSeatAvailabilityDto>;
  best?: number[];
  order?: () => Response;
}

function setup(answers: Answers = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/seating')) return json(200, { data: smallPlan() });
    if (url.includes('/seating/availability')) {
      return json(200, { data: { date_id: 1, unavailable: [], standing: [], ...answers.availability?.() } });
    }
    if (url.includes('/seating/best')) return json(200, { data: { seats: answers.best ?? [] } });
    if (url.endsWith('/order') && init?.method === 'POST') return answers.order?.() ?? json(500, {});
    return json(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  const onReserved = vi.fn();
  // A new event object per test: the page keeps plans by event id, the fetch mock is this test's.
  renderWithProviders(
    <TicketSelector
      event={seatedEvent({ id: Math.floor(Math.random() * 1e9) })}
      reload={vi.fn()}
      onReserved={onReserved}
    />,
  );
  return { fetchMock, onReserved };
}

const basket = () => screen.getByTestId('seat-basket');
const map = async () => screen.findByRole('application', { name: 'Seating plan' });
const orderBody = (fetchMock: ReturnType<typeof setup>['fetchMock']) => {
  const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/order'));
  return JSON.parse((call![1] as RequestInit).body as string) as { items: unknown[] };
};

afterEach(() => vi.unstubAllGlobals());

describe('SeatPicker', () => {
  it('shows the categories with their prices, and no steppers for seated tickets', async () => {
    setup();
    await map();
    const legend = screen.getByTestId('seat-legend');
    expect(within(legend).getByText('Front')).toBeTruthy();
    expect(within(legend).getByText('€45.00')).toBeTruthy();
    expect(within(legend).getByText('not on sale')).toBeTruthy();
    expect(within(legend).getByText('Wheelchair space')).toBeTruthy();
    expect(screen.queryByLabelText('Quantity of Front seat')).toBeNull();
    expect(screen.getByLabelText('Quantity of Programme')).toBeTruthy();
    expect(screen.getAllByText('Choose on the plan')).toHaveLength(2);
  });

  it('moves with the arrow keys, announces each seat and chooses it with Enter', async () => {
    const { fetchMock, onReserved } = setup({
      order: () => json(201, { data: { short_id: 'o1' }, checkout_token: 't', order_secret: 's' }),
    });
    const plan = await map();
    fireEvent.focus(plan);
    fireEvent.keyDown(plan, { key: 'ArrowRight' });
    const live = screen.getByTestId('seat-announcement');
    expect(live.textContent).toBe('Stalls, row A, seat 2, Front, €45.00, Companion seat, free');
    fireEvent.keyDown(plan, { key: 'ArrowDown' });
    expect(live.textContent).toBe('Stalls, row B, seat 2, Back, €30.00, free');
    fireEvent.keyDown(plan, { key: 'Enter' });
    expect(live.textContent).toBe('Stalls, row B, seat 2, Back, €30.00, chosen');
    expect(await within(await screen.findByTestId('seat-basket')).findByText('Stalls, row B, seat 2')).toBeTruthy();
    expect(await screen.findByText('1 seat chosen')).toBeTruthy();
    expect(screen.getByTestId('selection-total').textContent).toBe('€30.00');

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onReserved).toHaveBeenCalled());
    expect(orderBody(fetchMock).items).toEqual([
      { ticket_id: 2, tier_id: null, quantity: 1, amount: null, seats: [112] },
    ]);
  });

  it('chooses from the list, a table sold whole with all its seats, and offers companion seats', async () => {
    setup({ availability: () => ({ unavailable: [103] }) });
    await map();
    fireEvent.click(screen.getByRole('radio', { name: 'List' }));
    const list = await screen.findByTestId('seat-list');
    // Taken (A3) and not on sale (Box) are not listed.
    expect(within(list).queryByRole('checkbox', { name: 'Stalls, row A, seat 3' })).toBeNull();
    expect(within(list).queryByRole('checkbox', { name: 'Box, row C, seat 1' })).toBeNull();
    fireEvent.click(within(list).getByRole('checkbox', { name: 'Stalls, row T1, seat 2' }));
    await waitFor(() => expect(within(basket()).getAllByTestId('basket-seat')).toHaveLength(4));

    fireEvent.click(within(list).getByRole('checkbox', { name: 'Stalls, row A, seat 1' }));
    const offer = await screen.findByTestId('companion-offer');
    expect(within(offer).getAllByRole('checkbox')).toHaveLength(1);
    fireEvent.click(within(offer).getByRole('checkbox', { name: 'Stalls, row A, seat 2' }));
    expect(await within(basket()).findByText('Stalls, row A, seat 2')).toBeTruthy();
    expect(within(basket()).getByText('Front · Wheelchair space')).toBeTruthy();
  });

  it('chooses the best available seats of a category', async () => {
    const { fetchMock } = setup({ best: [114, 115] });
    await map();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Back' } });
    fireEvent.click(screen.getByRole('button', { name: 'Best available' }));
    expect(await within(await screen.findByTestId('seat-basket')).findByText('Stalls, row B, seat 4')).toBeTruthy();
    expect(within(basket()).getByText('Stalls, row B, seat 5')).toBeTruthy();
    const url = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/best'));
    expect(url).toMatch(/date=1&category=Back&quantity=2$/);
  });

  it('names a seat lost to another buyer, keeps the others chosen and asks availability again', async () => {
    let taken: number[] = [];
    const { fetchMock } = setup({
      availability: () => ({ unavailable: taken }),
      order: () => {
        taken = [112];
        return json(409, {
          error: {
            code: 'SEATS_TAKEN',
            message: 'Stalls B 2 has just been taken by someone else.',
            field_errors: { 'items.0.seats.1': ['Stalls B 2 has just been taken by someone else.'] },
          },
        });
      },
    });
    const plan = await map();
    fireEvent.focus(plan);
    fireEvent.keyDown(plan, { key: 'ArrowDown' });
    fireEvent.keyDown(plan, { key: 'Enter' });
    fireEvent.keyDown(plan, { key: 'ArrowRight' });
    fireEvent.keyDown(plan, { key: ' ' });
    await waitFor(() => expect(within(basket()).getAllByTestId('basket-seat')).toHaveLength(2));
    const asked = fetchMock.mock.calls.filter(([u]) => String(u).includes('availability')).length;

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText(
        'Sorry, someone else was quicker: Stalls, row B, seat 2. Nothing was reserved; your other seats are still chosen.',
      ),
    ).toBeTruthy();
    // The basket follows the map a render later.
    await waitFor(() => expect(within(basket()).getAllByTestId('basket-seat')).toHaveLength(1));
    expect(within(basket()).getByText('Stalls, row B, seat 1')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('availability')).length).toBeGreaterThan(asked),
    );
  });

  it('drops a chosen seat someone else takes while the buyer looks, and says so', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    let taken: number[] = [];
    setup({ availability: () => ({ unavailable: taken }) });
    const plan = await map();
    fireEvent.focus(plan);
    fireEvent.keyDown(plan, { key: 'ArrowDown' });
    fireEvent.keyDown(plan, { key: 'Enter' });
    expect(await within(await screen.findByTestId('seat-basket')).findByText('Stalls, row B, seat 1')).toBeTruthy();
    taken = [111];
    await vi.advanceTimersByTimeAsync(2_000);
    expect(
      await screen.findByText('Someone else has just taken Stalls, row B, seat 1. It is no longer among your seats.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('seat-basket')).toBeNull());
  });
});
