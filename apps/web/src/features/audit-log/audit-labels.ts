import type { AuditAction, AuditEntryDto } from '@admitone/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import { orderEventLabel } from '../orders/order-labels';

/** What each line of the log says happened, as a short sentence ("Changed a ticket"). */
export const ACTION_LABELS: Record<AuditAction, MessageDescriptor> = {
  'auth.signed_in': msg`Signed in`,
  'auth.two_factor_enabled': msg`Turned on two-factor sign-in`,
  'auth.two_factor_disabled': msg`Turned off two-factor sign-in`,
  'auth.recovery_codes_regenerated': msg`Made new recovery codes`,
  'auth.passkey_added': msg`Added a passkey`,
  'auth.passkey_removed': msg`Removed a passkey`,
  'member.invited': msg`Invited a member`,
  'member.updated': msg`Changed a member`,
  'member.invitation_revoked': msg`Revoked an invitation`,
  'member.two_factor_reset': msg`Reset a member's two-factor sign-in`,
  'member.joined_by_sso': msg`Joined with single sign-on`,
  'api_key.created': msg`Created an API key`,
  'api_key.revoked': msg`Revoked an API key`,
  'webhook.created': msg`Added a webhook`,
  'webhook.updated': msg`Changed a webhook`,
  'webhook.deleted': msg`Deleted a webhook`,
  'webhook.secret_rotated': msg`Rotated a webhook's signing secret`,
  'account.updated': msg`Changed the account settings`,
  'account.sso_updated': msg`Changed the single sign-on`,
  'account.sso_removed': msg`Removed the single sign-on`,
  'account.mollie_connected': msg`Connected Mollie`,
  'account.mollie_disconnected': msg`Disconnected Mollie`,
  'event.settings_updated': msg`Changed an event's settings`,
  'event.status_changed': msg`Changed an event's status`,
  'ticket.created': msg`Created a ticket`,
  'ticket.updated': msg`Changed a ticket`,
  'ticket.deleted': msg`Deleted a ticket`,
  'promo_code.created': msg`Created a promo code`,
  'promo_code.updated': msg`Changed a promo code`,
  'promo_code.deleted': msg`Deleted a promo code`,
  'tax.created': msg`Created a tax or fee`,
  'tax.updated': msg`Changed a tax or fee`,
  'tax.deleted': msg`Deleted a tax or fee`,
  'order.changed': msg`Changed an order`,
  'check_in.overridden': msg`Admitted anyway at the door`,
  'export.personal_data': msg`Exported personal data`,
};

/** The action filter's groups, in this order. */
export const ACTION_GROUPS: readonly { label: MessageDescriptor; actions: readonly AuditAction[] }[] = [
  {
    label: msg`Sign-in`,
    actions: [
      'auth.signed_in',
      'auth.two_factor_enabled',
      'auth.two_factor_disabled',
      'auth.recovery_codes_regenerated',
      'auth.passkey_added',
      'auth.passkey_removed',
    ],
  },
  {
    label: msg`Team`,
    actions: [
      'member.invited',
      'member.updated',
      'member.invitation_revoked',
      'member.two_factor_reset',
      'member.joined_by_sso',
    ],
  },
  { label: msg`API keys`, actions: ['api_key.created', 'api_key.revoked'] },
  {
    label: msg`Webhooks`,
    actions: ['webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.secret_rotated'],
  },
  {
    label: msg`Account`,
    actions: [
      'account.updated',
      'account.sso_updated',
      'account.sso_removed',
      'account.mollie_connected',
      'account.mollie_disconnected',
    ],
  },
  { label: msg`Events`, actions: ['event.settings_updated', 'event.status_changed'] },
  { label: msg`Tickets`, actions: ['ticket.created', 'ticket.updated', 'ticket.deleted'] },
  { label: msg`Promo codes`, actions: ['promo_code.created', 'promo_code.updated', 'promo_code.deleted'] },
  { label: msg`Taxes and fees`, actions: ['tax.created', 'tax.updated', 'tax.deleted'] },
  { label: msg`Orders`, actions: ['order.changed'] },
  { label: msg`Check-in`, actions: ['check_in.overridden'] },
  { label: msg`Exports`, actions: ['export.personal_data'] },
];

/** What an export of personal data took out (`data.kind`). */
const EXPORT_LABELS: Record<string, MessageDescriptor> = {
  attendees: msg`Exported attendees`,
  orders: msg`Exported orders`,
  'check-ins': msg`Exported check-ins`,
  waitlist: msg`Exported the waitlist`,
  shifts: msg`Exported box office shifts`,
  'box-office-shifts': msg`Exported box office shifts`,
  'audit-log': msg`Exported the audit log`,
};

/** A sign-in through the account's identity provider (`data.method`). */
const SIGNED_IN_WITH_SSO = msg`Signed in with single sign-on`;

/**
 * What a line says happened: the action's sentence, or for an export what was exported, for an order change what
 * the order's history says (`data.kind`), and for a sign-in how, when not with a password (`data.method`).
 */
export function auditActionLabel(entry: Pick<AuditEntryDto, 'action' | 'data'>, i18n: I18n): string {
  const kind = typeof entry.data.kind === 'string' ? entry.data.kind : null;
  if (entry.action === 'auth.signed_in' && entry.data.method === 'sso') return i18n._(SIGNED_IN_WITH_SSO);
  if (entry.action === 'export.personal_data' && kind && EXPORT_LABELS[kind]) return i18n._(EXPORT_LABELS[kind]);
  if (entry.action === 'order.changed' && kind) return i18n._(orderEventLabel(kind, entry.data));
  return i18n._(ACTION_LABELS[entry.action] ?? ACTION_LABELS['account.updated']);
}

/** The action filter's choices, grouped, in the reader's language. */
export const actionOptions = (i18n: I18n) =>
  ACTION_GROUPS.map((g) => ({
    group: i18n._(g.label),
    items: g.actions.map((value) => ({ value, label: i18n._(ACTION_LABELS[value]) })),
  }));
