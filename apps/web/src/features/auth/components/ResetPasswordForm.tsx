import { type ResetPasswordBody, resetPasswordBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { applyFieldErrors } from '../../../lib/form-submit';
import { goTo, SignInLink } from '../../../lib/sign-in-navigation';
import { useSchemaValidation } from '../../../lib/validation';
import { resetTokenQueryOptions, useResetPassword } from '../api/auth';
import { AuthHeading } from './AuthHeading';
import { ResetApiKeysChoice, suggestedRevokes } from './ResetApiKeysChoice';

/**
 * Checks the link first, then sets a new password (revoking the API keys the person picks: see
 * ResetApiKeysChoice) and sends the user to the login page.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useLingui();
  const check = useQuery(resetTokenQueryOptions(token));
  const reset = useResetPassword(token);
  const [error, setError] = useState<unknown>(null);
  // The keys to revoke: the suggested ones until the person changes the choice.
  const [revoke, setRevoke] = useState<number[] | null>(null);
  const validate = useSchemaValidation<ResetPasswordBody>(resetPasswordBody);
  const form = useForm<ResetPasswordBody>({ initialValues: { password: '', password_confirmation: '' }, validate });

  if (check.isPending) return <SectionLoader />;
  if (check.isError) {
    return (
      <>
        <AuthHeading title={<Trans>Reset your password</Trans>} />
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            <Trans>This reset password link is invalid or expired.</Trans>
          </Alert>
          <Button component={SignInLink} to="/auth/forgot-password" fullWidth>
            <Trans>Request a new link</Trans>
          </Button>
          <Anchor component={SignInLink} to="/auth/login" size="sm" ta="center">
            <Trans>Back to login</Trans>
          </Anchor>
        </Stack>
      </>
    );
  }

  const { email, api_keys: keys } = check.data;
  const revoking = revoke ?? suggestedRevokes(keys);
  const submit = (values: ResetPasswordBody) => {
    setError(null);
    reset.mutate(
      { ...values, revoke_api_key_ids: revoking },
      {
        onSuccess: async () => {
          notifications.show({
            color: 'teal',
            title: t`Password changed`,
            message: t`You can now log in with your new password.`,
          });
          goTo('/auth/login', { replace: true });
        },
        onError: (e) => {
          if (!applyFieldErrors(e, form.setErrors)) setError(e);
        },
      },
    );
  };

  return (
    <>
      <AuthHeading
        title={<Trans>Set a new password</Trans>}
        description={<Trans>Choose a new password for {email}.</Trans>}
      />
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert error={error} />
          <NewPasswordFields
            password={{ ...form.getInputProps('password'), autoFocus: true }}
            confirmation={form.getInputProps('password_confirmation')}
            replacing
          />
          <ResetApiKeysChoice keys={keys} value={revoking} onChange={setRevoke} />
          <Button type="submit" fullWidth size="md" loading={reset.isPending}>
            <Trans>Save new password</Trans>
          </Button>
        </Stack>
      </form>
    </>
  );
}
