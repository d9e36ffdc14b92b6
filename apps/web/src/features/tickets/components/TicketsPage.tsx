import '@mantine/core/styles/EmptyState.css';
import type { EventDto, TicketDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, EmptyState } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { AppModal } from '../../../components/AppModal';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { PageHeader } from '../../../components/PageHeader';
import { moveBy, SortableList } from '../../../components/SortableList';
import { errorMessage } from '../../../lib/validation';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRouteEvent } from '../../events/hooks/useRouteEvent';
import { useDeleteTicket, useSaveTicket, useSortTickets, useTickets } from '../api/tickets';
import { withHidden } from '../ticket-form';
import { TicketDeleteDialog } from './TicketDeleteDialog';
import { TicketForm } from './TicketForm';
import { TicketRow } from './TicketRow';

type Editing = null | 'new' | TicketDto;

function Tickets({ event }: { event: EventDto }) {
  const { t, i18n } = useLingui();
  const list = useTickets(event.id);
  const sort = useSortTickets(event.id);
  const save = useSaveTicket(event.id);
  const remove = useDeleteTicket(event.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TicketDto | null>(null);
  const editingTicket = editing && editing !== 'new' ? editing : undefined;

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
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
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
  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
      <Trans>Create ticket</Trans>
    </Button>
  );

  return (
    <>
      <PageHeader title={<Trans>Tickets</Trans>} description={<Trans>What people can buy, in the order they see it.</Trans>} actions={list.data?.length ? addButton : null} />
      {list.isPending ? (
        <SectionLoader />
      ) : list.isError ? (
        <FormErrorAlert error={list.error} />
      ) : list.data.length ? (
        <SortableList
          items={list.data}
          labelOf={(ticket) => ticket.name}
          onReorder={reorder}
          renderItem={(ticket, handle) => {
            const ids = list.data.map((x) => x.id);
            return (
              <TicketRow
                ticket={ticket}
                currency={event.currency}
                timeZone={event.timezone}
                handle={handle}
                first={ids[0] === ticket.id}
                last={ids.at(-1) === ticket.id}
                onEdit={() => setEditing(ticket)}
                onMove={(step) => reorder(moveBy(ids, ticket.id, step))}
                onToggleHidden={() => toggleHidden(ticket)}
                onDelete={() => setDeleting(ticket)}
              />
            );
          }}
        />
      ) : (
        <Card withBorder radius="md" py="xl">
          <EmptyState icon={<IconTicket size={28} aria-hidden />} variant="light" title={t`No tickets yet`} description={t`Create a free, paid, donation or tiered ticket to start selling.`}>
            <EmptyState.Actions>{addButton}</EmptyState.Actions>
          </EmptyState>
        </Card>
      )}
      <AppModal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? <Trans>Create ticket</Trans> : <Trans>Edit ticket</Trans>} size="xl">
        <TicketForm key={editingTicket?.id ?? 'new'} event={event} ticket={editingTicket} onDone={() => setEditing(null)} />
      </AppModal>
      <TicketDeleteDialog
        ticket={deleting}
        deleting={remove.isPending}
        hiding={save.isPending}
        error={remove.error}
        onDelete={confirmDelete}
        onHide={() => deleting && toggleHidden({ ...deleting, is_hidden: false }, closeDelete)}
        onClose={closeDelete}
      />
    </>
  );
}

/** `/manage/event/:eventId/tickets` */
export function TicketsPage() {
  const { t } = useLingui();
  usePageTitle(t`Tickets`);
  const { event } = useRouteEvent();
  if (!event) return <SectionLoader />;
  return <Tickets event={event} />;
}
