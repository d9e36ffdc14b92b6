import type { EventDateDto, TicketDateDto } from '@admitone/shared';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { mockViewportWidth } from '../../../test-utils/viewport';
import { DatesPage } from './DatesPage';

// Only the clock is fake: the screen reads "now" (upcoming dates, the rule's first day), the waits stay real.
beforeEach(() => {
  // A desktop unless a test says otherwise (a phone gets cards instead of tables).
  mockViewportWidth(1280);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-04T09:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const date = (over: Partial<EventDateDto>): EventDateDto => ({
  id: 1,
  event_id: 7,
  start_date: '2026-12-18T18:30:00.000Z',
  end_date: '2026-12-18T21:00:00.000Z',
  label: 'Premiere',
  location: null,
  status: 'ON_SALE',
  capacity: 200,
  taken: 120,
  created_at: '2026-11-01T08:00:00.000Z',
  ...over,
});
const DATES = [
  date({}),
  date({ id: 2, start_date: '2026-12-19T18:30:00.000Z', end_date: null, label: null, taken: 196 }),
  date({
    id: 3,
    start_date: '2027-01-08T18:30:00.000Z',
    end_date: null,
    label: null,
    capacity: null,
    taken: 864,
    status: 'SOLD_OUT',
  }),
];
const event = { id: 7, title: 'Hamlet', timezone: 'Europe/Berlin', currency: 'EUR' };
const tickets = [
  { id: 11, event_id: 7, name: 'Stalls', type: 'PAID', price: 2500, quantity: 100, category_id: 1 },
  { id: 12, event_id: 7, name: 'Pay what you want', type: 'DONATION', price: null, quantity: null, category_id: 1 },
];
const ticketDates: TicketDateDto[] = [
  { ticket_id: 11, event_date_id: 1, enabled: true, quantity: null, price: null, limit: 100, taken: 60 },
  { ticket_id: 12, event_date_id: 1, enabled: true, quantity: null, price: null, limit: null, taken: 60 },
];

/** The notices shown so far (the test renders no notification area). */
function notices() {
  const show = vi.spyOn(notifications, 'show');
  return () => show.mock.calls.map(([n]) => n.message);
}

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const fieldError = (field: string, message: string) =>
  json(422, {
    error: { code: 'VALIDATION_FAILED', message: 'Check the fields.', field_errors: { [field]: [message] } },
  });

type Answer = (method: string, url: string, body: unknown) => Response | undefined;

function setup({
  dates = DATES,
  answer = () => undefined,
  at = '/manage/event/7/dates',
}: {
  dates?: EventDateDto[];
  answer?: Answer;
  at?: string;
} = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const answered = answer(method, url, body);
    if (answered) return answered;
    if (url === '/api/events/7') return json(200, { data: event });
    if (url === '/api/events/7/dates' && method === 'GET') return json(200, { data: dates, meta: {} });
    if (url === '/api/events/7/tickets') return json(200, { data: tickets, meta: {} });
    if (url === '/api/events/7/dates/1/tickets') return json(200, { data: ticketDates, meta: {} });
    return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/manage/event/:eventId/dates', Component: DatesPage }], {
    initialEntries: [at],
  });
  const view = renderWithProviders(<RouterProvider router={router} />, { query: true });
  const calls = (method: string, url?: string) =>
    fetchMock.mock.calls
      .filter(([u, init]) => (init?.method ?? 'GET') === method && (url === undefined || u === url))
      .map(([u, init]) => ({ url: u, body: init?.body ? JSON.parse(String(init.body)) : undefined }));
  return { calls, router, ...view };
}

// A screen with dialogs loaded on first use: more than the default five seconds on a busy machine.
describe('DatesPage', { timeout: 20_000 }, () => {
  it('names the venue of a date held elsewhere in the list', async () => {
    const elsewhere = date({
      id: 4,
      start_date: '2027-01-15T18:30:00.000Z',
      label: null,
      location: {
        venue_name: 'Open-air stage',
        address_line_1: null,
        address_line_2: null,
        city: 'Potsdam',
        state_or_region: null,
        zip_or_postal_code: null,
        country: null,
        latitude: null,
        longitude: null,
      },
    });
    setup({ dates: [...DATES, elsewhere] });
    expect(await screen.findByText('Open-air stage')).toBeTruthy();
    // The dates at the event's venue name none.
    expect(screen.getAllByTestId('date-venue')).toHaveLength(1);
  });

  it('lists the dates with their counts, status and sold of capacity, and passes axe', async () => {
    const { container } = setup();
    expect(await screen.findByText(/3 dates · 1,180 sold/)).toBeTruthy();
    expect(screen.getByText(/Times are in Europe\/Berlin/)).toBeTruthy();
    const rows = screen.getAllByTestId('date-row');
    expect(rows).toHaveLength(3);
    // The wall clock of the event's zone, with the weekday.
    expect(within(rows[0]!).getByText('Friday, December 18, 2026')).toBeTruthy();
    expect(within(rows[0]!).getByText('7:30 PM – 10:00 PM')).toBeTruthy();
    expect(within(rows[0]!).getByText('Premiere')).toBeTruthy();
    expect(within(rows[0]!).getByText('120 / 200')).toBeTruthy();
    expect(within(rows[2]!).getByText('864 / no limit')).toBeTruthy();
    expect(within(rows[2]!).getByText('Sold out')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: /^Sold on Saturday, December 19, 2026/ })).toBeTruthy();

    // Filters: a month, then a status that leaves nothing, then cleared.
    fireEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByRole('option', { name: 'January 2027 (1)' }));
    await waitFor(() => expect(screen.getAllByTestId('date-row')).toHaveLength(1));

    const results = await axe.run(container, {
      // happy-dom lays nothing out: colours and sizes are checked in the browser flows.
      rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } },
    });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });

  it('shows 5,000 dates a page at a time, and selects all of them at once', async () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      date({ id: i + 1, start_date: new Date(Date.parse('2027-01-01T09:00:00.000Z') + i * 1_800_000).toISOString() }),
    );
    const { calls } = setup({
      dates: many,
      answer: (method, url) =>
        method === 'POST' && url === '/api/events/7/dates/bulk' ? json(200, { data: [] }) : undefined,
    });
    expect(await screen.findByText(/5,000 dates · 600,000 sold/)).toBeTruthy();
    expect(screen.getAllByTestId('date-row')).toHaveLength(50);
    expect(screen.getByText('1–50 of 5000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByText('51–100 of 5000')).toBeTruthy());

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all 5,000 dates shown' }));
    expect(screen.getByRole('region', { name: '5,000 dates chosen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change label' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change label' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Label' }), { target: { value: 'Late entry' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply to the dates' }));
    await waitFor(() => expect(calls('POST', '/api/events/7/dates/bulk')).toHaveLength(1));
    const body = calls('POST', '/api/events/7/dates/bulk')[0]!.body as { ids: number[]; label: string };
    expect(body.label).toBe('Late entry');
    expect(body.ids).toHaveLength(5000);
  });

  it('shows where to start when the event has no dates', async () => {
    setup({ dates: [] });
    expect(await screen.findByText('No dates yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add dates from a rule' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a date' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('checks a rule, previews its dates and makes them', async () => {
    const made = [date({ id: 10 }), date({ id: 11 }), date({ id: 12 })];
    const shown = notices();
    const { calls } = setup({
      answer: (method, url) =>
        method === 'POST' && url === '/api/events/7/dates/generate' ? json(201, { data: made }) : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add dates from a rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add dates from a rule' });
    // The rule form is loaded when the dialog opens.
    const preview = await within(dialog).findByTestId('rule-preview');

    // Weekly from tomorrow (Saturday 5 December), ten weeks, at 7:30 PM.
    await waitFor(() => expect(within(preview).getByText('10 dates')).toBeTruthy());
    expect(within(preview).getByText('Saturday, December 5, 2026 · 7:30 PM')).toBeTruthy();
    expect(within(preview).getByText('and 5 more')).toBeTruthy();

    // No day of the week: refused before sending, and the preview waits for a whole rule.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
    await waitFor(() => expect(within(preview).getByText('Complete the rule to see its dates.')).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add dates' }));
    expect(await within(dialog).findByText('Choose at least one day of the week.')).toBeTruthy();
    expect(calls('POST')).toHaveLength(0);

    // Thursdays and Saturdays, three of the rule's days, two shows a day.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Thursday' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Number of days' }), { target: { value: '3' } });
    const times = within(dialog).getByRole('combobox', { name: /^Start times/ });
    // Typed by someone in the field (Mantine ignores a change to an input without focus: an autofill's).
    act(() => times.focus());
    fireEvent.change(times, { target: { value: '1430' } });
    fireEvent.keyDown(times, { key: 'Enter' });
    await waitFor(() => expect(preview.textContent).toContain('6 dates'));
    expect(within(preview).getByText('Saturday, December 5, 2026 · 2:30 PM')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add dates' }));
    await waitFor(() => expect(calls('POST', '/api/events/7/dates/generate')).toHaveLength(1));
    expect(calls('POST')[0]!.body).toEqual({
      frequency: 'WEEKLY',
      interval: 1,
      weekdays: ['TH', 'SA'],
      monthly_nth: null,
      start_on: '2026-12-05',
      until: null,
      count: 3,
      times: ['19:30', '14:30'],
      slots: null,
      duration_minutes: null,
      exceptions: [],
      label: null,
      capacity: null,
      status: 'ON_SALE',
    });
    await waitFor(() => expect(shown()).toEqual(['3 dates added']));
  });

  it('puts the server’s problems with a rule on its fields', async () => {
    setup({
      answer: (method, url) =>
        method === 'POST' && url === '/api/events/7/dates/generate'
          ? fieldError('times.0', 'Enter a time such as 19:30.')
          : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add dates from a rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add dates from a rule' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add dates' }));
    expect(await within(dialog).findByText('Enter a time such as 19:30.')).toBeTruthy();
  });

  it('changes the capacity of the chosen dates, showing the figure when it is below what they sold', async () => {
    const shown = notices();
    let refuse = true;
    const { calls } = setup({
      answer: (method, url) => {
        if (method !== 'POST' || url !== '/api/events/7/dates/bulk') return undefined;
        if (refuse) {
          refuse = false;
          return fieldError(
            'capacity',
            '196 are already sold or held in checkouts: the limit cannot be lower than that.',
          );
        }
        return json(200, { data: DATES.slice(0, 2) });
      },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: /^Select Friday, December 18, 2026/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Select Saturday, December 19, 2026/ }));
    const bar = screen.getByRole('region', { name: '2 dates chosen' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Change capacity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change capacity' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Capacity' }), { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply to the dates' }));
    expect(
      await within(dialog).findByText(
        '196 are already sold or held in checkouts: the limit cannot be lower than that.',
      ),
    ).toBeTruthy();
    expect(calls('POST', '/api/events/7/dates/bulk')[0]!.body).toEqual({ ids: [1, 2], capacity: 150 });

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Capacity' }), { target: { value: '250' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply to the dates' }));
    await waitFor(() => expect(shown()).toEqual(['2 dates changed']));
    expect(calls('POST', '/api/events/7/dates/bulk')[1]!.body).toEqual({ ids: [1, 2], capacity: 250 });

    // Select all: every date the filters leave, for a status change.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all 3 dates shown' }));
    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    const status = await screen.findByRole('dialog', { name: 'Change status' });
    fireEvent.click(within(status).getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Hidden' }));
    expect(screen.queryByRole('option', { name: 'Cancelled' })).toBeNull();
    fireEvent.click(within(status).getByRole('button', { name: 'Apply to the dates' }));
    await waitFor(() => expect(calls('POST', '/api/events/7/dates/bulk')).toHaveLength(3));
    expect(calls('POST', '/api/events/7/dates/bulk')[2]!.body).toEqual({ ids: [1, 2, 3], status: 'HIDDEN' });

    // One ticket's price on all of them: only a ticket with one fixed price is offered; a ticket is needed first.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all 3 dates shown' }));
    fireEvent.click(screen.getByRole('button', { name: "Change a ticket's price" }));
    const price = await screen.findByRole('dialog', { name: "Change a ticket's price" });
    fireEvent.click(within(price).getByRole('button', { name: 'Apply to the dates' }));
    expect(await within(price).findByText('Choose a ticket.')).toBeTruthy();
    fireEvent.click(within(price).getByRole('combobox', { name: 'Ticket' }));
    expect(screen.queryByRole('option', { name: 'Pay what you want' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Stalls' }));
    fireEvent.change(within(price).getByRole('textbox', { name: 'Price on these dates' }), {
      target: { value: '19.5' },
    });
    fireEvent.click(within(price).getByRole('button', { name: 'Apply to the dates' }));
    await waitFor(() => expect(calls('POST', '/api/events/7/dates/bulk')).toHaveLength(4));
    expect(calls('POST', '/api/events/7/dates/bulk')[3]!.body).toEqual({
      ids: [1, 2, 3],
      ticket_price: { ticket_id: 11, price: 1950 },
    });
  });

  it("saves a ticket's quantity and price on a date, and shows the field's error", async () => {
    const shown = notices();
    let refuse = true;
    const { calls } = setup({
      at: '/manage/event/7/dates?date=1',
      answer: (method, url, body) => {
        if (method !== 'PATCH' || url !== '/api/events/7/dates/1/tickets/11') return undefined;
        if (refuse) {
          refuse = false;
          return fieldError(
            'quantity',
            '60 are already sold or held in checkouts: the limit cannot be lower than that.',
          );
        }
        return json(200, { data: { ...ticketDates[0], ...(body as object), limit: 80 } });
      },
    });
    const drawer = await screen.findByRole('dialog', { name: /^Friday, December 18, 2026/ });
    const quantity = await within(drawer).findByRole('textbox', { name: 'Quantity of Stalls on this date' });
    expect(quantity.getAttribute('placeholder')).toBe('100');
    // A price there only for a ticket with one fixed price.
    expect(within(drawer).queryByRole('textbox', { name: 'Price of Pay what you want on this date' })).toBeNull();
    const save = within(drawer).getByRole('button', { name: 'Save Stalls on this date' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(quantity, { target: { value: '40' } });
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Price of Stalls on this date' }), {
      target: { value: '19.5' },
    });
    fireEvent.click(save);
    expect(
      await within(drawer).findByText('60 are already sold or held in checkouts: the limit cannot be lower than that.'),
    ).toBeTruthy();
    expect(calls('PATCH')[0]).toEqual({
      url: '/api/events/7/dates/1/tickets/11',
      body: { enabled: true, quantity: 40, price: 1950 },
    });

    fireEvent.change(quantity, { target: { value: '80' } });
    fireEvent.click(within(drawer).getByRole('switch', { name: 'Sell Stalls on this date' }));
    fireEvent.click(save);
    await waitFor(() => expect(shown()).toEqual(['Stalls saved for this date.']));
    expect(calls('PATCH')[1]!.body).toEqual({ enabled: false, quantity: 80, price: 1950 });
  });

  it("moves one date to another venue, puts the server's problem on its field, and back to the event's", async () => {
    const shown = notices();
    let refuse = true;
    const { calls } = setup({
      at: '/manage/event/7/dates?date=1',
      answer: (method, url, body) => {
        if (method !== 'PATCH' || url !== '/api/events/7/dates/1') return undefined;
        if (refuse) {
          refuse = false;
          return fieldError('location.country', 'Choose a country from the list.');
        }
        return json(200, { data: { ...DATES[0], ...(body as object) } });
      },
    });
    const drawer = await screen.findByRole('dialog', { name: /^Friday, December 18, 2026/ });
    const own = within(drawer).getByRole('switch', { name: /At another venue/ });
    expect(within(drawer).queryByRole('textbox', { name: 'Venue name' })).toBeNull();
    fireEvent.click(own);
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Venue name' }), {
      target: { value: 'Open-air stage' },
    });
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'City' }), { target: { value: 'Potsdam' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save date' }));
    expect(await within(drawer).findByText('Choose a country from the list.')).toBeTruthy();
    const sent = calls('PATCH', '/api/events/7/dates/1')[0]!.body as { location: Record<string, unknown> };
    expect(sent.location).toEqual({
      venue_name: 'Open-air stage',
      address_line_1: null,
      address_line_2: null,
      city: 'Potsdam',
      state_or_region: null,
      zip_or_postal_code: null,
      country: null,
      latitude: null,
      longitude: null,
    });

    fireEvent.click(within(drawer).getByRole('button', { name: 'Save date' }));
    await waitFor(() => expect(shown()).toEqual(['The date was saved.']));
    // Switched off again: the event's venue (null).
    fireEvent.click(own);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save date' }));
    await waitFor(() => expect(calls('PATCH', '/api/events/7/dates/1')).toHaveLength(3));
    expect((calls('PATCH', '/api/events/7/dates/1')[2]!.body as { location: unknown }).location).toBeNull();
  });

  it('moves a date with buyers: offers to tell them, and sends the choice with a message', async () => {
    const shown = notices();
    const { calls } = setup({
      at: '/manage/event/7/dates?date=1',
      answer: (method, url) =>
        method === 'PATCH' && url === '/api/events/7/dates/1'
          ? json(200, { data: { ...DATES[0], start_date: '2026-12-18T19:00:00.000Z' }, move: { orders: 3 } })
          : undefined,
    });
    const drawer = await screen.findByRole('dialog', { name: /^Friday, December 18, 2026/ });
    const tell = 'E-mail the buyers the new time, with a new calendar file';
    expect(within(drawer).queryByRole('checkbox', { name: tell })).toBeNull();
    // Half an hour later on the same day.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Starts' }));
    const time = await screen.findByRole('textbox', { name: 'Time' });
    fireEvent.change(time, { target: { value: '2000' } });
    fireEvent.blur(time);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm date and time' }));
    const box = (await within(drawer).findByRole('checkbox', { name: tell })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(within(drawer).getByText('Their tickets stay valid at the new time.')).toBeTruthy();
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Message to the buyers' }), {
      target: { value: 'The sound check runs late.' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save date' }));
    await waitFor(() => expect(shown()).toEqual(['The date was moved. The buyers of 3 orders are being told.']));
    expect(calls('PATCH', '/api/events/7/dates/1')[0]!.body).toMatchObject({
      start_date: expect.stringMatching(/^2026-12-18.20:00/),
      notify_buyers: true,
      move_message: 'The sound check runs late.',
    });
  });

  it('says why a date cannot be deleted', async () => {
    setup({
      at: '/manage/event/7/dates?date=1',
      answer: (method) =>
        method === 'DELETE'
          ? json(409, { error: { code: 'DATE_HAS_ATTENDEES', message: 'This date has attendees: cancel it instead.' } })
          : undefined,
    });
    const drawer = await screen.findByRole('dialog', { name: /^Friday, December 18, 2026/ });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Delete date' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete date' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByText('This date has attendees: cancel it instead.')).toBeTruthy();
  });

  it("lists a day's dates from its count in the calendar on a phone", async () => {
    vi.restoreAllMocks();
    mockViewportWidth(390);
    setup({ at: '/manage/event/7/dates?view=calendar' });
    // A day's count, which lists its times.
    fireEvent.click(await screen.findByRole('button', { name: '1 date on Saturday, December 19, 2026' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Saturday, December 19, 2026, 7:30 PM · Few left$/ }));
    expect(await screen.findByRole('dialog', { name: /^Saturday, December 19, 2026/ })).toBeTruthy();
  });

  it('shows the list and a date’s tickets as cards on a phone', async () => {
    vi.restoreAllMocks();
    mockViewportWidth(390);
    setup({ at: '/manage/event/7/dates?date=1' });
    const drawer = await screen.findByRole('dialog', { name: /^Friday, December 18, 2026/ });
    const tickets = await within(drawer).findByRole('list', { name: 'Tickets on this date' });
    expect(within(tickets).getByRole('switch', { name: 'Sell Stalls on this date' })).toBeTruthy();
    expect(within(tickets).getAllByRole('textbox', { name: 'Quantity here' })).toHaveLength(2);
    expect(within(tickets).getByRole('textbox', { name: 'Price here' }).getAttribute('placeholder')).toBe('25.00');
    fireEvent.keyDown(drawer, { key: 'Escape' });
    const list = await screen.findByRole('list', { name: 'Dates' });
    expect(within(list).getAllByTestId('date-row')).toHaveLength(3);
  });

  it('shows a month of dates coloured by how they sell, and opens one', async () => {
    setup({ at: '/manage/event/7/dates?view=calendar' });
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeTruthy();
    const few = screen.getByRole('button', { name: /^Saturday, December 19, 2026, 7:30 PM · Few left$/ });
    expect(few.getAttribute('data-availability')).toBe('FEW_LEFT');
    expect(screen.getByRole('button', { name: /Friday, December 18, 2026.*Premiere · On sale$/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'January 2027' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Friday, January 8, 2027, 7:30 PM · Sold out$/ }));
    expect(await screen.findByRole('dialog', { name: /^Friday, January 8, 2027/ })).toBeTruthy();
  });
});
