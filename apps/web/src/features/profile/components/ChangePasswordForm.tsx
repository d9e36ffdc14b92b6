import { type ChangePasswordBody, changePasswordBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { applyFieldErrors } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useChangePassword } from '../api/profile';

const EMPTY: ChangePasswordBody = { current_password: '', password: '', password_confirmation: '' };

/** Current password, then the new one twice; other sessions are logged out by the server. */
export function ChangePasswordForm() {
  const { t } = useLingui();
  const change = useChangePassword();
  const [error, setError] = useState<unknown>(null);
  const validate = useSchemaValidation<ChangePasswordBody>(changePasswordBody);
  const form = useForm<ChangePasswordBody>({ initialValues: EMPTY, validate });

  const submit = (values: ChangePasswordBody) => {
    setError(null);
    change.mutate(values, {
      onSuccess: () => {
        form.setValues(EMPTY);
        form.resetDirty(EMPTY);
        notifications.show({
          color: 'teal',
          title: t`Password changed`,
          message: t`You were logged out everywhere else. This session stays open.`,
        });
      },
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
          label={t`Current password`}
          autoComplete="current-password"
          required
          {...form.getInputProps('current_password')}
        />
        <NewPasswordFields
          password={form.getInputProps('password')}
          confirmation={form.getInputProps('password_confirmation')}
          replacing
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            <Trans>Change password</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
