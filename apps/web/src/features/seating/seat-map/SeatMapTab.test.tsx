import type { SeatHoldDto, SeatPlaceDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { EventSeatingPage } from '../components/EventSeatingPage';
import { theatre } from '../seating-fixtures';
import { killed, placesOnDate, pressHold } from './seat-map-fixtures';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const seating = {
  plan: { id: 5, name: 'Town theatre', version: 1, latest_version: 1 },
  categories: [],
};
const date = (id: number, start: string, status = 'ON_SALE') => ({
  id,
  event_id: 7,
  start_date: start,
  end_date: null,
  label: null,
  location: null,
  status,
  capacity: null,
  taken: 0,
  created_at: '2026-01-01T00:00:00.000Z',
});

interface World {
  places?: (dateId: string | null) => SeatPlaceDto[];
  holds?: SeatHoldDto[];
  dates?: ReturnType<typeof date>[];
  answer?: (method: string, url: string, body: unknown) => Response | undefined;
}

function setup({ places = () => placesOnDate(), holds = [pressHold, killed], dates, answer }: World = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    const answered = answer?.(method, url, body);
    if (answered) return answered;
    if (url === '/api/events/7')
      return json(200, {
        data: { id: 7, title: 'Hamlet', timezone: 'Europe/Berlin', organizer: { id: 3, name: 'Riverside Hall' } },
      });
    if (url === '/api/events/7/seating') return json(200, { data: seating });
    if (url === '/api/events/7/dates') return json(200, { data: dates ?? [date(1, '2031-10-02T17:30:00.000Z')] });
    if (url.startsWith('/api/events/7/seating/places'))
      return json(200, { data: places(new URL(url, 'http://x').searchParams.get('event_date_id')) });
    if (url === '/api/events/7/seating/holds' && method === 'GET') return json(200, { data: holds });
    if (url === '/api/organizers/3/seating-plans/5/versions/1')
      return json(200, {
        data: { version: 1, counts: { seats: 8, standing: 40, categories: 2 }, published_at: '', layout: theatre },
      });
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/manage/event/:eventId/seating', Component: EventSeatingPage },
      { path: '/manage/event/:eventId/orders', Component: () => <p>Orders page</p> },
    ],
    { initialEntries: ['/manage/event/7/seating?tab=map'] },
  );
  renderWithProviders(<RouterProvider router={router} />, { query: true });
  const calls = (method: string) =>
    fetchMock.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === method)
      .map(([url, init]) => [url, init?.body ? JSON.parse(String(init.body)) : undefined] as const);
  return { calls, router };
}

const seat = (id: number) => screen.getByTestId('seat-state-map').querySelector(`[data-seat-id="${id}"]`)!;
const count = (state: string) => screen.getByTestId(`count-${state}`).textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the seat map of a seated event', () => {
  it('draws every seat in its state with a title, counts each state and names who sits on a sold seat', async () => {
    const { router } = setup();
    expect(await screen.findByRole('tab', { name: 'Seat map', selected: true })).toBeTruthy();
    await screen.findByTestId('seat-state-map');
    expect([count('FREE'), count('SOLD'), count('RESERVED'), count('HELD'), count('KILLED')]).toEqual([
      '3',
      '1',
      '1',
      '2',
      '1',
    ]);
    expect(seat(102).getAttribute('data-state')).toBe('SOLD');
    expect(seat(102).querySelector('title')?.textContent).toBe('Ground floor, row A, seat 2: Sold, Ada Lovelace');
    expect(seat(104).querySelector('title')?.textContent).toBe('Ground floor, row B, seat 1: Held (Press)');
    // Killed seats are crossed out, not only coloured.
    expect(seat(108).querySelector('path')).toBeTruthy();
    expect(screen.getByRole('application', { name: 'Seat map' })).toBeTruthy();

    fireEvent.click(seat(102));
    const details = screen.getByTestId('seat-details');
    expect(details.textContent).toContain('Ada Lovelace');
    expect(details.textContent).toContain('T501');
    // A sold seat is shown, not chosen.
    expect(screen.getByText('No seat chosen')).toBeTruthy();
    fireEvent.click(within(details).getByRole('link', { name: 'O-77' }));
    await waitFor(() => expect(router.state.location.search).toBe('?order=77'));
  });

  it('holds the chosen seats for Press: click, shift-click, then a name', async () => {
    let holds: SeatHoldDto[] = [];
    const { calls } = setup({
      holds: [],
      answer: (method, url, body) => {
        if (method === 'POST' && url === '/api/events/7/seating/holds') {
          holds = [{ id: 40, kind: 'HOLD', created_at: '', ...(body as { name: string; seats: number[] }) }];
          return json(201, { data: holds[0] });
        }
        if (method === 'GET' && url === '/api/events/7/seating/holds') return json(200, { data: holds });
        return undefined;
      },
    });
    await screen.findByTestId('seat-state-map');
    expect(screen.getByText(/No seats are kept off sale/)).toBeTruthy();
    fireEvent.click(seat(101));
    fireEvent.click(seat(106), { shiftKey: true });
    expect(screen.getByText('2 seats chosen')).toBeTruthy();
    expect(screen.getAllByTestId('selected-seat')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Hold seats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hold seats' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hold seats' }));
    expect(await within(dialog).findByText('Name the hold.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Name' }), { target: { value: 'Press' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hold seats' }));
    expect(await screen.findByTestId('seat-hold')).toBeTruthy();
    expect(calls('POST')).toEqual([
      ['/api/events/7/seating/holds', { name: 'Press', kind: 'HOLD', seats: [101, 106] }],
    ]);
    expect(screen.getByText('No seat chosen')).toBeTruthy();
  });

  it('shows the seats the API refuses with its words and marks them on the map', async () => {
    setup({
      answer: (method) =>
        method === 'POST'
          ? json(422, {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'The request is not valid.',
                field_errors: { 'seats.1': ['Ground floor A 3 is sold or in a checkout: it cannot be kept off sale.'] },
              },
            })
          : undefined,
    });
    await screen.findByTestId('seat-state-map');
    fireEvent.click(seat(101));
    fireEvent.click(seat(106), { ctrlKey: true });
    fireEvent.click(screen.getByRole('button', { name: 'Kill seats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kill seats' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Name' }), { target: { value: 'Pillar' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kill seats' }));
    expect(await within(dialog).findByText(/Ground floor A 3 is sold or in a checkout/)).toBeTruthy();
    const refused = screen.getAllByTestId('refused-seat');
    expect(refused).toHaveLength(1);
    // seats.1 of [101, 106]: B3, at (175, 230).
    expect([refused[0]!.getAttribute('cx'), refused[0]!.getAttribute('cy')]).toEqual(['175', '230']);
  });

  it('edits a hold with the chosen seats and releases one after asking', async () => {
    const { calls } = setup({
      answer: (method, url) => {
        if (method === 'PUT') return json(200, { data: { ...pressHold, name: 'Press row', seats: [106] } });
        if (method === 'DELETE' && url === '/api/events/7/seating/holds/32') return new Response(null, { status: 204 });
        return undefined;
      },
    });
    await screen.findByTestId('seat-state-map');
    expect(screen.getAllByTestId('seat-hold').map((h) => h.textContent)).toEqual([
      'PressHeld2 seats',
      'CameraKilled1 seat',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show the seats of Press' }));
    expect(screen.getByText('2 seats chosen')).toBeTruthy();
    fireEvent.click(seat(106));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Press' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit hold' });
    const name = within(dialog).getByRole('combobox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Press row' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Use the 1 seats chosen on the map/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls('PUT')).toEqual([
        ['/api/events/7/seating/holds/31', { name: 'Press row', kind: 'HOLD', seats: [106] }],
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Release Camera' }));
    const confirm = await screen.findByRole('dialog', { name: 'Release hold' });
    expect(confirm.textContent).toContain('Release “Camera”? Its 1 killed seats go on sale again.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(calls('DELETE')).toEqual([['/api/events/7/seating/holds/32', undefined]]));
  });

  it('chooses seats with the keyboard: arrows move, Space chooses, Escape lets go', async () => {
    setup();
    const map = await screen.findByRole('application', { name: 'Seat map' });
    fireEvent.focus(map);
    fireEvent.keyDown(map, { key: 'ArrowRight' });
    expect(screen.getByTestId('seat-map-announcement').textContent).toBe('Ground floor, row A, seat 1: Available');
    fireEvent.keyDown(map, { key: 'ArrowDown' });
    expect(screen.getByTestId('seat-map-announcement').textContent).toBe('Ground floor, row B, seat 1: Held (Press)');
    fireEvent.keyDown(map, { key: ' ' });
    expect(screen.getByText('1 seat chosen')).toBeTruthy();
    expect(screen.getByTestId('seat-map-announcement').textContent).toBe(
      'Ground floor, row B, seat 1: Held (Press), chosen',
    );
    fireEvent.keyDown(map, { key: 'Escape' });
    expect(screen.getByText('No seat chosen')).toBeTruthy();
  });

  it('lists the seats by state and prints the plan with who sits where, in natural order', async () => {
    setup();
    await screen.findByTestId('seat-state-map');
    const list = screen.getByTestId('seat-list');
    expect(within(list).getAllByTestId('seat-list-row')).toHaveLength(9);
    fireEvent.click(screen.getByRole('radio', { name: 'Held (2)' }));
    expect(
      within(list)
        .getAllByTestId('seat-list-row')
        .map((r) => r.textContent),
    ).toEqual(['Ground floorB1StallsHeld · Press', 'Ground floorB2StallsHeld · Press']);

    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(screen.getByRole('button', { name: 'Print the seat map' }));
    const sheet = await screen.findByTestId('seat-map-print');
    expect(within(sheet).getByRole('heading', { name: 'Hamlet' })).toBeTruthy();
    const rows = within(within(sheet).getByTestId('print-attendees').querySelector('tbody')!).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'BalconyPit—Alan TuringT503O-79',
      'BalconyPit—Edsger DijkstraT504O-79',
      'Ground floorA2Ada LovelaceT501O-77',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it('asks for the date of an event with several and shows that date’s places', async () => {
    const asked: Array<string | null> = [];
    setup({
      dates: [
        date(1, '2031-10-02T17:30:00.000Z'),
        date(2, '2031-10-03T17:30:00.000Z'),
        date(3, '2031-10-04T17:30:00.000Z', 'CANCELLED'),
      ],
      places: (dateId) => {
        asked.push(dateId);
        return dateId === '2'
          ? placesOnDate().map((p) => ({ ...p, state: 'FREE' as const, attendees: [] }))
          : placesOnDate();
      },
    });
    await screen.findByTestId('seat-state-map');
    expect(count('SOLD')).toBe('1');
    fireEvent.click(screen.getByRole('combobox', { name: 'Date' }));
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('option')[1]!);
    await waitFor(() => expect(count('SOLD')).toBe('0'));
    expect(asked).toEqual(['1', '2']);
  });
});
