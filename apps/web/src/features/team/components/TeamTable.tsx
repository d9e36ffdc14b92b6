import '@mantine/core/styles/Table.css';
import type { TeamMemberDto } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Badge, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MemberActions, type ConfirmAction } from './MemberActions';
import { RoleBadge, StatusBadge } from './MemberBadges';

interface TeamTableProps {
  members: TeamMemberDto[];
  currentUserId: number;
  onConfirm: (action: ConfirmAction, member: TeamMemberDto) => void;
}

/** Members and pending invitations with their role, status and a menu of what may be changed. */
export function TeamTable({ members, currentUserId, onConfirm }: TeamTableProps) {
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={680}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Name</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>E-mail</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Role</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Status</Trans>
              </Table.Th>
              <Table.Th>
                <VisuallyHidden>
                  <Trans>Actions</Trans>
                </VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>
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
                    {member.id === currentUserId && !member.invited ? (
                      <Badge size="sm" variant="outline" color="gray">
                        <Trans>You</Trans>
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm">{member.email}</Text>
                    {!member.invited && !member.email_verified ? (
                      <Text size="xs" c="dimmed" style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                        <IconAlertTriangle size={12} color="var(--mantine-color-orange-7)" aria-hidden />
                        <Trans>E-mail not confirmed</Trans>
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <RoleBadge member={member} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge member={member} />
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">{member.can_edit ? <MemberActions member={member} onConfirm={onConfirm} /> : null}</Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
