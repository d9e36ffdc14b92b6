import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';

import { formatTimeZoneName, MESSAGE_RECIPIENT_TYPES, type MessageDetailDto, sendMessageBody } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Loader, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';

import { DateTimeField } from '../../../components/DateTimeField';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { RichTextInput } from '../../../components/RichTextInput';
import { SegmentedField } from '../../../components/SegmentedField';
import { WallClockProvider } from '../../../components/WallClockPicker';
import { isApiError, toFormErrors } from '../../../lib/api-error';
import { errorMessage, issueTranslator, useSchemaValidation } from '../../../lib/validation';
import { useEventDates } from '../../event-dates/api/event-dates';
import { useEvent } from '../../events/api/events';
import { ConfirmAddressNotice, isEmailNotConfirmed } from '../../profile/components/ConfirmAddressNotice';
import { useQuestions } from '../../questions/api/questions';
import { admissionsOf } from '../../tickets/admissions';
import { useTickets } from '../../tickets/api/tickets';
import { TicketsSelect } from '../../tickets/components/TicketsSelect';
import { useMe } from '../../users/api/me';
import { isCompleteChoice, takesFilters, useRecipientCount, useSendMessage, useUpdateMessage } from '../api/messages';
import {
  answerPending,
  choiceOf,
  composerIssues,
  type ComposerPreset,
  type ComposerValues,
  composerValues,
  isScheduled,
  toBody,
  toComposerErrors,
} from '../composer-values';
import { RECIPIENT_TYPE_LABELS } from '../message-labels';
import { type FilterValues, MessageFilters } from './MessageFilters';
import { AttendeePicker, OrderPicker } from './RecipientPickers';

export type { ComposerPreset } from '../composer-values';

interface MessageComposerProps {
  eventId: number;
  preset?: ComposerPreset;
  /** A scheduled message to change (saved with PUT); its time is shown in the event's zone. */
  editing?: MessageDetailDto;
  onDone: (message: MessageDetailDto) => void;
  onCancel: () => void;
}

/**
 * Subject, rich-text body and recipients of a message, narrowed by filters, with a live count; sent now or
 * scheduled for a time in the event's time zone. A test goes only to the sender, at once. With `editing`,
 * changes a scheduled message.
 */
export function MessageComposer(props: MessageComposerProps) {
  // The event's time zone is needed first: a scheduled time is a wall clock there.
  const event = useEvent(props.eventId);
  if (event.isError) return <FormErrorAlert error={event.error} />;
  if (!event.data) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={160} />
      </Stack>
    );
  }
  return <ComposerForm {...props} timeZone={event.data.timezone} />;
}

function ComposerForm({
  eventId,
  preset,
  editing,
  onDone,
  onCancel,
  timeZone,
}: MessageComposerProps & { timeZone: string }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const me = useMe();
  const user = me.data?.user;
  const tickets = useTickets(eventId);
  const dates = useEventDates(eventId).data ?? [];
  const questions = useQuestions(eventId).data?.data ?? [];
  const send = useSendMessage(eventId);
  const update = useUpdateMessage(eventId);
  const saving = editing ? update : send;
  const [error, setError] = useState<unknown>(null);
  const schemaErrors = useSchemaValidation<ComposerValues>(sendMessageBody, toBody);
  const form = useForm<ComposerValues>({
    initialValues: composerValues({ preset, editing, timeZone }),
    validate: (values) => {
      const translate = issueTranslator(i18n);
      const extra = Object.fromEntries(
        Object.entries(composerIssues(values, timeZone)).map(([field, issue]) => [field, translate(issue)]),
      );
      return { ...toComposerErrors(schemaErrors(values)), ...extra };
    },
  });
  const v = form.values;
  const [answerValue] = useDebouncedValue(v.answer_value, 300);
  const choice = choiceOf(v, answerValue);
  const count = useRecipientCount(eventId, choice);
  const filtered = takesFilters(v.recipient_type);
  const later = isScheduled(v);
  // Messages need the sender's address confirmed (EMAIL_NOT_CONFIRMED) and the account's owner's
  // (MESSAGING_NOT_VERIFIED).
  const refusedUnverified =
    isEmailNotConfirmed(error) || (isApiError(error) && error.code === 'MESSAGING_NOT_VERIFIED');
  const unverified = refusedUnverified || (user && !user.email_verified);
  const people = count.data ?? 0;
  const email = user?.email ?? '';

  const submit = (values: ComposerValues) => {
    setError(null);
    const onError = (e: unknown) => {
      const fields = isApiError(e) ? toComposerErrors(toFormErrors(e.fieldErrors)) : {};
      if (Object.keys(fields).length) form.setErrors(fields);
      else setError(e);
    };
    if (editing) update.mutate({ id: editing.id, body: toBody(values) }, { onSuccess: onDone, onError });
    else send.mutate(toBody(values), { onSuccess: onDone, onError });
  };

  const reach = v.is_test ? (
    <Trans>A test goes only to you ({email}).</Trans>
  ) : !isCompleteChoice(choice) ? (
    <Trans>Choose who receives the message.</Trans>
  ) : filtered && answerPending(v) ? (
    <Trans>Choose the answer to narrow down by.</Trans>
  ) : count.isPending ? (
    <Group gap="xs">
      <Loader size="xs" aria-hidden />
      <Trans>Counting recipients…</Trans>
    </Group>
  ) : count.isError ? (
    errorMessage(count.error, i18n)
  ) : people === 0 ? (
    later ? (
      <Trans>No one matches these recipients now. They are found again when the message goes.</Trans>
    ) : (
      <Trans>No one matches these recipients.</Trans>
    )
  ) : later ? (
    plural(people, {
      one: '# person matches now. The recipients are found again when the message goes.',
      other: '# people match now. The recipients are found again when the message goes.',
    })
  ) : (
    plural(people, { one: 'This will be sent to # person.', other: 'This will be sent to # people.' })
  );

  // The zone with its short name around the chosen time (or now): "Europe/Berlin (CEST)".
  const around = v.send_at ? new Date(`${v.send_at.replace(' ', 'T')}Z`) : new Date();
  const zone = `${timeZone} (${formatTimeZoneName(around, timeZone, i18n.locale)})`;
  const setFilter = <K extends keyof FilterValues>(field: K, value: FilterValues[K]) =>
    form.setFieldValue(field, value as never);

  return (
    <WallClockProvider>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          {unverified ? (
            <ConfirmAddressNotice title={t`Confirm your e-mail address first`}>
              {refusedUnverified
                ? errorMessage(error, i18n)
                : t`Your account must be verified before you can send messages. Open the link in the confirmation e-mail, or send it again.`}
            </ConfirmAddressNotice>
          ) : (
            <FormErrorAlert error={error} />
          )}
          <Select
            label={t`Recipients`}
            required
            allowDeselect={false}
            data={MESSAGE_RECIPIENT_TYPES.map((type) => ({
              value: type,
              label: i18n._(RECIPIENT_TYPE_LABELS[type]),
            }))}
            {...form.getInputProps('recipient_type')}
          />
          {v.recipient_type === 'TICKET_HOLDERS' ? (
            <TicketsSelect
              tickets={admissionsOf(tickets.data)}
              noneChosen={t`Choose tickets`}
              required
              clearable
              disabled={tickets.isPending}
              {...form.getInputProps('ticket_ids')}
            />
          ) : null}
          {v.recipient_type === 'ORDER_BUYER' ? (
            <OrderPicker
              eventId={eventId}
              presetLabel={preset?.order_label ?? editing?.order_number ?? undefined}
              value={v.order_id}
              onChange={(id) => form.setFieldValue('order_id', id)}
              error={form.errors.order_id}
            />
          ) : null}
          {v.recipient_type === 'ATTENDEES' ? (
            <AttendeePicker
              eventId={eventId}
              value={v.attendee_ids}
              onChange={(ids) => form.setFieldValue('attendee_ids', ids)}
              error={form.errors.attendee_ids}
            />
          ) : null}
          {filtered ? (
            <MessageFilters
              values={v}
              onChange={setFilter}
              errors={form.errors}
              dates={dates}
              questions={questions}
              timeZone={timeZone}
              buyers={v.recipient_type === 'ALL_BUYERS'}
            />
          ) : null}
          <Group gap="xs" wrap="nowrap" aria-live="polite">
            <IconUsers size={18} aria-hidden />
            <Text size="sm" c="dimmed" component="div">
              {reach}
            </Text>
          </Group>
          <TextInput label={t`Subject`} required maxLength={200} data-autofocus {...form.getInputProps('subject')} />
          <RichTextInput
            label={t`Message`}
            defaultValue={editing?.body}
            onChange={(html) => form.setFieldValue('body', html)}
            error={form.errors.body}
          />
          <Stack gap="xs">
            <SegmentedField
              label={t`When`}
              data={[
                { value: 'NOW', label: t`Send now` },
                { value: 'LATER', label: t`Schedule`, disabled: v.is_test },
              ]}
              value={later ? 'LATER' : 'NOW'}
              onChange={(timing) => form.setFieldValue('timing', timing === 'LATER' ? 'LATER' : 'NOW')}
            />
            {v.is_test ? (
              <Text size="xs" c="dimmed">
                <Trans>A test is sent at once; it cannot be scheduled.</Trans>
              </Text>
            ) : null}
            {later ? (
              <DateTimeField
                label={t`Send at`}
                description={t`In the event's time zone: ${zone}.`}
                required
                {...form.getInputProps('send_at')}
              />
            ) : null}
          </Stack>
          <Stack gap="xs">
            {editing ? null : (
              <Checkbox
                label={t`Send as a test (only to me)`}
                {...form.getInputProps('is_test', { type: 'checkbox' })}
              />
            )}
            <Checkbox
              label={t`Send a copy to me`}
              disabled={v.is_test}
              {...form.getInputProps('send_copy_to_sender', { type: 'checkbox' })}
            />
            <Checkbox
              label={t`This message is not promotional`}
              description={t`Messages are for information about the event and orders, not for advertising.`}
              required
              {...form.getInputProps('acknowledged_not_promotional', { type: 'checkbox' })}
            />
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={saving.isPending} disabled={Boolean(user && !user.email_verified)}>
              {v.is_test ? (
                <Trans>Send test</Trans>
              ) : later ? (
                <Trans>Schedule message</Trans>
              ) : (
                <Trans>Send message</Trans>
              )}
            </Button>
          </Group>
        </Stack>
      </form>
    </WallClockProvider>
  );
}
