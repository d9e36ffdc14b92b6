import type { AttendeeDto, CheckInDateDto, CheckInOutcomeDto, CheckInStatsDto, Paginated } from '@admitone/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../../lib/api-error';
import { renderWithProviders } from '../../../test-utils/render';
import { mockViewportWidth } from '../../../test-utils/viewport';
import type { CheckInSource } from '../check-in-source';
import { CheckIn } from './CheckIn';

afterEach(() => vi.restoreAllMocks());

const stats = { checked_in: 1, total: 4, by_ticket: [] } as unknown as CheckInStatsDto;
const none: Paginated<AttendeeDto> = {
  data: [],
  meta: {
    current_page: 1,
    per_page: 20,
    total: 0,
    last_page: 1,
    allowed_sorts: [],
    allowed_filter_fields: [],
    has_more: false,
    next_cursor: null,
  },
};

/** An attendee of an event with several dates: the ticket is for the matinee of 2 June. */
const matinee = {
  id: 3,
  short_id: 'A2345',
  order_id: 1,
  order_number: 'O-1',
  order_status: 'COMPLETED',
  ticket_id: 1,
  tier_id: null,
  ticket_name: 'Standing',
  tier_label: null,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: null,
  status: 'ACTIVE',
  checked_in_at: null,
  checked_in_by: null,
  created_at: '2030-05-01T10:00:00.000Z',
  date: { id: 9, start_date: '2030-06-02T12:00:00.000Z', end_date: null, label: 'Matinee', location: null },
  seat: null,
} satisfies AttendeeDto;

/** The event's dates (Berlin): 1 June, the matinee and the evening of 2 June, and a cancelled one on the 9th. */
const dates: CheckInDateDto[] = [
  { id: 8, start_date: '2030-06-01T17:00:00.000Z', end_date: null, label: null, status: 'ON_SALE' },
  { id: 9, start_date: '2030-06-02T12:00:00.000Z', end_date: null, label: 'Matinee', status: 'ON_SALE' },
  { id: 10, start_date: '2030-06-02T17:30:00.000Z', end_date: null, label: 'Evening', status: 'SOLD_OUT' },
  { id: 11, start_date: '2030-06-09T17:00:00.000Z', end_date: null, label: null, status: 'CANCELLED' },
];

/** `admitsAnyway`: an admin or organizer at the door (door staff may not admit a refused ticket). */
function setup(
  dateCount?: number,
  people: Paginated<AttendeeDto> = none,
  count: CheckInStatsDto = stats,
  admitsAnyway = false,
) {
  const source = {
    key: ['check-in-test'],
    queueKey: 'test',
    endpoints: {
      stats: vi.fn(async (_dateId?: number) => count),
      dates: vi.fn(async () => dates),
      attendees: vi.fn(async () => people),
      scan: vi.fn(),
      batch: vi.fn(),
      offline: () => new Promise<never>(() => undefined),
    },
    managesOrders: admitsAnyway,
    admitsAnyway,
    searchesEmails: false,
    related: [],
  } satisfies CheckInSource;
  const { queryClient } = renderWithProviders(
    <CheckIn
      event={{ id: 7, title: 'Zenit 2030', timezone: 'Europe/Berlin', date_count: dateCount }}
      source={source}
      title="Main entrance"
    />,
    { query: true },
  );
  /** Waits until no read of the screen is in flight any more. */
  const settled = () => waitFor(() => expect(queryClient!.isFetching()).toBe(0));
  return { api: source.endpoints, settled };
}

/** Whether `a` comes before `b` in the page (in reading and tab order). */
const before = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('CheckIn', () => {
  it("names each attendee's date when the event has several", async () => {
    mockViewportWidth(1280);
    const one = { ...none, data: [matinee], meta: { ...none.meta, total: 1 } };
    const { settled } = setup(3, one);
    expect((await screen.findByTestId('check-in-row-date')).textContent).toBe('Jun 2, 2030, 2:00 PM · Matinee');
    await settled();
  });

  it('shows no date on the rows of an event with one date', async () => {
    mockViewportWidth(1280);
    setup(1, { ...none, data: [matinee], meta: { ...none.meta, total: 1 } });
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.queryByTestId('check-in-row-date')).toBeNull();
  });

  it('names the seat on the row of a seated ticket (issue #40)', async () => {
    mockViewportWidth(1280);
    const seated = { ...matinee, seat: { section: 'Ground floor', row: 'Pit', seat: '' } };
    const { settled } = setup(1, { ...none, data: [seated], meta: { ...none.meta, total: 1 } });
    expect((await screen.findByTestId('check-in-row-seat')).textContent).toBe('Ground floor, Pit');
    await settled();
  });

  it('on a phone puts the search first, the whole width, then the scan button and the count', async () => {
    mockViewportWidth(390);
    setup();
    const count = await screen.findByTestId('check-in-count');
    const search = screen.getByRole('textbox', { name: 'Find an attendee' });
    const scan = screen.getByRole('button', { name: 'Scan tickets' });
    expect(before(search, scan)).toBe(true);
    expect(before(search, count)).toBe(true);
    // Nothing to press before it: the first control of the screen.
    const controls = [...document.querySelectorAll('input, button, select, textarea')];
    expect(controls[0]).toBe(search);
    expect(scan.hasAttribute('data-block')).toBe(true);
    expect(count.textContent).toContain('1 of 4 attendees checked in (25%)');
  });

  it('on a phone folds the bars per ticket under the count behind a button', async () => {
    mockViewportWidth(390);
    const byTicket = {
      checked_in: 3,
      total: 10,
      by_ticket: [
        { ticket_id: 1, ticket_name: 'Standing', checked_in: 2, total: 6 },
        { ticket_id: 2, ticket_name: 'Seated', checked_in: 1, total: 4 },
      ],
    } as CheckInStatsDto;
    const { settled } = setup(1, none, byTicket);
    const toggle = await screen.findByRole('button', { name: 'By ticket' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const region = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(region.textContent).toContain('Standing');
    expect(await screen.findByRole('progressbar', { name: 'Seated: 1 of 4 checked in' })).toBeTruthy();
    await settled();
  });

  it('at a desk keeps the scan button by the title and the count beside the list', async () => {
    mockViewportWidth(1280);
    setup();
    const count = await screen.findByTestId('check-in-count');
    const search = screen.getByRole('textbox', { name: 'Find an attendee' });
    const scan = screen.getByRole('button', { name: 'Scan tickets' });
    expect(before(scan, search)).toBe(true);
    expect(before(count, search)).toBe(true);
    expect(scan.hasAttribute('data-block')).toBe(false);
  });

  it('with several dates checks in the one running today: the list, the count and every check-in are for it', async () => {
    mockViewportWidth(1280);
    // 2 June 2030, noon in Berlin: the matinee (14:00) is nearer than the evening (19:30).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-06-02T10:00:00Z'));
    const { api, settled } = setup(4, { ...none, data: [matinee], meta: { ...none.meta, total: 1 } });
    const chooser = await screen.findByRole('combobox', { name: 'Date' });
    expect((chooser as HTMLInputElement).value).toBe('Sun, Jun 2, 2030, 2:00 PM · Matinee');
    await waitFor(() => expect(api.stats).toHaveBeenCalledWith(9));
    expect(api.stats).not.toHaveBeenCalledWith(undefined);
    expect(api.attendees).toHaveBeenCalledWith(expect.objectContaining({ filter_fields: { event_date_id: '9' } }));
    expect(api.attendees).toHaveBeenCalledTimes(1);

    const checkedIn: CheckInOutcomeDto = {
      result: 'CHECKED_IN',
      attendee: matinee,
      checked_in_at: '2030-06-02T10:00:00.000Z',
      checked_in_by: null,
      checked_in_by_link: false,
    };
    api.scan.mockResolvedValue(checkedIn);
    fireEvent.click(await screen.findByRole('button', { name: 'Check in Ada Lovelace' }));
    expect((await screen.findByTestId('scan-outcome')).getAttribute('data-result')).toBe('CHECKED_IN');
    expect(api.scan).toHaveBeenCalledWith(expect.objectContaining({ attendee_id: 3, event_date_id: 9 }));
    await settled();
    expect(api.attendees.mock.calls.length).toBeGreaterThan(1);
    expect(api.attendees).toHaveBeenLastCalledWith(expect.objectContaining({ filter_fields: { event_date_id: '9' } }));
    expect(new Set(api.stats.mock.calls.map(([id]) => id))).toEqual(new Set([9]));
  });

  it('keeps the date chosen at the door for the event over a reload, and marks a cancelled date', async () => {
    mockViewportWidth(1280);
    vi.useFakeTimers({ toFake: ['Date'] });
    // After the last date: the last one not cancelled.
    vi.setSystemTime(new Date('2030-07-01T10:00:00Z'));
    const { api, settled } = setup(4);
    fireEvent.click(await screen.findByRole('combobox', { name: 'Date' }));
    expect(await screen.findByRole('option', { name: 'Sun, Jun 9, 2030, 7:00 PM (cancelled)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Sun, Jun 2, 2030, 7:30 PM · Evening' }).dataset.checked).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'Sat, Jun 1, 2030, 7:00 PM' }));
    await waitFor(() => expect(api.stats).toHaveBeenCalledWith(8));
    expect(api.attendees).toHaveBeenLastCalledWith(expect.objectContaining({ filter_fields: { event_date_id: '8' } }));
    expect(sessionStorage.getItem('admitone.checkin-date.7')).toBe('8');
    await settled();

    cleanup();
    const reloaded = setup(4);
    const again = await screen.findByRole('combobox', { name: 'Date' });
    await waitFor(() => expect((again as HTMLInputElement).value).toBe('Sat, Jun 1, 2030, 7:00 PM'));
    await reloaded.settled();
    expect(reloaded.api.stats).toHaveBeenCalledWith(8);
  });

  it('an event with one date shows no date chooser and sends no date', async () => {
    mockViewportWidth(1280);
    const { api, settled } = setup(1);
    await screen.findByTestId('check-in-count');
    await settled();
    expect(screen.queryByRole('combobox', { name: 'Date' })).toBeNull();
    expect(api.dates).not.toHaveBeenCalled();
    expect(api.stats).toHaveBeenCalledWith(undefined);
  });
});

describe('admit anyway', () => {
  const one = { ...none, data: [matinee], meta: { ...none.meta, total: 1 } };
  const outcome = (result: CheckInOutcomeDto['result']): CheckInOutcomeDto => ({
    result,
    attendee: matinee,
    checked_in_at: result === 'CHECKED_IN' ? '2030-06-02T10:00:00.000Z' : null,
    checked_in_by: null,
    checked_in_by_link: false,
  });

  /** Ada checked in from the list on a list that does not admit her ticket. */
  async function refused(admitsAnyway: boolean) {
    mockViewportWidth(1280);
    const screenApi = setup(1, one, stats, admitsAnyway);
    screenApi.api.scan.mockResolvedValueOnce(outcome('NOT_ON_LIST'));
    fireEvent.click(await screen.findByRole('button', { name: 'Check in Ada Lovelace' }));
    await waitFor(() => expect(screen.getByTestId('scan-outcome').getAttribute('data-result')).toBe('NOT_ON_LIST'));
    return screenApi;
  }

  it('is not offered to door staff', async () => {
    const { settled } = await refused(false);
    expect(screen.queryByRole('button', { name: 'Admit anyway' })).toBeNull();
    await settled();
  });

  it('asks an organizer for the reason, sends the same scan again with it, and shows the check-in', async () => {
    const { api, settled } = await refused(true);
    fireEvent.click(screen.getByRole('button', { name: 'Admit anyway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Admit anyway' });
    // Who and why, in the card's words; focus in the reason.
    expect(within(dialog).getByTestId('admit-anyway-name').textContent).toBe('Ada Lovelace');
    expect(within(dialog).getByTestId('admit-anyway-refusal').textContent).toBe(
      'Not on this listAda Lovelace has a Standing ticket, which this check-in list does not admit.',
    );
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(reason.getAttribute('placeholder')).toBe('Upgraded by the promoter');

    // Too short: said on the field, nothing sent.
    fireEvent.change(reason, { target: { value: 'ok' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Admit anyway' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(api.scan).toHaveBeenCalledTimes(1);

    api.scan.mockResolvedValueOnce(outcome('CHECKED_IN'));
    fireEvent.change(reason, { target: { value: '  Upgraded by the promoter ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Admit anyway' }));
    await waitFor(() => expect(screen.getByTestId('scan-outcome').getAttribute('data-result')).toBe('CHECKED_IN'));
    expect(screen.getByTestId('scan-outcome').textContent).toContain('Valid ticket: checked in');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Admit anyway' })).toBeNull());
    const [first, again] = api.scan.mock.calls.map(([scan]) => scan);
    expect(first).not.toHaveProperty('override_reason');
    expect(again).toMatchObject({ attendee_id: 3, action: 'CHECK_IN', override_reason: 'Upgraded by the promoter' });
    expect(again!.client_scan_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(again!.client_scan_id).not.toBe(first!.client_scan_id);
    // The button went away with the refusal: focus is on the new outcome.
    expect(document.activeElement).toBe(screen.getByRole('status'));
    await settled();
  });

  it("puts the server's refusal of the reason on the field", async () => {
    const { api, settled } = await refused(true);
    fireEvent.click(screen.getByRole('button', { name: 'Admit anyway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Admit anyway' });
    api.scan.mockRejectedValueOnce(
      new ApiError(422, 'VALIDATION_FAILED', 'The data is not valid.', {
        override_reason: ['Only admins and organizers can admit a ticket anyway.'],
      }),
    );
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    fireEvent.change(reason, { target: { value: 'Upgraded by the promoter' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Admit anyway' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    const error = within(dialog).getByText('Only admins and organizers can admit a ticket anyway.');
    expect(reason.getAttribute('aria-describedby')).toContain(error.id);
    // Still refused, the dialog open.
    expect(screen.getByTestId('scan-outcome').getAttribute('data-result')).toBe('NOT_ON_LIST');
    await settled();
  });
});
