import { updateOrganizerBody, type OrganizerDto, type UpdateOrganizerBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { RichTextInput } from '../../../components/RichTextInput';
import { applyFieldErrors } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useUpdateOrganizer } from '../api/organizers';

interface OrganizerValues {
  name: string;
  email: string;
  description: string;
  website: string;
}

const toBody = (v: OrganizerValues): UpdateOrganizerBody => ({
  name: v.name,
  email: v.email,
  description: v.description || null,
  website: v.website.trim() || null,
});

/** Changes an organizer's name, contact e-mail, description and website. */
export function OrganizerDetailsForm({ organizer }: { organizer: OrganizerDto }) {
  const { t } = useLingui();
  const update = useUpdateOrganizer(organizer.id);
  const [error, setError] = useState<unknown>(null);
  const validate = useSchemaValidation<OrganizerValues>(updateOrganizerBody, toBody);
  const form = useForm<OrganizerValues>({
    initialValues: {
      name: organizer.name,
      email: organizer.email,
      description: organizer.description ?? '',
      website: organizer.website ?? '',
    },
    validate,
  });

  const submit = (values: OrganizerValues) => {
    setError(null);
    update.mutate(toBody(values), {
      onSuccess: (saved) => {
        form.resetDirty();
        const name = saved.name;
        notifications.show({ color: 'teal', message: t`${name} saved.` });
      },
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
        <RichTextInput
          label={t`Description`}
          defaultValue={organizer.description ?? ''}
          onChange={(html) => form.setFieldValue('description', html)}
          error={form.errors.description}
        />
        <TextInput label={t`Website`} type="url" placeholder="https://" {...form.getInputProps('website')} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            <Trans>Save organizer</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
