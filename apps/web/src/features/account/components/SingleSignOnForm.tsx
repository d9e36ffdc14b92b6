import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Switch.css';

import {
  type SingleSignOnBody,
  singleSignOnBody,
  type SingleSignOnDto,
  SSO_DEFAULT_ROLES,
  type SsoDefaultRole,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { UnsavedBadge } from '../../../components/UnsavedChangesGuard';
import { useFormError } from '../../../lib/form-submit';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { issueTranslator, useSchemaValidation } from '../../../lib/validation';
import { useSaveSingleSignOn } from '../api/single-sign-on';

interface Values {
  issuer: string;
  client_id: string;
  /** Empty: keep the saved one. */
  client_secret: string;
  default_role: SsoDefaultRole;
  enabled: boolean;
}

const toBody = (v: Values): SingleSignOnBody => ({
  issuer: v.issuer,
  client_id: v.client_id,
  ...(v.client_secret.trim() ? { client_secret: v.client_secret } : {}),
  default_role: v.default_role,
  enabled: v.enabled,
});

const valuesOf = (sso: SingleSignOnDto | null): Values => ({
  issuer: sso?.issuer ?? '',
  client_id: sso?.client_id ?? '',
  client_secret: '',
  default_role: sso?.default_role ?? 'ORGANIZER',
  enabled: sso?.enabled ?? true,
});

interface SingleSignOnFormProps {
  accountId: number;
  /** What is saved; null: nothing yet (the client secret is then required). */
  sso: SingleSignOnDto | null;
}

/** The account's OpenID provider: issuer, client ID and secret, the role new people get, and on or off. */
export function SingleSignOnForm({ accountId, sso }: SingleSignOnFormProps) {
  const { t, i18n } = useLingui();
  const save = useSaveSingleSignOn(accountId);
  const secretSaved = Boolean(sso?.client_secret_set);
  const checkSchema = useSchemaValidation<Values>(singleSignOnBody, toBody);
  // The first set-up needs a secret; later an empty one keeps what is saved (the server says the same).
  const validate = useCallback(
    (values: Values) => {
      const errors = checkSchema(values);
      if (!secretSaved && !values.client_secret.trim() && !errors.client_secret)
        errors.client_secret = issueTranslator(i18n)({ key: 'required', values: {} });
      return errors;
    },
    [checkSchema, i18n, secretSaved],
  );
  const form = useForm<Values>({ initialValues: valuesOf(sso), validate });
  const formError = useFormError(form.setErrors);
  const dirty = useUnsavedChanges(form.isDirty());

  const roles: { value: SsoDefaultRole; label: string }[] = SSO_DEFAULT_ROLES.map((role) => ({
    value: role,
    label: role === 'ORGANIZER' ? t`Organizer` : role === 'DOOR_STAFF' ? t`Door staff` : t`Box office`,
  }));

  const submit = (values: Values) => {
    formError.clear();
    save.mutate(toBody(values), {
      onSuccess: () => {
        // The secret is never shown again: the field empties, and "Saved" says it is kept.
        const saved = { ...values, client_secret: '' };
        form.setValues(saved);
        form.resetDirty(saved);
        notifications.show({ color: 'teal', message: t`Single sign-on saved.` });
      },
      onError: formError.fail,
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={formError.error} />
        <TextInput
          label={t`Issuer URL`}
          description={t`Your provider's address for this app. We check that it answers before saving.`}
          placeholder="https://login.example.com/realms/team"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
          {...form.getInputProps('issuer')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t`Client ID`}
            description={t`Also called the application ID.`}
            autoComplete="off"
            spellCheck={false}
            required
            {...form.getInputProps('client_id')}
          />
          <PasswordInput
            label={t`Client secret`}
            description={secretSaved ? t`Saved. Leave empty to keep it.` : t`Never shown again once saved.`}
            autoComplete="new-password"
            required={!secretSaved}
            {...form.getInputProps('client_secret')}
          />
        </SimpleGrid>
        <Select
          label={t`Default role for new people`}
          description={t`People who sign in for the first time join your account with this role. An admin can change it later on the Users page.`}
          data={roles}
          allowDeselect={false}
          required
          {...form.getInputProps('default_role')}
        />
        <Switch
          label={t`Turned on`}
          description={t`While it is off, nobody can sign in through your identity provider.`}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <UnsavedBadge dirty={dirty} />
          <Button type="submit" loading={save.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
