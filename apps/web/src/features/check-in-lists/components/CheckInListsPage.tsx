import type { CheckInListDto, EventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack } from '@mantine/core';
import { IconListDetails, IconPlus } from '@tabler/icons-react';

import { AppModal } from '../../../components/AppModal';
import { DeleteDialog } from '../../../components/ConfirmDialog';
import { ListBody } from '../../../components/ListBody';
import { ListEmptyState } from '../../../components/ListEmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useCrudDialogs } from '../../../components/use-crud-dialogs';
import { EventScreen } from '../../events/components/EventScreen';
import { ExportMenu } from '../../exports/components/ExportMenu';
import { admissionsOf } from '../../tickets/admissions';
import { useTickets } from '../../tickets/api/tickets';
import { useCheckInLists, useDeleteCheckInList } from '../api/check-in-lists';
import { useListName } from '../list-name';
import { CheckInListCard } from './CheckInListCard';
import { CheckInListForm } from './CheckInListForm';

function CheckInLists({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const listName = useListName();
  const lists = useCheckInLists(event.id);
  const tickets = useTickets(event.id);
  const crud = useCrudDialogs<CheckInListDto>({
    remove: useDeleteCheckInList(event.id),
    deletedNotice: (list) => {
      const name = listName(list);
      return t`${name} deleted.`;
    },
  });
  const deletingName = crud.shownDeleting ? listName(crud.shownDeleting) : '';

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={crud.create}>
      <Trans>Create check-in list</Trans>
    </Button>
  );
  // Every event has a list; this shows only if that ever fails to hold.
  const none = (
    <ListEmptyState
      icon={IconListDetails}
      title={t`No check-in lists yet`}
      description={t`A check-in list is a line at the door: it admits some tickets, in a time window if you like.`}
    >
      {addButton}
    </ListEmptyState>
  );

  return (
    <>
      <PageHeader
        title={<Trans>Check-in lists</Trans>}
        description={
          <Trans>
            Each line at the door admits some tickets, in a time window if you like. Volunteers open a list with its
            staff link, no account needed.
          </Trans>
        }
        actions={
          lists.data?.length ? (
            <Group gap="sm">
              <ExportMenu eventId={event.id} kind="check-ins" params={{}} />
              {addButton}
            </Group>
          ) : null
        }
      />
      <ListBody queries={[lists, tickets]} empty={(items) => !items.length && none}>
        {(items, ticketList) => (
          <Stack gap="md">
            {items.map((list) => (
              <CheckInListCard
                key={list.id}
                eventId={event.id}
                list={list}
                tickets={ticketList}
                timeZone={event.timezone}
                onEdit={crud.edit}
                onDelete={crud.askDelete}
              />
            ))}
          </Stack>
        )}
      </ListBody>
      <AppModal
        {...crud.formDialog}
        size="lg"
        title={crud.isNew ? <Trans>Create check-in list</Trans> : <Trans>Edit check-in list</Trans>}
      >
        <CheckInListForm
          key={crud.item?.id ?? 'new'}
          eventId={event.id}
          timeZone={event.timezone}
          tickets={admissionsOf(tickets.data)}
          list={crud.item}
          onDone={crud.close}
        />
      </AppModal>
      <DeleteDialog
        crud={crud}
        title={<Trans>Delete check-in list</Trans>}
        message={<Trans>Delete {deletingName}? Its check-ins are removed; the attendees' history keeps them.</Trans>}
      />
    </>
  );
}

/** `/manage/event/:eventId/check-in-lists` */
export function CheckInListsPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Check-in lists`}>{(event) => <CheckInLists event={event} />}</EventScreen>;
}
