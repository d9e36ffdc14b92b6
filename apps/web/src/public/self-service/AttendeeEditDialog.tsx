import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import type { AnswerValue, PublicAttendeeDto, PublicOrderDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { isApiError, toFormErrors } from '../../lib/api-error';
import { errorMessage } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { QuestionField } from '../checkout/QuestionField';
import { questionsForTicket } from '../checkout/details-form';
import { correctAttendee } from './self-service-api';

interface EditValues {
  first_name: string;
  last_name: string;
  email: string;
  answers: Record<string, AnswerValue>;
}

/**
 * The buyer corrects one attendee: name, e-mail, and the answers the organizer lets them change,
 * until the event's cut-off. A new e-mail address gets the ticket.
 */
export function AttendeeEditDialog({ order, attendee, onClose, onSaved }: { order: PublicOrderDto; attendee: PublicAttendeeDto; onClose: () => void; onSaved: (order: PublicOrderDto) => void }) {
  const { t, i18n } = useLingui();
  const self = order.self_service!;
  const questions = questionsForTicket(self.editable_questions, attendee.ticket_id);
  const saved = (id: number) => order.answers.find((a) => a.question_id === id && a.attendee_short_id === attendee.short_id)?.answer;
  const form = useForm<EditValues>({
    initialValues: {
      first_name: attendee.first_name ?? '',
      last_name: attendee.last_name ?? '',
      email: attendee.email ?? '',
      answers: Object.fromEntries(questions.map((q) => [String(q.id), saved(q.id) ?? (q.type === 'CHECKBOX' ? [] : '')])),
    },
  });
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const name = [attendee.first_name, attendee.last_name].filter(Boolean).join(' ');
  const until = self.edit_until ? formatDateTime(self.edit_until, order.event.timezone, i18n.locale) : null;

  const submit = async (values: EditValues) => {
    setFailure(null);
    setSaving(true);
    try {
      onSaved(await correctAttendee(order.event.id, order.short_id, attendee.short_id, values, i18n.locale));
    } catch (err) {
      const fields = isApiError(err) ? toFormErrors(err.fieldErrors) : {};
      if (Object.keys(fields).length) form.setErrors(fields);
      else setFailure(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t`Correct the details of ${name}`} size="lg" closeButtonProps={{ 'aria-label': t`Close` }}>
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack gap="md">
          {until ? (
            <Text size="sm" c="dimmed">
              <Trans>You can correct these details until {until}.</Trans>
            </Text>
          ) : null}
          {failure ? (
            <Alert color="red" role="alert">
              {errorMessage(failure, i18n)}
            </Alert>
          ) : null}
          <Group grow align="flex-start">
            <TextInput label={t`First name`} required autoComplete="off" {...form.getInputProps('first_name')} />
            <TextInput label={t`Last name`} required autoComplete="off" {...form.getInputProps('last_name')} />
          </Group>
          <TextInput label={t`E-mail`} type="email" required autoComplete="off" description={t`A new address receives the ticket.`} {...form.getInputProps('email')} />
          {questions.map((q) => (
            <QuestionField key={q.id} question={q} form={form} path={`answers.${q.id}`} />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={saving}>
              <Trans>Save changes</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
