import type { SessionDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { SessionsSection } from './SessionsSection';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const here: SessionDto = {
  id: 1,
  current: true,
  browser: 'Chrome 131',
  os: 'macOS 15',
  device: 'desktop',
  ip: '203.0.113.7',
  country: 'DE',
  account: { id: 3, name: 'Riverside Hall' },
  created_at: '2026-12-01T08:00:00.000Z',
  last_used_at: '2026-12-05T18:00:00.000Z',
};
const phone: SessionDto = {
  ...here,
  id: 2,
  current: false,
  browser: 'Safari 18',
  os: 'iOS 18',
  device: 'mobile',
  ip: '198.51.100.4',
  country: null,
  account: { id: 4, name: 'Harbor Jazz' },
  last_used_at: '2026-12-04T07:30:00.000Z',
};

let sessions: SessionDto[];
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  localStorage.setItem('admitone.token', 'session-token-1234567890');
  sessions = [here, phone];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/me/sessions' && method === 'GET') return json(200, { data: sessions });
    const one = /^\/api\/users\/me\/sessions\/(\d+)$/.exec(url);
    if (one && method === 'DELETE') {
      sessions = sessions.filter((s) => s.id !== Number(one[1]));
      return new Response(null, { status: 204 });
    }
    if (url === '/api/users/me/sessions' && method === 'DELETE') return new Response(null, { status: 204 });
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.restoreAllMocks());

const deletes = () =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE').map(([url]) => url);
const renderSection = () => renderWithProviders(<SessionsSection timeZone="Europe/Berlin" />, { query: true });

describe('where you are signed in', () => {
  it('lists each device with its account, address, country and last use, this one marked', async () => {
    renderSection();
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Chrome 131 on macOS 15')).toBeTruthy();
    expect(within(first!).getByText('This device')).toBeTruthy();
    expect(within(first!).getByText('Riverside Hall · 203.0.113.7 · Germany')).toBeTruthy();
    expect(within(first!).getByText('Active now')).toBeTruthy();
    expect(within(second!).getByText('Safari 18 on iOS 18')).toBeTruthy();
    expect(within(second!).queryByText('This device')).toBeNull();
    expect(within(second!).getByText('Harbor Jazz · 198.51.100.4')).toBeTruthy();
    expect(within(second!).getByText(/^Last active Dec 4, 2026, 8:30/)).toBeTruthy();
  });

  it('signs another device out at once, and the list follows', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Safari 18 on iOS 18 (Harbor Jazz)' }));
    await waitFor(() => expect(screen.queryByText('Safari 18 on iOS 18')).toBeNull());
    expect(deletes()).toEqual(['/api/users/me/sessions/2']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(replace).not.toHaveBeenCalled();
  });

  it('asks before signing this device out, then opens the login page', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Chrome 131 on macOS 15 (Riverside Hall)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of this device' });
    expect(deletes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/auth/login'));
    expect(deletes()).toEqual(['/api/users/me/sessions/1']);
    expect(localStorage.getItem('admitone.token')).toBeNull();
  });

  it('signs out everywhere after a question, this device too', async () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const again = await screen.findByRole('dialog', { name: 'Sign out everywhere' });
    fireEvent.click(within(again).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/auth/login'));
    expect(deletes()).toEqual(['/api/users/me/sessions']);
    expect(localStorage.getItem('admitone.token')).toBeNull();
  });
});
