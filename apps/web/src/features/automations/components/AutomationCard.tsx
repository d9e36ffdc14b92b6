import type { AutomationDto } from '@admitone/shared';
import { formatDateTime } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, Group, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconHistory, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { UnsavedBadge } from '../../../components/UnsavedChangesGuard';
import { formatEventDateTime } from '../../../lib/format';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { type AutomationScope, useDeleteAutomation, useUpdateAutomation } from '../api/automations';
import { type AutomationValues, automationValues, toAutomationBody } from '../automation-form';
import { useDurationText } from '../automation-labels';
import { AutomationFields, automationSaveError, useAutomationValidation } from './AutomationFields';
import { AutomationSends } from './AutomationSends';

/** When the automation next writes mail: off, all the time, at an instant (for a date), or not before a new date. */
function NextRun({ automation: a, timeZone }: { automation: AutomationDto; timeZone: string }) {
  const { t, i18n } = useLingui();
  const duration = useDurationText();
  let text: string;
  if (!a.enabled) text = t`Off`;
  else if (a.kind === 'ABANDONED_CHECKOUT') {
    const after = duration(a.offset_minutes);
    text = t`All the time: ${after} after a buyer who agreed leaves the checkout`;
  } else if (a.next_run_at) {
    const when = formatEventDateTime(a.next_run_at, timeZone, i18n.locale);
    const start = a.next_date ? formatDateTime(a.next_date.start_date, timeZone, i18n.locale) : null;
    const date = a.next_date?.label ? `${start} · ${a.next_date.label}` : start;
    text = date ? t`${when}, for the date ${date}` : when;
  } else text = t`No upcoming date`;
  return (
    <Text size="sm" data-testid="automation-next-run">
      <Text span size="sm" fw={700}>
        <Trans>Next mail:</Trans>
      </Text>{' '}
      {text}
    </Text>
  );
}

/** How many mails the automation wrote, by delivery state, and when it last sent one. */
function SendStats({ automation: a, timeZone }: { automation: AutomationDto; timeZone: string }) {
  const { t, i18n } = useLingui();
  const { sent, queued, failed, last_sent_at: last } = a.stats;
  const lastSent = last ? formatDateTime(last, timeZone, i18n.locale) : null;
  return (
    <Group gap="md" wrap="wrap" data-testid="automation-stats">
      <Text size="sm">{t`${sent} sent`}</Text>
      <Text size="sm">{t`${queued} queued`}</Text>
      <Text size="sm" c={failed ? 'red.9' : undefined} fw={failed ? 700 : undefined}>
        {t`${failed} failed`}
      </Text>
      <Text size="sm" c="dimmed">
        {lastSent ? t`Last sent ${lastSent}` : t`Nothing sent yet`}
      </Text>
    </Group>
  );
}

interface AutomationCardProps {
  scope: AutomationScope;
  automation: AutomationDto;
  /** The event's time zone: the next mail's time and the sends' are shown in it (an event's only). */
  timeZone?: string;
  title: string;
  /** 2 for a card of its own, 3 for a reminder in the reminders' section. */
  headingOrder: TitleOrder;
  description?: ReactNode;
  /** What the organizer should know beside the fields (how buyers are asked, unsubscribing). */
  note?: ReactNode;
  saveLabel: ReactNode;
  savedMessage: string;
}

/**
 * One automation in a card, saved on its own: on or off, its offset, its text (and the follow-up's audience and
 * link); for an event's, when it next writes mail and what it wrote; a reminder can be deleted.
 */
export function AutomationCard({
  scope,
  automation: a,
  timeZone,
  title,
  headingOrder,
  description,
  note,
  saveLabel,
  savedMessage,
}: AutomationCardProps) {
  const { t } = useLingui();
  const titleId = useId();
  const validate = useAutomationValidation(a.kind);
  const form = useForm<AutomationValues>({ initialValues: automationValues(a), validate });
  const update = useUpdateAutomation(scope, a.id);
  const remove = useDeleteAutomation(scope);
  // An account default belongs to no date: it neither runs nor sends (the events made from it do).
  const eventId = 'eventId' in scope ? scope.eventId : null;
  const [error, setError] = useState<unknown>(null);
  const [showSends, setShowSends] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const dirty = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit((values) => {
    setError(null);
    update.mutate(toAutomationBody(a.kind, values), {
      onSuccess: () => {
        form.resetDirty(values);
        notifications.show({ color: 'teal', message: savedMessage });
      },
      onError: (e) => setError(automationSaveError(e, form.setErrors)),
    });
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId} data-testid="automation">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4}>
            <Title order={headingOrder} fz={headingOrder === 2 ? 'lg' : 'md'} id={titleId}>
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </Stack>
          <Badge variant={a.enabled ? 'filled' : 'light'} color={a.enabled ? 'teal.9' : 'gray'} tt="none">
            {a.enabled ? <Trans>On</Trans> : <Trans>Off</Trans>}
          </Badge>
        </Group>
        {eventId !== null && timeZone ? (
          <Paper bg="var(--mantine-color-gray-0)" radius="md" p="sm">
            <Stack gap={6}>
              <NextRun automation={a} timeZone={timeZone} />
              <SendStats automation={a} timeZone={timeZone} />
            </Stack>
          </Paper>
        ) : null}
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormErrorAlert error={error} />
            <AutomationFields kind={a.kind} form={form} />
            {note}
            <Group justify={eventId !== null ? 'space-between' : 'flex-end'} gap="sm">
              {eventId !== null ? (
                <Button
                  variant="default"
                  leftSection={<IconHistory size={16} aria-hidden />}
                  onClick={() => setShowSends(true)}
                >
                  <Trans>What went out</Trans>
                </Button>
              ) : null}
              <Group gap="sm">
                <UnsavedBadge dirty={dirty} />
                {a.kind === 'REMINDER' ? (
                  <Button
                    variant="outline"
                    color="red.9"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => setDeleting(true)}
                  >
                    <Trans>Delete reminder</Trans>
                  </Button>
                ) : null}
                <Button type="submit" loading={update.isPending}>
                  {saveLabel}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Stack>
      {eventId !== null && timeZone ? (
        <AppModal opened={showSends} onClose={() => setShowSends(false)} title={t`What went out: ${title}`} size="lg">
          <AutomationSends eventId={eventId} automationId={a.id} timeZone={timeZone} />
        </AppModal>
      ) : null}
      <ConfirmDialog
        opened={deleting}
        title={<Trans>Delete this reminder?</Trans>}
        message={<Trans>It sends no more mail. The reminders it already sent stay in the recipients' inboxes.</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        danger
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(a.id, {
            onSuccess: () => {
              setDeleting(false);
              notifications.show({ color: 'teal', message: t`Reminder deleted.` });
            },
          })
        }
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
      />
    </Card>
  );
}
