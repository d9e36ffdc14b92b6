import { z } from 'zod';

import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { pageOf } from './common.js';
import { isCalendarDay } from './reports.js';

const auditDay = z.string().trim().refine(isCalendarDay, customIssue('invalid_date'));

/**
 * What the audit log records: sign-ins, the second factor, the team, API keys, webhooks, account and event settings,
 * tickets' prices and quantities, what organizers do to orders and attendees (refunds, cancellations, marking paid,
 * edits), and exports of personal data. Written in the transaction of the change itself.
 */
export const AUDIT_ACTIONS = [
  'auth.signed_in',
  'auth.two_factor_enabled',
  'auth.two_factor_disabled',
  'auth.recovery_codes_regenerated',
  'auth.passkey_added',
  'auth.passkey_removed',
  'member.invited',
  'member.updated',
  'member.invitation_revoked',
  'member.two_factor_reset',
  'member.joined_by_sso',
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'account.updated',
  'account.sso_updated',
  'account.sso_removed',
  'account.mollie_connected',
  'account.mollie_disconnected',
  'event.settings_updated',
  'event.status_changed',
  'ticket.created',
  'ticket.updated',
  'ticket.deleted',
  'promo_code.created',
  'promo_code.updated',
  'promo_code.deleted',
  'tax.created',
  'tax.updated',
  'tax.deleted',
  'order.changed',
  'check_in.overridden',
  'export.personal_data',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Kept this many days unless the account says otherwise. */
export const AUDIT_RETENTION_DEFAULT_DAYS = 365;

/** One line of the audit log. */
export interface AuditEntryDto {
  id: number;
  action: AuditAction;
  /** Who: a member (their name when it happened), the API key they acted through, or nobody (the system). */
  actor: { user_id: number | null; name: string | null; api_key: string | null };
  ip: string | null;
  event: { id: number; title: string } | null;
  /** What it was about: `member`, `api_key`, `webhook`, `account`, `event`, `ticket`, `order`, `attendee`, `export`. */
  target: { type: string; id: string | null; label: string | null } | null;
  /** The details: fields changed (`{ from, to }`), the order history kind, the export's kind and rows. */
  data: Record<string, unknown>;
  created_at: string;
}

export const auditQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** A member's user id (as `actor.user_id`). */
  user_id: z.coerce.number().int().positive().max(LIMITS.ID_MAX).optional(),
  /** A member by their id in the team list (`/users/{id}`, the membership's). */
  member_id: z.coerce.number().int().positive().max(LIMITS.ID_MAX).optional(),
  event_id: z.coerce.number().int().positive().max(LIMITS.ID_MAX).optional(),
  /** Days, inclusive (YYYY-MM-DD, in UTC). */
  from: auditDay.optional(),
  to: auditDay.optional(),
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  actor: z.object({
    user_id: z.number().int().nullable(),
    name: z.string().nullable(),
    api_key: z.string().nullable(),
  }),
  ip: z.string().nullable(),
  event: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }).nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
}) satisfies z.ZodType<AuditEntryDto>;
export const auditListResponse = pageOf(auditEntrySchema);
