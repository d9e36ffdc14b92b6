import '@mantine/core/styles/Switch.css';

import { type AccountDto, updateAccountBody } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Divider, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';

import { CurrencySelect } from '../../../components/CurrencySelect';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { TimeZoneSelect } from '../../../components/TimeZoneSelect';
import { UnsavedBadge } from '../../../components/UnsavedChangesGuard';
import { useSchemaValidation } from '../../../lib/validation';
import { useSectionSave } from '../../event-settings/hooks/useSectionSave';
import { useUpdateAccount } from '../api/account';

interface SettingsValues {
  name: string;
  currency: string;
  timezone: string;
  require_two_factor: boolean;
}

/** Account name, default currency and default time zone for new events; whether members must use two-factor sign-in. */
export function AccountSettingsForm({ account }: { account: AccountDto }) {
  const { t } = useLingui();
  const update = useUpdateAccount(account.id);
  const validate = useSchemaValidation<SettingsValues>(updateAccountBody);
  const form = useForm<SettingsValues>({
    initialValues: {
      name: account.name,
      currency: account.currency,
      timezone: account.timezone,
      require_two_factor: account.require_two_factor,
    },
    validate,
  });

  const { error, onSubmit, saving, dirty } = useSectionSave(form, update, (v) => v, t`Account settings saved.`);

  return (
    <form onSubmit={onSubmit} noValidate>
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
        <Divider />
        <Stack gap="sm">
          <Switch
            label={t`Every member must use two-factor sign-in`}
            {...form.getInputProps('require_two_factor', { type: 'checkbox' })}
          />
          <Text size="sm" c="dimmed">
            <Trans>
              Members who have not set it up can do nothing else until they do. Turn it on for yourself first, in your{' '}
              <Anchor component={Link} to="/manage/profile#two-factor" inherit underline="always">
                profile
              </Anchor>
              .
            </Trans>
          </Text>
        </Stack>
        <Group justify="flex-end" gap="sm">
          <UnsavedBadge dirty={dirty} />
          <Button type="submit" loading={saving}>
            <Trans>Save settings</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
