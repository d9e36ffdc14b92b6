import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test-utils/render';
import { LoginForm } from './LoginForm';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderLogin() {
  window.history.replaceState(null, '', '/auth/login');
  return renderWithProviders(<LoginForm />, { queryClient: createQueryClient() });
}

describe('login form', () => {
  it('checks the fields with the shared schema (loaded on the first submit) and sends nothing while they are wrong', async () => {
    renderLogin();
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(/valid e-mail address/i)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /E-mail/ }).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the login once the fields are right, and shows the account chooser for a login in several accounts', async () => {
    const accounts = [
      {
        id: 1,
        name: 'Riverside Hall',
        role: 'ADMIN',
        status: 'ACTIVE',
        is_owner: true,
        currency: 'EUR',
        timezone: 'UTC',
      },
      {
        id: 2,
        name: 'Harbor Jazz',
        role: 'ORGANIZER',
        status: 'ACTIVE',
        is_owner: false,
        currency: 'EUR',
        timezone: 'UTC',
      },
    ];
    fetchMock.mockImplementation(async () => json(200, { token: null, user: null, accounts }));
    renderLogin();
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), { target: { value: 'grace@example.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'cobol rules since 1959' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Harbor Jazz')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({
      email: 'grace@example.test',
      password: 'cobol rules since 1959',
    });
  });
});

describe('login form: leaving the sign-in screens', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens the saved address with a page load once logged in (the organizer app starts in the new session)', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    localStorage.setItem('admitone.returnTo', '/manage/event/7/orders');
    fetchMock.mockImplementation(async () =>
      json(200, {
        token: 'session-token-1234567890',
        user: { id: 3, name: 'Grace', email: 'grace@example.test', locale: null },
        accounts: [
          {
            id: 1,
            name: 'Riverside Hall',
            role: 'ADMIN',
            status: 'ACTIVE',
            is_owner: true,
            currency: 'EUR',
            timezone: 'UTC',
          },
        ],
      }),
    );
    renderLogin();
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), { target: { value: 'grace@example.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'cobol rules since 1959' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/manage/event/7/orders'));
    expect(localStorage.getItem('admitone.token')).toBe('session-token-1234567890');
    expect(localStorage.getItem('admitone.returnTo')).toBeNull();
  });

  it('moves to another sign-in screen without a page load', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderLogin();
    fireEvent.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(window.location.pathname).toBe('/auth/forgot-password');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('login form: the second step of two-factor sign-in', () => {
  afterEach(() => vi.restoreAllMocks());

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
  const challenge = {
    token: null,
    user,
    accounts: [],
    two_factor: { challenge: 'challenge-1234567890', verified: false },
  };
  const wrongCode = (field: string) =>
    json(422, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Check the fields.',
        field_errors: { [field]: ['This code is not right, or was already used.'] },
      },
    });
  /** The answers of the login (the challenge) and of each second step in turn. */
  const answer = (...steps: Response[]) =>
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/auth/login') return json(200, challenge);
      return steps.shift() ?? json(500, {});
    });
  const secondSteps = () =>
    fetchMock.mock.calls
      .filter(([url]) => url === '/api/auth/login/two-factor')
      .map(([, init]) => JSON.parse((init as RequestInit).body as string));

  async function logInWithPassword() {
    renderLogin();
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), { target: { value: 'grace@example.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'cobol rules since 1959' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
  }

  it('asks for the code after the password, shows a wrong one on the field, and signs in with a recovery code', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    answer(
      wrongCode('code'),
      json(200, { token: 'session-token-1234567890', user, accounts: [account(1, 'Riverside Hall')] }),
    );
    await logInWithPassword();
    const code = screen.getByRole('textbox', { name: /Six-digit code/ });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(document.activeElement).toBe(code);

    // Checked before it is sent: six digits.
    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the six digits your authenticator app shows.')).toBeTruthy();
    expect(secondSteps()).toEqual([]);

    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This code is not right, or was already used.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = screen.getByRole('textbox', { name: /Recovery code/ });
    expect(document.activeElement).toBe(recovery);
    expect(screen.queryByText('This code is not right, or was already used.')).toBeNull();
    fireEvent.change(recovery, { target: { value: 'abcde-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/manage/events'));
    expect(localStorage.getItem('admitone.token')).toBe('session-token-1234567890');
    expect(secondSteps()).toEqual([
      { challenge: 'challenge-1234567890', code: '123 456' },
      { challenge: 'challenge-1234567890', recovery_code: 'abcde-12345' },
    ]);
  });

  it('goes back to the password with the message when the sign-in took too long or had too many wrong codes', async () => {
    const message = 'This sign-in took too long or had too many wrong codes. Enter your password again.';
    answer(json(401, { error: { code: 'TWO_FACTOR_CHALLENGE_EXPIRED', message } }));
    await logInWithPassword();
    fireEvent.change(screen.getByRole('textbox', { name: /Six-digit code/ }), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /E-mail/ }) as HTMLInputElement).value).toBe('grace@example.test');
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
  });

  it('goes back to the password on "Back"', async () => {
    answer();
    await logInWithPassword();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(secondSteps()).toEqual([]);
  });

  it('asks which account to open after the code, for a person in several, without asking the code again', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    const accounts = [account(1, 'Riverside Hall'), account(2, 'Harbor Jazz')];
    answer(
      json(200, { token: null, user, accounts, two_factor: { challenge: 'challenge-1234567890', verified: true } }),
      json(200, { token: 'session-token-1234567890', user, accounts }),
    );
    await logInWithPassword();
    fireEvent.change(screen.getByRole('textbox', { name: /Six-digit code/ }), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    fireEvent.click(await screen.findByRole('button', { name: /Harbor Jazz/ }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/manage/events'));
    expect(secondSteps()).toEqual([
      { challenge: 'challenge-1234567890', code: '654321' },
      { challenge: 'challenge-1234567890', account_id: 2 },
    ]);
  });
});

describe('login form: single sign-on', () => {
  afterEach(() => vi.restoreAllMocks());

  const NOT_SET_UP =
    "No single sign-on is set up for this address. Log in with your password, or use your team's sign-in link.";

  it('opens the work address filled in from the e-mail field, and shows an address without single sign-on on it', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fetchMock
      .mockResolvedValueOnce(
        json(422, {
          error: { code: 'VALIDATION_FAILED', message: 'Check the fields.', field_errors: { email: [NOT_SET_UP] } },
        }),
      )
      .mockResolvedValueOnce(json(200, { data: { url: 'https://login.example.com/authorize?state=abc' } }));
    renderLogin();
    fireEvent.change(screen.getByRole('textbox', { name: /^E-mail/ }), { target: { value: 'grace@example.test' } });
    const open = screen.getByRole('button', { name: 'Sign in with single sign-on' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const work = screen.getByRole('textbox', { name: /Work e-mail/ }) as HTMLInputElement;
    expect(work.value).toBe('grace@example.test');
    expect(document.activeElement).toBe(work);

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(NOT_SET_UP)).toBeTruthy();
    expect(work.getAttribute('aria-invalid')).toBe('true');
    expect(
      work
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toContain(NOT_SET_UP);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(assign).not.toHaveBeenCalled();

    // Another address: on to its identity provider.
    fireEvent.change(work, { target: { value: 'ada@team.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.example.com/authorize?state=abc'));
    expect(fetchMock.mock.calls.map(([url, init]) => [url, JSON.parse(init.body as string)])).toEqual([
      ['/api/auth/sso/start', { email: 'grace@example.test' }],
      ['/api/auth/sso/start', { email: 'ada@team.example' }],
    ]);
  });

  it('checks the work address before sending it', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with single sign-on' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Work e-mail/ }), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/valid e-mail address/i)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
