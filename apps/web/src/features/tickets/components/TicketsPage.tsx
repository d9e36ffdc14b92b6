import type { EventDto, TicketDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTicket } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AppModal } from '../../../components/AppModal';
import { ListBody } from '../../../components/ListBody';
import { ListEmptyState } from '../../../components/ListEmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { moveBy, SortableList } from '../../../components/SortableList';
import { useCrudDialogs } from '../../../components/use-crud-dialogs';
import { errorMessage } from '../../../lib/validation';
import { EventScreen } from '../../events/components/EventScreen';
import { NoPaymentMethodAlert } from '../../events/components/NoPaymentMethodAlert';
import { useDeleteTicket, usePaymentReadiness, useSaveTicket, useSortTickets, useTickets } from '../api/tickets';
import { withHidden } from '../ticket-form';
import { TicketDeleteDialog } from './TicketDeleteDialog';
import { TicketForm } from './TicketForm';
import { TicketRow } from './TicketRow';

function Tickets({ event }: { event: EventDto }) {
  const { t, i18n } = useLingui();
  const list = useTickets(event.id);
  const readiness = usePaymentReadiness(event.id);
  const sort = useSortTickets(event.id);
  const save = useSaveTicket(event.id);
  const crud = useCrudDialogs<TicketDto>({ remove: useDeleteTicket(event.id), deletedNotice: ({ name }) => t`${name} deleted.` });

  const failed = (e: unknown) => notifications.show({ color: 'red', message: errorMessage(e, i18n) });
  const reorder = (ids: number[]) => sort.mutate(ids, { onError: failed });
  const toggleHidden = (ticket: TicketDto, onDone?: () => void) => {
    const name = ticket.name;
    save.mutate(
      { id: ticket.id, body: withHidden(ticket, !ticket.is_hidden, event.currency, event.timezone) },
      {
        onSuccess: () => {
          onDone?.();
          notifications.show({ color: 'teal', message: ticket.is_hidden ? t`${name} is visible again.` : t`${name} is hidden.` });
        },
        onError: failed,
      },
    );
  };
  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={crud.create}>
      <Trans>Create ticket</Trans>
    </Button>
  );
  const renderTicket = (ids: number[]) => (ticket: TicketDto, handle: ReactNode) => (
    <TicketRow
      ticket={ticket}
      currency={event.currency}
      timeZone={event.timezone}
      handle={handle}
      first={ids[0] === ticket.id}
      last={ids.at(-1) === ticket.id}
      onEdit={() => crud.edit(ticket)}
      onMove={(step) => reorder(moveBy(ids, ticket.id, step))}
      onToggleHidden={() => toggleHidden(ticket)}
      onDelete={() => crud.askDelete(ticket)}
    />
  );
  const none = (
    <ListEmptyState icon={IconTicket} title={t`No tickets yet`} description={t`Create a free, paid, donation or tiered ticket to start selling.`}>
      {addButton}
    </ListEmptyState>
  );

  return (
    <>
      <PageHeader title={<Trans>Tickets</Trans>} description={<Trans>What people can buy, in the order they see it.</Trans>} actions={list.data?.length ? addButton : null} />
      {readiness.data?.blocked ? (
        <Box mb="md">
          <NoPaymentMethodAlert eventId={event.id} paidTickets={readiness.data.paid_tickets} />
        </Box>
      ) : null}
      <ListBody queries={[list]} empty={(tickets) => !tickets.length && none}>
        {(tickets) => <SortableList items={tickets} labelOf={(ticket) => ticket.name} onReorder={reorder} renderItem={renderTicket(tickets.map((x) => x.id))} />}
      </ListBody>
      <AppModal {...crud.formDialog} title={crud.isNew ? <Trans>Create ticket</Trans> : <Trans>Edit ticket</Trans>} size="xl">
        <TicketForm key={crud.item?.id ?? 'new'} event={event} ticket={crud.item} onDone={crud.close} />
      </AppModal>
      <TicketDeleteDialog
        ticket={crud.deleting}
        deleting={crud.deletePending}
        hiding={save.isPending}
        error={crud.deleteError}
        onDelete={crud.confirmDelete}
        onHide={() => crud.deleting && toggleHidden({ ...crud.deleting, is_hidden: false }, crud.closeDelete)}
        onClose={crud.closeDelete}
      />
    </>
  );
}

/** `/manage/event/:eventId/tickets` */
export function TicketsPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Tickets`}>{(event) => <Tickets event={event} />}</EventScreen>;
}
