import '@mantine/core/styles/EmptyState.css';
import type { CapacityAssignmentDto, EventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, EmptyState } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTicket, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppModal } from '../../../components/AppModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { PageHeader } from '../../../components/PageHeader';
import { useLastValue } from '../../../lib/use-last-value';
import { usePageTitle } from '../../../lib/use-page-title';
import { errorMessage } from '../../../lib/validation';
import { useRouteEvent } from '../../events/hooks/useRouteEvent';
import { useTickets } from '../../tickets/api/tickets';
import { useCapacityAssignments, useDeleteCapacityAssignment, useSaveCapacityAssignment } from '../api/capacity';
import { CapacityForm } from './CapacityForm';
import { CapacityTable } from './CapacityTable';

type Editing = null | 'new' | CapacityAssignmentDto;

function Capacity({ event }: { event: EventDto }) {
  const { t, i18n } = useLingui();
  const list = useCapacityAssignments(event.id);
  const tickets = useTickets(event.id);
  const save = useSaveCapacityAssignment(event.id);
  const remove = useDeleteCapacityAssignment(event.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CapacityAssignmentDto | null>(null);
  const deletingName = useLastValue(deleting)?.name ?? '';
  const editingItem = editing && editing !== 'new' ? editing : undefined;

  const toggle = (item: CapacityAssignmentDto, enabled: boolean) =>
    save.mutate(
      { id: item.id, body: { name: item.name, capacity: item.capacity, applies_to: item.applies_to, ticket_ids: item.ticket_ids, enabled } },
      { onError: (e) => notifications.show({ color: 'red', message: errorMessage(e, i18n) }) },
    );
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
      <Trans>Create capacity assignment</Trans>
    </Button>
  );
  const noTickets = tickets.data?.length === 0;

  let body;
  if (list.isPending || tickets.isPending) body = <SectionLoader />;
  else if (list.isError || tickets.isError) body = <FormErrorAlert error={list.error ?? tickets.error} />;
  else if (noTickets && !list.data.length)
    body = (
      <Card withBorder radius="md" py="xl">
        <EmptyState icon={<IconTicket size={28} aria-hidden />} variant="light" title={t`Create a ticket first`} description={t`A ticket must exist before you can add a capacity assignment.`}>
          <EmptyState.Actions>
            <Button component={Link} to={`/manage/event/${event.id}/tickets`}>
              <Trans>Go to tickets</Trans>
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  else if (list.data.length) body = <CapacityTable items={list.data} tickets={tickets.data} onEdit={setEditing} onDelete={setDeleting} onToggle={toggle} />;
  else
    body = (
      <Card withBorder radius="md" py="xl">
        <EmptyState icon={<IconUsersGroup size={28} aria-hidden />} variant="light" title={t`No capacity assignments yet`} description={t`Share one limit between several tickets, such as the seats of a room.`}>
          <EmptyState.Actions>{addButton}</EmptyState.Actions>
        </EmptyState>
      </Card>
    );

  return (
    <>
      <PageHeader
        title={<Trans>Capacity</Trans>}
        description={<Trans>Limits shared by several tickets or by the whole event.</Trans>}
        actions={list.data?.length && !noTickets ? addButton : null}
      />
      {body}
      <AppModal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? <Trans>Create capacity assignment</Trans> : <Trans>Edit capacity assignment</Trans>}>
        <CapacityForm key={editingItem?.id ?? 'new'} eventId={event.id} tickets={tickets.data ?? []} assignment={editingItem} onDone={() => setEditing(null)} />
      </AppModal>
      <ConfirmDialog
        opened={deleting !== null}
        title={<Trans>Delete capacity assignment</Trans>}
        message={<Trans>Delete {deletingName}? Its tickets will no longer share this limit.</Trans>}
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

/** `/manage/event/:eventId/capacity-assignments` */
export function CapacityPage() {
  const { t } = useLingui();
  usePageTitle(t`Capacity`);
  const { event } = useRouteEvent();
  if (!event) return <SectionLoader />;
  return <Capacity event={event} />;
}
