import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Pagination.css';
import { LIMITS, type TeamMemberDto } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, CloseButton, EmptyState, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconSearchOff, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { AppModal } from '../../../components/AppModal';
import { SectionLoader } from '../../../components/FullPageLoader';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { NoPermission } from '../../../components/NoPermission';
import { PageHeader } from '../../../components/PageHeader';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../users/api/me';
import { hasPermission } from '../../users/hooks/usePermission';
import { useTeam } from '../api/team';
import { InviteUserForm } from './InviteUserForm';
import type { ConfirmAction } from './MemberActions';
import { TeamConfirmDialog } from './TeamConfirmDialog';
import { TeamTable } from './TeamTable';

function Team({ currentUserId }: { currentUserId: number }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const team = useTeam({ page, per_page: LIMITS.PER_PAGE_DEFAULT, query: query || undefined, sort_by: 'name', sort_direction: 'asc' });
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<{ action: ConfirmAction; member: TeamMemberDto } | null>(null);
  const meta = team.data?.meta;
  const total = meta?.total ?? 0;

  return (
    <>
      <PageHeader
        title={<Trans>Users</Trans>}
        description={<Trans>Invite colleagues and choose what they may do in this account.</Trans>}
        actions={
          <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setInviting(true)}>
            <Trans>Invite user</Trans>
          </Button>
        }
      />
      <TextInput
        label={t`Search users`}
        placeholder={t`Search by name or e-mail`}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        rightSection={search ? <CloseButton aria-label={t`Clear search`} onClick={() => setSearch('')} /> : null}
        rightSectionPointerEvents="all"
        mb="md"
        maw={420}
      />
      {team.isPending ? (
        <SectionLoader />
      ) : team.isError ? (
        <FormErrorAlert error={team.error} />
      ) : team.data.data.length ? (
        <Stack gap="sm">
          <TeamTable members={team.data.data} currentUserId={currentUserId} onConfirm={(action, member) => setPending({ action, member })} />
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              <Plural value={total} one="# person" other="# people" />
            </Text>
            {meta && meta.last_page > 1 ? (
              <nav aria-label={t`Pagination`}>
                <Pagination
                  total={meta.last_page}
                  value={meta.current_page}
                  onChange={setPage}
                  getItemProps={(page) => ({ 'aria-label': t`Page ${page}` })}
                  getControlProps={(control) => ({
                    'aria-label':
                      control === 'next' ? t`Next page` : control === 'previous' ? t`Previous page` : control === 'first' ? t`First page` : t`Last page`,
                  })}
                />
              </nav>
            ) : null}
          </Group>
        </Stack>
      ) : (
        <Card withBorder radius="md" py="xl">
          <EmptyState icon={<IconSearchOff size={28} aria-hidden />} variant="light" title={t`No matching users`} description={t`Try another name or e-mail address.`}>
            <EmptyState.Actions>
              <Button variant="default" onClick={() => setSearch('')}>
                <Trans>Clear search</Trans>
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      )}
      <AppModal opened={inviting} onClose={() => setInviting(false)} title={<Trans>Invite user</Trans>}>
        <InviteUserForm onDone={() => setInviting(false)} />
      </AppModal>
      <TeamConfirmDialog pending={pending} onClose={() => setPending(null)} />
    </>
  );
}

/** `/account/users`: members and invitations of the account. */
export function UsersPage() {
  const { t } = useLingui();
  usePageTitle(t`Users`);
  const me = useMe();
  if (!me.data || !hasPermission(me.data, 'users.manage')) return <NoPermission />;
  return <Team currentUserId={me.data.user.id} />;
}
