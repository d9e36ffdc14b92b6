import type { ApiKeyAccess, ApiKeyState } from '@admitone/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const ACCESS_LABELS: Record<ApiKeyAccess, MessageDescriptor> = {
  READ: msg`Read-only`,
  READ_WRITE: msg`Read and write`,
};

// Colours chosen for at least 4.5:1 text contrast (axe), as the team's status badges.
export const STATE_LABELS: Record<
  ApiKeyState,
  { label: MessageDescriptor; color: string; variant: 'filled' | 'light'; hint: MessageDescriptor | null }
> = {
  ACTIVE: { label: msg`Active`, color: 'teal.9', variant: 'filled', hint: null },
  EXPIRED: {
    label: msg`Expired`,
    color: 'gray',
    variant: 'light',
    hint: msg`Past its expiry date: calls with it are refused.`,
  },
  REVOKED: { label: msg`Revoked`, color: 'red.9', variant: 'filled', hint: msg`Revoked: calls with it are refused.` },
  PAUSED: {
    label: msg`Paused`,
    color: 'yellow.3',
    variant: 'filled',
    hint: msg`The person who made it is no longer active in this account. It works again if they are reactivated.`,
  },
};

/** How long a new key lasts: the choices of the form (days; null: until revoked). */
export const EXPIRY_CHOICES = [
  { days: 30, label: msg`30 days` },
  { days: 90, label: msg`90 days` },
  { days: 365, label: msg`1 year` },
  { days: null, label: msg`No expiry` },
] as const;
