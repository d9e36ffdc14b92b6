import { type TwoFactorPasswordBody, twoFactorPasswordBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';

interface PasswordCheckFormProps<R> {
  /** The call the password allows. */
  mutation: UseMutationResult<R, Error, TwoFactorPasswordBody>;
  submitLabel: ReactNode;
  /** Red for taking protection away. */
  danger?: boolean;
  onSuccess: (result: R) => void;
  onCancel: () => void;
}

/** The current password again, before a change to the sign-in's protection; a wrong one shows on the field. */
export function PasswordCheckForm<R>({
  mutation,
  submitLabel,
  danger,
  onSuccess,
  onCancel,
}: PasswordCheckFormProps<R>) {
  const { t } = useLingui();
  const validate = useSchemaValidation<TwoFactorPasswordBody>(twoFactorPasswordBody);
  const form = useForm<TwoFactorPasswordBody>({ initialValues: { current_password: '' }, validate });
  const { error, handle } = useFormError(form.setErrors);

  return (
    <form onSubmit={form.onSubmit((values) => mutation.mutate(values, handle(onSuccess)))} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={error} />
        <PasswordInput
          label={t`Current password`}
          autoComplete="current-password"
          required
          data-autofocus
          {...form.getInputProps('current_password')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" color={danger ? 'red.9' : undefined} loading={mutation.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
