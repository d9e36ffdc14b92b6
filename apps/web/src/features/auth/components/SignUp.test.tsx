import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { TOKEN_KEY } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test-utils/render';
import { ConfirmSignUp } from './ConfirmSignUp';
import { RegisterForm } from './RegisterForm';

let fetchMock: ReturnType<typeof vi.fn>;
/** The sign-ups sent (the form also asks for the operator's terms: TermsCheckbox). */
const registerCalls = () =>
  fetchMock.mock.calls.filter(([url]) => url === '/api/auth/register') as Array<[string, RequestInit]>;
/** Where the screen sent the browser: leaving the sign-in app is a page load (location.replace). */
let replaced: ReturnType<typeof vi.fn<(to: string | URL) => void>>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  replaced = vi.fn<(to: string | URL) => void>();
  vi.spyOn(window.location, 'replace').mockImplementation(replaced);
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Renders a sign-in screen at `path` (StrictMode, as the app does). */
function renderAt(path: string, element: React.ReactNode) {
  window.history.replaceState(null, '', path);
  return renderWithProviders(element, { strict: true, queryClient: createQueryClient() });
}

const auth = {
  token: 'session-token-1234567890',
  user: {
    id: 3,
    name: 'Grace',
    email: 'grace@example.test',
    timezone: null,
    locale: null,
    email_verified: true,
    pending_email: null,
    created_at: '',
  },
  accounts: [
    { id: 1, name: 'Grace', role: 'ADMIN', status: 'ACTIVE', is_owner: true, currency: 'USD', timezone: 'UTC' },
  ],
};

describe('sign-up form', () => {
  it('gives way to "Check your inbox" with the address, and sends the same sign-up again on request', async () => {
    fetchMock.mockImplementation(async () =>
      json(202, { message: 'We have sent a link to grace@example.test. Open it to finish signing up.' }),
    );
    renderAt('/auth/register', <RegisterForm />);
    fireEvent.change(screen.getByRole('textbox', { name: /Your name/ }), { target: { value: 'Grace Hopper' } });
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), { target: { value: 'grace@example.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'cobol rules since 1959' } });
    fireEvent.change(screen.getByLabelText(/Confirm password/), { target: { value: 'cobol rules since 1959' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText('grace@example.test')).toBeTruthy();
    expect(screen.getByText(/Check your spam folder/)).toBeTruthy();
    // Nothing is logged in: the answer carries no token.
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    const first = JSON.parse(registerCalls()[0]![1].body as string);
    // No organization typed: the server names the account after the person ("Grace Hopper's events").
    expect(first).toMatchObject({ name: 'Grace Hopper', organization: null });

    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We have sent the link again.')).toBeTruthy();
    expect(registerCalls()).toHaveLength(2);
    expect(JSON.parse(registerCalls()[1]![1].body as string)).toEqual(first);
  });
});

describe('sign-up form: the organization', () => {
  it('is optional, and names the account when typed', async () => {
    fetchMock.mockImplementation(async () => json(202, { message: 'We have sent a link.' }));
    renderAt('/auth/register', <RegisterForm />);
    const organization = screen.getByRole('textbox', { name: 'Organization' });
    expect(organization.hasAttribute('required')).toBe(false);
    expect(organization.getAttribute('autocomplete')).toBe('organization');
    fireEvent.change(screen.getByRole('textbox', { name: /Your name/ }), { target: { value: 'Grace Hopper' } });
    fireEvent.change(organization, { target: { value: '  Harvard Computation Lab ' } });
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), { target: { value: 'grace@example.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'cobol rules since 1959' } });
    fireEvent.change(screen.getByLabelText(/Confirm password/), { target: { value: 'cobol rules since 1959' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(JSON.parse(registerCalls()[0]![1].body as string)).toMatchObject({
      name: 'Grace Hopper',
      organization: 'Harvard Computation Lab',
    });
  });
});

describe('sign-up link page', () => {
  it('opens the link once (even under StrictMode), stores the session and continues to the first-run page', async () => {
    fetchMock.mockResolvedValue(json(200, auth));
    renderAt('/auth/confirm-sign-up/link-token-1234567890', <ConfirmSignUp token="link-token-1234567890" />);
    await waitFor(() => expect(replaced).toHaveBeenCalledWith('/welcome'));
    expect(replaced).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/confirm-sign-up/link-token-1234567890');
    expect(init.method).toBe('POST');
    expect(localStorage.getItem(TOKEN_KEY)).toBe(auth.token);
  });

  it('says what to do when the link is used, expired or unknown', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        error: { code: 'INVALID_SIGNUP_LINK', message: 'This sign-up link is invalid, expired or already used.' },
      }),
    );
    renderAt('/auth/confirm-sign-up/used-token-1234567890', <ConfirmSignUp token="used-token-1234567890" />);
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up again' }).getAttribute('href')).toBe('/auth/register');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('offers to try again when the server could not answer', async () => {
    fetchMock
      .mockResolvedValueOnce(
        json(500, { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again.' } }),
      )
      .mockResolvedValueOnce(json(200, auth));
    renderAt('/auth/confirm-sign-up/link-token-1234567890', <ConfirmSignUp token="link-token-1234567890" />);
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(replaced).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(replaced).toHaveBeenCalledWith('/welcome'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
