import type { TeamMemberDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { MemberActions } from './MemberActions';
import { TeamConfirmDialog } from './TeamConfirmDialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const member: TeamMemberDto = {
  id: 12,
  name: 'Olga Organizer',
  email: 'olga@example.com',
  role: 'ORGANIZER',
  status: 'ACTIVE',
  is_you: false,
  is_owner: false,
  invited: false,
  invitation_expires_at: null,
  email_verified: true,
  pending_email: null,
  can_edit: true,
  event_ids: [],
  organizer_ids: [],
  sells_at_box_office: false,
  two_factor: true,
  created_at: '2026-11-01T08:00:00.000Z',
};
const REFUSED =
  'This person owns an account or belongs to other accounts: only they can reset their two-factor sign-in, with a recovery code.';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

describe('resetting a member’s two-factor sign-in', () => {
  it('is offered only for members who have it', async () => {
    const onConfirm = vi.fn();
    const { rerender } = renderWithProviders(
      <MemberActions member={member} onConfirm={onConfirm} onChangeRole={vi.fn()} />,
      { query: true },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Olga Organizer' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reset two-factor sign-in' }));
    expect(onConfirm).toHaveBeenCalledWith('reset-two-factor', member);

    rerender(<MemberActions member={{ ...member, two_factor: false }} onConfirm={onConfirm} onChangeRole={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Olga Organizer' }));
    expect(await screen.findByRole('menuitem', { name: 'Change role' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Reset two-factor sign-in' })).toBeNull();
  });

  it('asks first, shows why the API refused, and closes once it is done', async () => {
    const onClose = vi.fn();
    fetchMock
      .mockResolvedValueOnce(json(409, { error: { code: 'TWO_FACTOR_RESET_REFUSED', message: REFUSED } }))
      .mockResolvedValueOnce(json(200, { data: { ...member, two_factor: false } }));
    renderWithProviders(<TeamConfirmDialog pending={{ action: 'reset-two-factor', member }} onClose={onClose} />, {
      query: true,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in' });
    expect(within(dialog).getByText(/Olga Organizer is signed out everywhere/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(REFUSED);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map(([url, init]) => [url, (init as RequestInit).method])).toEqual([
      ['/api/users/12/two-factor', 'DELETE'],
      ['/api/users/12/two-factor', 'DELETE'],
    ]);
  });
});
