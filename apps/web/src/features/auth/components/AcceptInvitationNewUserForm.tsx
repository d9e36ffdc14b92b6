import {
  type AcceptInvitationNewUserBody,
  acceptInvitationNewUserBody,
  type InvitationDto,
  isLocale,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { applyFieldErrors } from '../../../lib/form-submit';
import { browserTimeZone } from '../../../lib/format';
import { useSchemaValidation } from '../../../lib/validation';
import { useAcceptInvitation } from '../api/auth';
import { useFinishLogin } from '../hooks/useFinishLogin';
import { TermsCheckbox } from './TermsCheckbox';

interface NewUserValues {
  name: string;
  password: string;
  password_confirmation: string;
  accept_terms: boolean;
}

/** A person without a login joins: their name and a password for the invited address. */
export function AcceptInvitationNewUserForm({ token, invitation }: { token: string; invitation: InvitationDto }) {
  const { t, i18n } = useLingui();
  const accept = useAcceptInvitation(token);
  const finishLogin = useFinishLogin();
  const [error, setError] = useState<unknown>(null);
  const toBody = (values: NewUserValues): AcceptInvitationNewUserBody => ({
    ...values,
    accept_terms: values.accept_terms as true,
    timezone: browserTimeZone(),
    locale: isLocale(i18n.locale) ? i18n.locale : undefined,
  });
  const validate = useSchemaValidation<NewUserValues>(acceptInvitationNewUserBody, toBody);
  const form = useForm<NewUserValues>({
    initialValues: { name: '', password: '', password_confirmation: '', accept_terms: false },
    validate,
  });

  const submit = (values: NewUserValues) => {
    setError(null);
    accept.mutate(toBody(values), {
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
        <TextInput label={t`E-mail`} value={invitation.email} readOnly variant="filled" />
        <TextInput label={t`Your name`} autoComplete="name" required autoFocus {...form.getInputProps('name')} />
        <NewPasswordFields
          password={form.getInputProps('password')}
          confirmation={form.getInputProps('password_confirmation')}
        />
        <TermsCheckbox {...form.getInputProps('accept_terms', { type: 'checkbox' })} />
        <Button type="submit" fullWidth size="md" loading={accept.isPending}>
          <Trans>Accept invitation</Trans>
        </Button>
      </Stack>
    </form>
  );
}
