import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { ManageLayout } from './ManageLayout';

const state: { permissions: string[] } = { permissions: [] };
vi.mock('../../features/auth/components/RequireAuth', () => ({
  RequireAuth: ({ children }: { children: ReactNode }) => children,
}));
vi.mock('../../features/users/api/me', () => ({
  useMe: () => ({ data: { permissions: state.permissions, user: { name: 'Ada Admin' } } }),
}));
vi.mock('../../features/users/components/UserMenu', () => ({
  UserMenu: () => <button type="button">Open user menu</button>,
}));
vi.mock('../../features/profile/components/EmailConfirmationBanner', () => ({ EmailConfirmationBanner: () => null }));
vi.mock('../../features/account/components/MailDelayBanner', () => ({ MailDelayBanner: () => null }));

/** happy-dom applies the style sheets' media queries (`hiddenFrom`, `visibleFrom`) at its window's width. */
const windowWidth = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }
  ).happyDOM.setViewport({ width, height: 800 });

afterEach(() => windowWidth(1024));

const navigation = () => screen.getByRole('navigation', { name: 'Main navigation' });

describe('the organizer header', () => {
  it('shows its links as buttons from `sm` up', () => {
    state.permissions = ['events.manage', 'account.manage'];
    windowWidth(1280);
    renderWithProviders(<ManageLayout />, { route: '/manage/events' });
    expect(
      within(navigation())
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Events', 'Account']);
    expect(screen.queryByRole('button', { name: 'Open navigation' })).toBeNull();
  });

  it('on a phone folds them into a burger menu beside the logo and the user menu', async () => {
    state.permissions = ['events.manage', 'account.manage'];
    windowWidth(390);
    renderWithProviders(<ManageLayout />, { route: '/manage/events' });
    const nav = navigation();
    expect(within(nav).queryAllByRole('link')).toEqual([]);
    const burger = within(nav).getByRole('button', { name: 'Open navigation' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('link', { name: 'AdmitOne' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open user menu' })).toBeTruthy();

    fireEvent.click(burger);
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['Events', '/manage/events'],
      ['Account', '/account/settings'],
    ]);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
  });

  it('gives door staff only their check-in in the burger menu', async () => {
    state.permissions = ['checkin.scan'];
    windowWidth(390);
    renderWithProviders(<ManageLayout />, { route: '/manage/check-in' });
    fireEvent.click(within(navigation()).getByRole('button', { name: 'Open navigation' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([['Check-in', '/manage/check-in']]);
  });
});
