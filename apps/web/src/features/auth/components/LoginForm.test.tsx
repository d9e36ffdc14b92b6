import { fireEvent, screen } from '@testing-library/react';
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
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/manage/event/7/orders'));
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
