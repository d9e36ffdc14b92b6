import type { SingleSignOnDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { SingleSignOnPage } from './SingleSignOnPage';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => vi.unstubAllGlobals());

const URL_PATH = '/api/accounts/3/single-sign-on';
const ISSUER = 'https://login.example.com/realms/team';
const UNREACHABLE =
  'No OpenID provider answered at this address. Check the issuer URL: its /.well-known/openid-configuration must be reachable.';

const me = (permissions: string[]) => ({
  data: {
    user: { id: 1, name: 'Ada Admin', email: 'ada@example.com', timezone: 'Europe/Berlin', email_verified: true },
    account: { id: 3, name: 'Ada events', timezone: 'Europe/Berlin' },
    accounts: [],
    permissions,
    signed_in_with_sso: false,
  },
});
const saved = (body: Record<string, unknown>, members = 0): SingleSignOnDto => ({
  issuer: String(body.issuer),
  client_id: String(body.client_id),
  client_secret_set: true,
  default_role: (body.default_role ?? 'ORGANIZER') as SingleSignOnDto['default_role'],
  enabled: body.enabled !== false,
  redirect_uri: 'https://tickets.example.com/auth/sso/callback',
  sign_in_url: 'https://tickets.example.com/auth/sso/TeamLink0123456789abcdef',
  members,
  updated_at: '2026-11-20T09:30:00.000Z',
});
const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The API: the account's single sign-on (none at first); an issuer with "unreachable" in it answers no discovery. */
function setup(start: SingleSignOnDto | null, permissions = ['account.manage']) {
  let current = start;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url === '/api/users/me') return json(200, me(permissions));
    if (url === URL_PATH && method === 'GET') return json(200, { data: current });
    if (url === URL_PATH && method === 'PUT') {
      if (String(body.issuer).includes('unreachable'))
        return json(422, {
          error: { code: 'VALIDATION_FAILED', message: 'Check the fields.', field_errors: { issuer: [UNREACHABLE] } },
        });
      current = saved(body, current?.members ?? 0);
      return json(200, { data: current });
    }
    if (url === URL_PATH && method === 'DELETE') {
      current = null;
      return json(204, null);
    }
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  // A data router: the page guards its unsaved edits (useBlocker).
  const router = createMemoryRouter([{ path: '/account/single-sign-on', Component: SingleSignOnPage }], {
    initialEntries: ['/account/single-sign-on'],
  });
  renderWithProviders(<RouterProvider router={router} />, { query: true });
  const sent = (method: string) =>
    fetchMock.mock.calls
      .filter(([u, init]) => u === URL_PATH && (init?.method ?? 'GET') === method)
      .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
  return { sent };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('single sign-on settings', () => {
  it('sets it up from nothing: the redirect URI to register first, then the links for the team', async () => {
    const { sent } = setup(null);
    expect(await screen.findByRole('heading', { name: 'Identity provider' })).toBeTruthy();
    // Before anything is saved: the address to register at the provider, from this site.
    expect((screen.getByTestId('sso-redirect-uri') as HTMLInputElement).value).toBe(
      `${window.location.origin}/auth/sso/callback`,
    );
    expect(screen.queryByTestId('sso-sign-in-link')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove single sign-on/ })).toBeNull();

    // The secret is needed the first time: checked before anything is sent.
    fireEvent.change(field(/Issuer URL/), { target: { value: ISSUER } });
    fireEvent.change(field(/Client ID/), { target: { value: 'admitone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const secret = screen.getByLabelText(/Client secret/);
    // Mantine marks a password field through data-invalid.
    await waitFor(() => expect(secret.getAttribute('data-invalid')).toBe('true'));
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(sent('PUT')).toEqual([]);

    fireEvent.change(secret, { target: { value: 'the-client-secret' } });
    fireEvent.click(screen.getByRole('combobox', { name: /Default role for new people/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Door staff' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const link = await screen.findByTestId('sso-sign-in-link');
    expect((link as HTMLInputElement).value).toBe('https://tickets.example.com/auth/sso/TeamLink0123456789abcdef');
    expect(sent('PUT')).toEqual([
      {
        issuer: ISSUER,
        client_id: 'admitone',
        client_secret: 'the-client-secret',
        default_role: 'DOOR_STAFF',
        enabled: true,
      },
    ]);
    const links = screen.getByRole('region', { name: 'Sign-in links' });
    expect((within(links).getByTestId('sso-redirect-uri') as HTMLInputElement).value).toBe(
      'https://tickets.example.com/auth/sso/callback',
    );
    expect(within(links).getByRole('button', { name: 'Copy the redirect URI' })).toBeTruthy();
    expect(within(links).getByRole('button', { name: 'Copy the sign-in link' })).toBeTruthy();
    expect(screen.getByTestId('sso-members').textContent).toBe('Nobody has signed in with it yet.');
    // The secret is not shown again; an empty field keeps it.
    expect((screen.getByLabelText(/Client secret/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Saved. Leave empty to keep it.')).toBeTruthy();
    // Saving again without a new secret sends none.
    fireEvent.change(field(/Client ID/), { target: { value: 'admitone-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('PUT')).toHaveLength(2));
    expect(sent('PUT')[1]).toEqual({
      issuer: ISSUER,
      client_id: 'admitone-2',
      default_role: 'DOOR_STAFF',
      enabled: true,
    });
  });

  it('shows an issuer that answers no OpenID discovery on its field, and saves nothing', async () => {
    const { sent } = setup(null);
    fireEvent.change(await screen.findByRole('textbox', { name: /Issuer URL/ }), {
      target: { value: 'https://unreachable.example.com' },
    });
    fireEvent.change(field(/Client ID/), { target: { value: 'admitone' } });
    fireEvent.change(screen.getByLabelText(/Client secret/), { target: { value: 'the-client-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(UNREACHABLE)).toBeTruthy();
    const issuer = field(/Issuer URL/);
    expect(issuer.getAttribute('aria-invalid')).toBe('true');
    const described = issuer.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(UNREACHABLE);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('sso-sign-in-link')).toBeNull();
    expect(sent('PUT')).toHaveLength(1);
  });

  it('counts the people who signed in with it, and removes it after asking', async () => {
    const { sent } = setup(saved({ issuer: ISSUER, client_id: 'admitone' }, 3));
    expect((await screen.findByTestId('sso-members')).textContent).toBe('3 people have signed in with it.');
    expect(field(/Issuer URL/).value).toBe(ISSUER);

    fireEvent.click(screen.getByRole('button', { name: 'Remove single sign-on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove single sign-on?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove single sign-on' }));

    await waitFor(() => expect(screen.queryByTestId('sso-sign-in-link')).toBeNull());
    expect(sent('DELETE')).toHaveLength(1);
    // A new, empty form.
    expect(field(/Issuer URL/).value).toBe('');
    expect(screen.queryByText('Saved. Leave empty to keep it.')).toBeNull();
  });

  it('is for admins only, and asks nothing of the API then', async () => {
    const { sent } = setup(null, ['events.manage']);
    expect(await screen.findByText('You do not have permission to access this page.')).toBeTruthy();
    expect(sent('GET')).toEqual([]);
  });
});
