import { describe, expect, it } from 'vitest';
import { ACCOUNT_SECTIONS, firstAccountSection } from './sections';

describe('account sections', () => {
  it('opens the first page the permissions allow', () => {
    expect(firstAccountSection(['events.manage', 'account.manage', 'users.manage'])).toBe('/account/settings');
    expect(firstAccountSection(['events.manage', 'users.manage'])).toBe('/account/users');
  });

  it('has no account page for an organizer', () => {
    expect(firstAccountSection(['events.manage', 'organizers.manage'])).toBeNull();
  });

  it('lists the payments page for admins only', () => {
    expect(ACCOUNT_SECTIONS.find((s) => s.path === 'payment')?.permission).toBe('account.manage');
  });
});
