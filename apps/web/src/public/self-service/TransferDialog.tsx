import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import type { PublicAttendeeDto, PublicOrderDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { isApiError, toFormErrors } from '../../lib/api-error';
import { errorMessage } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { transferTicket } from './self-service-api';

interface TransferValues {
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * The buyer passes one ticket on to someone else: their name and e-mail. The ticket gets a new QR
 * code at once (the current one stops admitting) and goes to the new holder by e-mail.
 */
export function TransferDialog({ order, attendee, onClose, onDone }: { order: PublicOrderDto; attendee: PublicAttendeeDto; onClose: () => void; onDone: (order: PublicOrderDto, to: string) => void }) {
  const { t, i18n } = useLingui();
  const form = useForm<TransferValues>({ initialValues: { first_name: '', last_name: '', email: '' } });
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const name = [attendee.first_name, attendee.last_name].filter(Boolean).join(' ');
  const until = order.self_service?.transfer_until ? formatDateTime(order.self_service.transfer_until, order.event.timezone, i18n.locale) : null;

  const submit = async (values: TransferValues) => {
    setFailure(null);
    setSaving(true);
    try {
      const next = await transferTicket(order.event.id, order.short_id, attendee.short_id, values, i18n.locale);
      onDone(next, `${values.first_name} ${values.last_name}`.trim());
    } catch (err) {
      const fields = isApiError(err) ? toFormErrors(err.fieldErrors) : {};
      if (Object.keys(fields).length) form.setErrors(fields);
      else setFailure(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t`Pass on the ticket of ${name}`} size="lg" closeButtonProps={{ 'aria-label': t`Close` }}>
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack gap="md">
          <Text size="sm">
            <Trans>
              The ticket gets a new QR code and goes to the person below by e-mail. The current code stops working at once, also on printed tickets and
              in e-mails already sent.
            </Trans>
          </Text>
          {until ? (
            <Text size="sm" c="dimmed">
              <Trans>Tickets can be passed on until {until}.</Trans>
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
          <TextInput label={t`E-mail`} type="email" required autoComplete="off" {...form.getInputProps('email')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={saving}>
              <Trans>Pass the ticket on</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
