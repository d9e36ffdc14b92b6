import type { AccountSummaryDto, AuthResponse, LoginBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Divider, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FormEvent, lazy, Suspense, useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { issueTranslator } from '../../../lib/error-text';
import { applyFieldErrors } from '../../../lib/form-submit';
import { SignInLink } from '../../../lib/sign-in-navigation';
import { useLogin } from '../api/auth';
import { useFinishLogin } from '../hooks/useFinishLogin';
import { AuthHeading } from './AuthHeading';
import { PasskeySignIn } from './PasskeySignIn';
import { SsoSignIn } from './SsoSignIn';
import type { TwoFactorLoginProps } from './TwoFactorLogin';
import { TwoFactorStep } from './TwoFactorStep';

// Only for people in several accounts, after they log in: not part of the login page's first download.
const AccountChooser = lazy(() => import('./AccountChooser').then((m) => ({ default: m.AccountChooser })));

/** The sign-in's second step: its challenge, how it may be answered, or the accounts left to choose from. */
type SecondStep = Pick<TwoFactorLoginProps, 'challenge' | 'methods' | 'accounts'>;

/**
 * E-mail and password; then, for a person with two-factor sign-in, a code or a passkey; asks which account to use when
 * the user belongs to several. Or a passkey alone, then the account; or single sign-on, at the person's identity
 * provider.
 */
export function LoginForm() {
  const { t, i18n } = useLingui();
  const login = useLogin();
  const finishLogin = useFinishLogin();
  const [choice, setChoice] = useState<{ credentials: LoginBody; accounts: AccountSummaryDto[] } | null>(null);
  const [second, setSecond] = useState<SecondStep | null>(null);
  const [error, setError] = useState<unknown>(null);
  const form = useForm<LoginBody>({ initialValues: { email: '', password: '' } });

  // Checked like every form (the shared schema), with the schema loaded on the first submit.
  const checkAndSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    const values = form.getValues();
    const { loginErrors } = await import('../login-validation');
    const errors = loginErrors(values, issueTranslator(i18n));
    form.setErrors(errors);
    if (!Object.keys(errors).length) submit(values);
  };

  const submit = (body: LoginBody) => {
    setError(null);
    login.mutate(body, {
      onSuccess: async (response) => {
        if (response.token) return finishLogin();
        if (response.two_factor)
          setSecond({ challenge: response.two_factor.challenge, methods: response.two_factor.methods });
        else if (response.accounts.length > 1) setChoice({ credentials: body, accounts: response.accounts });
        else setError(new Error('no account'));
      },
      onError: (e) => {
        if (!applyFieldErrors(e, form.setErrors)) setError(e);
      },
    });
  };

  // A passkey is both steps: the token, or (in several accounts) the choice with the challenge it passed.
  const passkeySignedIn = (response: AuthResponse) => {
    setError(null);
    if (response.token) return finishLogin();
    if (response.two_factor?.verified && response.accounts.length > 1)
      setSecond({ challenge: response.two_factor.challenge, accounts: response.accounts });
    else setError(new Error('no account'));
  };

  if (second) {
    return (
      <TwoFactorStep
        {...second}
        onBack={() => {
          setSecond(null);
          setError(null);
        }}
        onExpired={(e) => {
          setSecond(null);
          form.setFieldValue('password', '');
          setError(e);
        }}
      />
    );
  }

  if (choice) {
    return (
      <Suspense fallback={<Loader mx="auto" display="block" role="progressbar" aria-label={t`Loading`} />}>
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
      </Suspense>
    );
  }

  return (
    <>
      <AuthHeading title={<Trans>Welcome back</Trans>} description={<Trans>Log in to manage your events.</Trans>} />
      <form onSubmit={(e) => void checkAndSubmit(e)} noValidate>
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
          <PasswordInput
            label={t`Password`}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={SignInLink} to="/auth/forgot-password" size="sm">
              <Trans>Forgot your password?</Trans>
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={login.isPending}>
            <Trans>Log in</Trans>
          </Button>
        </Stack>
      </form>
      <Stack gap="md" mt="md">
        <Divider label={t`or`} labelPosition="center" />
        <PasskeySignIn onSignedIn={passkeySignedIn} />
        <SsoSignIn currentEmail={() => form.getValues().email} />
        <Text ta="center" size="sm">
          <Trans>
            Don't have an account?{' '}
            <Anchor component={SignInLink} to="/auth/register" fw={600}>
              Sign up
            </Anchor>
          </Trans>
        </Text>
      </Stack>
    </>
  );
}
