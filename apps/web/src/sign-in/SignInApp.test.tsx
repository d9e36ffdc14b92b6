import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../lib/query-client';
import { renderWithProviders } from '../test-utils/render';
import { SignInApp } from './SignInApp';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 500 })),
  );
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  return renderWithProviders(<SignInApp />, { queryClient: createQueryClient() });
}

describe('the sign-in app', () => {
  it('shows the screen of the address in the sign-in card, and the next one without a page load', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderAt('/auth/login');
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    // The sign-up screen's code comes when first opened.
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeTruthy();
    expect(window.location.pathname).toBe('/auth/register');
    expect(assign).not.toHaveBeenCalled();
    // Back goes back.
    act(() => window.history.back());
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  });

  it('links home with an ordinary link (the organizer app is another page)', () => {
    renderAt('/auth/login');
    expect(screen.getByRole('link', { name: 'AdmitOne' }).getAttribute('href')).toBe('/');
  });

  it('answers an unknown address under /auth with the not-found screen', () => {
    renderAt('/auth/nope');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
