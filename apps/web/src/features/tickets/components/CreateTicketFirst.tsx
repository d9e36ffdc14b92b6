import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';

import { ListEmptyState } from '../../../components/ListEmptyState';

/** The empty state of a list whose items need a ticket (attendees, capacity assignments), with the way there. */
export function CreateTicketFirst({ eventId, description }: { eventId: number; description: string }) {
  const { t } = useLingui();
  return (
    <ListEmptyState icon={IconTicket} title={t`Create a ticket first`} description={description}>
      <Button component={Link} to={`/manage/event/${eventId}/tickets`}>
        <Trans>Go to tickets</Trans>
      </Button>
    </ListEmptyState>
  );
}
