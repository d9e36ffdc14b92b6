import { type EventDto, LIMITS, type PromoCodeDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconDiscount, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { DeleteDialog } from '../../../components/ConfirmDialog';
import { ListBody } from '../../../components/ListBody';
import { ListEmptyState, NoMatches } from '../../../components/ListEmptyState';
import { ListSearchInput } from '../../../components/ListSearchInput';
import { PageHeader } from '../../../components/PageHeader';
import { useCrudDialogs } from '../../../components/use-crud-dialogs';
import { useCopyLink } from '../../../lib/use-copy-link';
import { EventScreen } from '../../events/components/EventScreen';
import { useTickets } from '../../tickets/api/tickets';
import { useDeletePromoCode, usePromoCodes } from '../api/promo-codes';
import { PromoCodeForm } from './PromoCodeForm';
import { PromoCodesTable } from './PromoCodesTable';

function PromoCodes({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const list = usePromoCodes(event.id, { page, per_page: LIMITS.PER_PAGE_DEFAULT, query: query || undefined });
  const tickets = useTickets(event.id);
  const crud = useCrudDialogs<PromoCodeDto>({
    remove: useDeletePromoCode(event.id),
    deletedNotice: ({ code }) => t`${code} deleted.`,
  });
  const deletingCode = crud.shownDeleting?.code ?? '';

  const copyLink = useCopyLink();
  const copy = ({ code, link }: PromoCodeDto) => copyLink(link, t`Link for ${code} copied.`);
  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={crud.create}>
      <Trans>Create promo code</Trans>
    </Button>
  );
  const hasAny = !!list.data?.data.length || query !== '';
  const search = (next: string) => {
    setQuery(next);
    setPage(1);
  };

  return (
    <>
      <PageHeader
        title={<Trans>Promo codes</Trans>}
        description={<Trans>Discounts and codes that unlock hidden tickets.</Trans>}
        actions={hasAny ? addButton : null}
      />
      {hasAny ? (
        <ListSearchInput label={t`Search promo codes`} value={query} onSearch={search} mb="md" maw={420} />
      ) : null}
      <ListBody
        queries={[list, tickets]}
        empty={(codes) =>
          !codes.data.length &&
          (query ? (
            <NoMatches
              title={t`No matching promo codes`}
              description={t`Try another code.`}
              onClear={() => search('')}
            />
          ) : (
            <ListEmptyState
              icon={IconDiscount}
              title={t`No promo codes yet`}
              description={t`Give a discount, or unlock hidden tickets, with a code.`}
            >
              {addButton}
            </ListEmptyState>
          ))
        }
      >
        {(codes, ticketList) => (
          <PromoCodesTable
            page={codes}
            onPage={setPage}
            tickets={ticketList}
            currency={event.currency}
            timeZone={event.timezone}
            onCopy={copy}
            onEdit={crud.edit}
            onDelete={crud.askDelete}
          />
        )}
      </ListBody>
      <AppModal
        {...crud.formDialog}
        title={crud.isNew ? <Trans>Create promo code</Trans> : <Trans>Edit promo code</Trans>}
      >
        <PromoCodeForm
          key={crud.item?.id ?? 'new'}
          event={event}
          tickets={tickets.data ?? []}
          promo={crud.item}
          onDone={crud.close}
        />
      </AppModal>
      <DeleteDialog
        crud={crud}
        title={<Trans>Delete promo code</Trans>}
        message={<Trans>Delete {deletingCode}? Links with this code will stop working.</Trans>}
      />
    </>
  );
}

/** `/manage/event/:eventId/promo-codes` */
export function PromoCodesPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Promo codes`}>{(event) => <PromoCodes event={event} />}</EventScreen>;
}
