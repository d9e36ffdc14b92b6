import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test-utils/render';
import { type Me, userKeys } from '../../users/api/me';
import { ConfirmLinkPage } from './ConfirmLinkPage';

const user = {
  id: 7,
  name: 'Ada',
  email: 'ada@example.test',
  timezone: null,
  locale: null,
  email_verified: true,
  pending_email: null,
  created_at: '',
};
const me = { user, account: { id: 1 }, accounts: [], permissions: [] } as unknown as Me;

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(kind: 'email-change' | 'email-address') {
  const queryClient = createQueryClient();
  queryClient.setQueryData(userKeys.me(), me);
  return renderWithProviders(<ConfirmLinkPage kind={kind} token="token-1234567890" />, {
    strict: true,
    queryClient,
    router: true,
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('confirmation link page', () => {
  it('sends the token once, even under StrictMode, and shows the new address', async () => {
    fetchMock.mockResolvedValue(json(200, { data: { ...user, email: 'new@example.test' } }));
    renderPage('email-change');
    expect(await screen.findByRole('heading', { name: 'E-mail address changed' })).toBeTruthy();
    expect(screen.getByText('From now on you log in with new@example.test.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/7/email-change/token-1234567890');
    expect(init.method).toBe('POST');
  });

  it('says the link is invalid when the server refuses it', async () => {
    fetchMock.mockResolvedValue(
      json(400, { error: { code: 'INVALID_LINK', message: 'The link you clicked is invalid.' } }),
    );
    renderPage('email-address');
    expect(await screen.findByText('The link you clicked is invalid.')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/users/7/confirm-email/token-1234567890');
  });
});
