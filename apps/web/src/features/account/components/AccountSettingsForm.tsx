import { type AccountDto, updateAccountBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { CurrencySelect } from '../../../components/CurrencySelect';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { TimeZoneSelect } from '../../../components/TimeZoneSelect';
import { UnsavedBadge } from '../../../components/UnsavedChangesGuard';
import { applyFieldErrors } from '../../../lib/form-submit';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useSchemaValidation } from '../../../lib/validation';
import { useUpdateAccount } from '../api/account';

interface SettingsValues {
  name: string;
  currency: string;
  timezone: string;
}

/** Account name, default currency and default time zone for new events. */
export function AccountSettingsForm({ account }: { account: AccountDto }) {
  const { t } = useLingui();
  const update = useUpdateAccount(account.id);
  const [error, setError] = useState<unknown>(null);
  const validate = useSchemaValidation<SettingsValues>(updateAccountBody);
  const form = useForm<SettingsValues>({
    initialValues: { name: account.name, currency: account.currency, timezone: account.timezone },
    validate,
  });

  const dirty = useUnsavedChanges(form.isDirty());

  const submit = (values: SettingsValues) => {
    setError(null);
    update.mutate(values, {
      onSuccess: () => {
        // What was sent is the clean state now (edits typed while saving stay unsaved).
        form.resetDirty(values);
        notifications.show({ color: 'teal', message: t`Account settings saved.` });
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
        <TextInput
          label={t`Account name`}
          description={t`Usually your company or organization. Shown to the people you invite.`}
          required
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <CurrencySelect
            label={t`Default currency`}
            description={t`Preselected for new events, and used for fixed taxes and fees.`}
            required
            {...form.getInputProps('currency')}
          />
          <TimeZoneSelect
            label={t`Default time zone`}
            description={t`Preselected for new events.`}
            required
            {...form.getInputProps('timezone')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <UnsavedBadge dirty={dirty} />
          <Button type="submit" loading={update.isPending}>
            <Trans>Save settings</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
