import '@mantine/core/styles/Skeleton.css';

import type { AffiliateDto, EventDto } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconShare } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';

import { AppModal } from '../../../components/AppModal';
import { DeleteDialog } from '../../../components/ConfirmDialog';
import { ListBody } from '../../../components/ListBody';
import { ListEmptyState, NoMatches } from '../../../components/ListEmptyState';
import { ListSearchInput } from '../../../components/ListSearchInput';
import { PageHeader } from '../../../components/PageHeader';
import { useCrudDialogs } from '../../../components/use-crud-dialogs';
import { useCopyLink } from '../../../lib/use-copy-link';
import { EventScreen } from '../../events/components/EventScreen';
import { useAffiliates, useDeleteAffiliate, useToggleAffiliate, useTopAffiliates } from '../api/affiliates';
import { toAffiliateListParams, useAffiliateListState } from '../hooks/useAffiliateListState';
import { AffiliateForm } from './AffiliateForm';
import { AffiliatesTable } from './AffiliatesTable';
import { ExportAffiliatesButton } from './ExportAffiliatesButton';

const AffiliateRevenueChart = lazy(() => import('./AffiliateRevenueChart'));

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
  const crud = useCrudDialogs<AffiliateDto>({
    remove: useDeleteAffiliate(event.id),
    deletedNotice: ({ name }) => t`${name} deleted.`,
  });
  const deletingName = crud.shownDeleting?.name ?? '';
  const deletingOrders = crud.shownDeleting?.orders_count ?? 0;
  const searching = state.query !== '';

  const copyLink = useCopyLink();
  const copy = ({ name, link }: AffiliateDto) => copyLink(link, t`Link for ${name} copied.`);
  const switchLink = (a: AffiliateDto) => {
    const name = a.name;
    toggle.mutate(a, {
      onSuccess: (saved) =>
        notifications.show({
          color: 'teal',
          message: saved.enabled ? t`The link of ${name} counts orders again.` : t`The link of ${name} is turned off.`,
        }),
      onError: () =>
        notifications.show({ color: 'red', message: t`The affiliate could not be changed. Please try again.` }),
    });
  };
  const saved = (a: AffiliateDto) => {
    const name = a.name;
    notifications.show({
      color: 'teal',
      message: crud.isNew ? t`${name} created. Copy the link and share it.` : t`${name} saved.`,
    });
    crud.close();
  };

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={crud.create}>
      <Trans>Create affiliate</Trans>
    </Button>
  );
  const hasAny = !!list.data?.data.length || searching;
  const none = (
    <ListEmptyState
      icon={IconShare}
      title={t`No affiliates yet`}
      description={t`Give a partner, blogger or radio station their own link to this event. Orders placed through it are counted for them, so you can see what each one brings in.`}
    >
      {addButton}
    </ListEmptyState>
  );

  return (
    <>
      <PageHeader
        title={<Trans>Affiliates</Trans>}
        description={
          <Trans>Partners who share their own link to this event, and the orders and revenue each link brought.</Trans>
        }
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
        {hasAny ? (
          <ListSearchInput
            label={t`Search affiliates`}
            placeholder={t`Name or code`}
            value={state.query}
            onSearch={(query) => update({ query })}
            maw={420}
          />
        ) : null}
        <ListBody
          queries={[list]}
          loader={<TableSkeleton />}
          empty={(page) =>
            !page.data.length &&
            (searching ? (
              <NoMatches
                title={t`No matching affiliates`}
                description={t`Try another name or code.`}
                onClear={() => update({ query: '' })}
              />
            ) : (
              none
            ))
          }
        >
          {(page) => (
            <AffiliatesTable
              page={page}
              onPage={(n) => update({ page: n })}
              currency={event.currency}
              sort={state.sort}
              onSort={(sort) => update({ sort })}
              togglingId={toggle.isPending ? (toggle.variables?.id ?? null) : null}
              onToggle={switchLink}
              onCopy={copy}
              onEdit={crud.edit}
              onDelete={crud.askDelete}
            />
          )}
        </ListBody>
      </Stack>
      <AppModal
        {...crud.formDialog}
        title={crud.isNew ? <Trans>Create affiliate</Trans> : <Trans>Edit affiliate</Trans>}
      >
        <AffiliateForm
          key={crud.item?.id ?? 'new'}
          eventId={event.id}
          affiliate={crud.item}
          onDone={saved}
          onCancel={crud.close}
        />
      </AppModal>
      <DeleteDialog
        crud={crud}
        title={<Trans>Delete affiliate</Trans>}
        message={
          deletingOrders > 0 ? (
            <Trans>
              {deletingName} brought <Plural value={deletingOrders} one="# order" other="# orders" />. The orders stay
              as they are, but they will no longer be counted for any affiliate. To stop the link and keep the figures,
              turn it off instead.
            </Trans>
          ) : (
            <Trans>Delete {deletingName}? Its link will stop counting orders.</Trans>
          )
        }
      />
    </>
  );
}

/** `/manage/event/:eventId/affiliates` */
export function AffiliatesPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Affiliates`}>{(event) => <Affiliates event={event} />}</EventScreen>;
}
