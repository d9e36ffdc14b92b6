import { type Paginated, roleHasEventScope, type TeamMemberDto } from '@admitone/shared';
import { Plural, Trans } from '@lingui/react/macro';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

import { DataTable } from '../../../components/DataTable';
import { type ConfirmAction, MemberActions } from './MemberActions';
import { RoleBadge, StatusBadge, TwoFactorBadge } from './MemberBadges';

interface TeamTableProps {
  page: Paginated<TeamMemberDto>;
  onPage: (page: number) => void;
  onConfirm: (action: ConfirmAction, member: TeamMemberDto) => void;
  onChangeRole: (member: TeamMemberDto) => void;
}

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

/** The role, for door staff and box-office staff how many events they work, and door staff given the box office. */
function RoleCell({ member }: { member: TeamMemberDto }) {
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
export function TeamTable({ page, onPage, onConfirm, onChangeRole }: TeamTableProps) {
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
        { header: <Trans>Role</Trans>, cell: (member) => <RoleCell member={member} /> },
        { header: <Trans>Status</Trans>, cell: (member) => <StatusBadge member={member} /> },
      ]}
      actions={(member) =>
        member.can_edit ? <MemberActions member={member} onConfirm={onConfirm} onChangeRole={onChangeRole} /> : null
      }
    />
  );
}
