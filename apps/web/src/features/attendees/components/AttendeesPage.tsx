import type { AttendeeDto, EventDto, Paginated } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import type { TableSorting } from '../../../components/DataTable';
import { ListBody } from '../../../components/ListBody';
import { ListEmptyState, NoMatches } from '../../../components/ListEmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useDrawerParam } from '../../../lib/use-drawer-param';
import { useEventDates } from '../../event-dates/api/event-dates';
import { EventScreen } from '../../events/components/EventScreen';
import { ExportMenu } from '../../exports/components/ExportMenu';
import { admissionsOf } from '../../tickets/admissions';
import { useTickets } from '../../tickets/api/tickets';
import { CreateTicketFirst } from '../../tickets/components/CreateTicketFirst';
import { useAttendees } from '../api/attendees';
import {
  type AttendeeSort,
  hasAttendeeFilter,
  toAttendeeListParams,
  useAttendeeListParams,
} from '../hooks/useAttendeeListParams';
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
  // With several dates, each attendee names its date and the list filters by one.
  const dates = useEventDates(event.id).data ?? [];
  const drawer = useDrawerParam('attendee');
  const [adding, setAdding] = useState(false);
  const narrowed = hasAttendeeFilter(state) || state.query !== '';
  const rows = list.data?.data;
  const noTickets = tickets.data?.length === 0;
  const clear = () => update({ query: '', status: null, checkedIn: null, tickets: [], date: null });

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)} disabled={!tickets.data}>
      <Trans>Add attendee</Trans>
    </Button>
  );

  const sorting: TableSorting<AttendeeSort> = {
    sort: state.sort,
    onSort: (sort) => update({ sort }),
    disabled: hasAttendeeFilter(state),
  };
  const table = (page?: Paginated<AttendeeDto>) => (
    <AttendeesTable
      page={page}
      onPage={(n) => update({ page: n })}
      timeZone={event.timezone}
      sorting={sorting}
      onOpen={(a) => drawer.open(a.id)}
      showDates={dates.length > 1}
    />
  );
  const ticketFirst = (
    <CreateTicketFirst eventId={event.id} description={t`A ticket must exist before you can add an attendee.`} />
  );
  const none = (
    <ListEmptyState
      icon={IconUsers}
      title={t`No attendees yet`}
      description={t`Attendees appear here when people get tickets. You can also add someone by hand.`}
    >
      {addButton}
    </ListEmptyState>
  );
  const noMatch = (
    <NoMatches
      title={t`No attendees match`}
      description={t`No attendee matches this search and these filters.`}
      onClear={clear}
      clearLabel={<Trans>Clear search and filters</Trans>}
    />
  );
  const empty = (page: Paginated<AttendeeDto>) =>
    !page.data.length && (narrowed ? noMatch : noTickets ? ticketFirst : none);

  const showToolbar = !!rows?.length || narrowed || list.isPending;
  return (
    <>
      <PageHeader
        title={<Trans>Attendees</Trans>}
        description={<Trans>Everyone with a ticket for this event.</Trans>}
        actions={
          showToolbar ? (
            <>
              <ExportMenu
                eventId={event.id}
                kind="attendees"
                params={{ query: params.query, filter_fields: params.filter_fields }}
              />
              {noTickets ? null : addButton}
            </>
          ) : null
        }
      />
      {showToolbar ? (
        <AttendeesToolbar
          state={state}
          onChange={update}
          tickets={admissionsOf(tickets.data)}
          dates={dates}
          timeZone={event.timezone}
        />
      ) : null}
      <ListBody queries={[list, tickets]} loader={table()} empty={empty}>
        {table}
      </ListBody>
      <AttendeeDrawer
        event={event}
        tickets={admissionsOf(tickets.data)}
        attendeeId={drawer.id}
        onClose={drawer.close}
        showDates={dates.length > 1}
      />
      <AppModal opened={adding} onClose={() => setAdding(false)} title={<Trans>Add attendee</Trans>} size="lg">
        <AddAttendeeForm
          event={event}
          tickets={admissionsOf(tickets.data)}
          dates={dates}
          defaultDateId={state.date}
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
  return <EventScreen title={t`Attendees`}>{(event) => <Attendees event={event} />}</EventScreen>;
}
