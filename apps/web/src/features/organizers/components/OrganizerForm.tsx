import { organizerBody, type OrganizerDto } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';

import { FormStack } from '../../../components/FormActions';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useCreateOrganizer } from '../api/organizers';
import { organizerBodyOf, OrganizerFields, type OrganizerValues, organizerValues } from './OrganizerFields';

interface OrganizerFormProps {
  defaultEmail?: string;
  /** A first organizer's name: the account's (the organization typed at sign-up). */
  defaultName?: string;
  onCreated: (organizer: OrganizerDto) => void;
  /** Extra buttons left of the submit button (e.g. "Skip"). */
  secondaryAction?: ReactNode;
  submitLabel?: ReactNode;
}

/** Creates an organizer: the person or company that runs events, shown to buyers. */
export function OrganizerForm({
  defaultEmail = '',
  defaultName = '',
  onCreated,
  secondaryAction,
  submitLabel,
}: OrganizerFormProps) {
  const create = useCreateOrganizer();
  const validate = useSchemaValidation<OrganizerValues>(organizerBody, organizerBodyOf);
  const form = useForm<OrganizerValues>({
    initialValues: { ...organizerValues(undefined, defaultEmail), name: defaultName },
    validate,
  });
  const formError = useFormError(form.setErrors);
  const submit = (values: OrganizerValues) => create.mutate(organizerBodyOf(values), formError.handle(onCreated));

  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
      <OrganizerFields form={form} autoFocus />
      <Group justify="flex-end" gap="sm">
        {secondaryAction}
        <Button type="submit" loading={create.isPending}>
          {submitLabel ?? <Trans>Create organizer</Trans>}
        </Button>
      </Group>
    </FormStack>
  );
}
