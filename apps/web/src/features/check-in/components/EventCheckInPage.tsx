import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Container } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCheckInEvent } from '../api/check-in';
import { ListCheckIn } from './ListCheckIn';

/**
 * `/manage/check-in/:eventId`: the check-in screen on its own, without the event's management pages
 * (door staff see only this; an event they were not given answers "not found").
 */
export function EventCheckInPage() {
  const { t } = useLingui();
  const eventId = Number(useParams().eventId);
  const event = useCheckInEvent(eventId);
  const title = event.data?.title;
  usePageTitle(title ? t`Check-in: ${title}` : t`Check-in`);
  return (
    <Container size="lg" py="xl">
      {event.isPending ? (
        <SectionLoader />
      ) : event.error ? (
        <FormErrorAlert error={event.error} />
      ) : (
        <ListCheckIn
          event={event.data}
          back={
            <Anchor
              component={Link}
              to="/manage/check-in"
              size="sm"
              mb="sm"
              display="inline-flex"
              style={{ alignItems: 'center', gap: 4 }}
            >
              <IconArrowLeft size={16} aria-hidden />
              <Trans>All events to check in</Trans>
            </Anchor>
          }
        />
      )}
    </Container>
  );
}
