import { type DuplicateEventBody, duplicateEventBody, type EventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { applyFieldErrors } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useDuplicateEvent } from '../api/events';

interface DuplicateValues {
  title: string;
  copy_settings: boolean;
  copy_cover_image: boolean;
  copy_tickets: boolean;
  copy_questions: boolean;
  copy_promo_codes: boolean;
  copy_capacity_assignments: boolean;
}

const toBody = (v: DuplicateValues): DuplicateEventBody => v;

function DuplicateForm({
  event,
  onCreated,
  onCancel,
}: {
  event: EventDto;
  onCreated: (copy: EventDto) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const duplicate = useDuplicateEvent(event.id);
  const [error, setError] = useState<unknown>(null);
  const validate = useSchemaValidation<DuplicateValues>(duplicateEventBody, toBody);
  const original = event.title;
  const form = useForm<DuplicateValues>({
    initialValues: {
      title: t`${original} (copy)`,
      copy_settings: true,
      copy_cover_image: Boolean(event.cover_image),
      copy_tickets: true,
      copy_questions: true,
      copy_promo_codes: true,
      copy_capacity_assignments: true,
    },
    validate,
  });
  const submit = (values: DuplicateValues) => {
    setError(null);
    duplicate.mutate(toBody(values), {
      onSuccess: onCreated,
      onError: (e) => {
        if (!applyFieldErrors(e, form.setErrors)) setError(e);
      },
    });
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={error} />
        <TextInput label={t`Title of the copy`} required data-autofocus {...form.getInputProps('title')} />
        <Checkbox
          label={t`Copy settings`}
          description={t`E-mail, SEO, checkout messages and colors.`}
          {...form.getInputProps('copy_settings', { type: 'checkbox' })}
        />
        <Checkbox
          label={t`Copy the cover image`}
          disabled={!event.cover_image}
          {...form.getInputProps('copy_cover_image', { type: 'checkbox' })}
        />
        <Checkbox
          label={t`Copy tickets`}
          description={t`Questions, promo codes and capacity limited to particular tickets need them too.`}
          {...form.getInputProps('copy_tickets', { type: 'checkbox' })}
        />
        <Checkbox label={t`Copy questions`} {...form.getInputProps('copy_questions', { type: 'checkbox' })} />
        <Checkbox label={t`Copy promo codes`} {...form.getInputProps('copy_promo_codes', { type: 'checkbox' })} />
        <Checkbox
          label={t`Copy capacity assignments`}
          {...form.getInputProps('copy_capacity_assignments', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={duplicate.isPending}>
            <Trans>Duplicate</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Copies an event as a new draft, optionally with its settings and cover. */
export function DuplicateEventModal({
  event,
  opened,
  onClose,
}: {
  event: EventDto;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <AppModal opened={opened} onClose={onClose} title={<Trans>Duplicate event</Trans>}>
      <DuplicateForm
        event={event}
        onCancel={onClose}
        onCreated={(copy) => {
          const title = copy.title;
          notifications.show({ color: 'teal', message: t`“${title}” created as a draft.` });
          onClose();
        }}
      />
    </AppModal>
  );
}
