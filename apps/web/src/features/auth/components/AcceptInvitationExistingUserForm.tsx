import { type AcceptInvitationExistingUserBody, acceptInvitationExistingUserBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { applyFieldErrors } from '../../../lib/form-submit';
import { SignInLink } from '../../../lib/sign-in-navigation';
import { useSchemaValidation } from '../../../lib/validation';
import { useAcceptInvitation } from '../api/auth';
import { useFinishLogin } from '../hooks/useFinishLogin';

/** Someone who already has a login joins with its password. */
export function AcceptInvitationExistingUserForm({ token }: { token: string }) {
  const { t } = useLingui();
  const accept = useAcceptInvitation(token);
  const finishLogin = useFinishLogin();
  const [error, setError] = useState<unknown>(null);
  const validate = useSchemaValidation<AcceptInvitationExistingUserBody>(acceptInvitationExistingUserBody);
  const form = useForm<AcceptInvitationExistingUserBody>({ initialValues: { current_password: '' }, validate });

  const submit = (values: AcceptInvitationExistingUserBody) => {
    setError(null);
    accept.mutate(values, {
      onSuccess: () => finishLogin('/manage/events'),
      onError: (e) => {
        if (!applyFieldErrors(e, form.setErrors)) setError(e);
      },
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={error} />
        <PasswordInput
          label={t`Password`}
          autoComplete="current-password"
          required
          autoFocus
          {...form.getInputProps('current_password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={SignInLink} to="/auth/forgot-password" size="sm">
            <Trans>Forgot your password?</Trans>
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={accept.isPending}>
          <Trans>Join the account</Trans>
        </Button>
      </Stack>
    </form>
  );
}
