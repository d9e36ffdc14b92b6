import { startRegistration } from '@simplewebauthn/browser';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test-utils/render';
import { RequireAuth } from '../../auth/components/RequireAuth';

// The browser's side of WebAuthn: happy-dom has none.
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const account = {
  id: 3,
  name: 'Riverside Hall',
  role: 'ORGANIZER',
  status: 'ACTIVE',
  is_owner: false,
  currency: 'EUR',
  timezone: 'Europe/Berlin',
};
const me = (setupRequired: boolean) => ({
  data: {
    user: {
      id: 7,
      name: 'Ada',
      email: 'ada@example.test',
      timezone: null,
      locale: null,
      email_verified: true,
      pending_email: null,
      created_at: '2026-11-01T08:00:00.000Z',
    },
    account,
    accounts: [account],
    permissions: setupRequired ? [] : ['events.manage'],
    two_factor_setup_required: setupRequired,
  },
});
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-1234${i}`);

let setUp: boolean;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  window.history.replaceState(null, '', '/manage/events');
  localStorage.setItem('admitone.token', 'session-token-1234567890');
  setUp = false;
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/users/me') return json(200, me(!setUp));
    if (url === '/api/users/me/two-factor/totp') {
      return json(200, {
        data: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/AdmitOne:ada?secret=JBSWY3DPEHPK3PXP' },
      });
    }
    if (url === '/api/users/me/two-factor/totp/confirm') {
      setUp = true;
      return json(200, { data: { codes: CODES } });
    }
    if (url === '/api/users/me/passkeys/options') {
      return json(200, { data: { ceremony: 'ceremony-1234567890', options: { challenge: 'Y2hhbGxlbmdl' } } });
    }
    if (url === '/api/users/me/passkeys') {
      setUp = true;
      const passkey = {
        id: 1,
        name: 'Work laptop',
        synced: true,
        created_at: '2026-12-01T09:00:00.000Z',
        last_used_at: null,
      };
      return json(201, { data: { passkey, recovery_codes: CODES } });
    }
    if (url === '/api/auth/logout') return new Response(null, { status: 204 });
    return json(403, { error: { code: 'TWO_FACTOR_SETUP_REQUIRED', message: 'Set it up first.' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.restoreAllMocks());

const renderApp = () =>
  renderWithProviders(
    <RequireAuth>
      <p>The event list</p>
    </RequireAuth>,
    { queryClient: createQueryClient() },
  );

describe('an account that requires two-factor sign-in, for a member without it', () => {
  it('shows the set-up instead of the app, and opens the app once the recovery codes are saved', async () => {
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Your account requires two-factor sign-in' })).toBeTruthy();
    expect(screen.getByText(/Riverside Hall asks every member/)).toBeTruthy();
    expect(screen.queryByText('The event list')).toBeNull();
    expect(document.title).toBe('Set up two-factor sign-in · AdmitOne');

    expect((await screen.findByTestId('qr-code')).getAttribute('data-value')).toContain('otpauth://');
    fireEvent.change(screen.getByRole('textbox', { name: /Six-digit code/ }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    // The app waits until the codes are saved.
    expect(screen.queryByText('The event list')).toBeNull();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have saved these recovery codes' }));
    fireEvent.click(next);

    expect(await screen.findByText('The event list')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your account requires two-factor sign-in' })).toBeNull();
    // Nothing but its own calls while it was shown (the app's would be refused).
    expect(new Set(fetchMock.mock.calls.map(([url]) => url))).toEqual(
      new Set(['/api/users/me', '/api/users/me/two-factor/totp', '/api/users/me/two-factor/totp/confirm']),
    );
  });

  it('or adds a passkey instead, and opens the app once its recovery codes are saved', async () => {
    vi.mocked(startRegistration).mockResolvedValue({
      id: 'Y3JlZGVudGlhbA',
      rawId: 'Y3JlZGVudGlhbA',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'Y2xpZW50', attestationObject: 'YXR0ZXN0' },
    } as never);
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Or use a passkey' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Work laptop' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add passkey' }));
    expect(await within(dialog).findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    expect(screen.queryByText('The event list')).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I have saved these recovery codes' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('The event list')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your account requires two-factor sign-in' })).toBeNull();
  });

  it('lets the member log out instead', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/auth/login'));
    expect(localStorage.getItem('admitone.token')).toBeNull();
  });
});
