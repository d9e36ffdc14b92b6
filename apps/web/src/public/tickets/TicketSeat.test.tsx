import type { PublicOrderDto, PublicTicketPageDto } from '@admitone/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { OrderTickets } from '../checkout/OrderTickets';
import TicketPage from './TicketPage';
import TicketPrintPage from './TicketPrintPage';

afterEach(() => vi.unstubAllGlobals());

/** Where the buyer's tickets of a seated event sit (issue #40): the order page, the ticket page and its print. */

const seat = { section: 'Stalls', row: 'B', seat: '12' };
const attendee = (short_id: string, first_name: string, over: object = {}) => ({
  short_id,
  ticket_id: 3,
  tier_id: null,
  ticket_name: 'Stalls',
  tier_label: null,
  first_name,
  last_name: 'Lima',
  email: null,
  status: 'ACTIVE' as const,
  ...over,
});

const event = { id: 7, title: 'Hamlet', timezone: 'Europe/Berlin', colors: {}, is_online: true, organizer_name: 'X' };
const date = { id: 11, start_date: '2027-06-01T17:00:00.000Z', end_date: null, label: null, location: null };

describe('the seat on the buyer’s pages', () => {
  it('names each ticket’s seat, or standing area, on the order page; none for a ticket without one', () => {
    const order = {
      event,
      attendees: [
        attendee('a1', 'Ana', { seat }),
        attendee('a2', 'Leo', { seat: { section: 'Ground floor', row: 'Pit', seat: '' } }),
        attendee('a3', 'Eva'),
      ],
    } as unknown as PublicOrderDto;
    renderWithProviders(<OrderTickets order={order} onChange={() => undefined} />);
    const cards = screen.getAllByTestId('order-ticket');
    expect(within(cards[0]!).getByTestId('ticket-seat').textContent).toBe('Stalls, row B, seat 12');
    expect(within(cards[1]!).getByTestId('ticket-seat').textContent).toBe('Ground floor, Pit');
    expect(within(cards[2]!).queryByTestId('ticket-seat')).toBeNull();
  });

  const ticket = {
    attendee: attendee('a1', 'Ana', { seat }),
    order_number: 'O-1',
    order_status: 'COMPLETED',
    ticket_state: 'VALID',
    checked_in_at: null,
    qr_code: null,
    unit: null,
    event,
    date,
  } as unknown as PublicTicketPageDto;
  const stub = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: ticket }), { status: 200 })),
    );

  it('names the seat on the ticket page', async () => {
    stub();
    renderWithProviders(<TicketPage eventId={7} shortId="a1" />);
    expect((await screen.findByTestId('ticket-seat')).textContent).toBe('Stalls, row B, seat 12');
    expect(screen.getByText('Seat')).toBeTruthy();
  });

  it('names the seat on the printed ticket', async () => {
    stub();
    vi.stubGlobal('print', vi.fn());
    renderWithProviders(<TicketPrintPage eventId={7} shortId="a1" />);
    expect(await screen.findByText('Stalls, row B, seat 12')).toBeTruthy();
  });
});
