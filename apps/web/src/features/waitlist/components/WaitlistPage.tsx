import '@mantine/core/styles/Skeleton.css';

import type { EventDto, WaitlistDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Skeleton, Stack, Title } from '@mantine/core';
import { IconHourglass, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { ListBody } from '../../../components/ListBody';
import { ListEmptyState, NoMatches } from '../../../components/ListEmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useEventDates } from '../../event-dates/api/event-dates';
import { EventScreen } from '../../events/components/EventScreen';
import { ExportMenu } from '../../exports/components/ExportMenu';
import { useTickets } from '../../tickets/api/tickets';
import { useWaitlist } from '../api/waitlist';
import { toWaitlistFilter, useWaitlistFilters } from '../hooks/useWaitlistFilters';
import { type WaitlistAction, WaitlistActionDialogs } from './WaitlistActionDialogs';
import { WaitlistDemandTable } from './WaitlistDemandTable';
import { WaitlistFilterBar } from './WaitlistFilterBar';
import { WaitlistModeNote } from './WaitlistModeNote';
import { WaitlistSummary } from './WaitlistSummary';
import { WaitlistTable } from './WaitlistTable';

/** Everyone who ever joined, whatever their state now. */
const totalOf = (list: WaitlistDto) => Object.values(list.counts).reduce((sum, n) => sum + n, 0);

function Waitlist({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const { filters, update } = useWaitlistFilters();
  const list = useWaitlist(event.id, toWaitlistFilter(filters));
  const tickets = useTickets(event.id);
  // With several dates, each entry names its date and the list filters by one.
  const dates = useEventDates(event.id).data ?? [];
  const [action, setAction] = useState<WaitlistAction | null>(null);
  const mode = list.data?.offer_mode ?? event.settings.waitlist_offer_mode;
  const hours = list.data?.offer_hours ?? event.settings.waitlist_offer_hours;
  const hasAny = !!list.data && totalOf(list.data) > 0;

  const table = (entries: WaitlistDto['entries'] | null) => (
    <WaitlistTable
      entries={entries}
      eventId={event.id}
      timeZone={event.timezone}
      showDates={dates.length > 1}
      onOffer={(entry) => setAction({ kind: 'offer', entry })}
      onRemove={(entry) => setAction({ kind: 'remove', entry })}
    />
  );
  const loading = (
    <Stack gap="lg" role="status" aria-label={t`Loading the waitlist`}>
      <Skeleton h={84} radius="md" aria-hidden />
      <div aria-hidden>{table(null)}</div>
    </Stack>
  );
  const none = (
    <ListEmptyState
      icon={IconHourglass}
      title={t`No one on the waitlist yet`}
      description={t`When a ticket with a waitlist sells out, buyers can join its waitlist from the event page. Turn it on with “Waitlist when sold out” in a ticket's settings.`}
    >
      <Button
        component={Link}
        to={`/manage/event/${event.id}/tickets`}
        leftSection={<IconTicket size={18} aria-hidden />}
      >
        <Trans>Go to tickets</Trans>
      </Button>
    </ListEmptyState>
  );
  const noMatch = (
    <NoMatches
      title={t`No one matches`}
      description={t`No one on the waitlist has this status, ticket or date.`}
      onClear={() => update({ state: null, ticketId: null, dateId: null })}
      clearLabel={<Trans>Clear filters</Trans>}
    />
  );

  return (
    <>
      <PageHeader
        title={<Trans>Waitlist</Trans>}
        description={<WaitlistModeNote eventId={event.id} mode={mode} hours={hours} />}
        actions={hasAny ? <ExportMenu eventId={event.id} kind="waitlist" params={{}} /> : null}
      />
      <ListBody queries={[list, tickets]} loader={loading} empty={(data) => totalOf(data) === 0 && none}>
        {(data, ticketList) => (
          <Stack gap="lg">
            <WaitlistSummary counts={data.counts} />
            {data.demand.length ? (
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="waitlist-demand-heading">
                <Title order={2} fz="lg" id="waitlist-demand-heading" mb="sm">
                  <Trans>Demand per ticket</Trans>
                </Title>
                <WaitlistDemandTable demand={data.demand} />
              </Card>
            ) : null}
            <Stack gap="sm" component="section" aria-labelledby="waitlist-people-heading">
              <Title order={2} fz="lg" id="waitlist-people-heading">
                <Trans>People on the waitlist</Trans>
              </Title>
              <WaitlistFilterBar
                filters={filters}
                onChange={update}
                counts={data.counts}
                tickets={ticketList}
                demand={data.demand}
                dates={dates}
                timeZone={event.timezone}
              />
              {data.entries.length ? table(data.entries) : noMatch}
            </Stack>
          </Stack>
        )}
      </ListBody>
      <WaitlistActionDialogs
        eventId={event.id}
        offerMode={mode}
        offerHours={hours}
        action={action}
        onClose={() => setAction(null)}
      />
    </>
  );
}

/** `/manage/event/:eventId/waitlist` */
export function WaitlistPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Waitlist`}>{(event) => <Waitlist event={event} />}</EventScreen>;
}
