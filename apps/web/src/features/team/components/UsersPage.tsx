import { LIMITS, type TeamMemberDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { ListBody } from '../../../components/ListBody';
import { NoMatches } from '../../../components/ListEmptyState';
import { ListSearchInput } from '../../../components/ListSearchInput';
import { NoPermission } from '../../../components/NoPermission';
import { PageHeader } from '../../../components/PageHeader';
import { useLastValue } from '../../../lib/use-last-value';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOrganizers } from '../../organizers/api/organizers';
import { useMe } from '../../users/api/me';
import { hasPermission } from '../../users/hooks/usePermission';
import { useTeam } from '../api/team';
import { ChangeRoleForm } from './ChangeRoleForm';
import { InviteUserForm } from './InviteUserForm';
import type { ConfirmAction } from './MemberActions';
import { TeamConfirmDialog } from './TeamConfirmDialog';
import { TeamTable } from './TeamTable';

function Team() {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const team = useTeam({
    page,
    per_page: LIMITS.PER_PAGE_DEFAULT,
    query: query || undefined,
    sort_by: 'name',
    sort_direction: 'asc',
  });
  // The names of the organizers an organizer is limited to (the table shows them).
  const organizers = useOrganizers();
  const organizerNames = useMemo(
    () => new Map((organizers.data?.data ?? []).map((o) => [o.id, o.name])),
    [organizers.data],
  );
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<{ action: ConfirmAction; member: TeamMemberDto } | null>(null);
  const [changing, setChanging] = useState<TeamMemberDto | null>(null);
  const shownChanging = useLastValue(changing);
  const search = (next: string) => {
    setQuery(next);
    setPage(1);
  };

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
      <ListSearchInput
        label={t`Search users`}
        placeholder={t`Search by name or e-mail`}
        value={query}
        onSearch={search}
        mb="md"
        maw={420}
      />
      <ListBody
        queries={[team]}
        empty={(members) =>
          !members.data.length && (
            <NoMatches
              title={t`No matching users`}
              description={t`Try another name or e-mail address.`}
              onClear={() => search('')}
            />
          )
        }
      >
        {(members) => (
          <TeamTable
            page={members}
            onPage={setPage}
            onConfirm={(action, member) => setPending({ action, member })}
            onChangeRole={setChanging}
            organizerNames={organizerNames}
          />
        )}
      </ListBody>
      <AppModal opened={inviting} onClose={() => setInviting(false)} title={<Trans>Invite user</Trans>}>
        <InviteUserForm onDone={() => setInviting(false)} />
      </AppModal>
      <AppModal opened={changing !== null} onClose={() => setChanging(null)} title={<Trans>Change role</Trans>}>
        {shownChanging ? (
          <ChangeRoleForm key={shownChanging.id} member={shownChanging} onDone={() => setChanging(null)} />
        ) : null}
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
  return <Team />;
}
