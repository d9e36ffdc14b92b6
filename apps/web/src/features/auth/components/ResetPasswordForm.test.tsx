import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test-utils/render';
import { ResetPasswordForm } from './ResetPasswordForm';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const key = (id: number, name: string, made_recently: boolean) => ({
  id,
  name,
  prefix: `a1k_Key${id}abcd`,
  account: { id: 1, name: 'Riverside Hall' },
  created_at: '2026-11-20T09:30:00.000Z',
  last_used_at: null,
  made_recently,
});

function renderForm(apiKeys: unknown[]) {
  fetchMock.mockImplementation(async (_url: string, init?: RequestInit) =>
    init?.method === 'POST'
      ? json(200, { message: 'ok' })
      : json(200, { data: { email: 'olga@example.test', api_keys: apiKeys } }),
  );
  window.history.replaceState(null, '', '/auth/reset-password/abcdefghijkl');
  return renderWithProviders(<ResetPasswordForm token="abcdefghijkl" />, { queryClient: createQueryClient() });
}

const fillPasswords = () => {
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'violet harbour kettle 77' } });
  fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: 'violet harbour kettle 77' } });
};
const sent = () => JSON.parse(fetchMock.mock.calls.find((c) => c[1]?.method === 'POST')![1].body as string);

describe('reset password form: API keys', () => {
  it('lists the keys with a labelled box each, the recent ones checked, and sends the chosen ids', async () => {
    renderForm([key(7, 'Sync', true), key(3, 'Accounting export', false)]);
    const recent = await screen.findByRole('checkbox', { name: /Revoke “Sync”/ });
    const older = screen.getByRole('checkbox', { name: /Revoke “Accounting export”/ });
    expect((recent as HTMLInputElement).checked).toBe(true);
    expect((older as HTMLInputElement).checked).toBe(false);
    fireEvent.click(older);
    fillPasswords();
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(sent().revoke_api_key_ids).toEqual([7, 3]);
  });

  it('shows no extra step to a person without keys', async () => {
    renderForm([]);
    await screen.findByRole('button', { name: 'Save new password' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    fillPasswords();
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(sent().revoke_api_key_ids).toEqual([]);
  });
});
