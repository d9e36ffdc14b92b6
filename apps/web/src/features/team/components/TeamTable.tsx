import '@mantine/core/styles/Tooltip.css';

import { type Paginated, roleHasEventScope, roleHasOrganizerScope, type TeamMemberDto } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

import { DataTable } from '../../../components/DataTable';
import { type ConfirmAction, MemberActions } from './MemberActions';
import { RoleBadge, StatusBadge, TwoFactorBadge } from './MemberBadges';

interface TeamTableProps {
  page: Paginated<TeamMemberDto>;
  onPage: (page: number) => void;
  onConfirm: (action: ConfirmAction, member: TeamMemberDto) => void;
  onChangeRole: (member: TeamMemberDto) => void;
  /** The account's organizers by id: the names of those an organizer is limited to. */
  organizerNames: ReadonlyMap<number, string>;
}

/** How many organizers a limited organizer's line names before "2 more" (all of them in a tooltip). */
const SCOPE_NAMES = 3;

function NameCell({ member }: { member: TeamMemberDto }) {
  return (
    <Group gap={6}>
      {member.name ? (
        <Text size="sm" fw={600}>
          {member.name}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" fs="italic">
          <Trans>Not accepted yet</Trans>
        </Text>
      )}
      {member.is_owner ? (
        <Badge size="sm" variant="outline" color="violet">
          <Trans>Owner</Trans>
        </Badge>
      ) : null}
      {member.is_you ? (
        <Badge size="sm" variant="outline" color="gray">
          <Trans>You</Trans>
        </Badge>
      ) : null}
      {member.two_factor ? <TwoFactorBadge /> : null}
    </Group>
  );
}

function EmailCell({ member }: { member: TeamMemberDto }) {
  return (
    <Stack gap={2}>
      <Text size="sm">{member.email}</Text>
      {!member.invited && !member.email_verified ? (
        <Text size="xs" c="dimmed" style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <IconAlertTriangle size={12} color="var(--mantine-color-orange-7)" aria-hidden />
          <Trans>E-mail not confirmed</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The organizers an organizer is limited to, by name ("Limited to A Presents, B Live"); a long list names the first
 * few, and all of them in a tooltip and to screen readers. Until the names have loaded, how many.
 */
function OrganizerScope({ ids, names }: { ids: number[]; names: ReadonlyMap<number, string> }) {
  const { t } = useLingui();
  const n = ids.length;
  if (!names.size)
    return (
      <Text size="xs" c="dimmed">
        <Plural value={n} one="Limited to # organizer" other="Limited to # organizers" />
      </Text>
    );
  const named = ids.map((id) => names.get(id) ?? `#${id}`);
  const limitedTo = (list: string) => t`Limited to ${list}`;
  const all = limitedTo(named.join(', '));
  if (named.length <= SCOPE_NAMES)
    return (
      <Text size="xs" c="dimmed">
        {all}
      </Text>
    );
  const count = named.length - SCOPE_NAMES;
  return (
    <Tooltip label={all} withArrow multiline maw={320}>
      <Text size="xs" c="dimmed" tabIndex={0}>
        <span aria-hidden>{limitedTo(`${named.slice(0, SCOPE_NAMES).join(', ')}, ${t`${count} more`}`)}</span>
        <VisuallyHidden>{all}</VisuallyHidden>
      </Text>
    </Tooltip>
  );
}

/**
 * The role, for door staff and box-office staff how many events they work, and door staff given the box office; an
 * organizer limited to some organizers, which.
 */
function RoleCell({ member, organizerNames }: { member: TeamMemberDto; organizerNames: ReadonlyMap<number, string> }) {
  if (roleHasOrganizerScope(member.role) && member.organizer_ids.length)
    return (
      <Stack gap={2} align="flex-start">
        <RoleBadge member={member} />
        <OrganizerScope ids={member.organizer_ids} names={organizerNames} />
      </Stack>
    );
  if (!roleHasEventScope(member.role)) return <RoleBadge member={member} />;
  const n = member.event_ids.length;
  return (
    <Stack gap={2} align="flex-start">
      <RoleBadge member={member} />
      <Text size="xs" c="dimmed">
        <Plural value={n} one="# event" other="# events" />
      </Text>
      {member.sells_at_box_office ? (
        <Text size="xs" c="dimmed">
          <Trans>Also sells at the box office</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

/** Members and pending invitations with their role, status and a menu of what may be changed. */
export function TeamTable({ page, onPage, onConfirm, onChangeRole, organizerNames }: TeamTableProps) {
  const total = page.meta.total;
  return (
    <DataTable
      items={page.data}
      pagination={{
        meta: page.meta,
        onPage,
        summary: <Plural value={total} one="# person" other="# people" />,
        gap: 'md',
      }}
      minWidth={680}
      columns={[
        { header: <Trans>Name</Trans>, cell: (member) => <NameCell member={member} /> },
        { header: <Trans>E-mail</Trans>, cell: (member) => <EmailCell member={member} /> },
        { header: <Trans>Role</Trans>, cell: (member) => <RoleCell member={member} organizerNames={organizerNames} /> },
        { header: <Trans>Status</Trans>, cell: (member) => <StatusBadge member={member} /> },
      ]}
      actions={(member) =>
        member.can_edit ? <MemberActions member={member} onConfirm={onConfirm} onChangeRole={onChangeRole} /> : null
      }
    />
  );
}
