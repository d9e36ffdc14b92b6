import {
  roleHasBoxOfficeOption,
  roleHasEventScope,
  roleHasOrganizerScope,
  type TeamMemberDto,
  type UpdateUserBody,
} from '@admitone/shared';
import { eq } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { accountUsers } from '../../db/schema/index.js';
import type { AuthContext } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { actorOf, changesOf, recordAudit } from '../audit/audit.js';
import {
  eventIdsOfMembership,
  organizerIdsOfMembership,
  setMembershipEvents,
  setMembershipOrganizers,
} from './membership-events.js';
import { findMember, lockMemberships, type MemberRow } from './team.repository.js';
import { pendingEmailOf } from './user-tokens.js';

/**
 * A person as the Users screen shows them, with what the caller may do. Until an invitation is
 * accepted the person is only the address typed: no name, no confirmation state, no pending change,
 * so inviting an address that already has a login answers exactly as inviting an unknown one.
 */
export function toTeamMemberDto(
  row: MemberRow,
  caller: AuthContext,
  pendingEmail: string | null = null,
  eventIds: readonly number[] = [],
  organizerIds: readonly number[] = [],
): TeamMemberDto {
  const m = row.membership;
  const invited = m.status === 'INVITED';
  return {
    id: m.id,
    is_you: !invited && row.user.id === caller.user.id,
    name: invited ? '' : row.user.name,
    email: invited ? (m.invited_email ?? row.user.email) : row.user.email,
    role: m.role,
    status: m.status,
    is_owner: m.is_owner,
    invited,
    invitation_expires_at: invited ? (m.invitation_expires_at?.toISOString() ?? null) : null,
    email_verified: !invited && row.user.email_verified_at !== null,
    pending_email: invited ? null : pendingEmail,
    can_edit: caller.permissions.includes('users.manage') && !m.is_owner && row.user.id !== caller.user.id,
    event_ids: roleHasEventScope(m.role) ? [...eventIds] : [],
    organizer_ids: roleHasOrganizerScope(m.role) ? [...organizerIds] : [],
    sells_at_box_office: roleHasBoxOfficeOption(m.role) && m.sells_at_box_office,
    two_factor: !invited && row.user.two_factor,
    created_at: m.created_at.toISOString(),
  };
}

/**
 * One person of the caller's account by membership id; another account's person is not found. Without
 * `users.manage` a caller sees only themselves (anyone else, existing or not, is forbidden alike).
 */
export async function getMember(
  deps: { db: Db; clock: Clock },
  caller: AuthContext,
  membershipId: number,
): Promise<TeamMemberDto> {
  const row = await findMember(deps.db, caller.accountId, membershipId);
  const mayManage = caller.permissions.includes('users.manage');
  if (!mayManage && row?.user.id !== caller.user.id) throw new DomainError('FORBIDDEN');
  if (!row) throw new DomainError('NOT_FOUND');
  const pending =
    row.membership.status === 'INVITED' ? null : await pendingEmailOf(deps.db, row.user.id, deps.clock.now());
  const eventIds = roleHasEventScope(row.membership.role) ? await eventIdsOfMembership(deps.db, row.membership.id) : [];
  const organizerIds = roleHasOrganizerScope(row.membership.role)
    ? await organizerIdsOfMembership(deps.db, row.membership.id)
    : [];
  return toTeamMemberDto(row, caller, pending, eventIds, organizerIds);
}

/**
 * Changes someone's role, status or (door staff) events and box-office option. The owner is untouchable, nobody
 * changes themselves here, and the account always keeps an active admin (checked under a lock on the account's
 * memberships). Door staff work the events named; another role sees every event, so its list is cleared. Only door
 * staff may also sell at the box office: the option is refused for another role and cleared when the role changes.
 */
export async function updateMember(
  deps: { db: Db; clock: Clock },
  caller: AuthContext,
  membershipId: number,
  input: UpdateUserBody,
): Promise<TeamMemberDto> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const memberships = await lockMemberships(tx, caller.accountId);
    const target = memberships.find((m) => m.id === membershipId);
    if (!target) throw new DomainError('NOT_FOUND');
    if (target.is_owner) throw new DomainError('OWNER_PROTECTED');
    if (target.user_id === caller.user.id) throw new DomainError('CANNOT_CHANGE_SELF');
    if (target.status === 'INVITED' && input.status)
      throw new DomainError('VALIDATION_FAILED', { fields: { status: [{ key: 'invalid_value' }] } });
    const next = { role: input.role ?? target.role, status: input.status ?? target.status };
    const adminsLeft = memberships.filter((m) => {
      const s = m.id === target.id ? next : m;
      return s.role === 'ADMIN' && s.status === 'ACTIVE';
    }).length;
    if (adminsLeft === 0) throw new DomainError('LAST_ADMIN');
    if (input.event_ids !== undefined && !roleHasEventScope(next.role))
      throw new DomainError('VALIDATION_FAILED', { fields: { event_ids: [{ key: 'invalid_value' }] } });
    if (input.organizer_ids?.length && !roleHasOrganizerScope(next.role))
      throw new DomainError('VALIDATION_FAILED', {
        fields: { organizer_ids: [{ key: 'organizers_for_organizer_role_only' }] },
      });
    const organizersBefore = await organizerIdsOfMembership(tx, target.id);
    if (input.sells_at_box_office && !roleHasBoxOfficeOption(next.role))
      throw new DomainError('VALIDATION_FAILED', {
        fields: { sells_at_box_office: [{ key: 'box_office_door_staff_only' }] },
      });
    // Kept while the member stays door staff and the body does not say; any other role has it off.
    const sellsAtBoxOffice =
      roleHasBoxOfficeOption(next.role) &&
      (input.sells_at_box_office ?? (target.role === next.role && target.sells_at_box_office));
    await tx
      .update(accountUsers)
      .set({ ...next, sells_at_box_office: sellsAtBoxOffice, updated_at: now })
      .where(eq(accountUsers.id, target.id));
    const keepsNoEvent = input.event_ids !== undefined ? !input.event_ids.length : !roleHasEventScope(target.role);
    if (roleHasEventScope(next.role) && keepsNoEvent)
      throw new DomainError('VALIDATION_FAILED', { fields: { event_ids: [{ key: 'choose_events' }] } });
    if (input.event_ids !== undefined) await setMembershipEvents(tx, caller.accountId, target.id, input.event_ids);
    else if (!roleHasEventScope(next.role)) await setMembershipEvents(tx, caller.accountId, target.id, []);
    // Kept while the member stays an organizer and the body does not say; another role has none.
    if (!roleHasOrganizerScope(next.role)) await setMembershipOrganizers(tx, caller.accountId, target.id, []);
    else if (input.organizer_ids !== undefined)
      await setMembershipOrganizers(tx, caller.accountId, target.id, input.organizer_ids);
    const organizersAfter = await organizerIdsOfMembership(tx, target.id);
    const scopeChanged = organizersBefore.join() !== organizersAfter.join();
    const changes = changesOf(
      { role: target.role, status: target.status, sells_at_box_office: target.sells_at_box_office },
      { ...next, sells_at_box_office: sellsAtBoxOffice },
      ['role', 'status', 'sells_at_box_office'],
    );
    const member = await findMember(tx, caller.accountId, target.id);
    await recordAudit(
      tx,
      actorOf(caller),
      {
        action: 'member.updated',
        target: { type: 'member', id: target.id, label: member?.user.email ?? null },
        data: {
          ...changes,
          ...(input.event_ids !== undefined ? { event_ids: input.event_ids } : {}),
          ...(scopeChanged ? { organizer_ids: { from: organizersBefore, to: organizersAfter } } : {}),
        },
      },
      now,
    );
  });
  return getMember(deps, caller, membershipId);
}
