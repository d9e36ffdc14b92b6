import { z } from 'zod';

import {
  MEMBERSHIP_STATUSES,
  type MembershipStatus,
  type Role,
  roleHasBoxOfficeOption,
  roleHasEventScope,
  roleHasOrganizerScope,
  ROLES,
} from '../enums.js';
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
  /**
   * Organizers: the organizers they are limited to (ids), and through them those organizers' events; empty: every
   * organizer (and always empty for the other roles).
   */
  organizer_ids: number[];
  /** Door staff: may also sell at the box office of their events (`boxoffice.sell`); false for every other role. */
  sells_at_box_office: boolean;
  /** The person signs in with a second factor (an authenticator app). */
  two_factor: boolean;
  created_at: string;
}

/** The events a door-staff member works: at least one, each at most once. */
const eventIdsField = z.array(z.number().int().positive().max(LIMITS.ID_MAX)).max(500);
/** The organizers an Organizer-role member is limited to: none for every organizer. */
const organizerIdsField = z.array(z.number().int().positive().max(LIMITS.ID_MAX)).max(500);

/**
 * "May also sell at the box office": door staff only (`roleHasBoxOfficeOption`). Another role given it is refused
 * (`box_office_door_staff_only`); false is accepted for any role and means nothing more.
 */
const sellsAtBoxOfficeField = z.boolean().optional();

/**
 * A role limited to some events names them; the other roles take none. Only door staff may also be given the box
 * office (when the role is not in the body, the server checks it against the member's role).
 */
function checkRoleOptions(
  v: {
    role?: Role | undefined;
    event_ids?: number[] | undefined;
    organizer_ids?: number[] | undefined;
    sells_at_box_office?: boolean | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (v.role && !roleHasOrganizerScope(v.role) && v.organizer_ids?.length)
    ctx.addIssue({
      code: 'custom',
      path: ['organizer_ids'],
      ...customIssue('organizers_for_organizer_role_only'),
      input: v.organizer_ids,
    });
  if (v.role && roleHasEventScope(v.role) && !v.event_ids?.length)
    ctx.addIssue({ code: 'custom', path: ['event_ids'], ...customIssue('choose_events'), input: v.event_ids });
  if (v.role && v.sells_at_box_office && !roleHasBoxOfficeOption(v.role))
    ctx.addIssue({
      code: 'custom',
      path: ['sells_at_box_office'],
      ...customIssue('box_office_door_staff_only'),
      input: v.sells_at_box_office,
    });
}

export const inviteUserBody = z
  .object({
    email: emailField,
    role: z.enum(ROLES),
    event_ids: eventIdsField.optional(),
    organizer_ids: organizerIdsField.optional(),
    sells_at_box_office: sellsAtBoxOfficeField,
  })
  .superRefine(checkRoleOptions);
export type InviteUserBody = z.input<typeof inviteUserBody>;

export const updateUserBody = z
  .object({
    role: z.enum(ROLES).optional(),
    status: z.enum(['ACTIVE', 'INACTIVE'] as const).optional(),
    event_ids: eventIdsField.optional(),
    organizer_ids: organizerIdsField.optional(),
    sells_at_box_office: sellsAtBoxOfficeField,
  })
  .refine(
    (v) =>
      v.role !== undefined ||
      v.status !== undefined ||
      v.event_ids !== undefined ||
      v.organizer_ids !== undefined ||
      v.sells_at_box_office !== undefined,
    { message: '@required', path: ['role'] },
  )
  .superRefine(checkRoleOptions);
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
  organizer_ids: z.array(z.number().int()),
  sells_at_box_office: z.boolean(),
  two_factor: z.boolean(),
  created_at: z.string(),
}) satisfies z.ZodType<TeamMemberDto>;
export const teamMemberResponse = oneOf(teamMemberSchema);
export const teamListResponse = pageOf(teamMemberSchema);
