import type { EventDateDto, EventDto, TicketDto } from '@admitone/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { placesFixture, seatingFixture, STALLS_OFFERED } from '../seat-fixtures';
import { AddAttendeeForm } from './AddAttendeeForm';

afterEach(() => vi.unstubAllGlobals());

const event = { id: 7, title: 'Hamlet', timezone: 'Europe/Berlin', currency: 'EUR' } as EventDto;
const ticket = (id: number, name: string) => ({ id, name, type: 'PAID', tiers: [] }) as unknown as TicketDto;
const tickets = [ticket(3, 'Stalls'), ticket(9, 'Parking')];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(dates: EventDateDto[] = []) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/events/7/seating') return json(200, { data: seatingFixture });
    if (url.startsWith('/api/events/7/seating/places')) return json(200, { data: placesFixture });
    if (url === '/api/users/me') return json(200, { data: { user: { email_verified: true } } });
    if (url === '/api/events/7/attendees')
      return json(201, { data: { id: 30, first_name: 'Ana', last_name: 'Lima', seat: null } });
    return json(500, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  const onDone = vi.fn();
  renderWithProviders(<AddAttendeeForm event={event} tickets={tickets} dates={dates} onDone={onDone} />, {
    query: true,
  });
  return { fetchMock, onDone };
}

describe('AddAttendeeForm: a ticket sold by seat (issue #40)', () => {
  it('offers the free and held seats of the chosen ticket, and sends the one chosen', async () => {
    const { fetchMock, onDone } = setup();
    fireEvent.click(await screen.findByRole('combobox', { name: 'Seat' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(STALLS_OFFERED);
    fireEvent.click(options[2]!);
    fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Lima' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'ana@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add attendee' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(30));
    const [, init] = fetchMock.mock.calls.find(
      ([url, i]) => url === '/api/events/7/attendees' && i?.method === 'POST',
    )!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ ticket_id: 3, seat_id: 105 });
  });

  it('has no seat for a ticket not sold by seat', async () => {
    setup();
    await screen.findByRole('combobox', { name: 'Seat' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Ticket' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Parking' }));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Seat' })).toBeNull());
  });

  it('asks which date when the event has several, and reads that date’s seats', async () => {
    const date = (id: number, start: string, status = 'ON_SALE') =>
      ({ id, start_date: start, end_date: null, label: null, status }) as unknown as EventDateDto;
    const { fetchMock, onDone } = setup([
      date(40, '2030-06-01T17:00:00.000Z'),
      date(41, '2030-06-02T17:00:00.000Z'),
      date(42, '2030-06-03T17:00:00.000Z', 'CANCELLED'),
    ]);
    fireEvent.change(await screen.findByRole('textbox', { name: 'First name' }), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Lima' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'ana@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add attendee' }));
    expect(await screen.findByText('Choose a date.')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: /^Date/ }));
    const options = await screen.findAllByRole('option');
    // The cancelled date is no choice.
    expect(options).toHaveLength(2);
    fireEvent.click(options[1]!);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/events/7/seating/places?event_date_id=41')).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add attendee' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(30));
    const [, init] = fetchMock.mock.calls.find(
      ([url, i]) => url === '/api/events/7/attendees' && i?.method === 'POST',
    )!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ ticket_id: 3, event_date_id: 41 });
  });
});
