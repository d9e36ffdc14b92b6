import type { AttendeeDetailDto, EventDto } from '@admitone/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { seatingFixture } from '../seat-fixtures';
import { AttendeeDrawer } from './AttendeeDrawer';

afterEach(() => vi.unstubAllGlobals());

const event = { id: 7, title: 'Hamlet', timezone: 'Europe/Berlin', currency: 'EUR' } as EventDto;

const attendee: AttendeeDetailDto = {
  id: 21,
  short_id: 'a21',
  order_id: 5,
  order_number: 'O-7KQ2M9XD',
  order_status: 'COMPLETED',
  ticket_id: 3,
  tier_id: null,
  ticket_name: 'Seat',
  tier_label: null,
  first_name: 'Ana',
  last_name: 'Lima',
  email: 'ana@example.test',
  status: 'ACTIVE',
  checked_in_at: null,
  checked_in_by: null,
  created_at: '2027-05-20T12:00:00.000Z',
  // 1 June 2027, 19:00 in Berlin, without an end or a label.
  date: { id: 11, start_date: '2027-06-01T17:00:00.000Z', end_date: null, label: null, location: null },
  seat: null,
  locale: 'en',
  answers: [],
  check_ins: [],
  is_manually_created: false,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The drawer open on attendee 21, read from the stubbed API. */
async function open(detail: AttendeeDetailDto, showDates: boolean, seated = false) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/events/7/attendees/21') return json({ data: detail });
    if (url === '/api/events/7/seating')
      return json({ data: seated ? seatingFixture : { plan: null, categories: [] } });
    return new Response('{}', { status: 500 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const { queryClient } = renderWithProviders(
    <AttendeeDrawer event={event} tickets={[]} attendeeId={21} onClose={() => undefined} showDates={showDates} />,
    { query: true, router: true },
  );
  const section = (await screen.findByRole('heading', { name: 'Ticket', level: 3 })).closest('section')!;
  await waitFor(() => expect(queryClient!.isFetching()).toBe(0));
  expect(fetchMock.mock.calls.filter(([url]) => url === '/api/events/7/attendees/21')).toHaveLength(1);
  return section as HTMLElement;
}

describe('AttendeeDrawer: the date of the ticket', () => {
  it("names the ticket's date in the event's time zone when the event has several", async () => {
    const section = await open(attendee, true);
    expect(within(section).getByText('Date')).toBeTruthy();
    expect(within(section).getByText('Jun 1, 2027, 7:00 PM')).toBeTruthy();
  });

  it("adds the date's label", async () => {
    const section = await open({ ...attendee, date: { ...attendee.date, label: 'Premiere' } }, true);
    expect(within(section).getByText('Jun 1, 2027, 7:00 PM · Premiere')).toBeTruthy();
  });

  it('names no date for an event with one', async () => {
    const section = await open(attendee, false);
    expect(within(section).getByText('Seat')).toBeTruthy();
    expect(within(section).queryByText('Date')).toBeNull();
    expect(screen.queryByText(/Jun 1, 2027/)).toBeNull();
  });
});

describe('AttendeeDrawer: the seat (issue #40)', () => {
  const seated = { ...attendee, seat: { section: 'Stalls', row: 'B', seat: '12' } };

  it('names the seat, and offers to change it for a ticket sold by seat', async () => {
    const section = await open(seated, false, true);
    expect(within(section).getByTestId('attendee-seat').textContent).toBe('Stalls, row B, seat 12');
    expect(screen.getByRole('button', { name: 'Change seat' })).toBeTruthy();
  });

  it('offers no change for a cancelled ticket', async () => {
    await open({ ...seated, status: 'CANCELLED' }, false, true);
    expect(screen.queryByRole('button', { name: 'Change seat' })).toBeNull();
  });

  it('offers no change for a ticket no category sells as', async () => {
    await open({ ...attendee, ticket_id: 9 }, false, true);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change seat' })).toBeNull();
  });

  it('has no seat row and no change on an event without seats', async () => {
    await open(attendee, false);
    expect(screen.queryByTestId('attendee-seat')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change seat' })).toBeNull();
  });
});
