import { describe, expect, it } from 'vitest';

import { ACCOUNT_SECTIONS, firstAccountSection } from './sections';

describe('account sections', () => {
  it('opens the first page the permissions allow', () => {
    expect(firstAccountSection(['events.manage', 'account.manage', 'users.manage'])).toBe('/account/settings');
    expect(firstAccountSection(['events.manage', 'users.manage'])).toBe('/account/users');
  });

  it('opens the reports for an organizer, their only account page', () => {
    expect(firstAccountSection(['events.manage', 'organizers.manage'])).toBe('/account/reports');
    expect(ACCOUNT_SECTIONS.find((s) => s.path === 'reports')?.permission).toBe('events.manage');
  });

  it('has no account page for door staff', () => {
    expect(firstAccountSection(['checkin.scan'])).toBeNull();
  });

  it('lists the payments page for admins only', () => {
    expect(ACCOUNT_SECTIONS.find((s) => s.path === 'payment')?.permission).toBe('account.manage');
  });

  it('lists single sign-on for admins only', () => {
    expect(ACCOUNT_SECTIONS.find((s) => s.path === 'single-sign-on')?.permission).toBe('account.manage');
  });

  it('lists the audit log for admins only', () => {
    expect(ACCOUNT_SECTIONS.find((s) => s.path === 'audit-log')?.permission).toBe('account.manage');
  });
});
