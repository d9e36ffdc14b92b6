import type { OrganizerDto } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { browserTimeZone } from '../../../lib/format';
import { useOrganizers } from '../../organizers/api/organizers';
import { OrganizerForm } from '../../organizers/components/OrganizerForm';
import { useMe } from '../../users/api/me';
import { mayCreateOrganizers } from '../../users/hooks/usePermission';
import { EventForm } from './EventForm';

/**
 * Organizer (only if the account has none yet), then the event form; opens the new event. A member limited to some
 * organizers is never offered a new one: without any they are told to ask an admin.
 */
export function CreateEventFlow({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const me = useMe();
  const organizers = useOrganizers();
  const [created, setCreated] = useState<OrganizerDto | null>(null);

  if (me.isPending || organizers.isPending) return <SectionLoader />;
  if (me.isError || organizers.isError) return <FormErrorAlert error={me.error ?? organizers.error} />;

  const list = organizers.data.data;
  const cancel = (
    <Button variant="default" onClick={onDone}>
      <Trans>Cancel</Trans>
    </Button>
  );

  if (!list.length && !created) {
    // A member limited to some organizers cannot add one (the API refuses it).
    if (!mayCreateOrganizers(me.data))
      return (
        <Stack gap="md">
          <Alert color="violet" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            <Trans>
              Every event belongs to an organizer, and none of the organizers you work for is available. Ask an admin.
            </Trans>
          </Alert>
          <Group justify="flex-end">{cancel}</Group>
        </Stack>
      );
    return (
      <Stack gap="md">
        <Alert color="violet" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          <Trans>Every event belongs to an organizer. Create one first; you can reuse it for all your events.</Trans>
        </Alert>
        <OrganizerForm
          defaultEmail={me.data.user.email}
          defaultName={me.data.account.name}
          onCreated={setCreated}
          secondaryAction={cancel}
          submitLabel={<Trans>Continue</Trans>}
        />
      </Stack>
    );
  }

  const all = created && !list.some((o) => o.id === created.id) ? [created, ...list] : list;
  return (
    <EventForm
      organizers={all}
      defaultOrganizerId={created?.id}
      defaultTimezone={me.data.account.timezone || browserTimeZone()}
      defaultCurrency={me.data.account.currency || 'EUR'}
      secondaryAction={cancel}
      onCreated={(event) => {
        onDone();
        void navigate(`/manage/event/${event.id}`);
      }}
    />
  );
}
