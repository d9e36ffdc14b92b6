import type { AccountDto } from '@admitone/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../test-utils/render';
import { AccountSettingsForm } from './AccountSettingsForm';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const account = {
  id: 3,
  name: 'Riverside Hall',
  currency: 'EUR',
  timezone: 'Europe/Berlin',
  require_two_factor: false,
} as AccountDto;
const FIRST = 'Turn on two-factor sign-in for yourself first, in your profile.';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

describe('account settings: two-factor sign-in for every member', () => {
  it('sends the switch, and shows on it that the admin needs two-factor sign-in first', async () => {
    fetchMock
      .mockResolvedValueOnce(
        json(422, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the fields.',
            field_errors: { require_two_factor: [FIRST] },
          },
        }),
      )
      .mockResolvedValue(json(200, { data: { ...account, require_two_factor: true } }));
    renderWithProviders(<AccountSettingsForm account={account} />, { query: true, router: true });
    const toggle = screen.getByRole('switch', { name: 'Every member must use two-factor sign-in' });
    expect(toggle).toHaveProperty('checked', false);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(FIRST)).toBeTruthy();
    // On the switch, and read out with it.
    const described = toggle.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(FIRST);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toMatchObject({ require_two_factor: true });
    expect(screen.getByRole('link', { name: 'profile' }).getAttribute('href')).toBe('/manage/profile#two-factor');

    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.queryByText(FIRST)).toBeNull());
  });
});
