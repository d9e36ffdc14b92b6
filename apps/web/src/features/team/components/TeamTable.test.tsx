import type { Paginated, TeamMemberDto } from '@admitone/shared';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { TeamTable } from './TeamTable';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});

const base = {
  is_you: false,
  status: 'ACTIVE',
  is_owner: false,
  invited: false,
  invitation_expires_at: null,
  email_verified: true,
  pending_email: null,
  can_edit: false,
  // Every organizer (the members limited to some name them).
  organizer_ids: [] as number[],
  sells_at_box_office: false,
  two_factor: false,
  created_at: '2026-11-01T08:00:00.000Z',
} as const;
const members: TeamMemberDto[] = [
  { ...base, id: 1, name: 'Olga Organizer', email: 'olga@example.com', role: 'ORGANIZER', event_ids: [] },
  { ...base, id: 2, name: 'Dora Door', email: 'dora@example.com', role: 'DOOR_STAFF', event_ids: [7] },
  { ...base, id: 3, name: 'Boris Box', email: 'boris@example.com', role: 'BOX_OFFICE', event_ids: [7, 8] },
  {
    ...base,
    id: 4,
    name: 'Sam Seller',
    email: 'sam@example.com',
    role: 'DOOR_STAFF',
    event_ids: [8, 9, 10],
    sells_at_box_office: true,
    two_factor: true,
  },
  {
    ...base,
    id: 5,
    name: 'Lena Limited',
    email: 'lena@example.com',
    role: 'ORGANIZER',
    event_ids: [],
    organizer_ids: [1, 2],
  },
  {
    ...base,
    id: 6,
    name: 'Max Many',
    email: 'max@example.com',
    role: 'ORGANIZER',
    event_ids: [],
    organizer_ids: [1, 2, 3, 4, 5],
  },
];
const organizerNames = new Map([
  [1, 'A Presents'],
  [2, 'B Live'],
  [3, 'C Nights'],
  [4, 'D Sound'],
]);
const page: Paginated<TeamMemberDto> = {
  data: members,
  meta: {
    current_page: 1,
    per_page: 25,
    total: members.length,
    last_page: 1,
    allowed_sorts: [],
    allowed_filter_fields: [],
    has_more: false,
    next_cursor: null,
  },
};

const table = (names: ReadonlyMap<number, string> = organizerNames) => (
  <TeamTable page={page} onPage={vi.fn()} onConfirm={vi.fn()} onChangeRole={vi.fn()} organizerNames={names} />
);
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('TeamTable', () => {
  it('names the box-office role and counts its events like door staff', () => {
    renderWithProviders(table());
    expect(screen.getByText('Box office')).toBeTruthy();
    expect(screen.getAllByText('Door staff').length).toBeGreaterThan(0);
    expect(screen.getByText('2 events')).toBeTruthy();
    expect(screen.getByText('1 event')).toBeTruthy();
    // An organizer sees every event: no count.
    expect(screen.getAllByText(/^\d+ events?$/)).toHaveLength(3);
  });

  it('says which door staff also sell at the box office', () => {
    renderWithProviders(table());
    expect(screen.getAllByText('Door staff')).toHaveLength(2);
    expect(screen.getAllByText('Also sells at the box office')).toHaveLength(1);
    expect(screen.getByText('3 events')).toBeTruthy();
  });

  it('marks the members who sign in with two-factor sign-in, named in full for screen readers', () => {
    renderWithProviders(table());
    const marks = screen.getAllByText('Two-factor sign-in on');
    expect(marks).toHaveLength(1);
    expect(marks[0]!.closest('tr')?.textContent).toContain('Sam Seller');
  });

  it('names the organizers an organizer is limited to, the first few of a long list and all in full for screen readers', () => {
    renderWithProviders(table());
    // Olga sees every organizer: nothing said.
    expect(rowOf('Olga Organizer').textContent).not.toContain('Limited to');
    expect(rowOf('Lena Limited').textContent).toContain('Limited to A Presents, B Live');
    const many = rowOf('Max Many');
    expect(within(many).getByText('Limited to A Presents, B Live, C Nights, 2 more').getAttribute('aria-hidden')).toBe(
      'true',
    );
    // An organizer whose name is not known (yet) by its number.
    expect(within(many).getByText('Limited to A Presents, B Live, C Nights, D Sound, #5')).toBeTruthy();
  });

  it('counts them until the names have loaded', () => {
    renderWithProviders(table(new Map()));
    expect(rowOf('Lena Limited').textContent).toContain('Limited to 2 organizers');
    expect(rowOf('Max Many').textContent).toContain('Limited to 5 organizers');
  });
});
