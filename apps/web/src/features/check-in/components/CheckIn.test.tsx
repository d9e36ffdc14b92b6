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

function setup() {
  const source: CheckInSource = {
    key: ['check-in-test'],
    queueKey: 'test',
    endpoints: {
      stats: async () => stats,
      attendees: async () => none,
      scan: vi.fn(),
      batch: vi.fn(),
      offline: () => new Promise(() => undefined),
    },
    managesOrders: false,
    searchesEmails: false,
    related: [],
  };
  renderWithProviders(
    <CheckIn event={{ id: 7, title: 'Zenit 2030', timezone: 'Europe/Berlin' }} source={source} title="Main entrance" />,
    { query: true },
  );
}

/** Whether `a` comes before `b` in the page (in reading and tab order). */
const before = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('CheckIn', () => {
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
