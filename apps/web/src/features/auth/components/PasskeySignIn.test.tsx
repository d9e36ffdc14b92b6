import { startAuthentication } from '@simplewebauthn/browser';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test-utils/render';
import { LoginForm } from './LoginForm';

// The browser's side of WebAuthn: happy-dom has none, and a test cannot touch a fingerprint.
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = { id: 3, name: 'Grace', email: 'grace@example.test', locale: null };
const account = (id: number, name: string) => ({
  id,
  name,
  role: 'ADMIN',
  status: 'ACTIVE',
  is_owner: false,
  currency: 'EUR',
  timezone: 'UTC',
});
const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };
const CREDENTIAL = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'Y2xpZW50', authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'dXNlcg' },
};
const SIGNED_IN = { token: 'session-token-1234567890', user, accounts: [account(1, 'Riverside Hall')] };
const cancelled = () => new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');

/** The answers by path, each list in turn (the last one kept). */
let answers: Record<string, Response[]>;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  window.history.replaceState(null, '', '/auth/login');
  localStorage.clear();
  vi.mocked(startAuthentication).mockReset();
  answers = {};
  fetchMock = vi.fn(async (url: string) => {
    const list = answers[url];
    if (!list?.length) return json(500, {});
    return list.length > 1 ? list.shift()! : list[0]!.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.restoreAllMocks());

/** The requests sent, as [path, body]. */
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => {
    const body = (init as RequestInit | undefined)?.body;
    return [url, body === undefined ? undefined : JSON.parse(String(body))];
  });
const renderLogin = () => renderWithProviders(<LoginForm />, { queryClient: createQueryClient() });
const options = () => json(200, { data: { ceremony: 'ceremony-1234567890', options: OPTIONS } });

describe('signing in with a passkey alone', () => {
  it('sends the ceremony and the browser’s answer, then opens the saved address', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    answers = { '/api/auth/passkey/options': [options()], '/api/auth/passkey': [json(200, SIGNED_IN)] };
    vi.mocked(startAuthentication).mockResolvedValue(CREDENTIAL as never);
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

    await waitFor(() => expect(replace).toHaveBeenCalledWith('/manage/events'));
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(sent()).toEqual([
      ['/api/auth/passkey/options', undefined],
      ['/api/auth/passkey', { ceremony: 'ceremony-1234567890', credential: CREDENTIAL }],
    ]);
    expect(localStorage.getItem('admitone.token')).toBe('session-token-1234567890');
  });

  it('asks a person of several accounts which one to open, with the challenge the passkey passed', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    const accounts = [account(1, 'Riverside Hall'), account(2, 'Harbor Jazz')];
    answers = {
      '/api/auth/passkey/options': [options()],
      '/api/auth/passkey': [
        json(200, {
          token: null,
          user,
          accounts,
          two_factor: { challenge: 'challenge-1234567890', verified: true, methods: ['passkey'] },
        }),
      ],
      '/api/auth/login/two-factor': [json(200, { ...SIGNED_IN, accounts })],
    };
    vi.mocked(startAuthentication).mockResolvedValue(CREDENTIAL as never);
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

    expect(await screen.findByRole('heading', { name: 'Choose an account' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Harbor Jazz/ }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/manage/events'));
    expect(sent().at(-1)).toEqual(['/api/auth/login/two-factor', { challenge: 'challenge-1234567890', account_id: 2 }]);
  });

  it('says calmly that a cancelled prompt signed nobody in, and shows a passkey the server refused', async () => {
    answers = {
      '/api/auth/passkey/options': [options()],
      '/api/auth/passkey': [
        json(422, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the fields.',
            field_errors: {
              credential: ['This passkey could not be checked. Try again, or use another way to sign in.'],
            },
          },
        }),
      ],
    };
    vi.mocked(startAuthentication)
      .mockRejectedValueOnce(cancelled())
      .mockResolvedValueOnce(CREDENTIAL as never);
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'The passkey request was cancelled or timed out. Try again, or log in with your password.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent().map(([url]) => url)).toEqual(['/api/auth/passkey/options']);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This passkey could not be checked. Try again, or use another way to sign in.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('a passkey as the second step after the password', () => {
  const challenge = (methods: string[]) =>
    json(200, {
      token: null,
      user,
      accounts: [],
      two_factor: { challenge: 'challenge-1234567890', verified: false, methods },
    });

  async function logInWithPassword() {
    renderLogin();
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), { target: { value: 'grace@example.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'cobol rules since 1959' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
  }

  it('offers "Use a passkey" beside the code and sends the challenge with the passkey', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    answers = {
      '/api/auth/login': [challenge(['totp', 'passkey'])],
      '/api/auth/login/two-factor/passkey-options': [options()],
      '/api/auth/login/two-factor': [json(200, SIGNED_IN)],
    };
    vi.mocked(startAuthentication).mockResolvedValue(CREDENTIAL as never);
    await logInWithPassword();
    expect(screen.getByRole('textbox', { name: /Six-digit code/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));

    await waitFor(() => expect(replace).toHaveBeenCalledWith('/manage/events'));
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(sent().slice(1)).toEqual([
      ['/api/auth/login/two-factor/passkey-options', { challenge: 'challenge-1234567890' }],
      [
        '/api/auth/login/two-factor',
        { challenge: 'challenge-1234567890', passkey: { ceremony: 'ceremony-1234567890', credential: CREDENTIAL } },
      ],
    ]);
  });

  it('starts with the passkey for a person without the app; a recovery code stays possible', async () => {
    answers = {
      '/api/auth/login': [challenge(['passkey'])],
      '/api/auth/login/two-factor/passkey-options': [options()],
      '/api/auth/login/two-factor': [
        json(422, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the fields.',
            field_errors: {
              passkey: ['This passkey could not be checked. Try again, or use another way to sign in.'],
            },
          },
        }),
      ],
    };
    vi.mocked(startAuthentication)
      .mockRejectedValueOnce(cancelled())
      .mockResolvedValueOnce(CREDENTIAL as never);
    await logInWithPassword();
    expect(screen.queryByRole('textbox', { name: /Six-digit code/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    const usePasskey = screen.getByRole('button', { name: 'Use a passkey' });
    expect(document.activeElement).toBe(usePasskey);

    fireEvent.click(usePasskey);
    expect((await screen.findByRole('status')).textContent).toBe(
      'The passkey request was cancelled or timed out. Try again, or use another way.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This passkey could not be checked. Try again, or use another way to sign in.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByRole('textbox', { name: /Recovery code/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey instead' }));
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy();
  });
});
