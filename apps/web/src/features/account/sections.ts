import type { Permission } from '@admitone/shared';

/**
 * The account area's sections, each shown only with its permission (SPEC §6: admins, and the reports for whoever
 * manages events).
 */
export const ACCOUNT_SECTIONS = [
  { path: 'settings', permission: 'account.manage' },
  { path: 'event-defaults', permission: 'account.manage' },
  { path: 'taxes-and-fees', permission: 'taxes.manage' },
  { path: 'payment', permission: 'account.manage' },
  { path: 'users', permission: 'users.manage' },
  { path: 'single-sign-on', permission: 'account.manage' },
  // Everyone who manages events: for an organizer (no other account page) the account area is this.
  { path: 'reports', permission: 'events.manage' },
  { path: 'api-keys', permission: 'api_keys.manage' },
  { path: 'webhooks', permission: 'webhooks.manage' },
  { path: 'audit-log', permission: 'account.manage' },
] as const satisfies readonly { path: string; permission: Permission }[];

export type AccountSection = (typeof ACCOUNT_SECTIONS)[number]['path'];

/** The first account page the permissions open, or null when none (the "Account" link is hidden then). */
export function firstAccountSection(permissions: readonly Permission[]): string | null {
  const section = ACCOUNT_SECTIONS.find((s) => permissions.includes(s.permission));
  return section ? `/account/${section.path}` : null;
}
