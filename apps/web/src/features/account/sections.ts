import type { Permission } from '@admitone/shared';

/** The account area's sections, each shown only with its permission (SPEC §6: admins only today). */
export const ACCOUNT_SECTIONS = [
  { path: 'settings', permission: 'account.manage' },
  { path: 'event-defaults', permission: 'account.manage' },
  { path: 'taxes-and-fees', permission: 'taxes.manage' },
  { path: 'payment', permission: 'account.manage' },
  { path: 'users', permission: 'users.manage' },
] as const satisfies readonly { path: string; permission: Permission }[];

export type AccountSection = (typeof ACCOUNT_SECTIONS)[number]['path'];

/** The first account page the permissions open, or null when none (the "Account" link is hidden then). */
export function firstAccountSection(permissions: readonly Permission[]): string | null {
  const section = ACCOUNT_SECTIONS.find((s) => permissions.includes(s.permission));
  return section ? `/account/${section.path}` : null;
}
