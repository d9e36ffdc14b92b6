import type { Paginated, TeamMemberDto } from '@admitone/shared';
import { screen } from '@testing-library/react';
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
];
const page: Paginated<TeamMemberDto> = {
  data: members,
  meta: {
    current_page: 1,
    per_page: 25,
    total: 4,
    last_page: 1,
    allowed_sorts: [],
    allowed_filter_fields: [],
    has_more: false,
    next_cursor: null,
  },
};

describe('TeamTable', () => {
  it('names the box-office role and counts its events like door staff', () => {
    renderWithProviders(<TeamTable page={page} onPage={vi.fn()} onConfirm={vi.fn()} onChangeRole={vi.fn()} />);
    expect(screen.getByText('Box office')).toBeTruthy();
    expect(screen.getAllByText('Door staff').length).toBeGreaterThan(0);
    expect(screen.getByText('2 events')).toBeTruthy();
    expect(screen.getByText('1 event')).toBeTruthy();
    // An organizer sees every event: no count.
    expect(screen.getAllByText(/^\d+ events?$/)).toHaveLength(3);
  });

  it('says which door staff also sell at the box office', () => {
    renderWithProviders(<TeamTable page={page} onPage={vi.fn()} onConfirm={vi.fn()} onChangeRole={vi.fn()} />);
    expect(screen.getAllByText('Door staff')).toHaveLength(2);
    expect(screen.getAllByText('Also sells at the box office')).toHaveLength(1);
    expect(screen.getByText('3 events')).toBeTruthy();
  });

  it('marks the members who sign in with two-factor sign-in, named in full for screen readers', () => {
    renderWithProviders(<TeamTable page={page} onPage={vi.fn()} onConfirm={vi.fn()} onChangeRole={vi.fn()} />);
    const marks = screen.getAllByText('Two-factor sign-in on');
    expect(marks).toHaveLength(1);
    expect(marks[0]!.closest('tr')?.textContent).toContain('Sam Seller');
  });
});
