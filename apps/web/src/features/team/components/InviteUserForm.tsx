import { type InviteUserBody, inviteUserBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';

import { FormActions } from '../../../components/FormActions';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import {
  ConfirmAddressNotice,
  isEmailNotConfirmed,
  useAddressUnconfirmed,
} from '../../profile/components/ConfirmAddressNotice';
import { useMe } from '../../users/api/me';
import { useInviteUser } from '../api/team';
import { roleBody, RoleFields } from './RoleFields';

/**
 * E-mail and role of the person to invite; they receive a link to join the account. Invitations are
 * sent only once the inviter's own address is confirmed: until then the form says so first.
 */
export function InviteUserForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const invite = useInviteUser();
  const me = useMe();
  const validate = useSchemaValidation<InviteUserBody>(inviteUserBody, roleBody);
  const form = useForm<InviteUserBody>({
    initialValues: { email: '', role: 'ORGANIZER', event_ids: [], organizer_ids: [], sells_at_box_office: false },
    validate,
  });
  const formError = useFormError(form.setErrors);
  const unconfirmed = useAddressUnconfirmed(formError.error);

  const submit = (values: InviteUserBody) => {
    formError.clear();
    // Only door and box-office staff name events (the others see every event), only door staff the box office, only
    // organizers their organizers.
    invite.mutate(roleBody(values), {
      onSuccess: (member) => {
        const email = member.email;
        notifications.show({
          color: 'teal',
          title: t`Invitation sent`,
          message: t`We sent an invitation to ${email}.`,
        });
        onDone();
      },
      onError: formError.fail,
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        {unconfirmed ? (
          <ConfirmAddressNotice title={<Trans>Confirm your e-mail address to send invitations</Trans>}>
            <Trans>
              Invitations are sent only from a confirmed address. Open the link in the confirmation e-mail we sent you,
              or send it again.
            </Trans>
          </ConfirmAddressNotice>
        ) : null}
        {isEmailNotConfirmed(formError.error) ? null : <FormErrorAlert error={formError.error} />}
        <TextInput
          label={t`E-mail`}
          type="email"
          autoComplete="off"
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
        <RoleFields form={form} />
        <FormActions onCancel={onDone} loading={invite.isPending} disabled={me.data?.user.email_verified === false}>
          <Trans>Send invitation</Trans>
        </FormActions>
      </Stack>
    </form>
  );
}
