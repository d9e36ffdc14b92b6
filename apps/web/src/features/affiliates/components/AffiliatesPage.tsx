import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Skeleton.css';
import type { AffiliateDto, EventDto } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, EmptyState, Group, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearchOff, IconShare } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { AppModal } from '../../../components/AppModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { ListPagination } from '../../../components/ListPagination';
import { ListSearchInput } from '../../../components/ListSearchInput';
import { PageHeader } from '../../../components/PageHeader';
import { SectionLoader } from '../../../components/FullPageLoader';
import { useLastValue } from '../../../lib/use-last-value';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRouteEvent } from '../../events/hooks/useRouteEvent';
import { useAffiliates, useDeleteAffiliate, useToggleAffiliate, useTopAffiliates } from '../api/affiliates';
import { toAffiliateListParams, useAffiliateListState } from '../hooks/useAffiliateListState';
import { AffiliateForm } from './AffiliateForm';
import { AffiliatesTable } from './AffiliatesTable';
import { ExportAffiliatesButton } from './ExportAffiliatesButton';

const AffiliateRevenueChart = lazy(() => import('./AffiliateRevenueChart'));

type Editing = null | 'new' | AffiliateDto;

function TableSkeleton() {
  return (
    <Stack gap="xs" aria-hidden data-testid="affiliates-loading">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} h={44} radius="sm" />
      ))}
    </Stack>
  );
}

/** Revenue per affiliate, once any affiliate has brought an order. */
function RevenueChart({ event }: { event: EventDto }) {
  const top = useTopAffiliates(event.id);
  const earning = (top.data?.data ?? []).filter((a) => a.orders_count > 0);
  if (!earning.length) return null;
  return (
    <Suspense fallback={<Skeleton h={160} radius="md" aria-hidden />}>
      <AffiliateRevenueChart affiliates={earning} currency={event.currency} />
    </Suspense>
  );
}

function Affiliates({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const { state, update } = useAffiliateListState();
  const list = useAffiliates(event.id, toAffiliateListParams(state));
  const toggle = useToggleAffiliate(event.id);
  const remove = useDeleteAffiliate(event.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AffiliateDto | null>(null);
  const shownDeleting = useLastValue(deleting);
  const deletingName = shownDeleting?.name ?? '';
  const deletingOrders = shownDeleting?.orders_count ?? 0;
  const editingItem = editing && editing !== 'new' ? editing : undefined;
  const searching = state.query !== '';

  const copy = async (a: AffiliateDto) => {
    const name = a.name;
    try {
      await navigator.clipboard.writeText(window.location.origin + a.link);
      notifications.show({ color: 'teal', message: t`Link for ${name} copied.` });
    } catch {
      notifications.show({ color: 'red', message: t`The link could not be copied.` });
    }
  };
  const switchLink = (a: AffiliateDto) => {
    const name = a.name;
    toggle.mutate(a, {
      onSuccess: (saved) => notifications.show({ color: 'teal', message: saved.enabled ? t`The link of ${name} counts orders again.` : t`The link of ${name} is turned off.` }),
      onError: () => notifications.show({ color: 'red', message: t`The affiliate could not be changed. Please try again.` }),
    });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    const name = deleting.name;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({ color: 'teal', message: t`${name} deleted.` });
      },
    });
  };
  const saved = (a: AffiliateDto) => {
    const name = a.name;
    notifications.show({ color: 'teal', message: editing === 'new' ? t`${name} created. Copy the link and share it.` : t`${name} saved.` });
    setEditing(null);
  };

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
      <Trans>Create affiliate</Trans>
    </Button>
  );
  const hasAny = !!list.data?.data.length || searching;

  return (
    <>
      <PageHeader
        title={<Trans>Affiliates</Trans>}
        description={<Trans>Partners who share their own link to this event, and the orders and revenue each link brought.</Trans>}
        actions={
          hasAny ? (
            <Group gap="sm">
              <ExportAffiliatesButton event={event} />
              {addButton}
            </Group>
          ) : null
        }
      />
      <Stack gap="md">
        {hasAny ? <RevenueChart event={event} /> : null}
        {hasAny ? <ListSearchInput label={t`Search affiliates`} placeholder={t`Name or code`} value={state.query} onSearch={(query) => update({ query })} maw={420} /> : null}
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <FormErrorAlert error={list.error} />
        ) : list.data.data.length ? (
          <Stack gap="sm">
            <AffiliatesTable
              items={list.data.data}
              currency={event.currency}
              sort={state.sort}
              onSort={(sort) => update({ sort })}
              togglingId={toggle.isPending ? (toggle.variables?.id ?? null) : null}
              onToggle={switchLink}
              onCopy={copy}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
            <ListPagination meta={list.data.meta} onPage={(page) => update({ page })} />
          </Stack>
        ) : searching ? (
          <Card withBorder radius="md" py="xl">
            <EmptyState icon={<IconSearchOff size={28} aria-hidden />} variant="light" title={t`No matching affiliates`} description={t`Try another name or code.`}>
              <EmptyState.Actions>
                <Button variant="default" onClick={() => update({ query: '' })}>
                  <Trans>Clear search</Trans>
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          </Card>
        ) : (
          <Card withBorder radius="md" py="xl">
            <EmptyState
              icon={<IconShare size={28} aria-hidden />}
              variant="light"
              title={t`No affiliates yet`}
              description={t`Give a partner, blogger or radio station their own link to this event. Orders placed through it are counted for them, so you can see what each one brings in.`}
            >
              <EmptyState.Actions>{addButton}</EmptyState.Actions>
            </EmptyState>
          </Card>
        )}
      </Stack>
      <AppModal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? <Trans>Create affiliate</Trans> : <Trans>Edit affiliate</Trans>}>
        <AffiliateForm key={editingItem?.id ?? 'new'} eventId={event.id} affiliate={editingItem} onDone={saved} onCancel={() => setEditing(null)} />
      </AppModal>
      <ConfirmDialog
        opened={deleting !== null}
        title={<Trans>Delete affiliate</Trans>}
        message={
          deletingOrders > 0 ? (
            <Trans>
              {deletingName} brought <Plural value={deletingOrders} one="# order" other="# orders" />. The orders stay as they are, but they will no longer be
              counted for any affiliate. To stop the link and keep the figures, turn it off instead.
            </Trans>
          ) : (
            <Trans>Delete {deletingName}? Its link will stop counting orders.</Trans>
          )
        }
        confirmLabel={<Trans>Delete</Trans>}
        danger
        loading={remove.isPending}
        error={remove.error}
        onConfirm={confirmDelete}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </>
  );
}

/** `/manage/event/:eventId/affiliates` */
export function AffiliatesPage() {
  const { t } = useLingui();
  usePageTitle(t`Affiliates`);
  const { event } = useRouteEvent();
  if (!event) return <SectionLoader />;
  return <Affiliates event={event} />;
}
