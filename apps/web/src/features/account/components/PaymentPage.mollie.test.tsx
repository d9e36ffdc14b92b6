import type { MollieConnectionDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { PaymentPage } from './PaymentPage';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MOLLIE = '/api/accounts/3/payment-connection/mollie';
const me = {
  data: {
    user: { id: 1, name: 'Ada Admin', email: 'ada@example.com', timezone: 'Europe/Berlin', email_verified: true },
    account: { id: 3, name: 'Ada events', timezone: 'Europe/Berlin' },
    accounts: [],
    permissions: ['account.manage'],
    signed_in_with_sso: false,
  },
};
const stripe = {
  status: 'NOT_CONNECTED',
  mode: 'CONNECT',
  stripe_account_id: null,
  charges_enabled: false,
  payouts_enabled: false,
  details_submitted: false,
  platform_fee_percent: 0,
};
const mollie = (over: Partial<MollieConnectionDto> = {}): MollieConnectionDto => ({
  status: 'NOT_CONNECTED',
  mode: 'CONNECT',
  organization_name: null,
  profile_id: null,
  onboarding: null,
  can_receive_payments: false,
  testmode: false,
  platform_fee_percent: 0,
  connected_at: null,
  ...over,
});
const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function setup(start: MollieConnectionDto) {
  let current = start;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/me') return json(200, me);
    if (url === '/api/accounts/3/payment-connection') return json(200, { data: stripe });
    if (url === MOLLIE && method === 'GET') return json(200, { data: current });
    if (url === MOLLIE && method === 'POST')
      return json(200, { data: { url: 'https://my.mollie.com/oauth2/authorize?state=abc' } });
    if (url === `${MOLLIE}/refresh` && method === 'POST') {
      current = { ...current, status: 'CONNECTED', onboarding: 'completed', can_receive_payments: true };
      return json(200, { data: current });
    }
    if (url === MOLLIE && method === 'DELETE') {
      current = mollie();
      return json(204, null);
    }
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<PaymentPage />, { query: true, route: '/account/payment' });
  const calls = (path: string, method: string) =>
    fetchMock.mock.calls.filter(([u, init]) => u === path && (init?.method ?? 'GET') === method);
  return { calls };
}

const mollieCard = async () => screen.findByRole('region', { name: 'Payments with Mollie' });

describe('Mollie on the payments page', () => {
  it('connects: asks for the authorization address and sends the browser there', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { calls } = setup(mollie());
    const card = await mollieCard();
    expect(within(card).getByTestId('mollie-status').textContent).toBe('Not connected');

    fireEvent.click(within(card).getByRole('button', { name: 'Connect Mollie' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://my.mollie.com/oauth2/authorize?state=abc'));
    expect(calls(MOLLIE, 'POST')).toHaveLength(1);
  });

  it('shows the connected organization, and disconnects after a confirmation', async () => {
    const { calls } = setup(
      mollie({
        status: 'CONNECTED',
        organization_name: 'Ada Events B.V.',
        profile_id: 'pfl_abc123',
        onboarding: 'completed',
        can_receive_payments: true,
        connected_at: '2026-11-20T09:30:00.000Z',
      }),
    );
    const card = await mollieCard();
    expect(within(card).getByTestId('mollie-status').textContent).toBe('Connected');
    expect(within(card).getByTestId('mollie-organization').textContent).toBe('Ada Events B.V.');
    expect(within(card).getByText('pfl_abc123')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Connect Mollie' })).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Disconnect Mollie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Mollie?' });
    expect(within(dialog).getByText(/refunding them needs Mollie connected again/)).toBeTruthy();
    expect(calls(MOLLIE, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect Mollie' }));

    await waitFor(() => expect(calls(MOLLIE, 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('mollie-status').textContent).toBe('Not connected'));
  });

  it('checks the onboarding again while the setup is incomplete', async () => {
    const { calls } = setup(
      mollie({ status: 'SETUP_INCOMPLETE', organization_name: 'Ada Events B.V.', onboarding: 'needs-data' }),
    );
    const card = await mollieCard();
    expect(within(card).getByTestId('mollie-status').textContent).toBe('Setup incomplete');
    fireEvent.click(within(card).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(within(card).getByTestId('mollie-status').textContent).toBe('Connected'));
    expect(calls(`${MOLLIE}/refresh`, 'POST')).toHaveLength(1);
  });
});
