import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { CreateEventFlow } from './CreateEventFlow';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});

const me = (organizerIds: number[] | null) => ({
  data: {
    user: { id: 1, name: 'Olga Organizer', email: 'olga@example.com', timezone: null, email_verified: true },
    account: { id: 3, name: 'Ada events', currency: 'EUR', timezone: 'Europe/Berlin' },
    accounts: [],
    permissions: ['events.manage', 'organizers.manage'],
    two_factor_setup_required: false,
    organizer_ids: organizerIds,
  },
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An account whose organizers the caller sees none of. */
function setup(organizerIds: number[] | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/users/me') return json(200, me(organizerIds));
      if (url.startsWith('/api/organizers?')) return json(200, { data: [], meta: { total: 0 } });
      return json(404, { error: { code: 'NOT_FOUND', message: '' } });
    }),
  );
  renderWithProviders(<CreateEventFlow onDone={vi.fn()} />, { query: true, router: true });
}

afterEach(() => vi.unstubAllGlobals());

describe('CreateEventFlow without an organizer', () => {
  it('asks for a first organizer', async () => {
    setup(null);
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(screen.getByText(/Create one first/)).toBeTruthy();
  });

  it('offers no new organizer to a member limited to some organizers (the API refuses it)', async () => {
    setup([4]);
    expect(await screen.findByText(/none of the organizers you work for is available/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});
