import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from '@mantine/hooks';
import { IconBuilding } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { issueTranslator } from '../../../lib/error-text';
import { applyFieldErrors } from '../../../lib/form-submit';
import { useStartSso } from '../api/auth';
import { leaveForProvider } from '../hooks/leave-for-provider';
import { SignInOptionButton } from './SignInOptionButton';

/**
 * "Sign in with single sign-on", under the login form: it opens a field for the work address, and "Continue" sends the
 * browser to the identity provider of the person's account. `currentEmail` is what the login form's own field holds
 * (the work address is filled in with it).
 */
export function SsoSignIn({ currentEmail }: { currentEmail: () => string }) {
  const { t, i18n } = useLingui();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const start = useStartSso();
  const form = useForm({ initialValues: { email: '' } });

  const toggle = () => {
    if (!open) form.setValues({ email: currentEmail().trim() });
    form.clearErrors();
    setError(null);
    setOpen(!open);
  };

  // Checked like the login (the shared schema, loaded on the first submit), then on to the provider.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { email } = form.getValues();
    const { ssoEmailErrors } = await import('../login-validation');
    const errors = ssoEmailErrors(email, issueTranslator(i18n));
    form.setErrors(errors);
    if (Object.keys(errors).length) return;
    setError(null);
    start.mutate(
      { email },
      {
        onSuccess: ({ url }) => leaveForProvider(url),
        onError: (e) => {
          if (!applyFieldErrors(e, form.setErrors)) setError(e);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <SignInOptionButton
        leftSection={<IconBuilding size={18} aria-hidden />}
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={toggle}
      >
        <Trans>Sign in with single sign-on</Trans>
      </SignInOptionButton>
      {open ? (
        <form id={formId} onSubmit={(e) => void submit(e)} noValidate aria-label={t`Single sign-on`}>
          <Stack gap="sm">
            <FormErrorAlert error={error} />
            <TextInput
              label={t`Work e-mail`}
              description={t`We send you to your organization's sign-in page.`}
              type="email"
              autoComplete="email"
              required
              autoFocus
              {...form.getInputProps('email')}
            />
            {/* Still loading while the browser leaves for the provider. */}
            <Button type="submit" fullWidth size="md" loading={start.isPending || start.isSuccess}>
              <Trans>Continue</Trans>
            </Button>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
