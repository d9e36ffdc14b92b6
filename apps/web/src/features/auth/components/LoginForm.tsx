import { loginBody, type AccountSummaryDto, type LoginBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { applyFieldErrors } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useLogin } from '../api/auth';
import { useFinishLogin } from '../hooks/useFinishLogin';
import { AccountChooser } from './AccountChooser';
import { AuthHeading } from './AuthHeading';

/** E-mail and password; asks which account to use when the user belongs to several. */
export function LoginForm() {
  const { t } = useLingui();
  const login = useLogin();
  const finishLogin = useFinishLogin();
  const [choice, setChoice] = useState<{ credentials: LoginBody; accounts: AccountSummaryDto[] } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const validate = useSchemaValidation<LoginBody>(loginBody);
  const form = useForm<LoginBody>({ initialValues: { email: '', password: '' }, validate });

  const submit = (body: LoginBody) => {
    setError(null);
    login.mutate(body, {
      onSuccess: async (response) => {
        if (response.token) return finishLogin(response);
        if (response.accounts.length > 1) setChoice({ credentials: body, accounts: response.accounts });
        else setError(new Error('no account'));
      },
      onError: (e) => {
        if (!applyFieldErrors(e, form.setErrors)) setError(e);
      },
    });
  };

  if (choice) {
    return (
      <AccountChooser
        accounts={choice.accounts}
        loadingId={login.isPending ? (login.variables?.account_id ?? null) : null}
        error={error}
        onChoose={(accountId) => submit({ ...choice.credentials, account_id: accountId })}
        onBack={() => {
          setChoice(null);
          setError(null);
        }}
      />
    );
  }

  return (
    <>
      <AuthHeading title={<Trans>Welcome back</Trans>} description={<Trans>Log in to manage your events.</Trans>} />
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
          <PasswordInput label={t`Password`} autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to="/auth/forgot-password" size="sm">
              <Trans>Forgot your password?</Trans>
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={login.isPending}>
            <Trans>Log in</Trans>
          </Button>
          <Text ta="center" size="sm">
            <Trans>
              Don't have an account?{' '}
              <Anchor component={Link} to="/auth/register" fw={600}>
                Sign up
              </Anchor>
            </Trans>
          </Text>
        </Stack>
      </form>
    </>
  );
}
