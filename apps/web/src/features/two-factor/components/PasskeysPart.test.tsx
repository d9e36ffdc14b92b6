import type { PasskeyDto, TwoFactorStatusDto } from '@admitone/shared';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { TwoFactorSection } from './TwoFactorSection';

// The browser's side of WebAuthn: happy-dom has none, and a test cannot touch a fingerprint.
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fieldError = (field: string, message: string) =>
  json(422, {
    error: { code: 'VALIDATION_FAILED', message: 'Check the fields.', field_errors: { [field]: [message] } },
  });

const OFF: TwoFactorStatusDto = { totp: false, passkeys: 0, enabled_at: null, recovery_codes_left: 0, required: false };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-1234${i}`);
const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp: { name: 'AdmitOne', id: 'localhost' }, user: { id: 'dXNlcg' } };
const CREDENTIAL = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'Y2xpZW50', attestationObject: 'YXR0ZXN0', transports: ['internal'] },
};
const passkey = (id: number, name: string, extra: Partial<PasskeyDto> = {}): PasskeyDto => ({
  id,
  name,
  synced: false,
  created_at: '2026-11-20T09:00:00.000Z',
  last_used_at: null,
  ...extra,
});

let status: TwoFactorStatusDto;
let passkeys: PasskeyDto[];
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  vi.mocked(browserSupportsWebAuthn).mockReturnValue(true);
  vi.mocked(startRegistration).mockReset();
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url === '/api/users/me/two-factor' && method === 'GET') return json(200, { data: status });
    if (url === '/api/users/me/passkeys' && method === 'GET') return json(200, { data: passkeys });
    if (url === '/api/users/me/passkeys/options') {
      return json(200, { data: { ceremony: 'ceremony-1234567890', options: OPTIONS } });
    }
    if (url === '/api/users/me/passkeys' && method === 'POST') {
      const added = passkey(9, body.name, { synced: true });
      passkeys = [...passkeys, added];
      const first = !status.totp && status.passkeys === 0;
      status = {
        ...status,
        passkeys: status.passkeys + 1,
        recovery_codes_left: first ? 10 : status.recovery_codes_left,
      };
      return json(201, { data: { passkey: added, recovery_codes: first ? CODES : null } });
    }
    const removing = /^\/api\/users\/me\/passkeys\/(\d+)$/.exec(url);
    if (removing && method === 'DELETE') {
      if (body.current_password !== 'right password') {
        return fieldError('current_password', 'This is not your current password.');
      }
      passkeys = passkeys.filter((p) => p.id !== Number(removing[1]));
      status = { ...status, passkeys: status.passkeys - 1 };
      return new Response(null, { status: 204 });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

const calls = (path: string, method = 'POST') =>
  fetchMock.mock.calls.filter(
    ([url, init]) => url === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method,
  );
const renderSection = () => renderWithProviders(<TwoFactorSection timeZone="Europe/Berlin" />, { query: true });

describe('the profile’s passkeys', () => {
  it('adds a passkey: its name, the browser’s prompt, then the recovery codes of the first second step', async () => {
    status = OFF;
    passkeys = [];
    vi.mocked(startRegistration).mockResolvedValue(CREDENTIAL as never);
    renderSection();
    expect(await screen.findByText('You have no passkeys yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    fireEvent.change(name, { target: { value: 'Work laptop' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add passkey' }));

    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(calls('/api/users/me/passkeys/options')).toHaveLength(1);
    expect(JSON.parse(String(calls('/api/users/me/passkeys')[0]![1]!.body))).toEqual({
      name: 'Work laptop',
      ceremony: 'ceremony-1234567890',
      credential: CREDENTIAL,
    });

    // Shown once, as the app's set-up shows them: the dialog stays until they are saved.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I have saved these recovery codes' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // On with the passkey alone: no app to turn off, the app still to add.
    expect(await screen.findByText('With 1 passkey')).toBeTruthy();
    expect(screen.getByText('On')).toBeTruthy();
    expect(screen.getByText('10 recovery codes left')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add an authenticator app' })).toBeTruthy();
    const item = within(await screen.findByRole('list', { name: 'Passkeys' })).getByRole('listitem');
    expect(within(item).getByText('Work laptop')).toBeTruthy();
    expect(within(item).getByText('Synced')).toBeTruthy();
    expect(item.textContent).toContain('Never used');
  });

  it('says calmly that a cancelled prompt added nothing, and sends nothing', async () => {
    status = OFF;
    passkeys = [];
    vi.mocked(startRegistration).mockRejectedValue(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    );
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Phone' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add passkey' }));

    const notice = await within(dialog).findByRole('status');
    expect(notice.textContent).toBe('The passkey was not added: the request was cancelled or timed out.');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(calls('/api/users/me/passkeys')).toHaveLength(0);
    // The dialog stays, to try again.
    expect(within(dialog).getByRole('button', { name: 'Add passkey' })).toBeTruthy();
  });

  it('removes a passkey with the password, a wrong one shown on the field', async () => {
    status = {
      totp: true,
      passkeys: 2,
      enabled_at: '2026-12-01T09:00:00.000Z',
      recovery_codes_left: 8,
      required: false,
    };
    passkeys = [passkey(4, 'Work laptop', { last_used_at: '2026-12-02T10:30:00.000Z' }), passkey(5, 'Phone')];
    renderSection();
    expect(await screen.findByText('With an authenticator app and 2 passkeys')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Last used Dec 2, 2026, 11:30');
    // Turning the app off keeps the passkeys: it says so.
    expect(screen.getByRole('button', { name: 'Remove the authenticator app' })).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'Remove Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove passkey' });
    expect(dialog.textContent).toContain('“Work laptop” will no longer sign you in.');
    const password = within(dialog).getByLabelText(/Current password/);
    fireEvent.change(password, { target: { value: 'wrong password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('This is not your current password.')).toBeTruthy();

    fireEvent.change(password, { target: { value: 'right password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('/api/users/me/passkeys/4', 'DELETE').map(([, init]) => JSON.parse(String(init.body)))).toEqual([
      { current_password: 'wrong password' },
      { current_password: 'right password' },
    ]);
    expect(await screen.findByText('With an authenticator app and 1 passkey')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Passkeys' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('keeps the only passkey where an account requires two-factor sign-in', async () => {
    status = { totp: false, passkeys: 1, enabled_at: null, recovery_codes_left: 10, required: true };
    passkeys = [passkey(4, 'Work laptop')];
    renderSection();
    const remove = await screen.findByRole('button', { name: 'Remove Work laptop' });
    expect(remove).toHaveProperty('disabled', true);
    expect(document.getElementById(remove.getAttribute('aria-describedby')!)?.textContent).toBe(
      'An account you belong to requires two-factor sign-in, so your only passkey cannot be removed.',
    );
  });

  it('says so instead of the button where the browser cannot make passkeys', async () => {
    vi.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    status = OFF;
    passkeys = [];
    renderSection();
    expect(
      await screen.findByText('This browser cannot make passkeys. Open your profile in a current browser to add one.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });
});
