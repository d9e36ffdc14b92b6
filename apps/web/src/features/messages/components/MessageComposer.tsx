import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';

import {
  MESSAGE_RECIPIENT_TYPES,
  type MessageDetailDto,
  type MessageRecipientType,
  type SendMessageBody,
  sendMessageBody,
} from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { RichTextInput } from '../../../components/RichTextInput';
import { isApiError } from '../../../lib/api-error';
import { applyFieldErrors } from '../../../lib/form-submit';
import { errorMessage, useSchemaValidation } from '../../../lib/validation';
import { ConfirmAddressNotice, isEmailNotConfirmed } from '../../profile/components/ConfirmAddressNotice';
import { admissionsOf } from '../../tickets/admissions';
import { useTickets } from '../../tickets/api/tickets';
import { TicketsSelect } from '../../tickets/components/TicketsSelect';
import { useMe } from '../../users/api/me';
import { isCompleteChoice, type RecipientChoice, useRecipientCount, useSendMessage } from '../api/messages';
import { RECIPIENT_TYPE_LABELS } from '../message-labels';
import { AttendeePicker, OrderPicker } from './RecipientPickers';

interface ComposerValues {
  recipient_type: MessageRecipientType;
  ticket_ids: string[];
  order_id: string | null;
  attendee_ids: string[];
  subject: string;
  body: string;
  is_test: boolean;
  send_copy_to_sender: boolean;
  acknowledged_not_promotional: boolean;
}

export interface ComposerPreset {
  recipient_type: MessageRecipientType;
  order_id?: number;
  /** How to show the preset order before any search, e.g. its number and buyer. */
  order_label?: string;
}

interface MessageComposerProps {
  eventId: number;
  preset?: ComposerPreset;
  onDone: (sent: MessageDetailDto) => void;
  onCancel: () => void;
}

const choiceOf = (v: ComposerValues): RecipientChoice => ({
  recipient_type: v.recipient_type,
  ticket_ids: v.recipient_type === 'TICKET_HOLDERS' ? v.ticket_ids.map(Number) : [],
  order_id: v.recipient_type === 'ORDER_BUYER' && v.order_id ? Number(v.order_id) : null,
  attendee_ids: v.recipient_type === 'ATTENDEES' ? v.attendee_ids.map(Number) : [],
});

const toBody = (v: ComposerValues): SendMessageBody => ({
  ...choiceOf(v),
  subject: v.subject,
  body: v.body,
  is_test: v.is_test,
  send_copy_to_sender: v.send_copy_to_sender,
  acknowledged_not_promotional: v.acknowledged_not_promotional as true,
});

/** Subject, rich-text body and recipients of a message, with a live count; a test goes only to the sender. */
export function MessageComposer({ eventId, preset, onDone, onCancel }: MessageComposerProps) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const me = useMe();
  const user = me.data?.user;
  const tickets = useTickets(eventId);
  const send = useSendMessage(eventId);
  const [error, setError] = useState<unknown>(null);
  const validate = useSchemaValidation<ComposerValues>(sendMessageBody, toBody);
  const form = useForm<ComposerValues>({
    initialValues: {
      recipient_type: preset?.recipient_type ?? 'ALL_ATTENDEES',
      ticket_ids: [],
      order_id: preset?.order_id ? String(preset.order_id) : null,
      attendee_ids: [],
      subject: '',
      body: '',
      is_test: false,
      send_copy_to_sender: false,
      acknowledged_not_promotional: false,
    },
    validate,
  });
  const v = form.values;
  const choice = choiceOf(v);
  const count = useRecipientCount(eventId, choice);
  // Messages need the sender's address confirmed (EMAIL_NOT_CONFIRMED) and the account's owner's
  // (MESSAGING_NOT_VERIFIED).
  const refusedUnverified =
    isEmailNotConfirmed(error) || (isApiError(error) && error.code === 'MESSAGING_NOT_VERIFIED');
  const unverified = refusedUnverified || (user && !user.email_verified);
  const people = count.data ?? 0;
  const email = user?.email ?? '';

  const submit = (values: ComposerValues) => {
    setError(null);
    send.mutate(toBody(values), {
      onSuccess: onDone,
      onError: (e) => {
        if (!applyFieldErrors(e, form.setErrors)) setError(e);
      },
    });
  };

  const reach = v.is_test ? (
    <Trans>A test goes only to you ({email}).</Trans>
  ) : !isCompleteChoice(choice) ? (
    <Trans>Choose who receives the message.</Trans>
  ) : count.isPending ? (
    <Group gap="xs">
      <Loader size="xs" aria-hidden />
      <Trans>Counting recipients…</Trans>
    </Group>
  ) : count.isError ? (
    errorMessage(count.error, i18n)
  ) : people === 0 ? (
    <Trans>No one matches these recipients.</Trans>
  ) : (
    plural(people, { one: 'This will be sent to # person.', other: 'This will be sent to # people.' })
  );

  return (
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
          data={MESSAGE_RECIPIENT_TYPES.map((type) => ({ value: type, label: i18n._(RECIPIENT_TYPE_LABELS[type]) }))}
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
            presetLabel={preset?.order_label}
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
        <Group gap="xs" wrap="nowrap" aria-live="polite">
          <IconUsers size={18} aria-hidden />
          <Text size="sm" c="dimmed" component="div">
            {reach}
          </Text>
        </Group>
        <TextInput label={t`Subject`} required maxLength={200} data-autofocus {...form.getInputProps('subject')} />
        <RichTextInput
          label={t`Message`}
          onChange={(html) => form.setFieldValue('body', html)}
          error={form.errors.body}
        />
        <Stack gap="xs">
          <Checkbox label={t`Send as a test (only to me)`} {...form.getInputProps('is_test', { type: 'checkbox' })} />
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
          <Button type="submit" loading={send.isPending} disabled={Boolean(user && !user.email_verified)}>
            {v.is_test ? <Trans>Send test</Trans> : <Trans>Send message</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
