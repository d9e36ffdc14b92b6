import '@mantine/core/styles/Skeleton.css';

import { type AutomationDto, type EventDto, REMINDERS_MAX } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { ListBody } from '../../../components/ListBody';
import { PageHeader } from '../../../components/PageHeader';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { EventScreen } from '../../events/components/EventScreen';
import { useAutomations } from '../api/automations';
import { useDurationText } from '../automation-labels';
import { AddReminderDialog } from './AddReminderDialog';
import { AutomationCard } from './AutomationCard';

// The light title of Mantine's alert is below 4.5:1 (axe): the title in the text's own colour.
const ALERT_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** The reminders before each date, longest before first, with the way to add one (up to REMINDERS_MAX). */
function Reminders({ event, automations }: { event: EventDto; automations: AutomationDto[] }) {
  const { t } = useLingui();
  const headingId = useId();
  const duration = useDurationText();
  const [adding, setAdding] = useState(false);
  const reminders = automations.filter((a) => a.kind === 'REMINDER');
  const full = reminders.length >= REMINDERS_MAX;
  const max = REMINDERS_MAX;

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={2} fz="lg" id={headingId}>
            <Trans>Reminders before each date</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>
              Every ticket holder gets them before the date of their tickets: when and where, a map link, their tickets
              and a calendar file.
            </Trans>
          </Text>
        </Stack>
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          disabled={full}
          onClick={() => setAdding(true)}
        >
          <Trans>Add a reminder</Trans>
        </Button>
      </Group>
      {full ? (
        <Text size="sm" c="dimmed">
          <Trans>An event has at most {max} reminders.</Trans>
        </Text>
      ) : null}
      {reminders.length ? (
        reminders.map((a) => {
          const before = duration(a.offset_minutes);
          return (
            <AutomationCard
              key={a.id}
              eventId={event.id}
              automation={a}
              timeZone={event.timezone}
              title={t`Reminder ${before} before`}
              headingOrder={3}
              saveLabel={<Trans>Save reminder</Trans>}
              savedMessage={t`Reminder saved.`}
            />
          );
        })
      ) : (
        <Text size="sm">
          <Trans>No reminders: ticket holders get none before their date.</Trans>
        </Text>
      )}
      <AddReminderDialog opened={adding} eventId={event.id} existing={automations} onDone={() => setAdding(false)} />
    </Stack>
  );
}

function Automations({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const list = useAutomations(event.id);
  const zone = event.timezone;
  const loading = (
    <Stack gap="lg" role="status" aria-label={t`Loading automatic mail`}>
      <Skeleton h={28} w="40%" aria-hidden />
      <Skeleton h={260} radius="md" aria-hidden />
      <Skeleton h={260} radius="md" aria-hidden />
    </Stack>
  );

  return (
    <UnsavedChangesGuard>
      <PageHeader
        title={<Trans>Automatic mail</Trans>}
        description={
          <Trans>
            Mail that goes out by itself: reminders before each date, one mail to buyers who left the checkout, and a
            follow-up after the event. Times are in the event's time zone ({zone}).
          </Trans>
        }
      />
      <ListBody queries={[list]} loader={loading}>
        {(automations) => {
          const abandoned = automations.find((a) => a.kind === 'ABANDONED_CHECKOUT');
          const followUp = automations.find((a) => a.kind === 'FOLLOW_UP');
          return (
            <Stack gap="xl">
              <Reminders event={event} automations={automations} />
              {abandoned ? (
                <AutomationCard
                  eventId={event.id}
                  automation={abandoned}
                  timeZone={event.timezone}
                  title={t`Abandoned checkouts`}
                  headingOrder={2}
                  description={<Trans>One mail to a buyer who chose tickets and left without finishing.</Trans>}
                  note={
                    <Alert
                      color="violet"
                      variant="light"
                      icon={<IconInfoCircle size={18} aria-hidden />}
                      title={t`Only with the buyer's consent`}
                      styles={ALERT_TITLE}
                    >
                      <Trans>
                        While it is on, buyers see a checkbox at checkout asking whether they want this mail. Those who
                        tick it and leave get it once at most, with a link back to a checkout with the same choices.
                        Nothing is held for them meanwhile: the tickets stay on sale. Each mail has a link to
                        unsubscribe.
                      </Trans>
                    </Alert>
                  }
                  saveLabel={<Trans>Save abandoned-checkout mail</Trans>}
                  savedMessage={t`Abandoned-checkout mail saved.`}
                />
              ) : null}
              {followUp ? (
                <AutomationCard
                  eventId={event.id}
                  automation={followUp}
                  timeZone={event.timezone}
                  title={t`Follow-up after the event`}
                  headingOrder={2}
                  description={<Trans>A thank-you after each date, with a survey link if you like.</Trans>}
                  note={
                    <Alert
                      color="violet"
                      variant="light"
                      icon={<IconInfoCircle size={18} aria-hidden />}
                      title={t`Buyers can unsubscribe`}
                      styles={ALERT_TITLE}
                    >
                      <Trans>
                        Each follow-up has a link to unsubscribe. Those who use it get no more follow-ups or
                        abandoned-checkout mails from you; their order and ticket mails still reach them.
                      </Trans>
                    </Alert>
                  }
                  saveLabel={<Trans>Save follow-up</Trans>}
                  savedMessage={t`Follow-up saved.`}
                />
              ) : null}
            </Stack>
          );
        }}
      </ListBody>
    </UnsavedChangesGuard>
  );
}

/** `/manage/event/:eventId/automations` */
export function AutomationsPage() {
  const { t } = useLingui();
  return <EventScreen title={t`Automatic mail`}>{(event) => <Automations event={event} />}</EventScreen>;
}
