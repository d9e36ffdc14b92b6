import { type TeamMemberDto, type UpdateUserBody, updateUserBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';

import { FormActions } from '../../../components/FormActions';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useUpdateUser } from '../api/team';
import { roleBody, RoleFields, type RoleValues } from './RoleFields';

/**
 * Only door staff and box-office staff name events, only door staff the box-office option, and only organizers their
 * organizers (always, so that emptying the list lifts the limit).
 */
const bodyOf = (values: RoleValues): UpdateUserBody => roleBody(values);

/**
 * A member's role and, for door and box-office staff, their events (door staff: whether they may also sell at the box
 * office), for organizers the organizers they are limited to; takes effect on the member's next request.
 */
export function ChangeRoleForm({ member, onDone }: { member: TeamMemberDto; onDone: () => void }) {
  const { t } = useLingui();
  const update = useUpdateUser();
  const validate = useSchemaValidation<RoleValues>(updateUserBody, bodyOf);
  const form = useForm<RoleValues>({
    initialValues: {
      role: member.role,
      event_ids: member.event_ids,
      organizer_ids: member.organizer_ids,
      sells_at_box_office: member.sells_at_box_office,
    },
    validate,
  });
  const formError = useFormError(form.setErrors);
  const who = member.name || member.email;

  const submit = (values: RoleValues) => {
    formError.clear();
    update.mutate(
      { id: member.id, body: bodyOf(values) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t`The role of ${who} has been changed.` });
          onDone();
        },
        onError: formError.fail,
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={formError.error} />
        <RoleFields form={form} />
        <FormActions onCancel={onDone} loading={update.isPending}>
          <Trans>Save role</Trans>
        </FormActions>
      </Stack>
    </form>
  );
}
