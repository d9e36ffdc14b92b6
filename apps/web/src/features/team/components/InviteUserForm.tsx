import '@mantine/core/styles/Radio.css';
import { inviteUserBody, type InviteUserBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { applyFieldErrors } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { ConfirmAddressNotice, isEmailNotConfirmed, useAddressUnconfirmed } from '../../profile/components/ConfirmAddressNotice';
import { useMe } from '../../users/api/me';
import { useInviteUser } from '../api/team';

/**
 * E-mail and role of the person to invite; they receive a link to join the account. Invitations are
 * sent only once the inviter's own address is confirmed: until then the form says so first.
 */
export function InviteUserForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const invite = useInviteUser();
  const me = useMe();
  const [error, setError] = useState<unknown>(null);
  const unconfirmed = useAddressUnconfirmed(error);
  const validate = useSchemaValidation<InviteUserBody>(inviteUserBody);
  const form = useForm<InviteUserBody>({ initialValues: { email: '', role: 'ORGANIZER' }, validate });

  const submit = (values: InviteUserBody) => {
    setError(null);
    invite.mutate(values, {
      onSuccess: (member) => {
        const email = member.email;
        notifications.show({ color: 'teal', title: t`Invitation sent`, message: t`We sent an invitation to ${email}.` });
        onDone();
      },
      onError: (e) => {
        if (!applyFieldErrors(e, form.setErrors)) setError(e);
      },
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        {unconfirmed ? (
          <ConfirmAddressNotice title={<Trans>Confirm your e-mail address to send invitations</Trans>}>
            <Trans>Invitations are sent only from a confirmed address. Open the link in the confirmation e-mail we sent you, or send it again.</Trans>
          </ConfirmAddressNotice>
        ) : null}
        {isEmailNotConfirmed(error) ? null : <FormErrorAlert error={error} />}
        <TextInput label={t`E-mail`} type="email" autoComplete="off" required data-autofocus {...form.getInputProps('email')} />
        <Radio.Group label={t`Role`} required {...form.getInputProps('role')}>
          <Stack gap="sm" mt={6}>
            <Radio value="ADMIN" label={t`Admin`} description={t`Full access to events, users and account settings.`} />
            <Radio value="ORGANIZER" label={t`Organizer`} description={t`Events and tickets only. No users, account settings or billing.`} />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={invite.isPending} disabled={me.data?.user.email_verified === false}>
            <Trans>Send invitation</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
