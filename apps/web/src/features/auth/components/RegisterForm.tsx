import { isLocale, registerBody, type RegisterBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { browserTimeZone } from '../../../lib/format';
import { applyFieldErrors } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useRegister } from '../api/auth';
import { AuthHeading } from './AuthHeading';

interface RegisterValues {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  accept_terms: boolean;
}

/** Sign-up: creates the user and their account, then opens the first-run page. */
export function RegisterForm() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const register = useRegister();
  const [error, setError] = useState<unknown>(null);
  const toBody = (values: RegisterValues): RegisterBody => ({
    ...values,
    accept_terms: values.accept_terms as true,
    timezone: browserTimeZone(),
    locale: isLocale(i18n.locale) ? i18n.locale : undefined,
  });
  const validate = useSchemaValidation<RegisterValues>(registerBody, toBody);
  const form = useForm<RegisterValues>({
    initialValues: { name: '', email: '', password: '', password_confirmation: '', accept_terms: false },
    validate,
  });

  const submit = (values: RegisterValues) => {
    setError(null);
    register.mutate(toBody(values), {
      onSuccess: async () => {
        queryClient.clear();
        await navigate('/welcome', { replace: true });
      },
      onError: (e) => {
        if (!applyFieldErrors(e, form.setErrors)) setError(e);
      },
    });
  };

  return (
    <>
      <AuthHeading
        title={<Trans>Create your account</Trans>}
        description={<Trans>Start selling tickets for your events in minutes.</Trans>}
      />
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert error={error} />
          <TextInput label={t`Your name`} autoComplete="name" required autoFocus {...form.getInputProps('name')} />
          <TextInput label={t`E-mail`} type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordInput
            label={t`Password`}
            description={t`At least 8 characters`}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t`Confirm password`}
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Checkbox
            label={t`I accept the terms and conditions`}
            required
            {...form.getInputProps('accept_terms', { type: 'checkbox' })}
          />
          <Button type="submit" fullWidth size="md" loading={register.isPending}>
            <Trans>Create account</Trans>
          </Button>
          <Text ta="center" size="sm">
            <Trans>
              Already have an account?{' '}
              <Anchor component={Link} to="/auth/login" fw={600}>
                Log in
              </Anchor>
            </Trans>
          </Text>
        </Stack>
      </form>
    </>
  );
}
