import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../../../lib/query-client';
import { SignInApp } from '../../../sign-in/SignInApp';
import { renderWithProviders } from '../../../test-utils/render';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = { id: 3, name: 'Grace', email: 'grace@example.test', locale: null };
const account = { id: 1, name: 'Riverside Hall', role: 'ORGANIZER', status: 'ACTIVE', is_owner: false };

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The sign-in app at an address, in StrictMode (effects run twice on mount, as in development). */
function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  return renderWithProviders(<SignInApp />, { queryClient: createQueryClient(), strict: true });
}
const sent = () => fetchMock.mock.calls.map(([url, init]) => [url, JSON.parse((init as RequestInit).body as string)]);

describe('back from the identity provider', () => {
  it("sends the provider's answer once, stores the session as a login does and opens the saved address", async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    localStorage.setItem('admitone.returnTo', '/manage/event/7/orders');
    fetchMock.mockResolvedValue(json(200, { token: 'session-token-1234567890', user, accounts: [account] }));
    renderAt('/auth/sso/callback?code=the-code&state=the-state');
    expect(await screen.findByText('Signing you in…')).toBeTruthy();

    await waitFor(() => expect(replace).toHaveBeenCalledWith('/manage/event/7/orders'));
    expect(sent()).toEqual([['/api/auth/sso/callback', { query: '?code=the-code&state=the-state' }]]);
    expect(localStorage.getItem('admitone.token')).toBe('session-token-1234567890');
    // The code was for one use: it is gone from the address.
    expect(window.location.search).toBe('');
  });

  it('shows why it did not work and the way back to the login, and never sends the answer again', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    const message = 'Your organization’s sign-in did not let you in. Try again, or ask your admin.';
    fetchMock.mockResolvedValue(json(401, { error: { code: 'SSO_REFUSED', message } }));
    renderAt('/auth/sso/callback?error=access_denied&state=the-state');

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('heading', { name: 'Single sign-on did not work' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/auth/login');
    expect(screen.queryByRole('button')).toBeNull();
    // Sent once, in StrictMode too, and not again after the failure (the answer works once).
    expect(sent()).toEqual([['/api/auth/sso/callback', { query: '?error=access_denied&state=the-state' }]]);
    expect(replace).not.toHaveBeenCalled();
    expect(localStorage.getItem('admitone.token')).toBeNull();
  });
});

describe("the team's sign-in link", () => {
  it('starts the sign-on with the link at once and sends the browser to the provider', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fetchMock.mockResolvedValue(json(200, { data: { url: 'https://login.example.com/authorize?state=abc' } }));
    renderAt('/auth/sso/TeamLink0123456789abcdef');
    expect(await screen.findByText("Taking you to your organization's sign-in…")).toBeTruthy();

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.example.com/authorize?state=abc'));
    expect(sent()).toEqual([['/api/auth/sso/start', { link: 'TeamLink0123456789abcdef' }]]);
  });

  it('says so when the link is unknown or its single sign-on is turned off', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const message = 'This sign-in link does not work any more. Ask your admin for the current one.';
    fetchMock.mockResolvedValue(json(404, { error: { code: 'SSO_UNAVAILABLE', message } }));
    renderAt('/auth/sso/OldLink');

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('heading', { name: 'This sign-in link does not work' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(sent()).toHaveLength(1);
  });
});
