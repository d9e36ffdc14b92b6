import type { PublicEventDto, PublicTicketDto } from '@admitone/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { oneDate } from './date-fixtures';
import { publicTicket, unitPrice } from './ticket-fixtures';
import { TicketSelector } from './TicketSelector';

const unit = unitPrice;
const ticket = (t: Partial<PublicTicketDto> & Pick<PublicTicketDto, 'id' | 'name'>): PublicTicketDto => publicTicket(t);
const soldOut = { sale_state: 'SOLD_OUT', max_selectable: 0, waitlist: true, waitlist_max: 10 } as const;
const tier = (id: number, label: string) =>
  ({
    id,
    label,
    sale_state: 'SOLD_OUT',
    sale_start: null,
    sale_end: null,
    unit: unit(2000),
    max_selectable: 0,
    remaining: null,
  }) as const;
const event = {
  id: 9,
  slug: 'gala',
  url: '/event/9/gala',
  currency: 'EUR',
  dates: oneDate(),
  timezone: 'Europe/Berlin',
  promo: null,
  settings: { price_display_mode: 'EXCLUSIVE' },
  tickets: [
    ticket({ id: 1, name: 'Standard' }),
    ticket({ id: 2, name: 'Front row', ...soldOut }),
    ticket({ id: 3, name: 'Late', sale_state: 'SOLD_OUT', max_selectable: 0 }),
    ticket({
      id: 4,
      name: 'Lounge',
      type: 'TIERED',
      unit: null,
      tiers: [tier(41, 'Early'), tier(42, 'Regular')],
      ...soldOut,
    }),
  ],
  seated_ticket_ids: [],
} as unknown as PublicEventDto;

function renderSelector(widget = false) {
  renderWithProviders(<TicketSelector event={event} reload={vi.fn()} onReserved={vi.fn()} waitlistInNewTab={widget} />);
}

describe('TicketSelector with a waitlist', () => {
  it('offers "Join the waitlist" instead of the quantity of a sold-out ticket with a waitlist', () => {
    renderSelector();
    const joins = screen.getAllByRole('button', { name: 'Join the waitlist' });
    expect(joins.map((b) => b.getAttribute('aria-describedby'))).toEqual(['ticket-2-name', 'ticket-4-name']);
    expect(screen.queryByLabelText('Quantity of Front row')).toBeNull();
    expect(screen.queryByLabelText('Quantity of Lounge – Early')).toBeNull();
    expect(screen.getAllByText('Sold out').length).toBe(4);
    // Without a waitlist: sold out, the quantity as before.
    expect(screen.getByLabelText('Quantity of Late')).toBeTruthy();
    expect(screen.getByLabelText('Quantity of Standard')).toBeTruthy();
  });

  it('loads the join dialog on the first click', async () => {
    renderSelector();
    const join = screen.getAllByRole('button', { name: 'Join the waitlist' })[1]!;
    fireEvent.click(join);
    expect(await screen.findByRole('dialog', { name: 'Join the waitlist for Lounge' })).toBeTruthy();
    expect(screen.getByLabelText('Price tier', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Keyboard focus is back on the button that opened it.
    await waitFor(() => expect(document.activeElement).toBe(join));
  });

  it('in the widget, joins on the event page in a new tab', () => {
    renderSelector(true);
    const links = screen.getAllByRole('link', { name: 'Join the waitlist' });
    expect(links[0]!.getAttribute('href')).toBe('/event/9/gala#tickets');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).toBeNull();
  });
});
