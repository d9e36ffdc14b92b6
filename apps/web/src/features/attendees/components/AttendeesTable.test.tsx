import type { AttendeeDto, Paginated } from '@admitone/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { mockViewportWidth } from '../../../test-utils/viewport';
import { AttendeesTable } from './AttendeesTable';

/** Two attendees of an event with several dates: one for the matinee, one for an evening show. */
const attendee = (id: number, date: AttendeeDto['date']): AttendeeDto => ({
  id,
  short_id: `A${id}`,
  order_id: id,
  order_number: `O-${id}`,
  order_status: 'COMPLETED',
  ticket_id: 1,
  tier_id: null,
  ticket_name: 'Stalls',
  tier_label: null,
  first_name: 'Ada',
  last_name: `Lovelace ${id}`,
  email: null,
  status: 'ACTIVE',
  checked_in_at: null,
  checked_in_by: null,
  created_at: '2027-05-01T10:00:00.000Z',
  date,
  seat: null,
});
const page: Paginated<AttendeeDto> = {
  data: [
    attendee(1, { id: 7, start_date: '2027-06-08T12:00:00.000Z', end_date: null, label: 'Matinee', location: null }),
    attendee(2, { id: 8, start_date: '2027-06-08T18:00:00.000Z', end_date: null, label: null, location: null }),
  ],
  meta: {
    current_page: 1,
    per_page: 20,
    total: 2,
    last_page: 1,
    allowed_sorts: [],
    allowed_filter_fields: [],
    has_more: false,
    next_cursor: null,
  },
};

const setup = (showDates: boolean, shown = page) =>
  renderWithProviders(
    <AttendeesTable
      page={shown}
      onPage={() => undefined}
      timeZone="Europe/Berlin"
      sorting={{ sort: { by: 'created_at', direction: 'desc' }, onSort: () => undefined }}
      onOpen={() => undefined}
      showDates={showDates}
    />,
  );

describe('AttendeesTable', () => {
  it('names each ticket\'s date in a "Date" column when the event has several dates', () => {
    mockViewportWidth(1280);
    setup(true);
    expect(screen.getByRole('columnheader', { name: 'Date' })).toBeTruthy();
    const rows = screen.getAllByTestId('attendee-row');
    expect(rows[0]!.textContent).toContain('Jun 8, 2027, 2:00 PM');
    expect(within(rows[0]!).getByText('Matinee')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('Jun 8, 2027, 8:00 PM');
  });

  it('has no "Date" column for an event with one date', () => {
    mockViewportWidth(1280);
    setup(false);
    expect(screen.queryByRole('columnheader', { name: 'Date' })).toBeNull();
  });

  it('has a "Seat" column when an attendee of the page has a seat, a dash for one without', () => {
    mockViewportWidth(1280);
    const seated = { ...page.data[0]!, seat: { section: 'Stalls', row: 'B', seat: '12' } };
    setup(false, { ...page, data: [seated, page.data[1]!] });
    expect(screen.getByRole('columnheader', { name: 'Seat' })).toBeTruthy();
    const rows = screen.getAllByTestId('attendee-row');
    expect(within(rows[0]!).getByText('Stalls, row B, seat 12')).toBeTruthy();
    expect(within(rows[1]!).getAllByText('—').length).toBeGreaterThan(0);
  });

  it('has no "Seat" column when no attendee of the page has one', () => {
    mockViewportWidth(1280);
    setup(false);
    expect(screen.queryByRole('columnheader', { name: 'Seat' })).toBeNull();
  });

  it('names a standing area on a phone card', () => {
    mockViewportWidth(375);
    const standing = { ...page.data[0]!, seat: { section: 'Ground floor', row: 'Pit', seat: '' } };
    setup(false, { ...page, data: [standing] });
    expect(screen.getByText('Ground floor, Pit')).toBeTruthy();
  });
});
