import { z } from 'zod';

import { MEMBERSHIP_STATUSES, type MembershipStatus, type Role, roleHasEventScope, ROLES } from '../enums.js';
import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { emailField, listQuery, oneOf, pageOf } from './common.js';

/** A person of the account as the Users screen shows them (members and pending invitations). */
export interface TeamMemberDto {
  /**
   * The membership's id (one person in this account), used in /users/{id}. Not the login's id: an
   * invitation to an address that already has a login gets a fresh id like any other, so the id
   * cannot tell an admin whether the address was registered, or since when.
   */
  id: number;
  /** This row is the caller. */
  is_you: boolean;
  name: string;
  email: string;
  role: Role;
  status: MembershipStatus;
  is_owner: boolean;
  /** Invited and not yet accepted. */
  invited: boolean;
  invitation_expires_at: string | null;
  email_verified: boolean;
  pending_email: string | null;
  /** What the caller may do with this person (owner and last-admin rules applied). */
  can_edit: boolean;
  /** Door staff: the events they work (ids); empty for the roles that see every event. */
  event_ids: number[];
  created_at: string;
}

/** The events a door-staff member works: at least one, each at most once. */
const eventIdsField = z.array(z.number().int().positive().max(LIMITS.ID_MAX)).max(500);

/** A role limited to some events names them; the other roles take none. */
function requireEventsOfScopedRole(
  v: { role?: Role | undefined; event_ids?: number[] | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.role && roleHasEventScope(v.role) && !v.event_ids?.length)
    ctx.addIssue({ code: 'custom', path: ['event_ids'], ...customIssue('choose_events'), input: v.event_ids });
}

export const inviteUserBody = z
  .object({ email: emailField, role: z.enum(ROLES), event_ids: eventIdsField.optional() })
  .superRefine(requireEventsOfScopedRole);
export type InviteUserBody = z.input<typeof inviteUserBody>;

export const updateUserBody = z
  .object({
    role: z.enum(ROLES).optional(),
    status: z.enum(['ACTIVE', 'INACTIVE'] as const).optional(),
    event_ids: eventIdsField.optional(),
  })
  .refine((v) => v.role !== undefined || v.status !== undefined || v.event_ids !== undefined, {
    message: '@required',
    path: ['role'],
  })
  .superRefine(requireEventsOfScopedRole);
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const TEAM_SORTS = ['name', 'email', 'created_at'] as const;
export const teamListQuery = listQuery(TEAM_SORTS, {
  role: z.enum(ROLES),
  status: z.enum(MEMBERSHIP_STATUSES),
});

export const userTokenParams = z.object({
  id: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  token: z.string().min(10).max(200),
});

/** `TeamMemberDto` as a response schema (the Users routes answer with it). */
export const teamMemberSchema = z.object({
  id: z.number().int(),
  is_you: z.boolean(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(MEMBERSHIP_STATUSES),
  is_owner: z.boolean(),
  invited: z.boolean(),
  invitation_expires_at: z.string().nullable(),
  email_verified: z.boolean(),
  pending_email: z.string().nullable(),
  can_edit: z.boolean(),
  event_ids: z.array(z.number().int()),
  created_at: z.string(),
}) satisfies z.ZodType<TeamMemberDto>;
export const teamMemberResponse = oneOf(teamMemberSchema);
export const teamListResponse = pageOf(teamMemberSchema);
