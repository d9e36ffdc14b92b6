import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Pagination.css';
import { LIMITS, type EventDto, type PromoCodeDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, CloseButton, EmptyState, Group, Pagination, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDiscount, IconPlus, IconSearch, IconSearchOff } from '@tabler/icons-react';
import { useState } from 'react';
import { AppModal } from '../../../components/AppModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { PageHeader } from '../../../components/PageHeader';
import { useLastValue } from '../../../lib/use-last-value';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRouteEvent } from '../../events/hooks/useRouteEvent';
import { useTickets } from '../../tickets/api/tickets';
import { useDeletePromoCode, usePromoCodes } from '../api/promo-codes';
import { PromoCodeForm } from './PromoCodeForm';
import { PromoCodesTable } from './PromoCodesTable';

type Editing = null | 'new' | PromoCodeDto;

function PromoCodes({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = usePromoCodes(event.id, { page, per_page: LIMITS.PER_PAGE_DEFAULT, query: query || undefined });
  const tickets = useTickets(event.id);
  const remove = useDeletePromoCode(event.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PromoCodeDto | null>(null);
  const deletingCode = useLastValue(deleting)?.code ?? '';
  const editingItem = editing && editing !== 'new' ? editing : undefined;
  const meta = list.data?.meta;
  const searching = search.trim() !== '';

  const copy = async (p: PromoCodeDto) => {
    const code = p.code;
    try {
      await navigator.clipboard.writeText(window.location.origin + p.link);
      notifications.show({ color: 'teal', message: t`Link for ${code} copied.` });
    } catch {
      notifications.show({ color: 'red', message: t`The link could not be copied.` });
    }
  };
  const confirmDelete = () => {
    if (!deleting) return;
    const code = deleting.code;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({ color: 'teal', message: t`${code} deleted.` });
      },
    });
  };
  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
      <Trans>Create promo code</Trans>
    </Button>
  );
  const hasAny = !!list.data?.data.length || searching;

  return (
    <>
      <PageHeader title={<Trans>Promo codes</Trans>} description={<Trans>Discounts and codes that unlock hidden tickets.</Trans>} actions={hasAny ? addButton : null} />
      {hasAny ? (
        <TextInput
          label={t`Search promo codes`}
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
      ) : null}
      {list.isPending || tickets.isPending ? (
        <SectionLoader />
      ) : list.isError || tickets.isError ? (
        <FormErrorAlert error={list.error ?? tickets.error} />
      ) : list.data.data.length ? (
        <Stack gap="sm">
          <PromoCodesTable items={list.data.data} tickets={tickets.data} currency={event.currency} timeZone={event.timezone} onCopy={copy} onEdit={setEditing} onDelete={setDeleting} />
          {meta && meta.last_page > 1 ? (
            <Group justify="flex-end">
              <nav aria-label={t`Pagination`}>
                <Pagination
                  total={meta.last_page}
                  value={meta.current_page}
                  onChange={setPage}
                  getItemProps={(n) => ({ 'aria-label': t`Page ${n}` })}
                  getControlProps={(control) => ({ 'aria-label': control === 'next' ? t`Next page` : t`Previous page` })}
                />
              </nav>
            </Group>
          ) : null}
        </Stack>
      ) : searching ? (
        <Card withBorder radius="md" py="xl">
          <EmptyState icon={<IconSearchOff size={28} aria-hidden />} variant="light" title={t`No matching promo codes`} description={t`Try another code.`}>
            <EmptyState.Actions>
              <Button variant="default" onClick={() => setSearch('')}>
                <Trans>Clear search</Trans>
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      ) : (
        <Card withBorder radius="md" py="xl">
          <EmptyState icon={<IconDiscount size={28} aria-hidden />} variant="light" title={t`No promo codes yet`} description={t`Give a discount, or unlock hidden tickets, with a code.`}>
            <EmptyState.Actions>{addButton}</EmptyState.Actions>
          </EmptyState>
        </Card>
      )}
      <AppModal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? <Trans>Create promo code</Trans> : <Trans>Edit promo code</Trans>}>
        <PromoCodeForm key={editingItem?.id ?? 'new'} event={event} tickets={tickets.data ?? []} promo={editingItem} onDone={() => setEditing(null)} />
      </AppModal>
      <ConfirmDialog
        opened={deleting !== null}
        title={<Trans>Delete promo code</Trans>}
        message={<Trans>Delete {deletingCode}? Links with this code will stop working.</Trans>}
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

/** `/manage/event/:eventId/promo-codes` */
export function PromoCodesPage() {
  const { t } = useLingui();
  usePageTitle(t`Promo codes`);
  const { event } = useRouteEvent();
  if (!event) return <SectionLoader />;
  return <PromoCodes event={event} />;
}
