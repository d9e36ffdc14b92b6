import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Container } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOrganizers } from '../../organizers/api/organizers';
import { useEvents } from '../api/events';
import { hasFilter, toEventListParams, useEventListParams } from '../hooks/useEventListParams';
import { CreateEventModal } from './CreateEventModal';
import { EventList } from './EventList';
import { EventListToolbar } from './EventListToolbar';

/** The account's events: search, sort, filters, paging, per-event actions and "Create event". */
export function EventsPage() {
  const { t } = useLingui();
  usePageTitle(t`Events`);
  const { state, update } = useEventListParams();
  const events = useEvents(toEventListParams(state));
  const [creating, setCreating] = useState(false);
  const [searchText, setSearchText] = useState(state.query);
  const organizers = useOrganizers();
  const narrowed = Boolean(state.query) || hasFilter(state);

  return (
    <Container size="lg" py="xl">
      <PageHeader
        title={<Trans>Events</Trans>}
        description={<Trans>Create and manage your events.</Trans>}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
            <Trans>Create event</Trans>
          </Button>
        }
      />
      <EventListToolbar
        state={state}
        onChange={update}
        searchText={searchText}
        onSearchText={setSearchText}
        organizers={organizers.data?.data ?? []}
      />
      {events.isError ? (
        <FormErrorAlert error={events.error} />
      ) : (
        <EventList
          events={events.data?.data}
          meta={events.data?.meta}
          loading={events.isPending}
          narrowed={narrowed}
          onPage={(page) => {
            update({ page });
            window.scrollTo({ top: 0 });
          }}
          onCreate={() => setCreating(true)}
          onReset={() => {
            setSearchText('');
            update({ query: '', lifecycle: 'all', status: 'all', organizer: null });
          }}
        />
      )}
      <CreateEventModal opened={creating} onClose={() => setCreating(false)} />
    </Container>
  );
}
