import type { OrganizerDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Stepper, Text } from '@mantine/core';
import { IconBuildingStore, IconCalendarEvent, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { browserTimeZone } from '../../../lib/format';
import { EventForm } from '../../events/components/EventForm';
import { OrganizerForm } from '../../organizers/components/OrganizerForm';
import type { Me } from '../../users/api/me';
import { mayCreateOrganizers } from '../../users/hooks/usePermission';

interface WelcomeStepperProps {
  me: Me;
  organizers: OrganizerDto[];
}

/**
 * Step 1 creates an organizer (skipped when the account has one; never offered to a member limited to some
 * organizers); step 2 the first event.
 */
export function WelcomeStepper({ me, organizers }: WelcomeStepperProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [active, setActive] = useState(organizers.length ? 1 : 0);
  const [created, setCreated] = useState<OrganizerDto | null>(null);
  const all = created ? [created, ...organizers.filter((o) => o.id !== created.id)] : organizers;

  const skip = (
    <Button component={Link} to="/manage/events" variant="default">
      <Trans>Skip</Trans>
    </Button>
  );

  return (
    <Stepper active={active} onStepClick={setActive} allowNextStepsSelect={false} color="violet" size="sm">
      <Stepper.Step
        label={t`Organizer`}
        description={t`Who runs your events`}
        icon={<IconBuildingStore size={18} aria-hidden />}
        allowStepSelect={false}
      >
        {/* A member limited to some organizers cannot add one (the API refuses it). */}
        {mayCreateOrganizers(me) ? (
          <>
            <Text c="dimmed" size="sm" mb="md" mt="md">
              <Trans>Your organizer's name and e-mail appear on event pages, tickets and confirmation e-mails.</Trans>
            </Text>
            <OrganizerForm
              defaultEmail={me.user.email}
              defaultName={me.account.name}
              secondaryAction={skip}
              submitLabel={<Trans>Next: create your event</Trans>}
              onCreated={(organizer) => {
                setCreated(organizer);
                setActive(1);
              }}
            />
          </>
        ) : (
          <Stack gap="md" mt="md">
            <Alert color="violet" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
              <Trans>
                Every event belongs to an organizer, and none of the organizers you work for is available. Ask an admin.
              </Trans>
            </Alert>
            <Group justify="flex-end">{skip}</Group>
          </Stack>
        )}
      </Stepper.Step>
      <Stepper.Step
        label={t`First event`}
        description={t`What, when and where`}
        icon={<IconCalendarEvent size={18} aria-hidden />}
      >
        <Text c="dimmed" size="sm" mb="md" mt="md">
          <Trans>Your event starts as a draft. Add tickets and go live when you are ready.</Trans>
        </Text>
        <EventForm
          organizers={all}
          defaultOrganizerId={created?.id ?? organizers[0]?.id}
          defaultTimezone={me.account.timezone || browserTimeZone()}
          defaultCurrency={me.account.currency || 'EUR'}
          secondaryAction={skip}
          onCreated={(event) => void navigate(`/manage/event/${event.id}`, { replace: true })}
        />
      </Stepper.Step>
    </Stepper>
  );
}
