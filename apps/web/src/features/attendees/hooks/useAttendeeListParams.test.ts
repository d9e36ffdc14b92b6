import { describe, expect, it } from 'vitest';

import {
  type AttendeeListState,
  parseAttendeeListState,
  toAttendeeListParams,
  writeAttendeeListState,
} from './useAttendeeListParams';

const base: AttendeeListState = {
  page: 1,
  query: '',
  sort: { by: 'created_at', direction: 'desc' },
  status: null,
  checkedIn: null,
  tickets: [],
  date: null,
};

describe('attendee list state', () => {
  it('reads defaults, and ignores unknown values', () => {
    expect(parseAttendeeListState(new URLSearchParams())).toEqual(base);
    expect(
      parseAttendeeListState(new URLSearchParams('sort=price:asc&status=RESERVED&checked_in=yes&ticket=x')),
    ).toEqual(base);
  });

  it('round-trips through the address', () => {
    const state: AttendeeListState = {
      page: 2,
      query: 'grace',
      sort: { by: 'last_name', direction: 'asc' },
      status: 'CANCELLED',
      checkedIn: 'false',
      tickets: [7],
      date: 31,
    };
    const params = new URLSearchParams('attendee=5');
    writeAttendeeListState(params, state);
    expect(params.get('attendee')).toBe('5');
    expect(parseAttendeeListState(params)).toEqual(state);
  });

  it('sends sorting without filters, and filters without sorting (SPEC §3)', () => {
    expect(toAttendeeListParams({ ...base, sort: { by: 'email', direction: 'asc' } })).toEqual({
      page: 1,
      per_page: 20,
      sort_by: 'email',
      sort_direction: 'asc',
    });
    expect(toAttendeeListParams({ ...base, query: 'x', checkedIn: 'true', tickets: [1, 2] })).toEqual({
      page: 1,
      per_page: 20,
      query: 'x',
      filter_fields: { checked_in: 'true', ticket_id: '1,2' },
    });
  });

  it('filters by one date of the event (`?date=`), as `event_date_id`', () => {
    expect(parseAttendeeListState(new URLSearchParams('date=42')).date).toBe(42);
    expect(parseAttendeeListState(new URLSearchParams('date=soon')).date).toBeNull();
    const params = new URLSearchParams();
    writeAttendeeListState(params, { ...base, date: 42 });
    expect(params.toString()).toBe('date=42');
    expect(toAttendeeListParams({ ...base, date: 42 })).toEqual({
      page: 1,
      per_page: 20,
      filter_fields: { event_date_id: '42' },
    });
  });
});
