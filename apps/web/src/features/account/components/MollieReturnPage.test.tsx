import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { MollieReturnPage } from './MollieReturnPage';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const RETURN = '/api/accounts/3/payment-connection/mollie/return';
const me = {
  data: {
    user: { id: 1, name: 'Ada Admin', email: 'ada@example.com', timezone: 'Europe/Berlin', email_verified: true },
    account: { id: 3, name: 'Ada events', timezone: 'Europe/Berlin' },
    accounts: [],
    permissions: ['account.manage'],
    signed_in_with_sso: false,
  },
};
const connected = {
  status: 'CONNECTED',
  mode: 'CONNECT',
  organization_name: 'Ada Events B.V.',
  profile_id: 'pfl_abc123',
  onboarding: 'completed',
  can_receive_payments: true,
  testmode: false,
  platform_fee_percent: 0,
  connected_at: '2026-11-20T09:30:00.000Z',
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The page at Mollie's return address (the browser's too: the page reads it), in StrictMode. */
function setup(query: string, answer: Response) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url === '/api/users/me' ? json(200, me) : answer.clone(),
  );
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', `/account/payment/mollie${query}`);
  const router = createMemoryRouter(
    [
      { path: '/account/payment/mollie', Component: MollieReturnPage },
      { path: '/account/payment', element: <p>Payments page</p> },
    ],
    { initialEntries: [`/account/payment/mollie${query}`] },
  );
  renderWithProviders(<RouterProvider router={router} />, { query: true, strict: true });
  const sent = () =>
    fetchMock.mock.calls
      .filter(([url]) => url === RETURN)
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
  return { sent, router };
}

describe('back from Mollie', () => {
  it('sends the code and state once, then opens the payments page', async () => {
    const { sent, router } = setup('?code=auth_code_1&state=the-state', json(200, { data: connected }));
    expect(await screen.findByText('Payments page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/payment');
    expect(sent()).toEqual([{ code: 'auth_code_1', state: 'the-state' }]);
    // The code works once: it is gone from the address.
    expect(window.location.search).toBe('');
  });

  it("shows the server's message when the connection expired, and the way back", async () => {
    const message = 'This Mollie connection took too long. Connect Mollie again from the payments page.';
    const { sent } = setup(
      '?code=auth_code_1&state=old-state',
      json(400, { error: { code: 'MOLLIE_CONNECT_EXPIRED', message } }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('heading', { name: 'Mollie was not connected' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to payments' }).getAttribute('href')).toBe('/account/payment');
    await waitFor(() => expect(sent()).toEqual([{ code: 'auth_code_1', state: 'old-state' }]));
  });

  it('passes a refusal on (no code)', async () => {
    const message = 'Mollie did not connect your organization.';
    const { sent } = setup(
      '?error=access_denied&state=the-state',
      json(409, { error: { code: 'MOLLIE_CONNECT_REFUSED', message } }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(sent()).toEqual([{ state: 'the-state', error: 'access_denied' }]);
  });
});
