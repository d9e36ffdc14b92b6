import type { ApiKeyDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { ApiKeysPage } from './ApiKeysPage';

beforeAll(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
});

const me = (permissions: string[]) => ({
  data: {
    user: {
      id: 1,
      name: 'Ada Admin',
      email: 'ada@example.com',
      timezone: 'Europe/Berlin',
      locale: 'en',
      email_verified: true,
    },
    account: { id: 3, name: 'Ada events', timezone: 'Europe/Berlin' },
    accounts: [],
    permissions,
  },
});
const crm: ApiKeyDto = {
  id: 5,
  name: 'CRM sync',
  prefix: 'a1k_AbCdEfGh',
  access: 'READ_WRITE',
  event_ids: [],
  expires_at: null,
  last_used_at: '2026-11-20T09:30:00.000Z',
  revoked_at: null,
  created_at: '2026-11-01T08:00:00.000Z',
  created_by: { id: 1, name: 'Ada Admin' },
  state: 'ACTIVE',
};
const door: ApiKeyDto = {
  ...crm,
  id: 4,
  name: 'Door system',
  prefix: 'a1k_ZyXwVuTs',
  access: 'READ',
  event_ids: [7],
  last_used_at: null,
  state: 'PAUSED',
};
const events = [{ id: 7, title: 'Summer concert', start_date: '2027-07-01T18:00:00.000Z', timezone: 'Europe/Berlin' }];
const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function setup(keys: ApiKeyDto[], permissions = ['api_keys.manage']) {
  let list = keys;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/me') return json(200, me(permissions));
    if (url === '/api/check-in/events') return json(200, { data: events });
    if (url === '/api/accounts/3') return json(200, { data: { id: 3, name: 'Ada events', api_version: '2026-12-01' } });
    if (url === '/api/api-keys' && method === 'GET') return json(200, { data: list });
    if (url === '/api/api-keys' && method === 'POST') {
      const body = JSON.parse(String(init!.body));
      if (!body.name)
        return json(422, {
          error: { code: 'VALIDATION_FAILED', message: 'Check the fields', field_errors: { name: ['Required'] } },
        });
      const made = {
        ...crm,
        id: 9,
        name: body.name,
        access: body.access,
        event_ids: body.event_ids,
        expires_at: body.expires_at,
        last_used_at: null,
        secret: 'a1k_SECRET0123456789',
      };
      list = [made, ...list];
      return json(201, { data: made });
    }
    if (url.startsWith('/api/api-keys/') && method === 'DELETE') {
      list = list.map((k) => (k.id === Number(url.split('/').pop()) ? { ...k, state: 'REVOKED' as const } : k));
      return json(204, null);
    }
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<ApiKeysPage />, { query: true, router: true });
  const posted = () =>
    fetchMock.mock.calls
      .filter(([u, init]) => u === '/api/api-keys' && init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init!.body)));
  return { fetchMock, posted };
}

afterEach(() => vi.unstubAllGlobals());

describe('ApiKeysPage', () => {
  it('lists keys with access, events, last use, maker and state', async () => {
    setup([crm, door]);
    const table = await screen.findByRole('table', { name: 'API keys' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('CRM sync')).toBeTruthy();
    expect(within(rows[0]!).getByText('a1k_AbCdEfGh…')).toBeTruthy();
    expect(within(rows[0]!).getByText('Read and write')).toBeTruthy();
    expect(within(rows[0]!).getByText('All events')).toBeTruthy();
    expect(within(rows[0]!).getByText('Never')).toBeTruthy();
    // Last used, in the reader's time zone (09:30 UTC is 10:30 in Berlin in November).
    expect(within(rows[0]!).getByText(/^Nov 20, 2026, 10:30/)).toBeTruthy();
    expect(within(rows[0]!).getByText('by Ada Admin')).toBeTruthy();
    expect(within(rows[0]!).getByText('Active')).toBeTruthy();
    expect(within(rows[1]!).getByText('Read-only')).toBeTruthy();
    expect(await within(rows[1]!).findByText('Summer concert')).toBeTruthy();
    expect(within(rows[1]!).getByText('Not used yet')).toBeTruthy();
    expect(within(rows[1]!).getByText('Paused')).toBeTruthy();
    expect(screen.getByText('2 keys, 1 active')).toBeTruthy();
    // The account's pinned API version, what calls without the header get.
    expect((await screen.findByTestId('api-version')).textContent).toContain(
      'API version of this account: 2026-12-01.',
    );
  });

  it('says what keys are for when there are none', async () => {
    setup([]);
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Create API key' })).toHaveLength(2);
  });

  it('creates a key limited to an event and shows its secret once, with a call to try it', async () => {
    const { posted } = setup([]);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Create API key' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Door system' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: /Only some events/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Choose at least one event.')).toBeTruthy();
    expect(posted()).toEqual([]);
    const events = within(dialog)
      .getAllByLabelText(/^Events/)
      .find((el) => el.tagName === 'INPUT')!;
    fireEvent.click(events);
    fireEvent.click(await screen.findByRole('option', { name: /Summer concert/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /Read and write/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect((within(shown).getByTestId('api-key-secret') as HTMLInputElement).value).toBe('a1k_SECRET0123456789');
    expect(within(shown).getByText(/Authorization: Bearer a1k_SECRET0123456789/)).toBeTruthy();
    expect(
      within(shown).getByText(
        'This is the only time the key is shown. We keep only a fingerprint of it: if it gets lost, revoke it and create a new one.',
      ),
    ).toBeTruthy();
    const [body] = posted();
    expect(body).toMatchObject({ name: 'Door system', access: 'READ_WRITE', event_ids: [7] });
    // 90 days by default.
    expect(Math.round((Date.parse(body.expires_at) - Date.now()) / 86_400_000)).toBe(90);
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your new API key' })).toBeNull());
    expect(await screen.findByText('Door system')).toBeTruthy();
  });

  it('revokes a key after asking', async () => {
    const { fetchMock } = setup([crm]);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke CRM sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, init]) => u === '/api/api-keys/5' && init?.method === 'DELETE')).toBe(true),
    );
    expect(await screen.findByText('Revoked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke CRM sync' })).toBeNull();
  });

  it('is closed to people who may not manage keys', async () => {
    setup([crm], ['events.manage']);
    expect(await screen.findByText(/permission/i)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
