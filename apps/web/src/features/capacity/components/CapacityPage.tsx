import type { CapacityAssignmentDto, EventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';

import { AppModal } from '../../../components/AppModal';
import { DeleteDialog } from '../../../components/ConfirmDialog';
import { ListBody } from '../../../components/ListBody';
import { ListEmptyState } from '../../../components/ListEmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useCrudDialogs } from '../../../components/use-crud-dialogs';
import { errorMessage } from '../../../lib/validation';
import { EventScreen } from '../../events/components/EventScreen';
import { useTickets } from '../../tickets/api/tickets';
import { CreateTicketFirst } from '../../tickets/components/CreateTicketFirst';
import { useCapacityAssignments, useDeleteCapacityAssignment, useSaveCapacityAssignment } from '../api/capacity';
import { CapacityForm } from './CapacityForm';
import { CapacityTable } from './CapacityTable';

function Capacity({ event }: { event: EventDto }) {
  const { t, i18n } = useLingui();
  const list = useCapacityAssignments(event.id);
  const tickets = useTickets(event.id);
  const save = useSaveCapacityAssignment(event.id);
  const crud = useCrudDialogs<CapacityAssignmentDto>({
    remove: useDeleteCapacityAssignment(event.id),
    deletedNotice: ({ name }) => t`${name} deleted.`,
  });
  const deletingName = crud.shownDeleting?.name ?? '';

  const toggle = (item: CapacityAssignmentDto, enabled: boolean) =>
    save.mutate(
      {
        id: item.id,
        body: {
          name: item.name,
          capacity: item.capacity,
          applies_to: item.applies_to,
          ticket_ids: item.ticket_ids,
          enabled,
        },
      },
      { onError: (e) => notifications.show({ color: 'red', message: errorMessage(e, i18n) }) },
    );
  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={crud.create}>
      <Trans>Create capacity assignment</Trans>
    </Button>
  );
  const noTickets = tickets.data?.length === 0;
  const ticketFirst = (
    <CreateTicketFirst
      eventId={event.id}
      description={t`A ticket must exist before you can add a capacity assignment.`}
    />
  );
  const none = (
    <ListEmptyState
      icon={IconUsersGroup}
      title={t`No capacity assignments yet`}
      description={t`Share one limit between several tickets, such as the seats of a room.`}
    >
      {addButton}
    </ListEmptyState>
  );

  return (
    <>
      <PageHeader
        title={<Trans>Capacity</Trans>}
        description={
          <Trans>
            Limits shared by several tickets or by the whole event. Each date has the whole limit; the figures are those
            of the fullest date.
          </Trans>
        }
        actions={list.data?.length && !noTickets ? addButton : null}
      />
      <ListBody queries={[list, tickets]} empty={(items) => !items.length && (noTickets ? ticketFirst : none)}>
        {(items, ticketList) => (
          <CapacityTable
            items={items}
            tickets={ticketList}
            onEdit={crud.edit}
            onDelete={crud.askDelete}
            onToggle={toggle}
          />
        )}
      </ListBody>
      <AppModal
        {...crud.formDialog}
        title={crud.isNew ? <Trans>Create capacity assignment</Trans> : <Trans>Edit capacity assignment</Trans>}
      >
        <CapacityForm
          key={crud.item?.id ?? 'new'}
          eventId={event.id}
          tickets={tickets.data ?? []}
          assignment={crud.item}
          onDone={crud.close}
        />
      </AppModal>
      <DeleteDialog
        crud={crud}
        title={<Trans>Delete capacity assignment</Trans>}
        message={<Trans>Delete {deletingName}? Its tickets will no longer share this limit.</Trans>}
      />
    </>
  );
}

/** `/manage/event/:eventId/capacity-assignments` */
export function CapacityPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Capacity`}>{(event) => <Capacity event={event} />}</EventScreen>;
}
