import { type OrganizerDto, updateOrganizerBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';

import { FormStack } from '../../../components/FormActions';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useUpdateOrganizer } from '../api/organizers';
import { organizerBodyOf, OrganizerFields, type OrganizerValues, organizerValues } from './OrganizerFields';

/** Changes an organizer's name, contact e-mail, description and website. */
export function OrganizerDetailsForm({ organizer }: { organizer: OrganizerDto }) {
  const { t } = useLingui();
  const update = useUpdateOrganizer(organizer.id);
  const validate = useSchemaValidation<OrganizerValues>(updateOrganizerBody, organizerBodyOf);
  const form = useForm<OrganizerValues>({ initialValues: organizerValues(organizer), validate });
  const formError = useFormError(form.setErrors);
  const submit = (values: OrganizerValues) =>
    update.mutate(
      organizerBodyOf(values),
      formError.handle((saved: OrganizerDto) => {
        form.resetDirty();
        const name = saved.name;
        notifications.show({ color: 'teal', message: t`${name} saved.` });
      }),
    );

  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
      <OrganizerFields form={form} />
      <Group justify="flex-end">
        <Button type="submit" loading={update.isPending}>
          <Trans>Save organizer</Trans>
        </Button>
      </Group>
    </FormStack>
  );
}
