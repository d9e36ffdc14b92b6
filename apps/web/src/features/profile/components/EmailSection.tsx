import { type ChangeEmailBody, changeEmailBody, type UserDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconMailFast } from '@tabler/icons-react';
import { useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { applyFieldErrors } from '../../../lib/form-submit';
import { errorMessage, useSchemaValidation } from '../../../lib/validation';
import { useCancelEmailChange, useChangeEmail } from '../api/profile';
import { ResendConfirmationButton } from './ResendConfirmationButton';

const EMPTY: ChangeEmailBody = { email: '', current_password: '' };

/** The address waiting for confirmation, with a way to call the change off. */
function PendingChange({ user }: { user: UserDto }) {
  const { t, i18n } = useLingui();
  const cancel = useCancelEmailChange(user.id);
  const pending = user.pending_email ?? '';
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconMailFast size={20} aria-hidden />}
      title={t`Waiting for confirmation`}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          <Trans>
            We sent a confirmation link to <strong>{pending}</strong>. Your e-mail address changes once you click it.
            Until then you keep logging in with your current address.
          </Trans>
        </Text>
        <Button
          size="xs"
          variant="default"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: () => notifications.show({ color: 'teal', message: t`The e-mail change has been cancelled.` }),
              onError: (e) => notifications.show({ color: 'red', message: errorMessage(e, i18n) }),
            })
          }
        >
          <Trans>Cancel change</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}

/** Current address and its confirmation state, a pending change, and the form to change it. */
export function EmailSection({ user }: { user: UserDto }) {
  const { t } = useLingui();
  const change = useChangeEmail();
  const [error, setError] = useState<unknown>(null);
  const validate = useSchemaValidation<ChangeEmailBody>(changeEmailBody);
  const form = useForm<ChangeEmailBody>({ initialValues: EMPTY, validate });

  const submit = (values: ChangeEmailBody) => {
    setError(null);
    change.mutate(values, {
      onSuccess: (saved) => {
        form.setValues(EMPTY);
        form.resetDirty(EMPTY);
        const pending = saved.pending_email ?? values.email;
        notifications.show({
          color: 'teal',
          title: t`Check your inbox`,
          message: t`We sent a confirmation link to ${pending}.`,
        });
      },
      onError: (e) => {
        if (!applyFieldErrors(e, form.setErrors)) setError(e);
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            <Trans>Current e-mail address</Trans>
          </Text>
          <Group gap="xs">
            <Text fw={600}>{user.email}</Text>
            {user.email_verified ? (
              <Badge color="teal.9" variant="filled">
                <Trans>Confirmed</Trans>
              </Badge>
            ) : (
              <Badge color="yellow.3" variant="filled" autoContrast>
                <Trans>Not confirmed</Trans>
              </Badge>
            )}
          </Group>
        </Stack>
        {user.email_verified ? null : <ResendConfirmationButton user={user} size="sm" />}
      </Group>
      {user.pending_email ? <PendingChange user={user} /> : null}
      <Divider />
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert error={error} />
          <TextInput
            label={t`New e-mail address`}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t`Current password`}
            description={t`To protect your account, confirm the change with your password.`}
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              <Trans>Change e-mail</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
