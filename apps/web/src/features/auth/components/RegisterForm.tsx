import { isLocale, type RegisterBody, registerBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { applyFieldErrors } from '../../../lib/form-submit';
import { browserTimeZone } from '../../../lib/format';
import { SignInLink } from '../../../lib/sign-in-navigation';
import { useSchemaValidation } from '../../../lib/validation';
import { useRegister } from '../api/auth';
import { AuthHeading } from './AuthHeading';
import { SignUpSent } from './SignUpSent';
import { TermsCheckbox } from './TermsCheckbox';

interface RegisterValues {
  name: string;
  organization: string;
  email: string;
  password: string;
  password_confirmation: string;
  accept_terms: boolean;
}

/**
 * Sign-up: the server mails a link (the user and their account are created when it is opened, see
 * ConfirmSignUp), so the form gives way to "Check your inbox", from where the link can be sent again.
 */
export function RegisterForm() {
  const { t, i18n } = useLingui();
  const register = useRegister();
  const [error, setError] = useState<unknown>(null);
  // What was sent (for "send again"), and whether a second sending went out.
  const [sent, setSent] = useState<{ body: RegisterBody; again: boolean } | null>(null);
  const toBody = (values: RegisterValues): RegisterBody => ({
    ...values,
    organization: values.organization.trim() || null,
    accept_terms: values.accept_terms as true,
    timezone: browserTimeZone(),
    locale: isLocale(i18n.locale) ? i18n.locale : undefined,
  });
  const validate = useSchemaValidation<RegisterValues>(registerBody, toBody);
  const form = useForm<RegisterValues>({
    initialValues: {
      name: '',
      organization: '',
      email: '',
      password: '',
      password_confirmation: '',
      accept_terms: false,
    },
    validate,
  });

  const submit = (values: RegisterValues) => {
    setError(null);
    const body = toBody(values);
    register.mutate(body, {
      onSuccess: () => setSent({ body, again: false }),
      onError: (e) => {
        if (!applyFieldErrors(e, form.setErrors)) setError(e);
      },
    });
  };

  if (sent) {
    const sendAgain = () => {
      setError(null);
      setSent({ ...sent, again: false });
      register.mutate(sent.body, { onSuccess: () => setSent({ body: sent.body, again: true }), onError: setError });
    };
    return (
      <SignUpSent
        email={sent.body.email.trim()}
        resending={register.isPending}
        resent={sent.again}
        error={error}
        onResend={sendAgain}
        onChangeAddress={() => {
          setError(null);
          setSent(null);
        }}
      />
    );
  }

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
          <TextInput
            label={t`Organization`}
            description={t`Your company, club or venue, if you have one: it names your account. You can change it later.`}
            autoComplete="organization"
            {...form.getInputProps('organization')}
          />
          <TextInput label={t`E-mail`} type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <NewPasswordFields
            password={form.getInputProps('password')}
            confirmation={form.getInputProps('password_confirmation')}
          />
          <TermsCheckbox {...form.getInputProps('accept_terms', { type: 'checkbox' })} />
          <Button type="submit" fullWidth size="md" loading={register.isPending}>
            <Trans>Create account</Trans>
          </Button>
          <Text ta="center" size="sm">
            <Trans>
              Already have an account?{' '}
              <Anchor component={SignInLink} to="/auth/login" fw={600}>
                Log in
              </Anchor>
            </Trans>
          </Text>
        </Stack>
      </form>
    </>
  );
}
