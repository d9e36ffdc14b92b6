import { describe, expect, it } from 'vitest';
import { firstAccountSection } from './sections';

describe('account sections', () => {
  it('opens the first page the permissions allow', () => {
    expect(firstAccountSection(['events.manage', 'account.manage', 'users.manage'])).toBe('/account/settings');
    expect(firstAccountSection(['events.manage', 'users.manage'])).toBe('/account/users');
  });

  it('has no account page for an organizer', () => {
    expect(firstAccountSection(['events.manage', 'organizers.manage'])).toBeNull();
  });
});
