import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';

import { isLocale, type Locale, LOCALE_NAMES, LOCALES, updateMeBody, type UserDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { TimeZoneSelect } from '../../../components/TimeZoneSelect';
import { applyFieldErrors } from '../../../lib/form-submit';
import { browserTimeZone } from '../../../lib/format';
import { activateLocale, saveLocaleCookie } from '../../../lib/i18n';
import { useSchemaValidation } from '../../../lib/validation';
import { useUpdateMe } from '../../users/api/me';

interface DetailsValues {
  name: string;
  timezone: string | null;
  locale: Locale | null;
}

/** Name, time zone and interface language of the logged-in user. */
export function ProfileDetailsForm({ user }: { user: UserDto }) {
  const { t, i18n } = useLingui();
  const update = useUpdateMe();
  const [error, setError] = useState<unknown>(null);
  const validate = useSchemaValidation<DetailsValues>(updateMeBody);
  const form = useForm<DetailsValues>({
    initialValues: {
      name: user.name,
      timezone: user.timezone ?? browserTimeZone(),
      locale: user.locale ?? (isLocale(i18n.locale) ? i18n.locale : 'en'),
    },
    validate,
  });

  const submit = (values: DetailsValues) => {
    setError(null);
    update.mutate(values, {
      onSuccess: async (saved) => {
        form.resetDirty({ name: saved.name, timezone: saved.timezone, locale: saved.locale });
        // A language chosen here is an explicit choice, like the language menu's.
        if (saved.locale && saved.locale !== i18n.locale) {
          saveLocaleCookie(saved.locale);
          await activateLocale(saved.locale);
        }
        notifications.show({ color: 'teal', message: t`Your details have been saved.` });
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
        <TextInput label={t`Your name`} autoComplete="name" required {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TimeZoneSelect
            label={t`Time zone`}
            description={t`Used to show dates and times to you.`}
            {...form.getInputProps('timezone')}
          />
          <Select
            label={t`Language`}
            description={t`Used for the interface and the e-mails you receive.`}
            allowDeselect={false}
            data={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
            {...form.getInputProps('locale')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            <Trans>Save details</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
