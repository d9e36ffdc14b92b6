import type { TicketDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { waitlistTicketOptions } from '../components/WaitlistFilterBar';
import { waitlistPath } from '../waitlist-path';
import { parseWaitlistFilters, toWaitlistFilter, writeWaitlistFilters } from './useWaitlistFilters';

describe('waitlist filters in the address', () => {
  const none = { state: null, ticketId: null, dateId: null };
  it('reads a state, a ticket and a date, and ignores what is not one', () => {
    expect(parseWaitlistFilters(new URLSearchParams('state=OFFERED&ticket=12&date=40'))).toEqual({
      state: 'OFFERED',
      ticketId: 12,
      dateId: 40,
    });
    expect(parseWaitlistFilters(new URLSearchParams('state=nope&ticket=-3&date=x'))).toEqual(none);
    expect(parseWaitlistFilters(new URLSearchParams(''))).toEqual(none);
  });

  it('writes them, keeping other parameters and dropping cleared ones', () => {
    const next = writeWaitlistFilters(new URLSearchParams('order=5&state=WAITING'), {
      ...none,
      ticketId: 7,
      dateId: 40,
    });
    expect(next.toString()).toBe('order=5&ticket=7&date=40');
  });

  it('asks the API only for what is set', () => {
    expect(toWaitlistFilter(none)).toEqual({});
    expect(toWaitlistFilter({ state: 'WAITING', ticketId: 3, dateId: null })).toEqual({
      state: 'WAITING',
      ticket_id: 3,
    });
    expect(toWaitlistFilter({ ...none, dateId: 40 })).toEqual({ event_date_id: 40 });
  });

  it('links to the screen, filtered when asked', () => {
    expect(waitlistPath(9)).toBe('/manage/event/9/waitlist');
    expect(waitlistPath(9, { ticketId: 4 })).toBe('/manage/event/9/waitlist?ticket=4');
  });
});

describe('the ticket filter', () => {
  const ticket = (id: number, name: string, waitlist_enabled: boolean) => ({ id, name, waitlist_enabled }) as TicketDto;
  const tickets = [
    ticket(1, 'Standard', true),
    ticket(2, 'VIP', false),
    ticket(3, 'Parking', false),
    ticket(4, 'Backstage', false),
  ];

  it('offers the tickets with a waitlist, those still waited for, and the chosen one', () => {
    const demand = [{ ticket_id: 2, ticket_name: 'VIP', waiting_people: 1, waiting_units: 2, offered_units: 0 }];
    expect(waitlistTicketOptions(tickets, demand, 4)).toEqual([
      { value: '1', label: 'Standard' },
      { value: '2', label: 'VIP' },
      { value: '4', label: 'Backstage' },
    ]);
  });
});
