import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Radio.css';

import { type CreateApiKeyBody, createApiKeyBody, type CreatedApiKeyDto, customIssue } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Radio, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod';

import { FormActions } from '../../../components/FormActions';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useCheckInEvents } from '../../check-in/api/check-in';
import { EventsMultiSelect } from '../../check-in/components/EventsMultiSelect';
import { useCreateApiKey } from '../api/api-keys';
import { EXPIRY_CHOICES } from '../api-key-labels';

interface Values {
  name: string;
  access: CreateApiKeyBody['access'];
  /** Only some events (then `event_ids` names them). */
  limited: boolean;
  event_ids: number[];
  /** Days until it expires, or 'never'. */
  expires_at: string;
}

/** The body's rules, and events named when the key is to be limited to some. */
const formSchema = createApiKeyBody.extend({ limited: z.boolean() }).superRefine((v, ctx) => {
  if (v.limited && !v.event_ids.length)
    ctx.addIssue({ code: 'custom', path: ['event_ids'], ...customIssue('choose_events'), input: v.event_ids });
});

const toBody = (v: Values, now = Date.now()): CreateApiKeyBody => ({
  name: v.name,
  access: v.access,
  event_ids: v.limited ? v.event_ids : [],
  expires_at: v.expires_at === 'never' ? null : new Date(now + Number(v.expires_at) * 86_400_000).toISOString(),
});

/** Name, access, events and expiry of a new key; `onCreated` gets the key with its secret. */
export function CreateApiKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (key: CreatedApiKeyDto) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const create = useCreateApiKey();
  const events = useCheckInEvents();
  const validate = useSchemaValidation<Values>(formSchema, (v) => ({ ...toBody(v), limited: v.limited }));
  const form = useForm<Values>({
    initialValues: { name: '', access: 'READ', limited: false, event_ids: [], expires_at: '90' },
    validate,
  });
  const formError = useFormError(form.setErrors);
  const values = form.getValues();

  const submit = (v: Values) => {
    formError.clear();
    create.mutate(toBody(v), { onSuccess: onCreated, onError: formError.fail });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={formError.error} />
        <TextInput
          label={t`Name`}
          description={t`What uses it, e.g. "CRM sync" or "Door system".`}
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Radio.Group label={t`Access`} required {...form.getInputProps('access')}>
          <Stack gap="sm" mt={6}>
            <Radio
              value="READ"
              label={t`Read-only`}
              description={t`Reads events, orders, attendees and check-ins. Changes nothing.`}
            />
            <Radio
              value="READ_WRITE"
              label={t`Read and write`}
              description={t`Everything you may do in events and the account, except managing users and API keys.`}
            />
          </Stack>
        </Radio.Group>
        <Switch
          label={t`Only some events`}
          description={t`Otherwise the key reaches every event of the account, also later ones.`}
          {...form.getInputProps('limited', { type: 'checkbox' })}
        />
        {values.limited ? (
          <EventsMultiSelect
            events={events}
            value={values.event_ids}
            onChange={(ids) => form.setFieldValue('event_ids', ids)}
            error={form.getInputProps('event_ids').error}
          />
        ) : null}
        <Select
          label={t`Expires`}
          allowDeselect={false}
          data={EXPIRY_CHOICES.map((c) => ({
            value: c.days === null ? 'never' : String(c.days),
            label: i18n._(c.label),
          }))}
          {...form.getInputProps('expires_at')}
        />
        <FormActions onCancel={onCancel} loading={create.isPending}>
          <Trans>Create key</Trans>
        </FormActions>
      </Stack>
    </form>
  );
}
