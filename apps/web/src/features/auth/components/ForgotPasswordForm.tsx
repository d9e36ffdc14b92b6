import { type ForgotPasswordBody, forgotPasswordBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { applyFieldErrors } from '../../../lib/form-submit';
import { SignInLink } from '../../../lib/sign-in-navigation';
import { useSchemaValidation } from '../../../lib/validation';
import { useForgotPassword } from '../api/auth';
import { AuthHeading } from './AuthHeading';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const { t } = useLingui();
  const forgot = useForgotPassword();
  const [error, setError] = useState<unknown>(null);
  const validate = useSchemaValidation<ForgotPasswordBody>(forgotPasswordBody);
  const form = useForm<ForgotPasswordBody>({ initialValues: { email: '' }, validate });

  const submit = (values: ForgotPasswordBody) => {
    setError(null);
    forgot.mutate(values, {
      onError: (e) => {
        if (!applyFieldErrors(e, form.setErrors)) setError(e);
      },
    });
  };

  const backToLogin = (
    <Anchor component={SignInLink} to="/auth/login" size="sm">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
      <Trans>Back to login</Trans>
    </Anchor>
  );

  if (forgot.isSuccess) {
    const email = forgot.variables.email;
    return (
      <>
        <AuthHeading title={<Trans>Check your inbox</Trans>} />
        <Stack gap="md">
          <Alert color="violet" variant="light" icon={<IconMailCheck size={18} aria-hidden />} role="status">
            <Trans>
              If an account exists for {email}, we have sent a link to reset your password. The link is valid for 60
              minutes.
            </Trans>
          </Alert>
          <Text size="sm" c="dimmed">
            <Trans>No e-mail after a few minutes? Check your spam folder or try again.</Trans>
          </Text>
          {backToLogin}
        </Stack>
      </>
    );
  }

  return (
    <>
      <AuthHeading
        title={<Trans>Forgot your password?</Trans>}
        description={<Trans>Enter your e-mail address and we will send you a link to set a new password.</Trans>}
      />
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert error={error} />
          <TextInput
            label={t`E-mail`}
            type="email"
            autoComplete="email"
            required
            autoFocus
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth size="md" loading={forgot.isPending}>
            <Trans>Send reset link</Trans>
          </Button>
          {backToLogin}
        </Stack>
      </form>
    </>
  );
}
