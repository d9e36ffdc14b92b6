import { organizerBody, type OrganizerBody, type OrganizerDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type ReactNode } from 'react';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { applyFieldErrors } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useCreateOrganizer } from '../api/organizers';

interface OrganizerValues {
  name: string;
  email: string;
  description: string;
  website: string;
}

interface OrganizerFormProps {
  defaultEmail?: string;
  onCreated: (organizer: OrganizerDto) => void;
  /** Extra buttons left of the submit button (e.g. "Skip"). */
  secondaryAction?: ReactNode;
  submitLabel?: ReactNode;
}

const toBody = (v: OrganizerValues): OrganizerBody => ({
  name: v.name,
  email: v.email,
  description: v.description || null,
  website: v.website || null,
});

/** Creates an organizer: the person or company that runs events, shown to buyers. */
export function OrganizerForm({ defaultEmail = '', onCreated, secondaryAction, submitLabel }: OrganizerFormProps) {
  const { t } = useLingui();
  const create = useCreateOrganizer();
  const [error, setError] = useState<unknown>(null);
  const validate = useSchemaValidation<OrganizerValues>(organizerBody, toBody);
  const form = useForm<OrganizerValues>({
    initialValues: { name: '', email: defaultEmail, description: '', website: '' },
    validate,
  });

  const submit = (values: OrganizerValues) => {
    setError(null);
    create.mutate(toBody(values), {
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
        <TextInput
          label={t`Organizer name`}
          description={t`Shown to buyers on your event pages and tickets.`}
          required
          // Also when the form appears after a dialog opened (lazily loaded): focus must not stay behind.
          data-autofocus
          autoFocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t`Contact e-mail`}
          description={t`Buyers can reply to this address.`}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Textarea label={t`Description`} autosize minRows={3} maxRows={8} {...form.getInputProps('description')} />
        <TextInput label={t`Website`} type="url" placeholder="https://" {...form.getInputProps('website')} />
        <Group justify="flex-end" gap="sm">
          {secondaryAction}
          <Button type="submit" loading={create.isPending}>
            {submitLabel ?? <Trans>Create organizer</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
