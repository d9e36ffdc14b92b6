import {
  type AcceptInvitationExistingUserBody,
  acceptInvitationExistingUserBody,
  type AuthResponse,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { applyFieldErrors } from '../../../lib/form-submit';
import { SignInLink } from '../../../lib/sign-in-navigation';
import { useSchemaValidation } from '../../../lib/validation';
import { useAcceptInvitation } from '../api/auth';
import { useFinishLogin } from '../hooks/useFinishLogin';
import { TwoFactorStep } from './TwoFactorStep';

interface AcceptInvitationExistingUserFormProps {
  token: string;
  /** The invited address (it has a login). */
  email: string;
  /** The account's name. */
  account: string;
}

/** Someone who already has a login joins with its password (and a code, with two-factor sign-in). */
export function AcceptInvitationExistingUserForm({ token, email, account }: AcceptInvitationExistingUserFormProps) {
  const { t } = useLingui();
  const accept = useAcceptInvitation(token);
  const finishLogin = useFinishLogin();
  const [error, setError] = useState<unknown>(null);
  const [twoFactor, setTwoFactor] = useState<AuthResponse['two_factor'] | null>(null);
  const validate = useSchemaValidation<AcceptInvitationExistingUserBody>(acceptInvitationExistingUserBody);
  const form = useForm<AcceptInvitationExistingUserBody>({ initialValues: { current_password: '' }, validate });

  const submit = (values: AcceptInvitationExistingUserBody) => {
    setError(null);
    accept.mutate(values, {
      onSuccess: (response) => {
        if (response.two_factor) setTwoFactor(response.two_factor);
        else finishLogin('/manage/events');
      },
      onError: (e) => {
        if (!applyFieldErrors(e, form.setErrors)) setError(e);
      },
    });
  };

  if (twoFactor) {
    return (
      <TwoFactorStep
        challenge={twoFactor.challenge}
        methods={twoFactor.methods}
        to="/manage/events"
        headingOrder={2}
        onBack={() => {
          setTwoFactor(null);
          setError(null);
        }}
        onExpired={(e) => {
          setTwoFactor(null);
          form.setFieldValue('current_password', '');
          setError(e);
        }}
      />
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Alert color="violet" variant="light">
          <Trans>
            You already have an AdmitOne login for {email}. Enter its password to join {account}.
          </Trans>
        </Alert>
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
