import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../lib/api-error';
import { renderWithProviders } from '../test-utils/render';
import { NotFound, RouteError } from './RouteError';

function renderAt(path: string) {
  const Boom = () => {
    throw new ApiError(500, 'INTERNAL_ERROR', 'boom');
  };
  const router = createMemoryRouter(
    [
      { path: '/broken', Component: Boom, errorElement: <RouteError /> },
      { path: '*', Component: NotFound },
    ],
    { initialEntries: [path] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('error screen', () => {
  it('shows the not-found text, the logo as "Error" and a link home', () => {
    renderAt('/nowhere');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Error' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back to the home page' }).getAttribute('href')).toBe('/');
  });

  it('shows the generic text for other errors', () => {
    // React and the router log the caught error; keep the test output clean.
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAt('/broken');
    spy.mockRestore();
    warn.mockRestore();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });
});
