import { LIMITS } from '@admitone/shared';
import { useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useEvents } from '../../events/api/events';
import { EventList } from '../../events/components/EventList';

/** An organizer's events (archived ones left out, as in the main list), newest start first. */
export function OrganizerEvents({ organizerId }: { organizerId: number }) {
  const [page, setPage] = useState(1);
  const events = useEvents({ page, per_page: LIMITS.PER_PAGE_DEFAULT, filter_fields: { organizer_id: organizerId } });
  if (events.isError) return <FormErrorAlert error={events.error} />;
  return (
    <EventList
      events={events.data?.data}
      meta={events.data?.meta}
      loading={events.isPending}
      narrowed={false}
      onPage={setPage}
      onReset={() => setPage(1)}
    />
  );
}
