import type { AttendeeDto, CheckInStatsDto, Paginated } from '@admitone/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

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
} satisfies AttendeeDto;

function setup(dateCount?: number, people: Paginated<AttendeeDto> = none) {
  const source: CheckInSource = {
    key: ['check-in-test'],
    queueKey: 'test',
    endpoints: {
      stats: async () => stats,
      attendees: async () => people,
      scan: vi.fn(),
      batch: vi.fn(),
      offline: () => new Promise(() => undefined),
    },
    managesOrders: false,
    searchesEmails: false,
    related: [],
  };
  renderWithProviders(
    <CheckIn
      event={{ id: 7, title: 'Zenit 2030', timezone: 'Europe/Berlin', date_count: dateCount }}
      source={source}
      title="Main entrance"
    />,
    { query: true },
  );
}

/** Whether `a` comes before `b` in the page (in reading and tab order). */
const before = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('CheckIn', () => {
  it("names each attendee's date when the event has several", async () => {
    mockViewportWidth(1280);
    const one = { ...none, data: [matinee], meta: { ...none.meta, total: 1 } };
    setup(3, one);
    expect((await screen.findByTestId('check-in-row-date')).textContent).toBe('Jun 2, 2030, 2:00 PM · Matinee');
  });

  it('shows no date on the rows of an event with one date', async () => {
    mockViewportWidth(1280);
    setup(1, { ...none, data: [matinee], meta: { ...none.meta, total: 1 } });
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.queryByTestId('check-in-row-date')).toBeNull();
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
});
