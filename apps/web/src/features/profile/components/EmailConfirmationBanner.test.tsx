import { type QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test-utils/render';
import { announceUserChanged, followUserChangesInOtherTabs, type Me, userKeys } from '../../users/api/me';
import { ConfirmLinkPage } from './ConfirmLinkPage';
import { EmailConfirmationBanner } from './EmailConfirmationBanner';

const user = {
  id: 7,
  name: 'Ada',
  email: 'ada@example.test',
  timezone: null,
  locale: null,
  email_verified: false,
  pending_email: null,
  created_at: '',
};
const me = (verified: boolean) =>
  ({ user: { ...user, email_verified: verified }, account: { id: 1 }, accounts: [], permissions: [] }) as unknown as Me;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const banner = () => screen.queryByText(/Please confirm your e-mail address/);

let fetchMock: ReturnType<typeof vi.fn>;
let cleanups: Array<() => void> = [];
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
  vi.unstubAllGlobals();
});

/** The logged-in shell's banner (and whatever page) over one query client whose `me` is unconfirmed. */
function renderWithBanner(page: ReactNode = null): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setQueryData(userKeys.me(), me(false));
  renderWithProviders(
    <>
      <EmailConfirmationBanner />
      {page}
    </>,
    { queryClient, router: true },
  );
  return queryClient;
}

const meCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/users/me').length;

describe('the "confirm your e-mail" banner', () => {
  it('goes once the mailed link is opened, and the other tabs are told', async () => {
    const told = vi.fn();
    const otherTab = new BroadcastChannel('admitone:user');
    otherTab.onmessage = told;
    cleanups.push(() => otherTab.close());
    fetchMock.mockResolvedValue(json(200, { data: { ...user, email_verified: true } }));
    renderWithBanner(<ConfirmLinkPage kind="email-address" token="token-1234567890" />);
    expect(banner()).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'E-mail address confirmed' })).toBeTruthy();
    expect(banner()).toBeNull();
    await waitFor(() => expect(told).toHaveBeenCalled());
  });

  it('goes when another tab confirmed the address', async () => {
    const queryClient = renderWithBanner();
    cleanups.push(followUserChangesInOtherTabs(queryClient));
    fetchMock.mockResolvedValue(json(200, { data: me(true) }));
    expect(banner()).toBeTruthy();
    announceUserChanged();
    await waitFor(() => expect(banner()).toBeNull());
    expect(meCalls()).toBe(1);
  });

  it('goes when the user comes back to a tab opened before the address was confirmed', async () => {
    renderWithBanner();
    fetchMock.mockResolvedValue(json(200, { data: me(true) }));
    expect(banner()).toBeTruthy();
    // The browser shows the tab again (TanStack Query's focus manager listens to visibilitychange).
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(banner()).toBeNull());
    expect(meCalls()).toBe(1);

    // Once confirmed, coming back to the tab fetches nothing more (the app does not refetch on focus).
    await act(async () => void window.dispatchEvent(new Event('visibilitychange')));
    expect(meCalls()).toBe(1);
  });
});
