import type { TwoFactorStatusDto } from '@admitone/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { TwoFactorSection } from './TwoFactorSection';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fieldError = (field: string, message: string) =>
  json(422, {
    error: { code: 'VALIDATION_FAILED', message: 'Check the fields.', field_errors: { [field]: [message] } },
  });

const OFF: TwoFactorStatusDto = { totp: false, passkeys: 0, enabled_at: null, recovery_codes_left: 0, required: false };
const ON: TwoFactorStatusDto = {
  totp: true,
  passkeys: 0,
  enabled_at: '2026-12-01T09:00:00.000Z',
  recovery_codes_left: 10,
  required: false,
};
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/AdmitOne:ada%40example.test?secret=${SECRET}&issuer=AdmitOne`;
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-1234${i}`);

let status: TwoFactorStatusDto;
/** What the next confirmations answer, in turn. */
let confirmations: Response[];
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  confirmations = [];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/me/two-factor' && method === 'GET') return json(200, { data: status });
    if (url === '/api/users/me/passkeys' && method === 'GET') return json(200, { data: [] });
    if (url === '/api/users/me/two-factor/totp') return json(200, { data: { secret: SECRET, uri: URI } });
    if (url === '/api/users/me/two-factor/totp/confirm') return confirmations.shift() ?? json(500, {});
    if (url === '/api/users/me/two-factor/disable') {
      const body = JSON.parse(String(init!.body)) as { current_password: string };
      if (body.current_password !== 'right password') {
        return fieldError('current_password', 'This is not your current password.');
      }
      status = OFF;
      return json(200, { data: OFF });
    }
    return json(404, { error: { code: 'NOT_FOUND', message: '' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});

const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => url === path);
const renderSection = () => renderWithProviders(<TwoFactorSection timeZone="Europe/Berlin" />, { query: true });

describe('the profile’s two-factor sign-in', () => {
  it('sets up an authenticator app: QR code and key, the first code, then the recovery codes shown once', async () => {
    status = OFF;
    renderSection();
    expect(await screen.findByText('Off')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set up' }));

    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    const qr = await within(dialog).findByTestId('qr-code');
    expect(qr.getAttribute('data-value')).toBe(URI);
    expect(qr.getAttribute('alt')).toBe('QR code for your authenticator app');
    // The key as text, in groups of four, to type into an app that cannot scan.
    expect(within(dialog).getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(within(dialog).getByRole('button', { name: 'Copy key' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Download QR code/ })).toBeNull();
    expect(calls('/api/users/me/two-factor/totp')).toHaveLength(1);

    confirmations = [
      fieldError('code', 'This code is not right, or was already used.'),
      json(200, { data: { codes: CODES } }),
    ];
    status = ON;
    const code = within(dialog).getByRole('textbox', { name: /Six-digit code/ });
    fireEvent.change(code, { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText('This code is not right, or was already used.')).toBeTruthy();

    fireEvent.change(code, { target: { value: '222222' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(document.activeElement).toBe(list);
    expect(within(dialog).getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download (.txt)' })).toBeTruthy();
    expect(JSON.parse(String(calls('/api/users/me/two-factor/totp/confirm')[1]![1]!.body))).toEqual({ code: '222222' });

    // Shown once: the dialog stays until the codes are saved (no close button; "Done" after the box is ticked).
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I have saved these recovery codes' }));
    expect(done).toHaveProperty('disabled', false);
    fireEvent.click(done);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('On')).toBeTruthy();
    expect(screen.getByText('10 recovery codes left')).toBeTruthy();
    expect(screen.getByText(/^since Dec 1, 2026, 10:00/)).toBeTruthy();
  });

  it('warns when few recovery codes are left, and cannot be turned off where an account requires it', async () => {
    status = { ...ON, recovery_codes_left: 2, required: true };
    renderSection();
    expect(await screen.findByText('2 recovery codes left')).toBeTruthy();
    expect(screen.getByText(/Only a few recovery codes are left/)).toBeTruthy();
    const turnOff = screen.getByRole('button', { name: 'Turn off' });
    expect(turnOff).toHaveProperty('disabled', true);
    const why = document.getElementById(turnOff.getAttribute('aria-describedby')!);
    expect(why?.textContent).toBe('An account you belong to requires two-factor sign-in, so it cannot be turned off.');
  });

  it('turns off with the password, a wrong one shown on the field', async () => {
    status = ON;
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    const password = within(dialog).getByLabelText(/Current password/);
    fireEvent.change(password, { target: { value: 'wrong password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('This is not your current password.')).toBeTruthy();

    fireEvent.change(password, { target: { value: 'right password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Off')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up' })).toBeTruthy();
  });
});
