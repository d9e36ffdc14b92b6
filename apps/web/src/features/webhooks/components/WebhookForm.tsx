import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Switch.css';

import {
  formatDate,
  type WebhookBody,
  webhookBody,
  type WebhookDto,
  type WebhookEventType,
  type WebhookWithSecretDto,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';

import { FormActions } from '../../../components/FormActions';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useCheckInEvents } from '../../check-in/api/check-in';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks';
import { EventTypeChecklist } from './EventTypeChecklist';

// The light red of Mantine's alert title is below 4.5:1 (axe): the title in the text's own colour.
const ALERT_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface Values {
  url: string;
  description: string;
  event_types: WebhookEventType[];
  /** The one event's id (a Select's value); null: every event. */
  event_id: string | null;
  enabled: boolean;
}

const toBody = (v: Values): WebhookBody => ({
  url: v.url,
  description: v.description,
  event_types: v.event_types,
  event_id: v.event_id ? Number(v.event_id) : null,
  enabled: v.enabled,
});

const valuesOf = (w: WebhookDto | undefined): Values =>
  w
    ? {
        url: w.url,
        description: w.description,
        event_types: w.event_types,
        event_id: w.event_id === null ? null : String(w.event_id),
        enabled: w.enabled,
      }
    : { url: '', description: '', event_types: [], event_id: null, enabled: true };

interface WebhookFormProps {
  /** The webhook to edit; none: a new one. */
  webhook?: WebhookDto;
  /** A new webhook was made: it comes with its signing secret. */
  onCreated: (webhook: WebhookWithSecretDto) => void;
  /** An edited webhook was saved. */
  onSaved: (webhook: WebhookDto) => void;
  onCancel: () => void;
}

/** URL, description, kinds of events, optionally one event, and on or off: a new webhook or an edit. */
export function WebhookForm({ webhook, onCreated, onSaved, onCancel }: WebhookFormProps) {
  const { t, i18n } = useLingui();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const events = useCheckInEvents();
  const validate = useSchemaValidation<Values>(webhookBody, toBody);
  const form = useForm<Values>({ initialValues: valuesOf(webhook), validate });
  const formError = useFormError(form.setErrors);
  const values = form.getValues();

  const eventOptions = (events.data ?? []).map((e) => ({
    value: String(e.id),
    label: `${e.title} (${formatDate(e.start_date, e.timezone, i18n.locale)})`,
  }));
  // An event no longer listed (archived) stays choosable while the webhook is limited to it.
  if (webhook?.event_id != null && !eventOptions.some((o) => o.value === String(webhook.event_id))) {
    eventOptions.unshift({ value: String(webhook.event_id), label: webhook.event_title ?? `#${webhook.event_id}` });
  }

  const submit = (v: Values) => {
    formError.clear();
    const body = toBody(v);
    if (webhook) update.mutate({ id: webhook.id, body }, { onSuccess: onSaved, onError: formError.fail });
    else create.mutate(body, { onSuccess: onCreated, onError: formError.fail });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={formError.error} />
        {webhook?.disabled_reason === 'FAILURES' ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t`Turned off after repeated failures`}
            styles={ALERT_TITLE}
          >
            <Trans>
              Your server did not answer with a 2xx status for a long time, so nothing has been sent since. Fix it, then
              turn the webhook back on.
            </Trans>
          </Alert>
        ) : null}
        <TextInput
          label={t`URL`}
          description={t`The address on your server that receives the events.`}
          placeholder="https://example.com/admitone-webhook"
          inputMode="url"
          autoComplete="off"
          required
          data-autofocus
          {...form.getInputProps('url')}
        />
        <TextInput
          label={t`Description`}
          description={t`What it is for, e.g. "CRM sync".`}
          maxLength={200}
          {...form.getInputProps('description')}
        />
        <EventTypeChecklist
          value={values.event_types}
          onChange={(types) => form.setFieldValue('event_types', types)}
          error={form.getInputProps('event_types').error}
        />
        <Select
          label={t`Only one event`}
          description={t`Otherwise it receives the changes of every event of the account, also later ones.`}
          placeholder={events.isPending ? t`Loading events…` : t`All events`}
          clearable
          clearButtonProps={{ 'aria-label': t`Clear event` }}
          searchable
          nothingFoundMessage={t`No events found`}
          data={eventOptions}
          {...form.getInputProps('event_id')}
        />
        <Switch
          label={t`Send events`}
          description={t`While it is off, no events are sent to it.`}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <FormActions onCancel={onCancel} loading={create.isPending || update.isPending}>
          {webhook ? <Trans>Save webhook</Trans> : <Trans>Add webhook</Trans>}
        </FormActions>
      </Stack>
    </form>
  );
}
