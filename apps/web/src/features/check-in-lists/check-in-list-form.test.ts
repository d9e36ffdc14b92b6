import type { CheckInListDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { checkInListBodyOf, checkInListValues } from './check-in-list-form';
import { staffLinkUrl } from './staff-link';

const list: CheckInListDto = {
  id: 7,
  event_id: 3,
  name: 'VIP',
  description: 'Side door',
  all_tickets: false,
  ticket_ids: [11, 12],
  activates_at: '2026-07-12T16:30:00.000Z',
  expires_at: null,
  state: 'NOT_YET_ACTIVE',
  has_staff_link: false,
  staff_token: null,
  checked_in: 0,
  total: 4,
};

describe('check-in list form', () => {
  it('starts a new list admitting every ticket, with the default name and no window', () => {
    expect(checkInListBodyOf(checkInListValues(undefined, 'Europe/Berlin'))).toEqual({
      name: null,
      description: null,
      all_tickets: true,
      ticket_ids: [],
      activates_at: null,
      expires_at: null,
    });
  });

  it("edits a list's times as wall clock in the event's zone", () => {
    const values = checkInListValues(list, 'Europe/Berlin');
    expect(values).toMatchObject({
      name: 'VIP',
      description: 'Side door',
      admits: 'TICKETS',
      ticket_ids: ['11', '12'],
      activates_at: '2026-07-12 18:30:00',
      expires_at: null,
    });
    expect(checkInListBodyOf(values)).toEqual({
      name: 'VIP',
      description: 'Side door',
      all_tickets: false,
      ticket_ids: [11, 12],
      activates_at: '2026-07-12T18:30',
      expires_at: null,
    });
  });

  it('sends a blank name as the default name, and no tickets when it admits all', () => {
    const body = checkInListBodyOf({ ...checkInListValues(list, 'UTC'), name: '   ', description: ' ', admits: 'ALL' });
    expect(body).toMatchObject({ name: null, description: null, all_tickets: true, ticket_ids: [] });
  });

  it('keeps a list without a default name unnamed in the form', () => {
    expect(checkInListValues({ ...list, name: null, description: null }, 'UTC')).toMatchObject({
      name: '',
      description: '',
    });
  });
});

describe('staff link', () => {
  it('opens the volunteer screen of the token on this site', () => {
    expect(staffLinkUrl('abc_DEF-123', 'https://tickets.example')).toBe('https://tickets.example/check-in/abc_DEF-123');
  });
});
