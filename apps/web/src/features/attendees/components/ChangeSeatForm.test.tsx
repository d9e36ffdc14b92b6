import type { AttendeeDetailDto } from '@admitone/shared';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { placesFixture, seatingFixture, STALLS_OFFERED } from '../seat-fixtures';
import { ChangeSeatForm } from './ChangeSeatForm';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const attendee = {
  id: 21,
  ticket_id: 3,
  tier_id: null,
  email: 'ana@example.test',
  status: 'ACTIVE',
  date: { id: 11, start_date: '2027-06-01T17:00:00.000Z', end_date: null, label: null, location: null },
  seat: { section: 'Stalls', row: 'A', seat: '1' },
} as AttendeeDetailDto;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(move: () => Response, verified = true) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/events/7/seating') return json(200, { data: seatingFixture });
    if (url === '/api/events/7/seating/places?event_date_id=11') return json(200, { data: placesFixture });
    if (url === '/api/events/7/attendees/21/seat') return move();
    if (url === '/api/users/me') return json(200, { data: { user: { email_verified: verified } } });
    return json(500, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  const onDone = vi.fn();
  const shown = vi.spyOn(notifications, 'show');
  renderWithProviders(<ChangeSeatForm eventId={7} attendee={attendee} onDone={onDone} />, { query: true });
  return { fetchMock, onDone, shown };
}

const seatCalls = (fetchMock: ReturnType<typeof setup>['fetchMock']) =>
  fetchMock.mock.calls.filter(([url]) => url.endsWith('/seat'));

describe('ChangeSeatForm', () => {
  it('offers the free and held seats of the ticket in order, and moves the attendee with the ticket mailed', async () => {
    const { fetchMock, onDone, shown } = setup(() =>
      json(200, { data: { ...attendee, seat: { section: 'Stalls', row: 'B', seat: '2' } } }),
    );
    expect(await screen.findByText('Seated now: Stalls, row A, seat 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change seat' }));
    expect(await screen.findByText('Choose a seat.')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'New seat' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(STALLS_OFFERED);
    fireEvent.click(options[1]!);
    expect((screen.getByRole('checkbox', { name: 'Mail the ticket again' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Change seat' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = seatCalls(fetchMock)[0]!;
    expect(url).toBe('/api/events/7/attendees/21/seat');
    expect(JSON.parse(String(init?.body))).toEqual({ seat_id: 104, send_ticket: true });
    expect(shown.mock.calls[0]![0].message).toBe('Seat changed to Stalls, row B, seat 2.');
  });

  it('narrows the seats by row', async () => {
    setup(() => json(500, {}));
    fireEvent.click(await screen.findByRole('combobox', { name: 'Row' }));
    fireEvent.click(await screen.findByRole('option', { name: 'B' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'New seat' }));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Stalls, row B, seat 2 (held: House)',
        'Stalls, row B, seat 10',
      ]),
    );
  });

  it('puts the refusal on the seat, the ticket not mailed when unticked', async () => {
    const { fetchMock, onDone } = setup(() =>
      json(422, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Check the fields.',
          field_errors: { seat_id: ['Stalls, row A, seat 2 has just been taken by someone else.'] },
        },
      }),
    );
    fireEvent.click(await screen.findByRole('combobox', { name: 'New seat' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Stalls, row A, seat 2' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mail the ticket again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Change seat' }));
    expect(await screen.findByText('Stalls, row A, seat 2 has just been taken by someone else.')).toBeTruthy();
    expect(JSON.parse(String(seatCalls(fetchMock)[0]![1]?.body))).toEqual({ seat_id: 102, send_ticket: false });
    expect(onDone).not.toHaveBeenCalled();
  });

  it('mails no ticket while the organizer’s address is unconfirmed', async () => {
    setup(() => json(500, {}), false);
    await screen.findByText('Confirm your e-mail address to e-mail tickets');
    const mail = screen.getByRole('checkbox', { name: 'Mail the ticket again' }) as HTMLInputElement;
    expect(mail.checked).toBe(false);
    expect(mail.disabled).toBe(true);
  });
});
