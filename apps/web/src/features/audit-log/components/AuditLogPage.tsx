import type { AuditEntryDto, Paginated } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useMemo } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { ListBody } from '../../../components/ListBody';
import { ListEmptyState, NoMatches } from '../../../components/ListEmptyState';
import { NoPermission } from '../../../components/NoPermission';
import { PageHeader } from '../../../components/PageHeader';
import { SettingsSection } from '../../../components/SettingsSection';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAccountPage } from '../../account/hooks/useAccountPage';
import { useCheckInEvents } from '../../check-in/api/check-in';
import { useOrganizers } from '../../organizers/api/organizers';
import { type Me, useMe } from '../../users/api/me';
import { hasPermission } from '../../users/hooks/usePermission';
import { useAuditLog, useAuditMembers } from '../api/audit-log';
import {
  daysOutOfOrder,
  hasAuditFilter,
  NO_AUDIT_FILTERS,
  toAuditFilters,
  toAuditListParams,
  useAuditLogFilters,
} from '../hooks/useAuditLogFilters';
import { AuditDownloadMenu } from './AuditDownloadMenu';
import { AuditLogFilters } from './AuditLogFilters';
import { AuditLogTable } from './AuditLogTable';
import { AuditRetentionForm } from './AuditRetentionForm';

/** Each item once, by its key: the first seen. */
function uniqueBy<T, K>(items: readonly T[], key: (item: T) => K): T[] {
  const seen = new Map<K, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

function AuditLog({ me }: { me: Me }) {
  const { t } = useLingui();
  const { account: summary } = me;
  const { state, update } = useAuditLogFilters();
  const filters = useMemo(() => toAuditFilters(state), [state]);
  const outOfOrder = daysOutOfOrder(state);
  const list = useAuditLog(summary.id, toAuditListParams(state), !outOfOrder);
  const members = useAuditMembers();
  const events = useCheckInEvents();
  const organizers = useOrganizers();
  const rows = list.data?.data;

  // The account's events, and the (archived) ones named on the page.
  const eventChoices = useMemo(
    () =>
      uniqueBy(
        [
          ...(events.data ?? []).map((e) => ({ id: e.id, title: e.title })),
          ...(rows ?? []).flatMap((e) => (e.event ? [e.event] : [])),
        ],
        (e) => e.id,
      ),
    [events.data, rows],
  );
  const eventTitles = useMemo(() => new Map(eventChoices.map((e) => [e.id, e.title])), [eventChoices]);
  // The organizers an organizer is limited to, named in the team's lines.
  const organizerNames = useMemo(
    () => new Map((organizers.data?.data ?? []).map((o) => [o.id, o.name])),
    [organizers.data],
  );
  const narrowed = hasAuditFilter(state);
  const clear = () => update(NO_AUDIT_FILTERS);

  const table = (page?: Paginated<AuditEntryDto>) => (
    <AuditLogTable
      page={page}
      onPage={(n) => update({ page: n })}
      context={{ timeZone: summary.timezone, currency: summary.currency, eventTitles, organizerNames }}
    />
  );
  const noMatch = (
    <NoMatches
      title={t`Nothing matches these filters`}
      description={t`Try other filters, or clear them to see the whole log.`}
      onClear={clear}
      clearLabel={<Trans>Clear filters</Trans>}
    />
  );
  const none = (
    <ListEmptyState
      icon={IconHistory}
      title={t`Nothing recorded yet`}
      description={t`Sign-ins, changes to the team, keys, webhooks, settings and tickets, what is done to orders, and exports of personal data are listed here as they happen.`}
    />
  );

  return (
    <>
      <PageHeader
        title={<Trans>Audit log</Trans>}
        description={<Trans>Who did what in this account, and when. The newest first.</Trans>}
        actions={<AuditDownloadMenu accountId={summary.id} filters={filters} disabled={outOfOrder} />}
      />
      <AuditLogFilters
        state={state}
        onChange={update}
        members={members.data ?? []}
        events={eventChoices}
        timeZone={summary.timezone}
      />
      {outOfOrder ? (
        noMatch
      ) : (
        <ListBody queries={[list]} loader={table()} empty={(page) => !page.data.length && (narrowed ? noMatch : none)}>
          {table}
        </ListBody>
      )}
    </>
  );
}

/** How long the log is kept, saved with the account's settings. */
function Retention() {
  const { account } = useAccountPage('account.manage');
  return (
    <Box mt="xl">
      <SettingsSection
        title={<Trans>Retention</Trans>}
        description={<Trans>Entries older than this are deleted automatically.</Trans>}
      >
        {account.isPending ? (
          <SectionLoader />
        ) : account.isError ? (
          <FormErrorAlert error={account.error} />
        ) : (
          <AuditRetentionForm account={account.data} />
        )}
      </SettingsSection>
    </Box>
  );
}

/** `/account/audit-log`: who did what and when in the account (admins), and how long that is kept. */
export function AuditLogPage() {
  const { t } = useLingui();
  usePageTitle(t`Audit log`);
  const me = useMe();
  if (!me.data) return <SectionLoader />;
  if (!hasPermission(me.data, 'account.manage')) return <NoPermission />;
  return (
    <UnsavedChangesGuard>
      <AuditLog me={me.data} />
      <Retention />
    </UnsavedChangesGuard>
  );
}
