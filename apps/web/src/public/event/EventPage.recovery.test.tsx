import type { PublicEventDto } from '@admitone/shared';
import { screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ServerLocationProvider } from '../../lib/history-navigation';
import { Providers, renderWithProviders } from '../../test-utils/render';
import { recoveredBuyers } from '../lib/recovered-buyer';
import { oneDate } from '../selector/date-fixtures';
import { publicTicket, unitPrice } from '../selector/ticket-fixtures';
import { publicEvent } from './event-fixtures';
import { EventPage } from './EventPage';
import { InitialEventContext } from './use-public-event';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const TOKEN = 'rec_0123456789abcdef';
const gala = (seated: number[] = []) =>
  publicEvent(oneDate(), {
    tickets: [
      publicTicket({ id: 1, name: 'Standard', max_selectable: 3 }),
      publicTicket({ id: 2, name: 'Gift', type: 'DONATION', unit: unitPrice(500), min_price: 500 }),
      publicTicket({ id: 3, name: 'Box' }),
    ],
    seated_ticket_ids: seated,
  });
const recovery = {
  event_date_id: 1,
  promo_code: null,
  items: [
    { ticket_id: 1, tier_id: null, quantity: 2, amount: null },
    { ticket_id: 2, tier_id: null, quantity: 1, amount: 1500 },
  ],
  buyer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' },
};

function setup(address: string, answer: () => Response, event: PublicEventDto = gala()) {
  window.history.replaceState(null, '', address);
  const fetchMock = vi.fn(async (url: string) => (url.includes('/recoveries/') ? answer() : json({})));
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(
    <InitialEventContext.Provider value={{ event }}>
      <EventPage eventId={9} />
    </InitialEventContext.Provider>,
  );
  return fetchMock;
}

const quantity = (name: string) => (screen.getByLabelText(`Quantity of ${name}`) as HTMLInputElement).value;

beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('EventPage: back from the mail about a checkout left unfinished', () => {
  it('chooses the earlier tickets and donation again, says nothing was held, and keeps the buyer', async () => {
    const fetchMock = setup(`/event/9/gala?recover=${TOKEN}&date=1`, () => json({ data: recovery }));
    expect(await screen.findByText(/Welcome back! Your earlier choices are selected again/)).toBeTruthy();
    expect(fetchMock.mock.calls.map((c) => c[0])).toContain(`/api/public/events/9/recoveries/${TOKEN}`);
    expect(quantity('Standard')).toBe('2');
    expect(quantity('Gift')).toBe('1');
    expect(quantity('Box')).toBe('0');
    expect((screen.getByLabelText('Amount per ticket for Gift (EUR)') as HTMLInputElement).value).toBe('15');
    expect(screen.getByTestId('selection-total').textContent).toBe('€35.00');
    expect(screen.queryByText(/no longer available/)).toBeNull();
    expect(recoveredBuyers.get(9)).toEqual(recovery.buyer);
  });

  it('says when some choices are no longer available (cut down, or gone)', async () => {
    setup(
      `/event/9/gala?recover=${TOKEN}`,
      () =>
        json({
          data: {
            ...recovery,
            items: [
              { ticket_id: 1, tier_id: null, quantity: 5, amount: null },
              { ticket_id: 7, tier_id: null, quantity: 1, amount: null },
            ],
          },
        }),
      gala(),
    );
    expect(await screen.findByText(/Some of your earlier choices are no longer available\./)).toBeTruthy();
    await waitFor(() => expect(quantity('Standard')).toBe('3'));
  });

  it('says an expired link has expired, and chooses nothing', async () => {
    setup(`/event/9/gala?recover=${TOKEN}`, () => json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404));
    expect(await screen.findByText('This link has expired: choose your tickets below.')).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    expect(quantity('Standard')).toBe('0');
    expect(recoveredBuyers.get(9)).toBeNull();
  });

  it('is rendered on the server as without the link (fetched in the browser only)', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const html = (url: string) =>
      renderToString(
        <ServerLocationProvider url={url}>
          <Providers>
            <InitialEventContext.Provider value={{ event: gala() }}>
              <EventPage eventId={9} />
            </InitialEventContext.Provider>
          </Providers>
        </ServerLocationProvider>,
      );
    expect(html(`/event/9/gala?recover=${TOKEN}&date=1`)).toBe(html('/event/9/gala?date=1'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
