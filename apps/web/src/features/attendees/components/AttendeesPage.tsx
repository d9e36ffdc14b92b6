import '@mantine/core/styles/EmptyState.css';
import type { EventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, EmptyState, Stack } from '@mantine/core';
import { IconPlus, IconSearchOff, IconTicket, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppModal } from '../../../components/AppModal';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { ListPagination } from '../../../components/ListPagination';
import { PageHeader } from '../../../components/PageHeader';
import { useDrawerParam } from '../../../lib/use-drawer-param';
import { usePageTitle } from '../../../lib/use-page-title';
import { ExportMenu } from '../../exports/components/ExportMenu';
import { useRouteEvent } from '../../events/hooks/useRouteEvent';
import { useTickets } from '../../tickets/api/tickets';
import { useAttendees } from '../api/attendees';
import { hasAttendeeFilter, toAttendeeListParams, useAttendeeListParams } from '../hooks/useAttendeeListParams';
import { AddAttendeeForm } from './AddAttendeeForm';
import { AttendeeDrawer } from './AttendeeDrawer';
import { AttendeesTable } from './AttendeesTable';
import { AttendeesToolbar } from './AttendeesToolbar';

function Attendees({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const { state, update } = useAttendeeListParams();
  const params = toAttendeeListParams(state);
  const list = useAttendees(event.id, params);
  const tickets = useTickets(event.id);
  const drawer = useDrawerParam('attendee');
  const [adding, setAdding] = useState(false);
  const narrowed = hasAttendeeFilter(state) || state.query !== '';
  const rows = list.data?.data;
  const noTickets = tickets.data?.length === 0;
  const clear = () => update({ query: '', status: null, checkedIn: null, tickets: [] });

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)} disabled={!tickets.data}>
      <Trans>Add attendee</Trans>
    </Button>
  );

  let body;
  if (list.isError || tickets.isError) body = <FormErrorAlert error={list.error ?? tickets.error} />;
  else if (rows && !rows.length && !narrowed && noTickets)
    body = (
      <Card withBorder radius="md" py="xl">
        <EmptyState icon={<IconTicket size={28} aria-hidden />} variant="light" title={t`Create a ticket first`} description={t`A ticket must exist before you can add an attendee.`}>
          <EmptyState.Actions>
            <Button component={Link} to={`/manage/event/${event.id}/tickets`}>
              <Trans>Go to tickets</Trans>
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  else if (rows && !rows.length && !narrowed)
    body = (
      <Card withBorder radius="md" py="xl">
        <EmptyState icon={<IconUsers size={28} aria-hidden />} variant="light" title={t`No attendees yet`} description={t`Attendees appear here when people get tickets. You can also add someone by hand.`}>
          <EmptyState.Actions>{addButton}</EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  else if (rows && !rows.length)
    body = (
      <Card withBorder radius="md" py="xl">
        <EmptyState icon={<IconSearchOff size={28} aria-hidden />} variant="light" title={t`No attendees match`} description={t`No attendee matches this search and these filters.`}>
          <EmptyState.Actions>
            <Button variant="default" onClick={clear}>
              <Trans>Clear search and filters</Trans>
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );
  else
    body = (
      <Stack gap="sm">
        <AttendeesTable
          items={rows ?? null}
          timeZone={event.timezone}
          sort={state.sort}
          onSort={(sort) => update({ sort })}
          sortDisabled={hasAttendeeFilter(state)}
          onOpen={(a) => drawer.open(a.id)}
        />
        <ListPagination meta={list.data?.meta} onPage={(page) => update({ page })} />
      </Stack>
    );

  const showToolbar = !!rows?.length || narrowed || list.isPending;
  return (
    <>
      <PageHeader
        title={<Trans>Attendees</Trans>}
        description={<Trans>Everyone with a ticket for this event.</Trans>}
        actions={
          showToolbar ? (
            <>
              <ExportMenu eventId={event.id} kind="attendees" params={{ query: params.query, filter_fields: params.filter_fields }} />
              {noTickets ? null : addButton}
            </>
          ) : null
        }
      />
      {showToolbar ? <AttendeesToolbar state={state} onChange={update} tickets={tickets.data ?? []} /> : null}
      {body}
      <AttendeeDrawer event={event} tickets={tickets.data ?? []} attendeeId={drawer.id} onClose={drawer.close} />
      <AppModal opened={adding} onClose={() => setAdding(false)} title={<Trans>Add attendee</Trans>} size="lg">
        <AddAttendeeForm
          event={event}
          tickets={tickets.data ?? []}
          onDone={() => {
            setAdding(false);
          }}
        />
      </AppModal>
    </>
  );
}

/** `/manage/event/:eventId/attendees` */
export function AttendeesPage() {
  const { t } = useLingui();
  usePageTitle(t`Attendees`);
  const { event } = useRouteEvent();
  if (!event) return <SectionLoader />;
  return <Attendees event={event} />;
}
