import type { PublicEventDto, PublicTicketDto } from '@admitone/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { Providers } from '../../test-utils/render';
import { oneDate } from './date-fixtures';
import { publicTicket, unitPrice } from './ticket-fixtures';
import { TicketSelector } from './TicketSelector';

const unit = unitPrice;
const ticket = (t: Partial<PublicTicketDto> & Pick<PublicTicketDto, 'id' | 'name'>): PublicTicketDto => publicTicket(t);
const tier = (id: number, label: string) => ({
  id,
  label,
  sale_state: 'ON_SALE' as const,
  sale_start: null,
  sale_end: null,
  unit: unit(2000),
  max_selectable: 2,
  remaining: null,
});
const event = {
  id: 9,
  currency: 'EUR',
  dates: oneDate(),
  timezone: 'Europe/Berlin',
  promo: null,
  settings: { price_display_mode: 'EXCLUSIVE' },
  tickets: [
    ticket({ id: 1, name: 'Standard', max_per_order: 2, max_selectable: 2 }),
    ticket({ id: 2, name: 'Last seats', max_selectable: 1, remaining: 1 }),
    ticket({ id: 3, name: 'Hidden stock', max_selectable: 1 }),
    ticket({ id: 4, name: 'Bulk', max_selectable: 100 }),
    ticket({
      id: 5,
      name: 'Front',
      type: 'TIERED',
      unit: null,
      max_per_order: 2,
      max_selectable: 2,
      tiers: [tier(51, 'Early'), tier(52, 'Late')],
    }),
    ticket({ id: 6, name: 'Gone', sale_state: 'SOLD_OUT', max_selectable: 0 }),
  ],
  seated_ticket_ids: [],
} as unknown as PublicEventDto;

const app = () => (
  <Providers>
    <TicketSelector event={event} reload={() => {}} onReserved={() => {}} />
  </Providers>
);
const more = (name: string) => screen.getByRole('button', { name: `One more ${name}` }) as HTMLButtonElement;
const quantity = (name: string) => screen.getByLabelText(`Quantity of ${name}`) as HTMLInputElement;
const note = (id: string) => document.getElementById(id)!;

describe('TicketSelector: why + stops', () => {
  it('says so beside the disabled button, in a polite live region the button and field point to', () => {
    render(app());
    const limit = note('ticket-1-limit');
    expect(limit.getAttribute('aria-live')).toBe('polite');
    expect(limit.textContent).toBe('');
    expect(more('Standard').getAttribute('aria-describedby')).toBeNull();

    fireEvent.click(more('Standard'));
    expect(limit.textContent).toBe('');
    fireEvent.click(more('Standard'));
    expect(more('Standard').disabled).toBe(true);
    expect(limit.textContent).toBe('Max 2 per order');
    expect(more('Standard').getAttribute('aria-describedby')).toBe('ticket-1-limit');
    expect(quantity('Standard').getAttribute('aria-describedby')).toBe('ticket-1-limit');

    // One less: + works again and the sentence goes.
    fireEvent.click(screen.getByRole('button', { name: 'One less Standard' }));
    expect(more('Standard').disabled).toBe(false);
    expect(limit.textContent).toBe('');
  });

  it('names what is left when the event shows it, and only that it ran out when it does not', () => {
    render(app());
    fireEvent.click(more('Last seats'));
    expect(note('ticket-2-limit').textContent).toBe('Only 1 left');
    fireEvent.click(more('Hidden stock'));
    expect(note('ticket-3-limit').textContent).toBe('No more available');
  });

  it('a typed quantity above the cap is brought down to it, with the reason', () => {
    render(app());
    const field = quantity('Standard');
    fireEvent.change(field, { target: { value: '9' } });
    fireEvent.blur(field);
    expect(field.value).toBe('2');
    expect(note('ticket-1-limit').textContent).toBe('Max 2 per order');
  });

  it('counts the tiers of a ticket together against its max per order', () => {
    render(app());
    fireEvent.click(more('Front – Early'));
    expect(more('Front – Late').disabled).toBe(false);
    fireEvent.click(more('Front – Late'));
    expect(more('Front – Early').disabled).toBe(true);
    expect(more('Front – Late').disabled).toBe(true);
    expect(note('ticket-5-51-limit').textContent).toBe('Max 2 per order');
    expect(note('ticket-5-52-limit').textContent).toBe('Max 2 per order');
  });

  it('the order-wide cap of 100 tickets stops the other lines too', () => {
    render(app());
    fireEvent.change(quantity('Bulk'), { target: { value: '99' } });
    fireEvent.blur(quantity('Bulk'));
    fireEvent.click(more('Standard'));
    expect(more('Standard').disabled).toBe(true);
    expect(note('ticket-1-limit').textContent).toBe('Max 100 tickets per order');
    expect(note('ticket-4-limit').textContent).toBe('Max 100 tickets per order');
    expect(more('Last seats').disabled).toBe(true);
    expect(note('ticket-2-limit').textContent).toBe('Max 100 tickets per order');
  });

  it('says nothing about a ticket that is not on sale (its state says why)', () => {
    render(app());
    expect(more('Gone').disabled).toBe(true);
    expect(note('ticket-6-limit').textContent).toBe('');
    expect(screen.getByText('Sold out')).toBeTruthy();
  });

  it('renders on the server, with the empty live regions in place', () => {
    const html = renderToString(app());
    expect(html).toContain('id="ticket-1-limit"');
    expect(html).toContain('aria-live="polite"');
  });
});

describe('TicketSelector: an add-on sold with tickets', () => {
  const withAddOn = {
    ...event,
    tickets: [
      ticket({ id: 1, name: 'Entry', max_selectable: 10 }),
      ticket({ id: 7, name: 'Parking', product_type: 'GENERAL', addon_max_per_ticket: 1, max_selectable: 50 }),
    ],
    seated_ticket_ids: [],
  } as unknown as PublicEventDto;
  const shop = () => (
    <Providers>
      <TicketSelector event={withAddOn} reload={() => {}} onReserved={() => {}} />
    </Providers>
  );

  it('offers at most its N per ticket chosen, says why, and follows the tickets down', () => {
    render(shop());
    // No ticket yet: nothing to add it to.
    expect(more('Parking').disabled).toBe(true);
    expect(note('ticket-7-limit').textContent).toBe('Choose a ticket first');

    fireEvent.click(more('Entry'));
    fireEvent.click(more('Entry'));
    fireEvent.click(more('Parking'));
    fireEvent.click(more('Parking'));
    expect(quantity('Parking').value).toBe('2');
    expect(more('Parking').disabled).toBe(true);
    expect(note('ticket-7-limit').textContent).toBe('No more than the tickets chosen allow');
    // A typed quantity above it is brought down to it.
    fireEvent.change(quantity('Parking'), { target: { value: '9' } });
    fireEvent.blur(quantity('Parking'));
    expect(quantity('Parking').value).toBe('2');

    // One ticket less: the add-on goes down with it.
    fireEvent.click(screen.getByRole('button', { name: 'One less Entry' }));
    expect(quantity('Entry').value).toBe('1');
    expect(quantity('Parking').value).toBe('1');
  });
});
