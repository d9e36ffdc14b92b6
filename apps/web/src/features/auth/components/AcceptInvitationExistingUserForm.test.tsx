import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test-utils/render';
import { AcceptInvitationExistingUserForm } from './AcceptInvitationExistingUserForm';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = { id: 3, name: 'Grace', email: 'grace@example.test', locale: null };

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  window.history.replaceState(null, '', '/auth/accept-invitation/invitation-token-123');
  fetchMock = vi.fn(async (url: string) =>
    url === '/api/auth/login/two-factor'
      ? json(200, { token: 'session-token-1234567890', user, accounts: [] })
      : json(200, {
          token: null,
          user,
          accounts: [],
          two_factor: { challenge: 'challenge-1234567890', verified: false },
        }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.restoreAllMocks());

describe('accepting an invitation with a login that has two-factor sign-in', () => {
  it('asks for the code after the password, then opens the event list', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    renderWithProviders(
      <AcceptInvitationExistingUserForm
        token="invitation-token-123"
        email="grace@example.test"
        account="Harbor Jazz"
      />,
      { queryClient: createQueryClient() },
    );
    expect(screen.getByText(/You already have an AdmitOne login for grace@example.test/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'cobol rules since 1959' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the account' }));

    // Under the page's own title ("Join Harbor Jazz").
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in', level: 2 })).toBeTruthy();
    expect(screen.queryByText(/You already have an AdmitOne login/)).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /Six-digit code/ }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/manage/events'));
    expect(fetchMock.mock.calls.map(([url, init]) => [url, JSON.parse((init as RequestInit).body as string)])).toEqual([
      ['/api/auth/invitation/invitation-token-123', { current_password: 'cobol rules since 1959' }],
      ['/api/auth/login/two-factor', { challenge: 'challenge-1234567890', code: '123456' }],
    ]);
  });
});
