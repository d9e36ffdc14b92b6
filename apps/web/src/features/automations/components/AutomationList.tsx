import '@mantine/core/styles/Skeleton.css';

import { type AutomationDto, REMINDERS_MAX } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { ListBody } from '../../../components/ListBody';
import { type AutomationScope, useAutomations } from '../api/automations';
import { useDurationText } from '../automation-labels';
import { AddReminderDialog } from './AddReminderDialog';
import { AutomationCard } from './AutomationCard';

// The light title of Mantine's alert is below 4.5:1 (axe): the title in the text's own colour.
const ALERT_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface ListProps {
  scope: AutomationScope;
  /** The event's time zone (an event's list); the account's defaults have none. */
  timeZone?: string;
  /** The level of the list's section headings: 2 on a page of its own, 3 inside a settings section. */
  headingOrder: 2 | 3;
}

/** The reminders before each date, longest before first, with the way to add one (up to REMINDERS_MAX). */
function Reminders({ scope, timeZone, headingOrder, automations }: ListProps & { automations: AutomationDto[] }) {
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
          <Title order={headingOrder} fz="lg" id={headingId}>
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
              scope={scope}
              automation={a}
              timeZone={timeZone}
              title={t`Reminder ${before} before`}
              headingOrder={headingOrder === 2 ? 3 : 4}
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
      <AddReminderDialog opened={adding} scope={scope} existing={automations} onDone={() => setAdding(false)} />
    </Stack>
  );
}

/**
 * The automatic mails of an event, or the account's defaults: the reminders, the abandoned-checkout mail and the
 * follow-up, each saved on its own.
 */
export function AutomationList({ scope, timeZone, headingOrder }: ListProps) {
  const { t } = useLingui();
  const list = useAutomations(scope);
  const loading = (
    <Stack gap="lg" role="status" aria-label={t`Loading automatic mail`}>
      <Skeleton h={28} w="40%" aria-hidden />
      <Skeleton h={260} radius="md" aria-hidden />
      <Skeleton h={260} radius="md" aria-hidden />
    </Stack>
  );
  return (
    <ListBody queries={[list]} loader={loading}>
      {(automations) => {
        const abandoned = automations.find((a) => a.kind === 'ABANDONED_CHECKOUT');
        const followUp = automations.find((a) => a.kind === 'FOLLOW_UP');
        return (
          <Stack gap="xl">
            <Reminders scope={scope} timeZone={timeZone} headingOrder={headingOrder} automations={automations} />
            {abandoned ? (
              <AutomationCard
                scope={scope}
                automation={abandoned}
                timeZone={timeZone}
                title={t`Abandoned checkouts`}
                headingOrder={headingOrder}
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
                      Nothing is held for them meanwhile: the tickets stay on sale. Each mail has a link to unsubscribe.
                    </Trans>
                  </Alert>
                }
                saveLabel={<Trans>Save abandoned-checkout mail</Trans>}
                savedMessage={t`Abandoned-checkout mail saved.`}
              />
            ) : null}
            {followUp ? (
              <AutomationCard
                scope={scope}
                automation={followUp}
                timeZone={timeZone}
                title={t`Follow-up after the event`}
                headingOrder={headingOrder}
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
  );
}
